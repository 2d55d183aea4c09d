import type { ExplainStep, RuleRef } from '../../system-kit/rule-system';

/**
 * Section headings of the Hardware RPG seed (004_4f030c793f7fe0c7.txt), plus the few
 * book sections RULES-NOTES §4 adds (saves, gear tags, morale). Every explained step
 * names one of these so the GM can find the rule that decided it.
 */
export const SECTIONS = {
  combat: 'Combat Rules',
  rounds: 'Rounds',
  actions: 'Actions',
  attacking: 'Attacking & Damage',
  modifiers: 'Attack Modifiers',
  protection: 'Protection',
  armor: 'Armor',
  cover: 'Cover',
  buffer: 'Buffer',
  ranged: 'Ranged Attacks',
  ammo: 'Ammo & Reloading',
  criticalDamage: 'Critical Damage',
  criticalStress: 'Critical Stress',
  attributeLoss: 'Attribute Loss',
  death: 'Character Death',
  retreat: 'Retreat',
  hardened: 'Hardened',
  // Book sections (RULES-NOTES §4, tagged [book]).
  saves: 'Saves',
  gearTags: 'Gear Tags',
  morale: 'Morale',
} as const;

export type Section = (typeof SECTIONS)[keyof typeof SECTIONS];

export function ref(section: Section, source: RuleRef['source'] = 'seed'): RuleRef {
  return { section, source };
}

export function step(text: string, section: Section, source: RuleRef['source'] = 'seed'): ExplainStep {
  return { text, rule: ref(section, source) };
}

/** "1 die" / "3 dice": keeps the explanations readable. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
