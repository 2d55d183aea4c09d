// The attributes a Shadowrun sheet has: part of the system's start-up profile, so kept apart from
// the rules that use them (health, derived values), which load with the system's chunk.
import type { AttributeDef } from '../../system-kit/rule-system';

/** Attribute limit used for input checks (augmented troll Body tops out well below this). */
export const MAX_ATTRIBUTE = 20;

/** SR4 attributes (natural human range 1–6; metatypes and augmentation go higher). */
export const shadowrunAttributes: readonly AttributeDef[] = [
  { id: 'body', label: 'Body', short: 'BOD', min: 1, max: MAX_ATTRIBUTE, defaultValue: 3 },
  { id: 'agility', label: 'Agility', short: 'AGI', min: 1, max: MAX_ATTRIBUTE, defaultValue: 3 },
  { id: 'reaction', label: 'Reaction', short: 'REA', min: 1, max: MAX_ATTRIBUTE, defaultValue: 3 },
  { id: 'strength', label: 'Strength', short: 'STR', min: 1, max: MAX_ATTRIBUTE, defaultValue: 3 },
  { id: 'charisma', label: 'Charisma', short: 'CHA', min: 1, max: MAX_ATTRIBUTE, defaultValue: 3 },
  { id: 'intuition', label: 'Intuition', short: 'INT', min: 1, max: MAX_ATTRIBUTE, defaultValue: 3 },
  { id: 'logic', label: 'Logic', short: 'LOG', min: 1, max: MAX_ATTRIBUTE, defaultValue: 3 },
  { id: 'willpower', label: 'Willpower', short: 'WIL', min: 1, max: MAX_ATTRIBUTE, defaultValue: 3 },
  { id: 'edge', label: 'Edge', short: 'EDG', min: 0, max: 8, defaultValue: 2 },
  { id: 'passes', label: 'Initiative Passes', short: 'IP', min: 1, max: 4, defaultValue: 1 },
  { id: 'ballistic', label: 'Ballistic armour', short: 'B', min: 0, max: 30, defaultValue: 0 },
  { id: 'impact', label: 'Impact armour', short: 'I', min: 0, max: 30, defaultValue: 0 },
];
