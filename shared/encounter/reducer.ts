import { RulesError, describe } from '../errors';
import type { RulesLookup } from '../system-kit/rules-lookup';
import { resolveToggles } from '../system-kit/toggles';
import type { EncounterEvent, EncounterEventType, NewCombatant } from './events';
import {
  DEFAULT_SIDES,
  findCombatant,
  initiativeCombatants,
  presentCombatants,
  sameSlot,
  toRulesCombatant,
  type ActiveCondition,
  type Combatant,
  type EncounterState,
} from './state';
import { spendAction, type SpendRequest, type TurnFacts } from './action-economy';
import { weaponProblems } from '../system-kit/sheet-weapons';
import { applyChaseChange, reduceChase } from './chase';
import { reducePlayerVisibility } from './player-visibility';
import { fail, invalid, replaceCombatant, requirePresent } from './reducer-checks';
import { NO_WEAPONS, type ConditionInit, type EncounterMoment, type InitiativeEntry, type TrackerRules, type TurnSlot } from '../system-kit/tracker-rules';

/** Where the reducer finds a system's rules: injected, so tests can use small fake systems. */
export type { RulesLookup };

export const MAX_HARM = 1000;
export const MAX_NAME_LENGTH = 80;

function checkName(name: unknown, what: string): string {
  if (typeof name !== 'string' || name.trim() === '') invalid(`${what} needs a name.`);
  const trimmed = name.trim();
  if (trimmed.length > MAX_NAME_LENGTH) invalid(`${what} name is longer than ${MAX_NAME_LENGTH} characters.`);
  return trimmed;
}

function moment(state: EncounterState): EncounterMoment {
  return { round: state.round, activeCombatantId: state.current?.combatantId ?? null, toggles: state.toggles };
}

