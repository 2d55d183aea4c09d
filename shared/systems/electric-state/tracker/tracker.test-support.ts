// Shared by the tracker's test files: the toggle sets, a frail stat block, a moment, a caught RulesError.
import type { EncounterMoment, Stats } from '../../../system-kit/tracker-rules';
import { RulesError } from '../../../errors';
import { resolveToggles } from '../../../system-kit/toggles';
import { electricStateToggles } from '../options';

export const toggles = resolveToggles(electricStateToggles, {});
export const keepFailures = resolveToggles(electricStateToggles, { deathRollsOnDamage: 'keep-failures' });
export const beforeArmor = resolveToggles(electricStateToggles, { instantKill: 'before-armor' });

/** STR 2 + AGI 2: max Health 2, killed outright by a hit of 4. */
export const frail: Stats = { strength: 2, agility: 2 };

export function moment(round: number, active: string | null): EncounterMoment {
  return { round, activeCombatantId: active, toggles };
}

/** The RulesError the call throws; fails the test if it throws nothing or something else. */
export function thrown(f: () => unknown): RulesError {
  try {
    f();
  } catch (error) {
    if (error instanceof RulesError) return error;
    throw error;
  }
  throw new Error('expected a RulesError');
}
