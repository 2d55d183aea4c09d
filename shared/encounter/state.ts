import type { SystemId, ToggleValue } from '../system-kit/rule-system';
import type { ChaseState } from '../system-kit/chase-model';
import type {
  CombatantKind,
  HealthState,
  InitiativeEntry,
  InitiativeOrder,
  RulesCombatant,
  SheetWeapon,
  Stats,
  TurnSlot,
} from '../system-kit/tracker-rules';

/**
 * Version of the EncounterState shape. Saved snapshots of another version are ignored
 * (the log is replayed instead), so changing the state shape only needs this bumped.
 */
export const ENCOUNTER_STATE_VERSION = 3;

export interface ActiveCondition {
  readonly instanceId: string;
  readonly conditionId: string;
  readonly label: string;
  /** Rounds left; null = until removed. */
  readonly roundsLeft: number | null;
  readonly expires: 'turn-start' | 'turn-end' | 'round-end' | 'pass-end';
  readonly note: string;
  /** The GM shows it on the player view; absent: only the GM sees it. */
  readonly visible?: true;
}

export interface Combatant {
  readonly id: string;
  readonly name: string;
  readonly kind: CombatantKind;
  readonly side: string;
  readonly groupId: string | null;
  readonly templateId: string | null;
  readonly stats: Stats;
  /** The weapons on the combatant's sheet (its skills and armour are stats); the roll panel offers them. */
  readonly weapons: readonly SheetWeapon[];
  readonly health: HealthState;
  readonly conditions: readonly ActiveCondition[];
  /** Resources spent since they last refilled, by resource id. */
  readonly spent: Readonly<Record<string, number>>;
  /** Reacted (Electric State, Shadowrun Full Defense) or assisted out of turn (Hardware): the next turn is forfeited. */
  readonly forfeitNextTurn: boolean;
  /** Why, as the skipped turn tells it; absent on states from before it was kept ("reacted"). */
  readonly forfeitReason?: string;
  /** Not yet revealed to the players (ambushers, reinforcements). */
  readonly hidden: boolean;
  /** An NPC whose health the player view shows in numbers; absent: the players see a descriptor ("wounded"). */
  readonly numbersShown?: true;
  /** Left the encounter; kept so the log still names it. */
  readonly removed: boolean;
  readonly notes: string;
}

export interface Side {
  readonly id: string;
  readonly name: string;
}

export interface Group {
  readonly id: string;
  readonly name: string;
  /** The GM prefers each member to roll its own initiative; absent or false: the group rolls once. */
  readonly eachRollsInitiative?: boolean;
}

export type EncounterStatus = 'setup' | 'running' | 'ended';

export interface EncounterState {
  readonly id: string;
  readonly name: string;
  readonly systemId: SystemId;
  readonly toggles: Readonly<Record<string, ToggleValue>>;
  readonly status: EncounterStatus;
  /** 0 before the encounter starts. */
  readonly round: number;
  readonly sides: readonly Side[];
  readonly groups: readonly Group[];
  readonly combatants: readonly Combatant[];
  /** Initiative of the current round (or of the encounter, when it is not rerolled). */
  readonly initiative: {
    readonly entries: readonly InitiativeEntry[];
    readonly order: InitiativeOrder | null;
  };
  /** Turns already taken (or skipped) this round. */
  readonly acted: readonly TurnSlot[];
  /**
   * The round's turn order as last built by the system, or null when something that can
   * change it has happened since (damage, conditions, initiative…). Rebuilt lazily, so a
   * long session does not pay for a rebuild on every event.
   */
  readonly plan: readonly TurnSlot[] | null;
  /** The turn being taken; null before the start, between rounds awaiting initiative, and at the end. */
  readonly current: TurnSlot | null;
  /** Turns skipped automatically this round, with why (forfeited after a reaction…). */
  readonly skipped: readonly { readonly slot: TurnSlot; readonly reason: string }[];
  /** Encounter prompts already shown and resolved or dismissed (morale checks…). */
  readonly promptsDone: readonly string[];
  /** The chase under way (Shadowrun chase combat), absent when there is none. */
  readonly chase?: ChaseState;
  /** Rolls the GM showed to the players, oldest first (at most MAX_SHOWN_ROLLS); absent: none. */
  readonly shownRolls?: readonly ShownRoll[];
}

/** How many shown rolls the state keeps; the player view shows the last few of them. */
export const MAX_SHOWN_ROLLS = 10;

/**
 * A roll as the players may see it, copied when the GM shows it: who, why, the dice and the
 * log's one-line result (never its odds or explanation). Actor and targets are kept so the player
 * view can leave out a roll that names a combatant still hidden.
 */
export interface ShownRoll {
  /** The roll's id (RollRecord.id). */
  readonly rollId: string;
  readonly who: string;
  readonly what: string;
  readonly summary: string;
  readonly dice: readonly { readonly sides: number; readonly faces: readonly number[] }[];
  readonly actorId?: string;
  readonly targetIds?: readonly string[];
}

export const DEFAULT_SIDES: readonly Side[] = [
  { id: 'party', name: 'Party' },
  { id: 'opponents', name: 'Opponents' },
];

export function toRulesCombatant(combatant: Combatant): RulesCombatant {
  const conditionIds = combatant.conditions.map((c) => c.conditionId);
  // Two literal shapes rather than a spread: V8 then keeps one object layout per shape,
  // which keeps the rules' hot paths fast with hundreds of combatants.
  return combatant.groupId
    ? { id: combatant.id, name: combatant.name, kind: combatant.kind, side: combatant.side, groupId: combatant.groupId, stats: combatant.stats, health: combatant.health, conditionIds }
    : { id: combatant.id, name: combatant.name, kind: combatant.kind, side: combatant.side, stats: combatant.stats, health: combatant.health, conditionIds };
}

export function presentCombatants(state: EncounterState): Combatant[] {
  return state.combatants.filter((c) => !c.removed);
}

/**
 * The present combatants as the system's initiative sees them: members of a group whose members
 * each roll their own initiative are shown ungrouped, so the system gives each its own turn.
 */
export function initiativeCombatants(state: EncounterState): RulesCombatant[] {
  const split = state.groups.some((g) => g.eachRollsInitiative)
    ? new Set(state.groups.filter((g) => g.eachRollsInitiative).map((g) => g.id))
    : null;
  return presentCombatants(state).map((c) =>
    split && c.groupId !== null && split.has(c.groupId) ? toRulesCombatant({ ...c, groupId: null }) : toRulesCombatant(c),
  );
}

export function findCombatant(state: EncounterState, id: string): Combatant | undefined {
  return state.combatants.find((c) => c.id === id);
}

export function sameSlot(a: TurnSlot, b: TurnSlot): boolean {
  return a.combatantId === b.combatantId && a.pass === b.pass;
}