/** Adds conditions (skipping ones the bearer already has) and removes the listed ids. */
function changeConditions(
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

function activeCondition(init: ConditionInit, instanceId: string): ActiveCondition {
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
function tickConditions(combatant: Combatant, timing: ActiveCondition['expires']): Combatant {
  if (!combatant.conditions.some((c) => c.expires === timing && c.roundsLeft !== null)) return combatant;
  const conditions = combatant.conditions
    .map((c) => (c.expires === timing && c.roundsLeft !== null ? { ...c, roundsLeft: c.roundsLeft - 1 } : c))
    .filter((c) => c.roundsLeft === null || c.roundsLeft > 0);
  return { ...combatant, conditions };
}

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
export function remainingSlots(state: EncounterState, rules: TrackerRules): TurnSlot[] {
  const order = state.initiative.order;
  // A tie waiting for its reroll (Electric State sides) has no order yet.
  if (state.status !== 'running' || order === null || order.tieToReroll?.length) return [];
  const slots = planOf(state, rules);
  const taken = state.current ? [...state.acted, state.current] : state.acted;
  if (taken.length === 0) return [...slots];
  const takenKeys = new Set(taken.map(slotKey));
  return slots.filter((slot) => !takenKeys.has(slotKey(slot)));
}

const slotKey = (slot: TurnSlot) => `${slot.pass}:${slot.combatantId}`;

/** The first turn still to come; stops at the first hit instead of listing the whole round. */
function nextSlot(state: EncounterState, rules: TrackerRules): TurnSlot | undefined {
  const order = state.initiative.order;
  if (state.status !== 'running' || order === null || order.tieToReroll?.length) return undefined;
  const slots = planOf(state, rules);
  const taken = state.current ? [...state.acted, state.current] : state.acted;
  if (taken.length === 0) return slots[0];
  // Usually the turns taken are the plan's first slots themselves, in order: then the next
  // one is simply the following slot, found without building keys.
  let prefix = 0;
  while (prefix < taken.length && taken[prefix] === slots[prefix]) prefix++;
  if (prefix === taken.length) return slots[prefix];
  const takenKeys = new Set(taken.map(slotKey));
  for (const slot of slots) if (!takenKeys.has(slotKey(slot))) return slot;
  return undefined;
}

/**
 * Turn orders built for states that carry none (a change cleared it), by state: states never
 * change, and the screen asks for the same state's order several times (header, tracker, next
 * turn), which for 200 combatants is a sort each time.
 */
const builtPlans = new WeakMap<EncounterState, readonly TurnSlot[]>();

function planOf(state: EncounterState, rules: TrackerRules): readonly TurnSlot[] {
  if (state.plan) return state.plan;
  let plan = builtPlans.get(state);
  if (!plan) {
    plan = buildPlan(state, rules);
    builtPlans.set(state, plan);
  }
  return plan;
}

function buildPlan(state: EncounterState, rules: TrackerRules): readonly TurnSlot[] {
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
  return order.order.some((id) => removed.has(id)) ? { ...order, order: order.order.filter((id) => !removed.has(id)) } : order;
}

/** Marks the round's order for rebuilding after a change that can alter it. */
function stale(state: EncounterState): EncounterState {
  return state.plan === null ? state : { ...state, plan: null };
}

/**
 * Starts the turn of the next slot that is not skipped; at the end of the slots the round ends.
 * A round that has just begun with no slot at all (nobody left who acts) waits instead of ending,
 * or it would begin another empty round without end.
 */
function startNextTurn(state: EncounterState, rules: TrackerRules, roundBegins = false): EncounterState {
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
    return replaceCombatant({ ...next, current: slot, plan: changed ? null : next.plan }, started);
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

function addCombatant(state: EncounterState, input: NewCombatant, rules: TrackerRules): EncounterState {
  if (findCombatant(state, input.id)) invalid(`A combatant with id "${input.id}" is already in the encounter.`);
  const name = checkName(input.name, 'A combatant');
  if (input.kind !== 'pc' && input.kind !== 'npc')
    invalid(`A combatant is a "pc" or an "npc", not ${describe(input.kind)}.`);
  if (!state.sides.some((s) => s.id === input.side)) invalid(`There is no side "${input.side}" in this encounter.`);
  if (input.groupId && !state.groups.some((g) => g.id === input.groupId))
    invalid(`There is no group "${input.groupId}".`);
  const problems = rules.validateStats(input.stats);
  if (problems.length) invalid(`${name}: ${problems.join(' ')}`);
  const weapons = input.weapons ?? [];
  const weaponTrouble = weaponProblems(weapons, rules.weapons ?? NO_WEAPONS);
  if (weaponTrouble.length) invalid(`${name}: ${weaponTrouble.join(' ')}`);
  const combatant: Combatant = {
    id: input.id,
    name,
    kind: input.kind,
    side: input.side,
    groupId: input.groupId ?? null,
    templateId: input.templateId ?? null,
    stats: input.stats,
    weapons,
    health: rules.initialHealth(input.stats, input.kind),
    conditions: [],
    spent: {},
    forfeitNextTurn: false,
    hidden: input.hidden ?? false,
    removed: false,
    notes: input.notes ?? '',
  };
  return { ...state, combatants: [...state.combatants, combatant] };
}

function editCombatant(
  state: EncounterState,
  event: Extract<EncounterEvent, { type: 'combatant-edited' }>,
  rules: TrackerRules,
): EncounterState {
  const combatant = requirePresent(state, event.combatantId);
  let next: Combatant = combatant;
  if (event.name !== undefined) next = { ...next, name: checkName(event.name, 'A combatant') };
  if (event.notes !== undefined) {
    if (typeof event.notes !== 'string' || event.notes.length > 2000)
      invalid('Notes must be text of at most 2000 characters.');
    next = { ...next, notes: event.notes };
  }
  if (event.side !== undefined) {
    if (!state.sides.some((s) => s.id === event.side)) invalid(`There is no side "${event.side}" in this encounter.`);
    next = { ...next, side: event.side };
  }
  if (event.stats !== undefined) {
    const stats = { ...combatant.stats, ...event.stats };
    const problems = rules.validateStats(stats);
    if (problems.length) invalid(`${next.name}: ${problems.join(' ')}`);
    next = { ...next, stats };
  }
  if (event.weapons !== undefined) {
    const problems = weaponProblems(event.weapons, rules.weapons ?? NO_WEAPONS);
    if (problems.length) invalid(`${next.name}: ${problems.join(' ')}`);
    next = { ...next, weapons: event.weapons };
  }
  return replaceCombatant(state, next);
}

/**
 * Each member of a group rolls its own initiative, or the group rolls once again. The results
 * rolled the other way no longer name anyone who rolls, so they are dropped: those who have no
 * result now roll before their next turn, as a combatant who joins mid-round does.
 */
function setGroupInitiative(state: EncounterState, groupId: string, eachRolls: boolean, rules: TrackerRules): EncounterState {
  const group = state.groups.find((g) => g.id === groupId);
  if (!group) invalid(`There is no group "${groupId}".`);
  if (typeof eachRolls !== 'boolean') invalid(`Whether each member rolls must be true or false, got ${describe(eachRolls)}.`);
  if ((group.eachRollsInitiative ?? false) === eachRolls)
    fail(eachRolls ? `Each member of ${group.name} already rolls its own initiative.` : `${group.name} already rolls initiative as one.`);
  const memberIds = new Set(state.combatants.filter((c) => c.groupId === groupId).map((c) => c.id));
  const gone = (participantId: string) => (eachRolls ? participantId === groupId : memberIds.has(participantId));
  const regrouped: EncounterState = {
    ...state,
    groups: state.groups.map((g) => (g.id === groupId ? { ...g, eachRollsInitiative: eachRolls } : g)),
    initiative: { ...state.initiative, entries: state.initiative.entries.filter((e) => !gone(e.participantId)) },
  };
  // The order is rebuilt from the results that still name someone who rolls.
  return mergeInitiative(regrouped, [], rules);
}

function mergeInitiative(
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

/** What the round says about one combatant: whose turn it is, a lost turn, a turn still to come. */
function turnFacts(state: EncounterState, combatant: Combatant, rules: TrackerRules): TurnFacts {
  const current = state.current ? (findCombatant(state, state.current.combatantId) ?? null) : null;
  const losers = state.initiative.order?.losesTurn ?? [];
  const lost = losers.length
    ? state.initiative.entries.find(
        (entry) => losers.includes(entry.participantId) && entry.memberIds.includes(combatant.id),
      )
    : undefined;
  return {
    current,
    lostTurn: lost ? { display: lost.display, rule: lost.steps.at(-1)?.rule } : null,
    turnToCome: () => remainingSlots(state, rules).some((slot) => slot.combatantId === combatant.id),
  };
}

function takeAction(
  state: EncounterState,
  combatantId: string,
  request: SpendRequest,
  rules: TrackerRules,
): EncounterState {
  const combatant = requirePresent(state, combatantId);
  return replaceCombatant(state, spendAction(combatant, request, state, rules, turnFacts(state, combatant, rules)));
}

/**
 * Spends what a resolved roll uses, in order. With a GM ruling, an action the rules refuse is
 * left unspent instead of refusing the roll (the ruling is in the log).
 */
function spendForRoll(
  state: EncounterState,
  event: Extract<EncounterEvent, { type: 'roll-applied' }>,
  rules: TrackerRules,
): EncounterState {
  const spends = event.spends ?? [];
  if (spends.length === 0) return state;
  requireRunning(state, 'spend actions');
  let next = state;
  for (const spend of spends) {
    try {
      next = takeAction(
        next,
        spend.combatantId,
        spend.assist ? { actionId: spend.actionId, assist: true } : { actionId: spend.actionId },
        rules,
      );
    } catch (error) {
      if (!event.ruling || !(error instanceof RulesError) || error.code !== 'not-allowed') throw error;
    }
  }
  return next;
}

function applyHarm(
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
  const outcome = rules.applyHarm(toRulesCombatant(combatant), harm, state.toggles);
  const changed = changeConditions(
    { ...combatant, health: outcome.health },
    outcome.conditions,
    outcome.removeConditions,
    event.id,
  );
  return replaceCombatant(state, changed);
}

function resolveCheck(
  state: EncounterState,
  event: Extract<EncounterEvent, { type: 'check-resolved' }>,
  rules: TrackerRules,
): EncounterState {
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

function requireRunning(state: EncounterState, what: string): void {
  if (state.status === 'setup') fail(`Start the encounter before you ${what}.`);
  if (state.status === 'ended') fail(`The encounter has ended; you cannot ${what}.`);
}

/** Every event type this reducer folds (the record makes the compiler check the list is whole). */
const KNOWN_EVENT_TYPES: ReadonlySet<unknown> = new Set(
  Object.keys({
    'encounter-created': true,
    'encounter-renamed': true,
    'toggle-changed': true,
    'side-added': true,
    'combatant-added': true,
    'combatant-edited': true,
    'combatant-removed': true,
    'combatant-revealed': true,
    'group-formed': true,
    'group-dissolved': true,
    'group-initiative-set': true,
    'initiative-rolled': true,
    'encounter-started': true,
    'turn-advanced': true,
    'turn-rewound': true,
    'action-taken': true,
    'harm-applied': true,
    'check-resolved': true,
    'prompt-dismissed': true,
    'condition-added': true,
    'condition-removed': true,
    'condition-visibility-set': true,
    'combatant-numbers-shown': true,
    'roll-shown': true,
    'roll-unshown': true,
    'roll-applied': true,
    'roll-resolved': true,
    'note-added': true,
    'chase-started': true,
    'chase-range-changed': true,
    'chase-turn-advanced': true,
    'chase-ended': true,
    'encounter-ended': true,
  } satisfies Record<EncounterEventType, true>),
);

/** Events after which the system may order the rest of the round differently. */
const REORDERING = new Set<EncounterEvent['type']>([
  'toggle-changed',
  'combatant-added',
  'combatant-edited',
  'combatant-removed',
  'group-formed',
  'group-dissolved',
  'group-initiative-set',
  'initiative-rolled',
  'check-resolved',
]);

/**
 * What of a combatant the turn order may depend on (see RoundContext): when harm or a
 * condition leaves it unchanged, the round's order stands and is not rebuilt.
 */
function turnOrderKey(combatant: Combatant, rules: TrackerRules, state: EncounterState): string {
  const view = rules.healthView(toRulesCombatant(combatant), state.toggles);
  return `${view.canAct}|${view.stateLabel}|${view.modifiers.join('|')}|${combatant.conditions.map((c) => c.conditionId).join('|')}`;
}

/** Marks the order stale if `after` differs from `before` in what the order depends on. */
function restaleIfReordered(next: EncounterState, before: Combatant, rules: TrackerRules): EncounterState {
  if (next.plan === null) return next;
  const after = findCombatant(next, before.id);
  if (!after || turnOrderKey(before, rules, next) !== turnOrderKey(after, rules, next)) return stale(next);
  return next;
}

/**
 * Folds one event into the state. Pure; throws RulesError (and changes nothing) when the
 * event is not allowed now — the store checks an event this way before persisting it.
 */
export function reduce(state: EncounterState | null, event: EncounterEvent, lookup: RulesLookup): EncounterState {
  // Events come back from storage: a damaged or foreign row must be refused with a sentence,
  // never folded into a state of undefined.
  if (typeof event !== 'object' || event === null) invalid(`A log entry must be an event, not ${describe(event)}.`);
  if (!KNOWN_EVENT_TYPES.has(event.type))
    invalid(`"${String(event.type)}" is not an event this version of GM Screen knows.`);
  if (event.type === 'encounter-created') {
    if (state) invalid('This encounter already exists.');
    const system = lookup.system(event.systemId);
    lookup.tracker(event.systemId);
    return {
      id: event.encounterId,
      name: checkName(event.name, 'An encounter'),
      systemId: system.id,
      toggles: resolveToggles(system.toggles, event.toggles ?? {}),
      status: 'setup',
      round: 0,
      sides: DEFAULT_SIDES,
      groups: [],
      combatants: [],
      initiative: { entries: [], order: null },
      acted: [],
      plan: null,
      current: null,
      skipped: [],
      promptsDone: [],
    };
  }
  if (!state) invalid('The first event of an encounter must create it.');
  const rules = lookup.tracker(state.systemId);
  const input = REORDERING.has(event.type) ? stale(state) : state;
  // An event that changes nothing (a note) returns the very same state, so the screen can
  // tell at once that nothing in it needs redrawing.
  return apply(input, event, rules, lookup);
}

function apply(state: EncounterState, event: EncounterEvent, rules: TrackerRules, lookup: RulesLookup): EncounterState {
  switch (event.type) {
    case 'encounter-created':
      return invalid('This encounter already exists.');
    case 'encounter-renamed':
      return { ...state, name: checkName(event.name, 'An encounter') };
    case 'toggle-changed': {
      const toggles = resolveToggles(lookup.system(state.systemId).toggles, {
        ...state.toggles,
        [event.toggleId]: event.value,
      });
      const next = { ...state, toggles };
      // A toggle can change the order itself (Electric State: the side that started the fight).
      return state.initiative.entries.length ? mergeInitiative(next, [], rules) : next;
    }
    case 'side-added': {
      if (state.sides.some((s) => s.id === event.sideId)) invalid(`There is already a side "${event.sideId}".`);
      return { ...state, sides: [...state.sides, { id: event.sideId, name: checkName(event.name, 'A side') }] };
    }
    case 'combatant-added':
      if (state.status === 'ended') fail('The encounter has ended; start a new one to add combatants.');
      return addCombatant(state, event.combatant, rules);
    case 'combatant-edited':
      return editCombatant(state, event, rules);
    case 'combatant-removed': {
      const combatant = requirePresent(state, event.combatantId);
      const removed = replaceCombatant(state, { ...combatant, removed: true });
      // Removing the one whose turn it is moves the turn on.
      return state.current?.combatantId === combatant.id && state.status === 'running'
        ? startNextTurn({ ...removed, current: null, acted: [...removed.acted, state.current] }, rules)
        : removed;
    }
    case 'combatant-revealed': {
      const combatant = requirePresent(state, event.combatantId);
      if (!combatant.hidden) fail(`${combatant.name} is not hidden.`);
      return replaceCombatant(state, { ...combatant, hidden: false });
    }
    case 'group-formed': {
      if (state.groups.some((g) => g.id === event.groupId)) invalid(`There is already a group "${event.groupId}".`);
      if (event.combatantIds.length < 2) invalid('A group needs at least two combatants.');
      const members = event.combatantIds.map((id) => requirePresent(state, id));
      if (members.some((m) => m.kind !== 'npc')) fail('Only NPCs can be grouped.');
      if (new Set(members.map((m) => m.side)).size > 1) fail('A group must be on one side.');
      const name = checkName(event.name, 'A group');
      return {
        ...state,
        groups: [...state.groups, { id: event.groupId, name }],
        combatants: state.combatants.map((c) =>
          event.combatantIds.includes(c.id) ? { ...c, groupId: event.groupId } : c,
        ),
      };
    }
    case 'group-dissolved': {
      if (!state.groups.some((g) => g.id === event.groupId)) invalid(`There is no group "${event.groupId}".`);
      return {
        ...state,
        groups: state.groups.filter((g) => g.id !== event.groupId),
        combatants: state.combatants.map((c) => (c.groupId === event.groupId ? { ...c, groupId: null } : c)),
        initiative: {
          ...state.initiative,
          entries: state.initiative.entries.filter((e) => e.participantId !== event.groupId),
        },
      };
    }
    case 'group-initiative-set':
      return setGroupInitiative(state, event.groupId, event.eachRolls, rules);
    case 'initiative-rolled': {
      if (state.status === 'ended') fail('The encounter has ended.');
      if (event.entries.length === 0) invalid('Initiative needs at least one result.');
      const merged = mergeInitiative(state, event.entries, rules);
      return merged.status === 'running' && merged.current === null && initiativeComplete(merged, rules)
        ? startNextTurn(merged, rules)
        : merged;
    }
    case 'encounter-started': {
      if (state.status !== 'setup')
        fail(state.status === 'running' ? 'The encounter is already running.' : 'The encounter has ended.');
      if (presentCombatants(state).length === 0) fail('Add at least one combatant before starting.');
      return startRound({ ...state, status: 'running' }, rules, 1);
    }
    case 'turn-advanced': {
      requireRunning(state, 'advance the turn');
      if (!state.current)
        fail(initiativeComplete(state, rules) ? 'Nobody can act this round.' : 'Roll initiative first.');
      const ended = findCombatant(state, state.current.combatantId);
      const ticked = ended ? tickConditions(ended, 'turn-end') : undefined;
      const afterTurn = ended && ticked && ticked !== ended ? replaceCombatant(stale(state), ticked) : state;
      return startNextTurn({ ...afterTurn, acted: [...afterTurn.acted, state.current], current: null }, rules);
    }
    case 'turn-rewound': {
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
    case 'action-taken':
      requireRunning(state, 'take actions');
      return takeAction(state, event.combatantId, { actionId: event.actionId }, rules);
    case 'harm-applied': {
      if (state.status === 'ended') fail('The encounter has ended.');
      const before = requirePresent(state, event.combatantId);
      return restaleIfReordered(applyHarm(state, event, rules), before, rules);
    }
    case 'check-resolved':
      if (state.status === 'ended') fail('The encounter has ended.');
      return resolveCheck(state, event, rules);
    case 'prompt-dismissed':
      if (state.promptsDone.includes(event.promptId)) fail('That prompt was already dealt with.');
      return { ...state, promptsDone: [...state.promptsDone, event.promptId] };
    case 'condition-added': {
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
      return restaleIfReordered(next, combatant, rules);
    }
    case 'condition-removed': {
      const combatant = requirePresent(state, event.combatantId);
      if (!combatant.conditions.some((c) => c.instanceId === event.instanceId))
        fail(`${combatant.name} does not have that condition.`);
      const next = replaceCombatant(state, {
        ...combatant,
        conditions: combatant.conditions.filter((c) => c.instanceId !== event.instanceId),
      });
      return restaleIfReordered(next, combatant, rules);
    }
    case 'roll-applied': {
      if (state.status === 'ended') fail('The encounter has ended.');
      // A miss changes no one but still uses actions: then the spends are what it applies.
      if (event.effects.length === 0 && !event.spends?.length && !event.chase)
        invalid('A roll applied to nobody: choose at least one target.');
      if (
        event.ruling !== undefined &&
        (typeof event.ruling?.refused !== 'string' || event.ruling.refused.length > 1000)
      ) {
        invalid('A GM ruling names what the rules refused, in at most 1000 characters.');
      }
      let next = stale(spendForRoll(state, event, rules));
      if (event.chase) next = applyChaseChange(next, event.chase);
      event.effects.forEach((effect, index) => {
        const target = requirePresent(next, effect.combatantId);
        if (effect.harm) {
          next = applyHarm(
            next,
            {
              type: 'harm-applied',
              id: `${event.id}:${index}`,
              at: event.at,
              combatantId: effect.combatantId,
              harm: effect.harm,
            },
            rules,
          );
        }
        if (effect.conditions?.length || effect.removeConditions?.length) {
          const current = findCombatant(next, target.id)!;
          next = replaceCombatant(
            next,
            changeConditions(current, effect.conditions, effect.removeConditions, `${event.id}:${index}`),
          );
        }
      });
      return next;
    }
    case 'chase-started':
    case 'chase-range-changed':
    case 'chase-turn-advanced':
    case 'chase-ended':
      if (event.type === 'chase-started' && state.systemId !== 'shadowrun-4e')
        fail(`Chase combat is a Shadowrun 4e mode; this encounter plays ${lookup.system(state.systemId).label}.`);
      return reduceChase(state, event);
    case 'condition-visibility-set':
    case 'combatant-numbers-shown':
    case 'roll-shown':
    case 'roll-unshown':
      return reducePlayerVisibility(state, event);
    case 'roll-resolved':
    case 'note-added':
      // Log entries: they change no state beyond being in the log.
      return state;
    case 'encounter-ended':
      if (state.status === 'ended') fail('The encounter has already ended.');
      return { ...state, status: 'ended', current: null };
    default:
      return unknownEvent(event);
  }
}

function unknownEvent(event: never): never {
  return invalid(`"${String((event as { type?: unknown }).type)}" is not an event this version of GM Screen knows.`);
}

/** Replays a list of events from nothing. */
export function replay(
  events: readonly EncounterEvent[],
  lookup: RulesLookup,
  from: EncounterState | null = null,
): EncounterState | null {
  let state = from;
  for (const event of events) state = reduce(state, event, lookup);
  return state;
}
