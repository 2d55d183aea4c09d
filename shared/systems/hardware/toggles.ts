import type { ToggleDef } from '../../system-kit/rule-system';
import { SECTIONS, ref } from './rules';

/** When the PCs save AGL to act before their opponents (the `aglSave` toggle). */
export type AglSaveTiming = 'start-of-fight' | 'every-round';

/** Toggles a GM can flip per encounter (ids as CONFORMANCE.md / RULES-NOTES §4). */
export const hardwareToggles: readonly ToggleDef[] = [
  {
    id: 'assists',
    label: 'Assists',
    description:
      'Every attacker on the same foe whose result is 4 or more (other than the kept die) is discarded for +1 damage. "none": attackers choose not to assist; only the highest result counts.',
    values: [
      { value: 'every-4-plus', label: 'Every other 4+ assists (+1 each)' },
      { value: 'none', label: 'No assists' },
    ],
    defaultValue: 'every-4-plus',
    rule: ref(SECTIONS.attacking, 'default'),
  },
  {
    id: 'aglSave',
    label: 'AGL save to act first',
    description:
      'Seed, Rounds: each PC saves AGL at the start of the fight to act before the opponents (a failure loses that round\'s turn); the next round simply begins with the PCs. "Every round": the PCs save again at the start of each round.',
    values: [
      { value: 'start-of-fight', label: 'At the start of the fight' },
      { value: 'every-round', label: 'Every round' },
    ],
    defaultValue: 'start-of-fight',
    rule: ref(SECTIONS.rounds),
  },
];
