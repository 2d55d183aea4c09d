import type { ToggleDef, ToggleValues } from '../../system-kit/rule-system';
import { resolveToggles } from '../../system-kit/toggles';
import { SECTION, rule } from './sections';

/** Rule toggles a GM can flip per encounter (ids as in CONFORMANCE.md, extra ones documented there). */
export interface ElectricStateOptions {
  /** A pool reduced to 0 dice or fewer: roll nothing and fail, or roll one die anyway. */
  readonly zeroPool: 'fail' | 'one-die';
  /** Whether the instant-kill check (hit ≥ 2 × max Health) uses the damage after or before armour and cover. */
  readonly instantKill: 'after-armor' | 'before-armor';
  /** After a push, only 1s that are new in the push cost Hope (gear damage always counts every 1). */
  readonly hopeOnlyNewOnes: boolean;
  /** New damage while Incapacitated: death rolls start over from zero, or only the 6s are lost. */
  readonly deathRollsOnDamage: 'reset' | 'keep-failures';
  /** Which side acts first: decided by the initiative roll, or the side that started the fight. */
  readonly firstSide: 'roll' | 'party' | 'opponents';
}

export const DEFAULT_OPTIONS: ElectricStateOptions = {
  zeroPool: 'fail',
  instantKill: 'after-armor',
  hopeOnlyNewOnes: false,
  deathRollsOnDamage: 'reset',
  firstSide: 'roll',
};

export const electricStateToggles: readonly ToggleDef[] = [
  {
    id: 'zeroPool',
    label: 'Pool of 0 dice',
    description:
      'When modifiers reduce a pool to 0 dice or fewer: "fail" rolls nothing and fails; "one-die" rolls a single die.',
    values: [
      { value: 'fail', label: 'Roll nothing, fail' },
      { value: 'one-die', label: 'Roll one die' },
    ],
    defaultValue: 'fail',
    rule: rule(SECTION.rangeBands, 'default'),
  },
  {
    id: 'instantKill',
    label: 'Instant kill check',
    description:
      'A single hit of at least twice the maximum Health kills outright. "after-armor" compares the damage left after cover and armour; "before-armor" compares the damage of the hit before they are rolled.',
    values: [
      { value: 'after-armor', label: 'After armour' },
      { value: 'before-armor', label: 'Before armour' },
    ],
    defaultValue: 'after-armor',
    rule: rule(SECTION.damageHealth, 'default'),
  },
  {
    id: 'hopeOnlyNewOnes',
    label: 'Push: Hope lost only for new 1s',
    description:
      'Off: every 1 on a base die after a push costs 1 Hope. On: only base dice that came up 1 in the push itself cost Hope. Gear damage always counts every 1 on a gear die.',
    values: [
      { value: false, label: 'Every 1 after the push' },
      { value: true, label: 'Only new 1s' },
    ],
    defaultValue: false,
    rule: rule(SECTION.pushing, 'default'),
  },
  {
    id: 'deathRollsOnDamage',
    label: 'Damage while Incapacitated',
    description:
      'New damage restarts the death rolls. "reset" starts over from zero 6s and zero failed rolls; "keep-failures" loses the 6s collected so far (and any stabilization) but failed death rolls still count.',
    values: [
      { value: 'reset', label: 'Start over from zero' },
      { value: 'keep-failures', label: 'Keep failed rolls' },
    ],
    defaultValue: 'reset',
    rule: rule(SECTION.rallying, 'default'),
  },
  {
    id: 'firstSide',
    label: 'Who acts first',
    description:
      'The side that starts the fight acts first; only when that is unclear does each side roll D6 + its highest Wits. "roll" uses the rolls; "party" or "opponents" puts that side first (any other sides follow their rolls).',
    values: [
      { value: 'roll', label: 'Initiative roll' },
      { value: 'party', label: 'The party started it' },
      { value: 'opponents', label: 'The opponents started it' },
    ],
    defaultValue: 'roll',
    rule: rule(SECTION.roundStructure, 'seed'),
  },
];

/** Resolves untrusted `options` (unknown ids or values throw) into typed options. */
export function resolveOptions(options: unknown): ElectricStateOptions {
  const values: ToggleValues = resolveToggles(electricStateToggles, options);
  return {
    zeroPool: values.zeroPool as ElectricStateOptions['zeroPool'],
    instantKill: values.instantKill as ElectricStateOptions['instantKill'],
    hopeOnlyNewOnes: values.hopeOnlyNewOnes as boolean,
    deathRollsOnDamage: values.deathRollsOnDamage as ElectricStateOptions['deathRollsOnDamage'],
    firstSide: values.firstSide as ElectricStateOptions['firstSide'],
  };
}

/** Typed functions take partial options; missing ones are the defaults. */
export function withDefaults(options: Partial<ElectricStateOptions> | undefined): ElectricStateOptions {
  return { ...DEFAULT_OPTIONS, ...(options ?? {}) };
}
