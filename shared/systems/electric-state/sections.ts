import type { ExplainStep, RuleRef } from '../../system-kit/rule-system';

/**
 * Section headings of the Electric State seed (seeds/000_37ea37a29e173e06.txt), so every
 * explained step names the heading that decided it. Book rules the seed does not print
 * (pushing, Health/Hope formulas) use a descriptive heading with source "book".
 */
export const SECTION = {
  roundStructure: 'Round Structure',
  rangeBands: 'Range Bands',
  actionTypes: 'Action Types',
  closeCombat: 'Close Combat',
  rangedCombat: 'Ranged Combat',
  ambushes: 'Ambushes',
  weapons: 'Weapons Table',
  damageHealth: 'Damage & Health',
  deathRolls: 'Death Rolls',
  rallying: 'Rallying & Stabilizing',
  recovery: 'Recovery',
  bodyArmor: 'Body Armor',
  seriousInjuries: 'Serious Injuries (D66)',
  pushing: 'Pushing a Roll',
  dice: 'Dice and Successes',
  derived: 'Health and Hope',
} as const;

export type SectionName = (typeof SECTION)[keyof typeof SECTION];

export function rule(section: SectionName, source: RuleRef['source'] = 'seed'): RuleRef {
  return { section, source };
}

export function step(text: string, section: SectionName, source: RuleRef['source'] = 'seed'): ExplainStep {
  return { text, rule: rule(section, source) };
}

/** "1 six", "3 sixes": keeps the explanation sentences readable. */
export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
