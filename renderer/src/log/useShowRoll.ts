import { computed } from 'vue';
import type { EncounterEvent } from '../../../shared/encounter/events';
import type { EncounterHistory } from '../../../shared/encounter/history';
import { rulesLookup } from '../systems/loaded-systems';
import { MAX_SHOWN_ROLLS, type EncounterState } from '../../../shared/encounter/state';
import { projectForPlayers } from '../../../shared/player-view/projection';
import { shownRollFrom, shownRollId } from '../../../shared/player-view/shown-roll';
import { useEncounterStore } from '../encounter/encounter-store';

/** The newest loaded event in effect (not undone) that `matches`, looking back from the cursor. */
function newestInEffect(history: EncounterHistory, matches: (event: EncounterEvent) => boolean): EncounterEvent | null {
  for (let i = Math.min(history.cursor - history.offset, history.events.length) - 1; i >= 0; i--) {
    const event = history.events[i]!;
    if (matches(event)) return event;
  }
  return null;
}

/** The event at an absolute log position, if it is loaded, is the one named and is in effect. */
export function eventInEffect(history: EncounterHistory | null, index: number, eventId: string): EncounterEvent | null {
  if (!history || index >= history.cursor) return null;
  const event = history.events[index - history.offset];
  return event?.id === eventId ? event : null;
}

/** The newest event in effect that holds a roll the players could be shown. */
export function lastRollEvent(history: EncounterHistory | null): EncounterEvent | null {
  return history ? newestInEffect(history, (event) => shownRollId(event) !== null) : null;
}

/** The event in effect whose roll has this id (a roll-applied's RollRecord id, an initiative event's id). */
export function eventOfRoll(history: EncounterHistory | null, rollId: string): EncounterEvent | null {
  return history ? newestInEffect(history, (event) => shownRollId(event) === rollId) : null;
}

/** Per state: the shown rolls the player view leaves out (one names a combatant still hidden). */
const heldBackByState = new WeakMap<EncounterState, ReadonlySet<string>>();

/**
 * The ids of shown rolls the players do not see yet, as the projection decides (a roll that names
 * a hidden combatant waits for the reveal). Worked out once per state, however many buttons ask.
 */
export function heldBackRolls(state: EncounterState | null): ReadonlySet<string> {
  if (!state?.shownRolls?.length) return NONE;
  let held = heldBackByState.get(state);
  if (!held) {
    const screen = projectForPlayers(state, rulesLookup.tracker(state.systemId), {
      rollsShown: MAX_SHOWN_ROLLS,
      timerScope: 'turn',
      screenDown: false,
      showEncounterName: true,
    });
    const seen = new Set(screen.kind === 'encounter' ? screen.rolls.map((roll) => roll.id) : []);
    held = new Set(state.shownRolls.map((roll) => roll.rollId).filter((id) => !seen.has(id)));
    heldBackByState.set(state, held);
  }
  return held;
}

const NONE: ReadonlySet<string> = new Set();

/**
 * Shows a logged roll on the player view (`roll-shown`, a copy made by `shownRollFrom`) or takes
 * it off (`roll-unshown`). Both are events: undo takes them back like any other change.
 */
export function useShowRoll() {
  const encounter = useEncounterStore();
  const shownIds = computed(() => new Set((encounter.state?.shownRolls ?? []).map((roll) => roll.rollId)));

  /** Why rolls cannot be shown or taken off now, or null. */
  const unavailable = computed(() => {
    if (!encounter.state) return 'Open an encounter first.';
    return encounter.readOnlyReason;
  });

  function isShown(event: EncounterEvent): boolean {
    const id = shownRollId(event);
    return id !== null && shownIds.value.has(id);
  }

  /** Shown, but held back from the players while it names a hidden combatant. */
  function isHeldBack(event: EncounterEvent): boolean {
    const id = shownRollId(event);
    return id !== null && heldBackRolls(encounter.state).has(id);
  }

  function show(event: EncounterEvent): Promise<boolean> {
    const roll = shownRollFrom(event, encounter.state);
    if (!roll || shownIds.value.has(roll.rollId)) return Promise.resolve(false);
    return encounter.dispatch({ type: 'roll-shown', roll });
  }

  function unshow(event: EncounterEvent): Promise<boolean> {
    const rollId = shownRollId(event);
    if (rollId === null || !shownIds.value.has(rollId)) return Promise.resolve(false);
    return encounter.dispatch({ type: 'roll-unshown', rollId });
  }

  return { encounter, unavailable, isShown, isHeldBack, show, unshow };
}
