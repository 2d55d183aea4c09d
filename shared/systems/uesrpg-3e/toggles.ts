import type { ToggleDef, ToggleValues } from '../../system-kit/rule-system';
import { resolveToggles } from '../../system-kit/toggles';
import { RULES } from './sections';

/** When a character's Action Points come back to 3. */
export type ApRefresh = 'round' | 'turn';
/** Degrees of success of a critical success rolled above the TN (a lucky number, or an NPC's 01–03). */
export type LuckyOverTn = 'roll' | 'one';

export interface UesrpgToggles {
  readonly apRefresh: ApRefresh;
  readonly luckyOverTnDegrees: LuckyOverTn;
  readonly counterAttackCountsAsAttack: boolean;
}

export const DEFAULT_TOGGLES: UesrpgToggles = {
  apRefresh: 'round',
  luckyOverTnDegrees: 'roll',
  counterAttackCountsAsAttack: false,
};

export const uesrpgToggleDefs: readonly ToggleDef[] = [
  {
    id: 'apRefresh',
    label: 'AP refresh',
    description:
      'When Action Points return to 3: for everyone at the start of each round (seed), or for each character at the start of their own turn.',
    values: [
      { value: 'round', label: 'Start of round' },
      { value: 'turn', label: 'Start of own turn' },
    ],
    defaultValue: 'round',
    rule: RULES.roundStart,
  },
  {
    id: 'luckyOverTnDegrees',
    label: 'Critical above TN',
    description:
      'Degrees of success when a lucky number (or an NPC 01–03) is rolled above the TN: the tens digit of the roll as for any success, or just 1 (mirroring the unlucky-at-or-under-TN rule).',
    values: [
      { value: 'roll', label: 'Tens digit of the roll' },
      { value: 'one', label: '1 DoS' },
    ],
    defaultValue: 'roll',
    rule: RULES.luckyOverTn,
  },
  {
    id: 'counterAttackCountsAsAttack',
    label: 'Counter-attacks count toward the attack limit',
    description: 'Whether a Counter-Attack reaction uses up one of the 2 attacks a character may make each round.',
    values: [
      { value: false, label: 'No (reaction only)' },
      { value: true, label: 'Yes' },
    ],
    defaultValue: false,
    rule: RULES.counterLimit,
  },
];

/** Resolves untrusted `options` into typed toggles; unknown toggles or values throw a RulesError. */
export function readToggles(options: unknown): UesrpgToggles {
  const values: ToggleValues = resolveToggles(uesrpgToggleDefs, options);
  return {
    apRefresh: values.apRefresh as ApRefresh,
    luckyOverTnDegrees: values.luckyOverTnDegrees as LuckyOverTn,
    counterAttackCountsAsAttack: values.counterAttackCountsAsAttack as boolean,
  };
}
