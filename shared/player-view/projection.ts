import { describeProgress } from '../encounter/progress';
import { remainingSlots } from '../encounter/reducer';
import { trackerOrder } from '../encounter/queries';
import type { Combatant, EncounterState, ShownRoll } from '../encounter/state';
import { toRulesCombatant } from '../encounter/state';
import type { HealthView, TrackerRules, TurnSlot } from '../system-kit/tracker-rules';
import { combatTerms } from '../system-kit/rule-system';
import { getSystemProfile } from '../systems/profiles';
import type { PlayerCombatant, PlayerCondition, PlayerEncounter, PlayerHealth, PlayerRoll, PlayerScreen, ProjectionOptions } from './contract';
import { healthDescriptor } from './descriptor';

/**
 * The public projection: everything the player view shows, decided here and nowhere else.
 * Hidden combatants are left out entirely (their turns are not even counted, and a shown roll or
 * visible condition that names one by id or by name waits for the reveal), NPCs read as a
 * descriptor unless the GM shows their numbers, only conditions and rolls the GM chose appear, and
 * nothing else of the state (stats, notes, odds, initiative scores) is read into the result.
 * Every value is a fresh copy: the result is posted to another window as it is.
 * One pass over the combatants with maps (the GM screen calls it on every change, with up to
 * 200 combatants).
 */
export function projectForPlayers(
  state: EncounterState | null,
  rules: TrackerRules | null,
  options: ProjectionOptions,
): PlayerScreen {
  if (options.screenDown) return { kind: 'blank' };
  if (!state) return { kind: 'waiting' };

  const hiddenIds = new Set<string>();
  const hiddenNames: string[] = [];
  const visibleNames: string[] = [];
  for (const combatant of state.combatants) {
    const name = combatant.name.trim().toLowerCase();
    if (!combatant.hidden) {
      if (name) visibleNames.push(name);
      continue;
    }
    hiddenIds.add(combatant.id);
    if (name) hiddenNames.push(name);
  }
  const namesHidden = (text: string) => mentionsHidden(text.toLowerCase(), hiddenNames, visibleNames);

  // Turns of removed combatants are not counted either: they are not on the player's list.
  const shown = trackerOrder(state, rules).filter((c) => !c.hidden);
  const shownIds = new Set(shown.map((c) => c.id));
  const counts = (slot: TurnSlot) => shownIds.has(slot.combatantId);

  const running = state.status === 'running' && state.current !== null;
  const remaining = running && rules ? remainingSlots(state, rules) : [];
  const actingId = running && counts(state.current!) ? state.current!.combatantId : null;
  const stillToAct = new Set(remaining.map((slot) => slot.combatantId));
  const nextId = remaining.find((slot) => counts(slot) && slot.combatantId !== actingId)?.combatantId ?? null;

  const sideNames = new Map(state.sides.map((side) => [side.id, side.name]));
  const combatants = shown.map(
    (combatant): PlayerCombatant => ({
      key: combatant.id,
      name: combatant.name,
      side: sideNames.get(combatant.side) ?? '',
      isPc: combatant.kind === 'pc',
      acting: combatant.id === actingId,
      next: combatant.id === nextId,
      done: running && combatant.id !== actingId && !stillToAct.has(combatant.id),
      health: healthOf(state, rules, combatant),
      conditions: combatant.conditions.flatMap((c): PlayerCondition[] =>
        c.visible && !namesHidden(c.label) ? [{ label: c.label, roundsLeft: c.roundsLeft }] : [],
      ),
    }),
  );

  const encounter: PlayerEncounter = {
    kind: 'encounter',
    // Also kept off while it names a combatant still hidden.
    name: options.showEncounterName && !namesHidden(state.name) ? state.name : '',
    systemId: state.systemId,
    status: state.status,
    progress: describeProgress(state, combatTerms(getSystemProfile(state.systemId)), remaining, { counts }),
    timerKey: running ? timerKey(state, options.timerScope, counts) : null,
    combatants,
    rolls: shownRolls(state.shownRolls ?? [], options.rollsShown, (roll) => namesOnlyShown(roll, hiddenIds) && !rollTextNames(roll, namesHidden)),
  };
  return encounter;
}

function healthOf(state: EncounterState, rules: TrackerRules | null, combatant: Combatant): PlayerHealth {
  // Without the rules (still loading) nothing can be said of health; unhurt reveals nothing.
  if (!rules) return { kind: 'descriptor', descriptor: 'unhurt' };
  const view: HealthView = rules.healthView(toRulesCombatant(combatant), state.toggles);
  if (combatant.kind === 'pc' || combatant.numbersShown) {
    return {
      kind: 'numbers',
      tracks: view.tracks.map((t) => ({ label: t.label, current: t.current, max: t.max, style: t.style })),
      state: view.severity === 'ok' ? '' : view.stateLabel,
    };
  }
  return { kind: 'descriptor', descriptor: healthDescriptor(rules.woundTracks, view) };
}

/**
 * Restarts the timer: each round ("r3"), or each turn ("r3p2t4", the pass and the visible turn's
 * number: a hidden combatant's turn keeps the last visible turn's key, so it never shows).
 */
function timerKey(state: EncounterState, scope: ProjectionOptions['timerScope'], counts: (slot: TurnSlot) => boolean): string {
  if (scope === 'round') return `r${state.round}`;
  const taken = [...state.acted, state.current!].filter(counts);
  const last = taken[taken.length - 1];
  return `r${state.round}p${last?.pass ?? 0}t${taken.length}`;
}

/**
 * Whether `text` (lower case) names a hidden combatant: any place a hidden name appears, unless that
 * place is inside a visible combatant's name ("Ganger 2" shown, "Ganger" hidden: "shot Ganger 2"
 * names only the one the players see).
 */
export function mentionsHidden(text: string, hiddenNames: readonly string[], visibleNames: readonly string[]): boolean {
  for (const hidden of hiddenNames) {
    const covering = visibleNames.filter((visible) => visible !== hidden && visible.includes(hidden));
    for (let at = text.indexOf(hidden); at !== -1; at = text.indexOf(hidden, at + 1)) {
      const inVisibleName = covering.some((visible) => {
        for (let offset = visible.indexOf(hidden); offset !== -1; offset = visible.indexOf(hidden, offset + 1)) {
          if (at - offset >= 0 && text.startsWith(visible, at - offset)) return true;
        }
        return false;
      });
      if (!inVisibleName) return true;
    }
  }
  return false;
}

function namesOnlyShown(roll: ShownRoll, hiddenIds: ReadonlySet<string>): boolean {
  if (roll.actorId !== undefined && hiddenIds.has(roll.actorId)) return false;
  return !(roll.targetIds ?? []).some((id) => hiddenIds.has(id));
}

function rollTextNames(roll: ShownRoll, namesHidden: (text: string) => boolean): boolean {
  return namesHidden(roll.who) || namesHidden(roll.what) || namesHidden(roll.summary);
}

/** The last `count` rolls that may be shown, newest first, copied. */
function shownRolls(rolls: readonly ShownRoll[], count: number, mayShow: (roll: ShownRoll) => boolean): PlayerRoll[] {
  const out: PlayerRoll[] = [];
  for (let i = rolls.length - 1; i >= 0 && out.length < count; i--) {
    const roll = rolls[i]!;
    if (!mayShow(roll)) continue;
    out.push({
      id: roll.rollId,
      who: roll.who,
      what: roll.what,
      summary: roll.summary,
      dice: roll.dice.map((group) => ({ sides: group.sides, faces: [...group.faces] })),
    });
  }
  return out;
}
