// How the reducer adds, removes and ticks down a combatant's conditions.
import { describe } from '../errors';
import type { ConditionInit } from '../system-kit/tracker-rules';
import { checkName, invalid } from './reducer-checks';
import type { ActiveCondition, Combatant } from './state';

/** Adds conditions (skipping ones the bearer already has) and removes the listed ids. */
export function changeConditions(
  combatant: Combatant,
  add: readonly ConditionInit[] | undefined,
  remove: readonly string[] | undefined,
  eventId: string,
): Combatant {
  let conditions = combatant.conditions;
  if (remove?.length) conditions = conditions.filter((c) => !remove.includes(c.conditionId));
  (add ?? []).forEach((init, index) => {
    if (conditions.some((c) => c.conditionId === init.conditionId)) return;
    conditions = [...conditions, activeCondition(init, `${eventId}:${index}`)];
  });
  return conditions === combatant.conditions ? combatant : { ...combatant, conditions };
}

export function activeCondition(init: ConditionInit, instanceId: string): ActiveCondition {
  if (init.rounds !== undefined && (!Number.isInteger(init.rounds) || init.rounds < 1 || init.rounds > 1000)) {
    invalid(`A condition lasts a whole number of rounds from 1 to 1000, not ${describe(init.rounds)}.`);
  }
  return {
    instanceId,
    conditionId: init.conditionId,
    label: checkName(init.label, 'A condition'),
    roundsLeft: init.rounds ?? null,
    expires: init.expires ?? 'turn-end',
    note: init.note ?? '',
  };
}

/** Ticks down conditions of one timing; those that reach 0 expire. */
export function tickConditions(combatant: Combatant, timing: ActiveCondition['expires']): Combatant {
  if (!combatant.conditions.some((c) => c.expires === timing && c.roundsLeft !== null)) return combatant;
  const conditions = combatant.conditions
    .map((c) => (c.expires === timing && c.roundsLeft !== null ? { ...c, roundsLeft: c.roundsLeft - 1 } : c))
    .filter((c) => c.roundsLeft === null || c.roundsLeft > 0);
  return { ...combatant, conditions };
}
