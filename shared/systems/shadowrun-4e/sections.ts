import type { ExplainStep, RuleRef } from '../../system-kit/rule-system';

/**
 * Section headings of the Shadowrun 4th edition seed (seeds/002_efc801e1fa6f2480.txt), so every
 * explained step names the heading that decided it. Rules the seed leaves to the book (glitches,
 * condition monitor sizes, Edge) cite the seed heading they belong under with source "book";
 * our own choices where the sources are silent use source "default".
 */
export const SECTION = {
  combatTurn: 'The Combat Turn',
  turnSequence: 'Combat turn sequence',
  actions: 'Actions',
  movement: 'Movement',
  resolvingAttack: 'Resolving an Attack',
  resolutionFlow: 'Combat resolution flow',
  ranged: 'Ranged Combat',
  explosives: 'Grenades, Rockets & Missiles',
  melee: 'Melee Combat',
  fullDefense: 'Full Defense',
  damage: 'Damage',
  vehicles: 'Vehicles & Chase Combat',
  otherFactors: 'Other Combat Factors',
} as const;

export type SectionName = (typeof SECTION)[keyof typeof SECTION];

export function rule(section: SectionName, source: RuleRef['source'] = 'seed'): RuleRef {
  return { section, source };
}

export function step(text: string, section: SectionName, source: RuleRef['source'] = 'seed'): ExplainStep {
  return { text, rule: rule(section, source) };
}

/** "1 hit", "3 hits": keeps the explanation sentences readable. */
export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** "+2", "−3", "0": signed numbers as a GM reads them on a modifier line. */
export function signed(value: number): string {
  if (value > 0) return `+${value}`;
  if (value < 0) return `−${Math.abs(value)}`;
  return '0';
}
