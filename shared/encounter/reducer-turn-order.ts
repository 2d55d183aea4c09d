// The round's turn order: who rolls initiative, the rolled order, the plan of turns and the turns still to come.
import type { InitiativeEntry, TrackerRules, TurnSlot } from '../system-kit/tracker-rules';
import { invalid } from './reducer-checks';
import { initiativeCombatants, sameSlot, type EncounterState } from './state';

export function initiativeParticipants(state: EncounterState, rules: TrackerRules) {
  return rules.initiative.participants(initiativeCombatants(state), state.sides, state.groups);
}

/** True when every participant has an entry and no tie waits for a reroll. */
export function initiativeComplete(state: EncounterState, rules: TrackerRules): boolean {
  const participants = initiativeParticipants(state, rules);
  if (participants.length === 0) return true;
  if (state.initiative.order?.tieToReroll?.length) return false;
  const rolled = new Set(state.initiative.entries.map((e) => e.participantId));
  return participants.every((p) => rolled.has(p.id));
}

/**
 * The turns still to come this round, in order (the current one excluded). A combatant who
 * joined mid-round without initiative simply has no slot until it rolls.
 */
export function remainingSlots(state: EncounterState, rules: TrackerRules): readonly TurnSlot[] {
  // States never change, and one change asks this of the same state several times (the header,
  // the tracker, the rules), each a pass over every slot at 1,000 combatants.
  const known = remainingByState.get(state);
  if (known?.rules === rules) return known.slots;
  const slots = remainingSlotsOf(state, rules);
  remainingByState.set(state, { rules, slots });
  return slots;
}

const remainingByState = new WeakMap<EncounterState, { rules: TrackerRules; slots: readonly TurnSlot[] }>();

function remainingSlotsOf(state: EncounterState, rules: TrackerRules): readonly TurnSlot[] {
  const order = state.initiative.order;
  // A tie waiting for its reroll (Electric State sides) has no order yet.
  if (state.status !== 'running' || order === null || order.tieToReroll?.length) return [];
  const slots = planOf(state, rules);
  const taken = state.current ? [...state.acted, state.current] : state.acted;
  if (taken.length === 0) return slots;
  // Usually the turns taken are the plan's first slots: the rest of the plan is what remains.
  if (takenArePlanPrefix(taken, slots)) return slots.slice(taken.length);
  const done = takenByPass(taken);
  return slots.filter((slot) => !done.get(slot.pass)?.has(slot.combatantId));
}

/** By value (a rebuilt plan has new slot objects), stopping at the first difference. */
function takenArePlanPrefix(taken: readonly TurnSlot[], slots: readonly TurnSlot[]): boolean {
  if (taken.length > slots.length) return false;
  for (let i = 0; i < taken.length; i++) if (!sameSlot(taken[i]!, slots[i]!)) return false;
  return true;
}

/**
 * The taken turns' combatants by pass: a change that reorders the round leaves them out of the
 * plan's first places, and at 1,000 combatants a key string per slot cost milliseconds per change.
 */
function takenByPass(taken: readonly TurnSlot[]): Map<number, Set<string>> {
  const byPass = new Map<number, Set<string>>();
  for (const slot of taken) {
    const ids = byPass.get(slot.pass);
    if (ids) ids.add(slot.combatantId);
    else byPass.set(slot.pass, new Set([slot.combatantId]));
  }
  return byPass;
}

/** The first turn still to come; stops at the first hit instead of listing the whole round. */
export function nextSlot(state: EncounterState, rules: TrackerRules): TurnSlot | undefined {
  const order = state.initiative.order;
  if (state.status !== 'running' || order === null || order.tieToReroll?.length) return undefined;
  const slots = planOf(state, rules);
  const taken = state.current ? [...state.acted, state.current] : state.acted;
  if (taken.length === 0) return slots[0];
  // Usually the turns taken are the plan's first slots, in order: the next is the following slot.
  if (takenArePlanPrefix(taken, slots)) return slots[taken.length];
  const done = takenByPass(taken);
  return slots.find((slot) => !done.get(slot.pass)?.has(slot.combatantId));
}

/**
 * Turn orders built for states that carry none (a change cleared it), by state: states never
 * change, and the screen asks for the same state's order several times (header, tracker, next
 * turn), which for 200 combatants is a sort each time.
 */
const builtPlans = new WeakMap<EncounterState, readonly TurnSlot[]>();

/** The round's turns as the reducer plans them: its kept plan, or the system's build of it now (built once per state). */
export function planOf(state: EncounterState, rules: TrackerRules): readonly TurnSlot[] {
  if (state.plan) return state.plan;
  let plan = builtPlans.get(state);
  if (!plan) {
    plan = buildPlan(state, rules);
    builtPlans.set(state, plan);
  }
  return plan;
}

/**
 * `next` differs from `previous` only in what the round's order does not depend on (harm that left
 * a combatant's turn-order facts and conditions as they were): the order `previous` has, kept or
 * built, is `next`'s too, and is not built again for it. Only the cache learns it; the state's own
 * `plan` stays as the reducer left it, so a replay gives the same states whatever was asked.
 */
export function samePlanAs(previous: EncounterState, next: EncounterState): void {
  if (next.plan !== null || builtPlans.has(next)) return;
  const plan = previous.plan ?? builtPlans.get(previous);
  if (plan) builtPlans.set(next, plan);
}

export function buildPlan(state: EncounterState, rules: TrackerRules): readonly TurnSlot[] {
  const present = initiativeCombatants(state);
  return rules.buildRound({
    round: state.round,
    combatants: present,
    participants: rules.initiative.participants(present, state.sides, state.groups),
    initiative: orderWithoutRemoved(state),
    entries: state.initiative.entries,
    acted: state.acted,
    toggles: state.toggles,
  });
}

/**
 * The rolled order less combatants removed since the roll: the rules are given only the present
 * combatants, and one that orders combatants themselves (Hardware's PCs) refuses an order naming
 * someone absent, which made every later rebuild of the round fail.
 */
function orderWithoutRemoved(state: EncounterState): EncounterState['initiative']['order'] {
  const order = state.initiative.order;
  if (!order || !state.combatants.some((c) => c.removed)) return order;
  const removed = new Set(state.combatants.filter((c) => c.removed).map((c) => c.id));
  return order.order.some((id) => removed.has(id))
    ? { ...order, order: order.order.filter((id) => !removed.has(id)) }
    : order;
}

/** Marks the round's order for rebuilding after a change that can alter it. */
export function stale(state: EncounterState): EncounterState {
  return state.plan === null ? state : { ...state, plan: null };
}

export function mergeInitiative(
  state: EncounterState,
  entries: readonly InitiativeEntry[],
  rules: TrackerRules,
): EncounterState {
  const participants = initiativeParticipants(state, rules);
  const participantIds = new Set(participants.map((p) => p.id));
  for (const entry of entries) {
    if (!participantIds.has(entry.participantId))
      invalid(`"${entry.participantId}" does not roll initiative in this encounter.`);
  }
  const replaced = new Set(entries.map((e) => e.participantId));
  const entriesNow = [...state.initiative.entries.filter((e) => !replaced.has(e.participantId)), ...entries].filter(
    (e) => participantIds.has(e.participantId),
  );
  const rolledIds = new Set(entriesNow.map((e) => e.participantId));
  const rolled = participants.filter((p) => rolledIds.has(p.id));
  const order = entriesNow.length ? rules.initiative.order(entriesNow, rolled, state.toggles) : null;
  return { ...state, initiative: { entries: entriesNow, order } };
}
