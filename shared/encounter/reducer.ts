// The encounter model's reducer: folds one event into the state by handing it to the piece of the model it concerns.
import { describe } from '../errors';
import type { RulesLookup } from '../system-kit/rules-lookup';
import { resolveToggles } from '../system-kit/toggles';
import type { TrackerRules } from '../system-kit/tracker-rules';
import { reduceChase } from './chase';
import type { EncounterEvent, EncounterEventType } from './events';
import { reducePlayerVisibility } from './player-visibility';
import { applyRoll, takeAction } from './reducer-actions';
import { checkName, fail, invalid, requireRunning } from './reducer-checks';
import { addCondition, harmApplied, removeCondition, resolveCheck } from './reducer-harm';
import {
  addCombatant,
  addSide,
  dissolveGroup,
  editCombatant,
  formGroup,
  removeCombatant,
  revealCombatant,
  setGroupInitiative,
} from './reducer-roster';
import { mergeInitiative, stale } from './reducer-turn-order';
import { advanceTurn, rewindTurn, rollInitiative, startEncounter } from './reducer-turns';
import { DEFAULT_SIDES, type EncounterState } from './state';

/** Where the reducer finds a system's rules: injected, so tests can use small fake systems. */
export type { RulesLookup };
// The limits and queries the rest of the app reads from the reducer, wherever they are kept.
export { MAX_NAME_LENGTH } from './reducer-checks';
export { MAX_HARM } from './reducer-harm';
export { initiativeComplete, initiativeParticipants, planOf, remainingSlots } from './reducer-turn-order';

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
    case 'side-added':
      return addSide(state, event);
    case 'combatant-added':
      return addCombatant(state, event.combatant, rules);
    case 'combatant-edited':
      return editCombatant(state, event, rules);
    case 'combatant-removed':
      return removeCombatant(state, event.combatantId, rules);
    case 'combatant-revealed':
      return revealCombatant(state, event.combatantId);
    case 'group-formed':
      return formGroup(state, event);
    case 'group-dissolved':
      return dissolveGroup(state, event.groupId);
    case 'group-initiative-set':
      return setGroupInitiative(state, event.groupId, event.eachRolls, rules);
    case 'initiative-rolled':
      return rollInitiative(state, event, rules);
    case 'encounter-started':
      return startEncounter(state, rules);
    case 'turn-advanced':
      return advanceTurn(state, rules);
    case 'turn-rewound':
      return rewindTurn(state);
    case 'action-taken':
      requireRunning(state, 'take actions');
      return takeAction(state, event.combatantId, { actionId: event.actionId }, rules);
    case 'harm-applied':
      return harmApplied(state, event, rules);
    case 'check-resolved':
      return resolveCheck(state, event, rules);
    case 'prompt-dismissed':
      if (state.promptsDone.includes(event.promptId)) fail('That prompt was already dealt with.');
      return { ...state, promptsDone: [...state.promptsDone, event.promptId] };
    case 'condition-added':
      return addCondition(state, event, rules);
    case 'condition-removed':
      return removeCondition(state, event, rules);
    case 'roll-applied':
      return applyRoll(state, event, rules);
    case 'chase-started':
    case 'chase-range-changed':
    case 'chase-turn-advanced':
    case 'chase-ended':
      if (event.type === 'chase-started' && !rules.chase)
        fail(`This encounter plays ${lookup.system(state.systemId).label}, whose rules have no chase combat.`);
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
