// Roster events: combatants joining, being edited, leaving or revealed; sides; groups and how they roll initiative.
import { describe } from '../errors';
import { weaponProblems } from '../system-kit/sheet-weapons';
import { NO_WEAPONS, type TrackerRules } from '../system-kit/tracker-rules';
import type { EncounterEvent, NewCombatant } from './events';
import { checkName, fail, invalid, replaceCombatant, requirePresent } from './reducer-checks';
import { mergeInitiative } from './reducer-turn-order';
import { startNextTurn } from './reducer-turns';
import { findCombatant, type Combatant, type EncounterState } from './state';

export function addSide(state: EncounterState, event: Extract<EncounterEvent, { type: 'side-added' }>): EncounterState {
  if (state.sides.some((s) => s.id === event.sideId)) invalid(`There is already a side "${event.sideId}".`);
  return { ...state, sides: [...state.sides, { id: event.sideId, name: checkName(event.name, 'A side') }] };
}

export function addCombatant(state: EncounterState, input: NewCombatant, rules: TrackerRules): EncounterState {
  if (state.status === 'ended') fail('The encounter has ended; start a new one to add combatants.');
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

export function editCombatant(
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
export function setGroupInitiative(
  state: EncounterState,
  groupId: string,
  eachRolls: boolean,
  rules: TrackerRules,
): EncounterState {
  const group = state.groups.find((g) => g.id === groupId);
  if (!group) invalid(`There is no group "${groupId}".`);
  if (typeof eachRolls !== 'boolean')
    invalid(`Whether each member rolls must be true or false, got ${describe(eachRolls)}.`);
  if ((group.eachRollsInitiative ?? false) === eachRolls)
    fail(
      eachRolls
        ? `Each member of ${group.name} already rolls its own initiative.`
        : `${group.name} already rolls initiative as one.`,
    );
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

export function removeCombatant(state: EncounterState, combatantId: string, rules: TrackerRules): EncounterState {
  const combatant = requirePresent(state, combatantId);
  const removed = replaceCombatant(state, { ...combatant, removed: true });
  // Removing the one whose turn it is moves the turn on.
  return state.current?.combatantId === combatant.id && state.status === 'running'
    ? startNextTurn({ ...removed, current: null, acted: [...removed.acted, state.current] }, rules)
    : removed;
}

export function revealCombatant(state: EncounterState, combatantId: string): EncounterState {
  const combatant = requirePresent(state, combatantId);
  if (!combatant.hidden) fail(`${combatant.name} is not hidden.`);
  return replaceCombatant(state, { ...combatant, hidden: false });
}

export function formGroup(
  state: EncounterState,
  event: Extract<EncounterEvent, { type: 'group-formed' }>,
): EncounterState {
  if (state.groups.some((g) => g.id === event.groupId)) invalid(`There is already a group "${event.groupId}".`);
  if (event.combatantIds.length < 2) invalid('A group needs at least two combatants.');
  const members = event.combatantIds.map((id) => requirePresent(state, id));
  if (members.some((m) => m.kind !== 'npc')) fail('Only NPCs can be grouped.');
  if (new Set(members.map((m) => m.side)).size > 1) fail('A group must be on one side.');
  const name = checkName(event.name, 'A group');
  return {
    ...state,
    groups: [...state.groups, { id: event.groupId, name }],
    combatants: state.combatants.map((c) => (event.combatantIds.includes(c.id) ? { ...c, groupId: event.groupId } : c)),
  };
}

export function dissolveGroup(state: EncounterState, groupId: string): EncounterState {
  if (!state.groups.some((g) => g.id === groupId)) invalid(`There is no group "${groupId}".`);
  return {
    ...state,
    groups: state.groups.filter((g) => g.id !== groupId),
    combatants: state.combatants.map((c) => (c.groupId === groupId ? { ...c, groupId: null } : c)),
    initiative: {
      ...state.initiative,
      entries: state.initiative.entries.filter((e) => e.participantId !== groupId),
    },
  };
}
