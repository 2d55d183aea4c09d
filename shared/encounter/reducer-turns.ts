// How rounds and turns begin and end (refills, ticking conditions, lost turns) and the events that move them.
import type { TrackerRules } from '../system-kit/tracker-rules';
import type { EncounterEvent } from './events';
import { fail, invalid, replaceCombatant, requireRunning } from './reducer-checks';
import { tickConditions } from './reducer-conditions';
import {
  buildPlan,
  initiativeComplete,
  initiativeParticipants,
  mergeInitiative,
  nextSlot,
  stale,
} from './reducer-turn-order';
import {
  findCombatant,
  presentCombatants,
  sameSlot,
  toRulesCombatant,
  type Combatant,
  type EncounterState,
} from './state';

function refill(
  combatant: Combatant,
  rules: TrackerRules,
  state: EncounterState,
  refresh: 'turn' | 'round',
): Combatant {
  const economy = rules.economy(toRulesCombatant(combatant), state.toggles);
  const refilled = economy.resources.filter((r) => r.refresh === refresh).map((r) => r.id);
  if (!refilled.some((id) => (combatant.spent[id] ?? 0) > 0)) return combatant;
  const spent = { ...combatant.spent };
  for (const id of refilled) delete spent[id];
  return { ...combatant, spent };
}

/**
 * Starts the turn of the next slot that is not skipped; at the end of the slots the round ends.
 * A round that has just begun with no slot at all (nobody left who acts) waits instead of ending,
 * or it would begin another empty round without end.
 */
export function startNextTurn(state: EncounterState, rules: TrackerRules, roundBegins = false): EncounterState {
  let next =
    state.plan === null && state.initiative.order !== null ? { ...state, plan: buildPlan(state, rules) } : state;
  let skippedAny = false;
  let pass = next.acted.at(-1)?.pass;
  for (;;) {
    const slot = nextSlot(next, rules);
    if (!slot) return roundBegins && !skippedAny ? next : endRound(next, rules);
    // The first turn of a later pass ends the pass before it (Shadowrun's Surprised lasts one pass).
    if (pass !== undefined && slot.pass !== pass) next = endPass(next);
    pass = slot.pass;
    const combatant = findCombatant(next, slot.combatantId)!;
    if (combatant.forfeitNextTurn) {
      skippedAny = true;
      // Electric State: a reaction costs the reactor's next turn.
      next = replaceCombatant(
        {
          ...next,
          acted: [...next.acted, slot],
          skipped: [
            ...next.skipped,
            { slot, reason: combatant.forfeitReason ?? `${combatant.name} reacted and forfeits this turn.` },
          ],
        },
        withoutForfeit(combatant),
      );
      continue;
    }
    let started = refill(combatant, rules, next, 'turn');
    started = tickConditions(started, 'turn-start');
    // An expired condition can change who acts later this round.
    const changed = started.conditions !== combatant.conditions;
    return replaceCombatant(changed ? { ...next, current: slot, plan: null } : { ...next, current: slot }, started);
  }
}

function withoutForfeit(combatant: Combatant): Combatant {
  const { forfeitReason: _told, ...rest } = combatant;
  return { ...rest, forfeitNextTurn: false };
}

/** Ticks the conditions that last a number of passes; a pass that ends a condition can change the order. */
function endPass(state: EncounterState): EncounterState {
  const ticked = state.combatants.map((c) => (c.removed ? c : tickConditions(c, 'pass-end')));
  return ticked.every((c, i) => c === state.combatants[i]) ? state : stale({ ...state, combatants: ticked });
}

function endRound(state: EncounterState, rules: TrackerRules): EncounterState {
  // The round's last pass ends with it.
  const ticked = endPass(state).combatants.map((c) => (c.removed ? c : tickConditions(c, 'round-end')));
  return startRound({ ...state, combatants: ticked }, rules, state.round + 1);
}

function startRound(state: EncounterState, rules: TrackerRules, round: number): EncounterState {
  const refilled = state.combatants.map((c) => (c.removed ? c : refill(c, rules, state, 'round')));
  const base: EncounterState = {
    ...state,
    round,
    combatants: refilled,
    acted: [],
    skipped: [],
    current: null,
    plan: null,
  };
  if (rules.initiative.rerollEachRound && round > 1) {
    // Shadowrun and Hardware roll again every round: wait for the new initiative, unless the
    // system starts this round without rolls (Hardware's AGL save at the start of the fight only).
    const cleared: EncounterState = { ...base, initiative: { entries: [], order: null } };
    const standing =
      rules.initiative.laterRoundEntries?.(initiativeParticipants(cleared, rules), cleared.toggles) ?? null;
    if (standing === null) return cleared;
    const next = mergeInitiative(cleared, standing, rules);
    return initiativeComplete(next, rules) ? startNextTurn(next, rules, true) : next;
  }
  return initiativeComplete(base, rules) ? startNextTurn(base, rules, true) : base;
}

export function rollInitiative(
  state: EncounterState,
  event: Extract<EncounterEvent, { type: 'initiative-rolled' }>,
  rules: TrackerRules,
): EncounterState {
  if (state.status === 'ended') fail('The encounter has ended.');
  if (event.entries.length === 0) invalid('Initiative needs at least one result.');
  const merged = mergeInitiative(state, event.entries, rules);
  return merged.status === 'running' && merged.current === null && initiativeComplete(merged, rules)
    ? startNextTurn(merged, rules)
    : merged;
}

export function startEncounter(state: EncounterState, rules: TrackerRules): EncounterState {
  if (state.status !== 'setup')
    fail(state.status === 'running' ? 'The encounter is already running.' : 'The encounter has ended.');
  if (presentCombatants(state).length === 0) fail('Add at least one combatant before starting.');
  return startRound({ ...state, status: 'running' }, rules, 1);
}

export function advanceTurn(state: EncounterState, rules: TrackerRules): EncounterState {
  requireRunning(state, 'advance the turn');
  if (!state.current) fail(initiativeComplete(state, rules) ? 'Nobody can act this round.' : 'Roll initiative first.');
  const ended = findCombatant(state, state.current.combatantId);
  const ticked = ended ? tickConditions(ended, 'turn-end') : undefined;
  const afterTurn = ended && ticked && ticked !== ended ? replaceCombatant(stale(state), ticked) : state;
  return startNextTurn({ ...afterTurn, acted: [...afterTurn.acted, state.current], current: null }, rules);
}

export function rewindTurn(state: EncounterState): EncounterState {
  requireRunning(state, 'go back a turn');
  const previous = state.acted[state.acted.length - 1];
  if (!previous) fail('This is the first turn of the round; undo to go further back.');
  return {
    ...state,
    acted: state.acted.slice(0, -1),
    current: previous,
    skipped: state.skipped.filter((s) => !sameSlot(s.slot, previous)),
  };
}
