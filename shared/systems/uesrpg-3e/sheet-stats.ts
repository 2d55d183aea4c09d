import type { StatField } from '../../system-kit/tracker-rules';
import { MAX_TN } from './d100';

/**
 * The sheet's skills beyond the main Combat Style and Evade: only those a roll reads (seed, The
 * combat roll and Grappling). A character may know a second Combat Style (its weapons are listed
 * on the sheet with the style they belong to); a spell is cast with its school's skill; a grab is
 * resisted, and a hold escaped, with Combat Style, Athletics or Evade. 0 = not on the sheet: the
 * roll then falls back as each field's help says.
 */
export const SHEET_SKILL_FIELDS: readonly StatField[] = [
  {
    id: 'combatStyle2',
    label: 'Second Combat Style TN',
    short: 'CS2',
    type: 'number',
    min: 0,
    max: MAX_TN,
    defaultValue: 0,
    group: 'skill',
    help: 'Target number of a second Combat Style, for the sheet weapons marked as in it; 0 when there is none.',
  },
  {
    id: 'schoolSkill',
    label: 'Magic school skill TN',
    short: 'Mag',
    type: 'number',
    min: 0,
    max: MAX_TN,
    defaultValue: 0,
    group: 'skill',
    help: 'Target number of the school skill the attack spells are cast with; 0: none, a spell attack starts at Willpower.',
  },
  {
    id: 'athletics',
    label: 'Athletics TN',
    short: 'Ath',
    type: 'number',
    min: 0,
    max: MAX_TN,
    defaultValue: 0,
    group: 'skill',
    help: 'Resisting a grab or escaping a hold uses the best of Combat Style, Athletics and Evade; 0 when not noted.',
  },
];

/** The key stats the quick "Add PC / Add NPC" form asks for: what a fight reads most. */
export const QUICK_STAT_IDS: ReadonlySet<string> = new Set([
  'strength',
  'endurance',
  'agility',
  'willpower',
  'combatStyle',
  'evade',
  'arBody',
]);

/** The stat fields with the quick form's key stats marked. */
export function withQuickStats(fields: readonly StatField[]): readonly StatField[] {
  return fields.map((f) => (QUICK_STAT_IDS.has(f.id) ? { ...f, quick: true } : f));
}
