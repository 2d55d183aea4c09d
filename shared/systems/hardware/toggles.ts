import type { ToggleDef } from '../contract';
import { SECTIONS, ref } from './rules';

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
];
