import type { RuleRef } from '../../system-kit/rule-system';

/**
 * Where each rule comes from. `section` is the heading in the seed
 * (001_2f7eae2f19ba3a3c.txt) that decides it; rules the seed leaves to the
 * published book or to our defaults (RULES-NOTES.md section 2) say so in `source`.
 */
const seed = (section: string): RuleRef => ({ section, source: 'seed' });
const book = (section: string): RuleRef => ({ section, source: 'book' });
const byDefault = (section: string): RuleRef => ({ section, source: 'default' });

export const RULES = {
  // Book rules the seed relies on (RULES-NOTES §2).
  tests: book('Tests'),
  criticals: book('Tests › Critical success and failure'),
  hitLocationBook: book('The combat roll › Step 4: Resolve'),
  woundEffects: book('Wound & Conditions'),
  derived: book('Characteristics › Derived stats'),
  skillRanks: book('Skills › Ranks'),

  // Seed sections.
  combatSequence: seed('Combat sequence'),
  surprise: seed('Combat sequence › Step 1: Determine Surprise'),
  initiative: seed('Combat sequence › Step 3: Roll Initiative'),
  roundStart: seed('Combat sequence › Step 4: Round Start'),
  actionEconomy: seed('Action economy'),
  attackLimit: seed('Action economy › Attack limit'),
  attack: seed('The combat roll › Step 1: Attack'),
  defend: seed('The combat roll › Step 2: Defend'),
  compare: seed('The combat roll › Step 3: Compare results'),
  resolve: seed('The combat roll › Step 4: Resolve'),
  advantage: seed('Advantage'),
  multipleOpponents: seed('Melee combat › Multiple opponents'),
  cover: seed('Melee combat › Cover'),
  improvised: seed('Melee combat › Improvised weapons'),
  unarmed: seed('Melee combat › Unarmed combat'),
  grappling: seed('Melee combat › Unarmed combat › Grappling'),
  ranged: seed('Ranged combat'),
  rangeBands: seed('Ranged combat › Range bands'),
  areaOfEffect: seed('Ranged combat › Area of effect attacks'),
  swimming: seed('Unusual combat scenarios › Swimming'),
  holdingBreath: seed('Unusual combat scenarios › Holding your breath'),
  swinging: seed('Unusual combat scenarios › Swinging or jumping'),

  // Our documented choices where the seed and RULES-NOTES are silent.
  luckyOverTn: byDefault('Tests › Critical success and failure'),
  counterLimit: byDefault('Action economy › Attack limit'),
  apRefreshDefault: byDefault('Combat sequence › Step 4: Round Start'),
  opposedTies: byDefault('Melee combat › Unarmed combat › Grappling'),
  // The seed names Resist but not its test: the grab's opposed test, the other way round.
  resistTest: byDefault('Melee combat › Unarmed combat › Grappling'),
  areaBlock: byDefault('Ranged combat › Area of effect attacks'),
  woundsLast: byDefault('Wound & Conditions'),
  downAtZero: byDefault('Wound & Conditions'),
  treatWound: byDefault('Wound & Conditions'),
} as const satisfies Record<string, RuleRef>;
