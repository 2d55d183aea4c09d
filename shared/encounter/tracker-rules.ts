import type { ExplainStep, SystemId, ToggleValues } from '../systems/contract';

/**
 * What the encounter tracker needs from a rule system. The tracker (reducer, queries,
 * panel) is generic; everything that differs between systems — stat blocks, health,
 * initiative, the shape of a round, the action economy, prompts — comes through this
 * interface, implemented once per system in `shared/systems/<id>/tracker.ts`.
 *
 * All state handed to or returned from these functions is plain JSON data, because
 * encounters are persisted and replayed from events. Every function is pure.
 */

/** A value in a stat block: numbers, lists of numbers (UESRPG lucky numbers) or flags. */
export type StatValue = number | boolean | readonly number[];
export type Stats = Readonly<Record<string, StatValue>>;

export interface StatField {
  readonly id: string;
  readonly label: string;
  /** Short label for dense displays ("STR", "AGL"). */
  readonly short: string;
  readonly type: 'number' | 'numbers' | 'flag';
  readonly min?: number;
  readonly max?: number;
  /** For type "numbers": how many entries at most. */
  readonly maxItems?: number;
  readonly defaultValue: StatValue;
  readonly group: 'attribute' | 'skill' | 'combat' | 'gear' | 'resource';
  /** One line shown as the field's help. */
  readonly help?: string;
}

export type CombatantKind = 'pc' | 'npc';

/** The parts of a combatant the system rules see. */
export interface RulesCombatant {
  readonly id: string;
  readonly name: string;
  readonly kind: CombatantKind;
  readonly side: string;
  readonly stats: Stats;
  readonly health: HealthState;
}

/** System-specific health data (JSON). Only the system reads inside it. */
export type HealthState = Readonly<Record<string, unknown>>;

export interface HarmKind {
  readonly id: string;
  readonly label: string;
  /** Healing moves the other way and is offered separately in the UI. */
  readonly healing: boolean;
  /** Hit locations the harm may name (UESRPG); empty when the system has none. */
  readonly locations?: readonly { readonly id: string; readonly label: string }[];
}

/** One application of harm or healing, as typed by the GM or produced by a resolved roll. */
export interface Harm {
  readonly kind: string;
  /** Final amount: armour, cover and resistance already accounted for by the roll. */
  readonly amount: number;
  readonly location?: string;
}

export interface HealthTrack {
  readonly id: string;
  readonly label: string;
  readonly current: number;
  readonly max: number;
  /** How the GM screen draws it: box grid (Shadowrun), pips, or a bar with a number. */
  readonly style: 'boxes' | 'pips' | 'bar';
}

export type HealthSeverity = 'ok' | 'hurt' | 'down' | 'dead';

export interface HealthView {
  readonly tracks: readonly HealthTrack[];
  /** A word for the state ("Incapacitated", "Dying", "Stabilized"); text, never colour alone. */
  readonly stateLabel: string;
  readonly severity: HealthSeverity;
  /** Ongoing modifiers in plain words ("Wound modifier −2", "−20 to tests (wounded)"). */
  readonly modifiers: readonly string[];
  /** Markers such as wounds by location ("Wound: left arm (crippled)"). */
  readonly markers: readonly string[];
  /** Whether the combatant can take a turn at all. */
  readonly canAct: boolean;
}

export interface HarmOutcome {
  readonly health: HealthState;
  readonly steps: readonly ExplainStep[];
  /** Conditions the harm imposes (UESRPG stunned, Hardware Dying…), added by the reducer. */
  readonly conditions?: readonly ConditionInit[];
}

/** A roll the rules ask for on someone's behalf: a death roll, a critical save, a morale save. */
export interface CheckRequest {
  readonly id: string;
  readonly combatantId: string;
  readonly label: string;
  /** Dice to roll, e.g. { count: 4, sides: 6 }. */
  readonly dice: { readonly count: number; readonly sides: number };
  /** Why now, in plain words with the rule. */
  readonly reason: ExplainStep;
}

export interface CheckOutcome {
  readonly health: HealthState;
  readonly steps: readonly ExplainStep[];
  readonly conditions?: readonly ConditionInit[];
}

export interface ConditionDef {
  readonly id: string;
  readonly label: string;
  readonly description: string;
  /** Default duration in rounds; undefined = until removed. */
  readonly defaultRounds?: number;
}

export interface ConditionInit {
  readonly conditionId: string;
  readonly label: string;
  readonly rounds?: number;
  /** When the remaining rounds tick down: at the start or the end of the bearer's turn. */
  readonly expires?: 'turn-start' | 'turn-end';
  readonly note?: string;
}

/** Who rolls initiative: each side (Electric State) or each combatant / NPC group. */
export type InitiativeScope = 'side' | 'combatant';

