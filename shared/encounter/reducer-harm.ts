// Harm, checks and conditions on one combatant, and whether such a change reorders the round.
import { describe } from '../errors';
import type { EncounterMoment, TrackerRules } from '../system-kit/tracker-rules';
import type { EncounterEvent } from './events';
import { fail, invalid, replaceCombatant, requirePresent } from './reducer-checks';
import { activeCondition, changeConditions } from './reducer-conditions';
import { samePlanAs, stale } from './reducer-turn-order';
import { findCombatant, presentCombatants, toRulesCombatant, type Combatant, type EncounterState } from './state';

export const MAX_HARM = 1000;

function moment(state: EncounterState): EncounterMoment {
  return { round: state.round, activeCombatantId: state.current?.combatantId ?? null, toggles: state.toggles };
}

/**
 * What of a combatant's health the turn order may depend on (see RoundContext): when harm or a
 * condition leaves it and the conditions unchanged, the round's order stands and is not rebuilt.
 */
function turnOrderFacts(combatant: Combatant, rules: TrackerRules, state: EncounterState): string | number {
  const seen = toRulesCombatant(combatant);
  if (rules.turnOrderFacts) return rules.turnOrderFacts(seen, state.toggles);
  const view = rules.healthView(seen, state.toggles);
  return `${view.canAct}|${view.stateLabel}|${view.modifiers.join('|')}`;
}

function sameConditionIds(a: Combatant['conditions'], b: Combatant['conditions']): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i]!.conditionId !== b[i]!.conditionId) return false;
  return true;
}

/**
 * Marks the order stale if `after` differs from `before` in what the order depends on; else the
 * order stands, and where it was already stale, the one built for `previous` serves `next` too
 * (a run of hits on a wounded crowd would otherwise rebuild the round after each).
 */
function restaleIfReordered(
  previous: EncounterState,
  next: EncounterState,
  before: Combatant,
  rules: TrackerRules,
): EncounterState {
  const after = findCombatant(next, before.id);
  if (
    !after ||
    !sameConditionIds(before.conditions, after.conditions) ||
    turnOrderFacts(before, rules, next) !== turnOrderFacts(after, rules, next)
  )
    return stale(next);
  samePlanAs(previous, next);
  return next;
}

/** The harm-applied event: harm, and a new order when the harm changed what the order depends on. */
export function harmApplied(
  state: EncounterState,
  event: Extract<EncounterEvent, { type: 'harm-applied' }>,
  rules: TrackerRules,
): EncounterState {
  if (state.status === 'ended') fail('The encounter has ended.');
  const before = requirePresent(state, event.combatantId);
  return restaleIfReordered(state, applyHarm(state, event, rules), before, rules);
}

export function applyHarm(
  state: EncounterState,
  event: Extract<EncounterEvent, { type: 'harm-applied' }>,
  rules: TrackerRules,
): EncounterState {
  const combatant = requirePresent(state, event.combatantId);
  const { harm } = event;
  if (!rules.harmKinds.some((k) => k.id === harm.kind)) {
    invalid(
      `"${harm.kind}" is not a kind of harm here; use ${rules.harmKinds.map((k) => k.label.toLowerCase()).join(', ')}.`,
    );
  }
  if (!Number.isInteger(harm.amount) || harm.amount < 0 || harm.amount > MAX_HARM) {
    invalid(`The amount must be a whole number from 0 to ${MAX_HARM}, not ${describe(harm.amount)}.`);
  }
  // The state keeps the harm's result; its explanation would be written only to be dropped.
  const outcome = rules.applyHarm(toRulesCombatant(combatant), harm, state.toggles, true);
  const changed = changeConditions(
    { ...combatant, health: outcome.health },
    outcome.conditions,
    outcome.removeConditions,
    event.id,
  );
  return replaceCombatant(state, changed);
}

export function resolveCheck(
  state: EncounterState,
  event: Extract<EncounterEvent, { type: 'check-resolved' }>,
  rules: TrackerRules,
): EncounterState {
  if (state.status === 'ended') fail('The encounter has ended.');
  const combatant = requirePresent(state, event.combatantId);
  const everyone = presentCombatants(state).map(toRulesCombatant);
  const outcome = rules.resolveCheck(toRulesCombatant(combatant), event.checkId, event.faces, moment(state), everyone);
  let next = replaceCombatant(
    state,
    changeConditions({ ...combatant, health: outcome.health }, outcome.conditions, outcome.removeConditions, event.id),
  );
  (outcome.others ?? []).forEach((other, index) => {
    const target = findCombatant(next, other.combatantId);
    if (target && !target.removed)
      next = replaceCombatant(next, changeConditions(target, other.conditions, undefined, `${event.id}:o${index}`));
  });
  const isPrompt = rules.encounterPrompts(everyone, state.promptsDone).some((p) => p.id === event.checkId);
  return isPrompt ? { ...next, promptsDone: [...next.promptsDone, event.checkId] } : next;
}

export function addCondition(
  state: EncounterState,
  event: Extract<EncounterEvent, { type: 'condition-added' }>,
  rules: TrackerRules,
): EncounterState {
  const combatant = requirePresent(state, event.combatantId);
  if (combatant.conditions.some((c) => c.instanceId === event.instanceId))
    invalid('That condition is already recorded.');
  const next = replaceCombatant(state, {
    ...combatant,
    conditions: [
      ...combatant.conditions,
      event.visible
        ? { ...activeCondition(event.condition, event.instanceId), visible: true as const }
        : activeCondition(event.condition, event.instanceId),
    ],
  });
  return restaleIfReordered(state, next, combatant, rules);
}

export function removeCondition(
  state: EncounterState,
  event: Extract<EncounterEvent, { type: 'condition-removed' }>,
  rules: TrackerRules,
): EncounterState {
  const combatant = requirePresent(state, event.combatantId);
  if (!combatant.conditions.some((c) => c.instanceId === event.instanceId))
    fail(`${combatant.name} does not have that condition.`);
  const next = replaceCombatant(state, {
    ...combatant,
    conditions: combatant.conditions.filter((c) => c.instanceId !== event.instanceId),
  });
  return restaleIfReordered(state, next, combatant, rules);
}