export interface InitiativeParticipant {
  /** A side id (scope "side") or a combatant id (groups roll with their leader's id). */
  readonly id: string;
  readonly label: string;
  readonly members: readonly RulesCombatant[];
}

export interface InitiativeEntry {
  readonly participantId: string;
  /** The number the order is sorted by (total, score). */
  readonly score: number;
  readonly faces: readonly number[];
  /** Extra per-system data kept with the entry (passes, glitch, ir, luck bonus, act-first…). */
  readonly detail: Readonly<Record<string, number | boolean | string>>;
  readonly steps: readonly ExplainStep[];
}

export interface InitiativeOrder {
  /** Participant ids, first to act first. */
  readonly order: readonly string[];
  /** Participants who lose their turn this round (Hardware failed AGL saves). */
  readonly losesTurn: readonly string[];
  /** Set when the rules say a tie must be rerolled (Electric State sides). */
  readonly tieToReroll?: readonly string[];
  readonly steps: readonly ExplainStep[];
}

export interface InitiativeRules {
  readonly scope: InitiativeScope;
  /** Once per encounter, or again at the start of every round (Shadowrun, Hardware). */
  readonly rerollEachRound: boolean;
  /** Dice one participant rolls (after wound modifiers), e.g. 1d6, (Reaction+Intuition)d6, d20. */
  dice(participant: InitiativeParticipant, toggles: ToggleValues): { count: number; sides: number };
  /** Scores one participant's rolled faces. Throws RulesError for faces that do not fit. */
  score(participant: InitiativeParticipant, faces: readonly number[], toggles: ToggleValues): InitiativeEntry;
  /** Orders scored entries with the system's tie-breaks. */
  order(entries: readonly InitiativeEntry[], participants: readonly InitiativeParticipant[]): InitiativeOrder;
}

/** One turn in the round's sequence. */
export interface TurnSlot {
  readonly combatantId: string;
  /** Initiative pass (Shadowrun); 1 elsewhere. */
  readonly pass: number;
}

export interface RoundContext {
  readonly round: number;
  readonly combatants: readonly RulesCombatant[];
  readonly initiative: InitiativeOrder | null;
  readonly entries: readonly InitiativeEntry[];
  readonly toggles: ToggleValues;
}

export interface ResourceDef {
  readonly id: string;
  readonly label: string;
  readonly max: number;
  /** When it refills. */
  readonly refresh: 'turn' | 'round';
}

export interface ActionDef {
  readonly id: string;
  readonly label: string;
  /** Resources spent by taking it. */
  readonly costs: Readonly<Record<string, number>>;
  /** A reaction is taken outside the actor's own turn (UESRPG defences, Electric State fight back/dodge). */
  readonly reaction?: boolean;
  /** Electric State: a reaction forfeits the reactor's next turn. */
  readonly forfeitsNextTurn?: boolean;
  readonly help?: string;
}

export interface Economy {
  readonly resources: readonly ResourceDef[];
  readonly actions: readonly ActionDef[];
  /** The rule in one line ("One move and one action, or two moves"). */
  readonly summary: string;
}

export interface TrackerRules {
  readonly systemId: SystemId;
  readonly statFields: readonly StatField[];
  /** Derived values shown read-only beside the stat block (max Health, WT, monitors…). */
  derive(stats: Stats): Readonly<Record<string, number>>;
  /** Checks a whole stat block; returns one sentence per problem (empty when valid). */
  validateStats(stats: Stats): string[];

  /** Health at full strength for this stat block. */
  initialHealth(stats: Stats, kind: CombatantKind): HealthState;
  harmKinds: readonly HarmKind[];
  applyHarm(combatant: RulesCombatant, harm: Harm, toggles: ToggleValues): HarmOutcome;
  healthView(combatant: RulesCombatant, toggles: ToggleValues): HealthView;
  /** Rolls the rules require of this combatant at the start of its turn (death rolls, pending saves). */
  checksDue(combatant: RulesCombatant, toggles: ToggleValues): readonly CheckRequest[];
  resolveCheck(combatant: RulesCombatant, checkId: string, faces: readonly number[], toggles: ToggleValues): CheckOutcome;

  readonly conditions: readonly ConditionDef[];
  readonly initiative: InitiativeRules;
  /** The ordered turns of a round (all passes for Shadowrun). */
  buildRound(context: RoundContext): readonly TurnSlot[];
  economy(combatant: RulesCombatant, toggles: ToggleValues): Economy;
  /** Encounter-wide prompts (Hardware morale saves at the first casualty and at half strength). */
  encounterPrompts(combatants: readonly RulesCombatant[], alreadyPrompted: readonly string[]): readonly CheckRequest[];
}
