import type { FieldDef, SetupValue } from './workflow';
import type { ChaseTerrain } from './chase-model';
import type { ExplainStep, RuleRef, SystemId, ToggleValues } from './rule-system';

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
  /** One of the few key stats the quick "Add PC / Add NPC" form asks for (the rest keep their defaults). */
  readonly quick?: boolean;
  /**
   * The field matters only while the flag stat `stat` is `is` (a vehicle's Handling only when
   * "vehicle" is on, a person's Charisma only when it is off); see `statApplies`. Sheets and
   * summaries leave a field out while it does not apply, and the rules never read it then.
   */
  readonly onlyWhen?: StatRelevance;
}

/** "This field matters only when the flag stat `stat` has the value `is`" (an absent flag is off). */
export interface StatRelevance {
  readonly stat: string;
  readonly is: boolean;
}

/**
 * A weapon on a combatant's sheet: chosen from the system's weapon table (then `row` names it and
 * `values` hold its numbers as the table gives them) or made up by the GM (no `row`). `values`
 * holds every field of the system's `WeaponRules.fields`, so a roll can read it without the table.
 */
export interface SheetWeapon {
  /** Unique within the sheet; the roll panel's weapon choice names it. */
  readonly id: string;
  readonly name: string;
  readonly row?: { readonly tableId: string; readonly rowIndex: number };
  readonly values: Readonly<Record<string, SetupValue>>;
}

/** A system whose sheets carry no weapons. */
export const NO_WEAPONS: WeaponRules = { fields: [], catalogue: [], describe: () => '' };

/** What a system's sheets hold for weapons: the custom weapon form and the weapons of its tables. */
export interface WeaponRules {
  /** The numbers a weapon carries (damage, range, modes…), drawn as the custom weapon form. */
  readonly fields: readonly FieldDef[];
  /** Every weapon of the system's weapon and gear tables, ready to put on a sheet. */
  readonly catalogue: readonly SheetWeapon[];
  /**
   * A weapon's numbers in the system's own notation, leaving out what does not apply
   * ("Pistols · 5P · AP −1 · SA · RC 0", "1d8 · 1 m"); "" when there is nothing to say. Pure.
   */
  readonly describe: (weapon: SheetWeapon) => string;
}

export type CombatantKind = 'pc' | 'npc';

/** The parts of a combatant the system rules see. */
export interface RulesCombatant {
  readonly id: string;
  readonly name: string;
  readonly kind: CombatantKind;
  readonly side: string;
  /** NPC group (one initiative, one morale check); undefined when not grouped. */
  readonly groupId?: string;
  readonly stats: Stats;
  readonly health: HealthState;
  /** Ids of the conditions the combatant has now (a GM-applied "paralysed" must stop it acting). */
  readonly conditionIds: readonly string[];
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
  /** A hit location (UESRPG) or the attribute hit (Hardware attribute loss), per HarmKind.locations. */
  readonly location?: string;
}

export interface HealthTrack {
  readonly id: string;
  readonly label: string;
  /** What is left (boxes still free, HP left); the GM screen marks max − current as damage. */
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
  /** Conditions the harm imposes (UESRPG stunned, Hardware Dying…); one the bearer already has is not added twice. */
  readonly conditions?: readonly ConditionInit[];
  /** Condition ids the harm ends (healing Stamina ends Overloaded). */
  readonly removeConditions?: readonly string[];
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
  readonly removeConditions?: readonly string[];
  /** Effects on other combatants (a failed group morale save breaks the whole group). */
  readonly others?: readonly { readonly combatantId: string; readonly conditions: readonly ConditionInit[] }[];
}

/** Where the encounter is, for rules that depend on it (a death roll is due once per turn). */
export interface EncounterMoment {
  readonly round: number;
  /** The combatant whose turn it is, or null between rounds / before the start. */
  readonly activeCombatantId: string | null;
  readonly toggles: ToggleValues;
}

export interface ConditionDef {
  readonly id: string;
  readonly label: string;
  readonly description: string;
  /** Default duration in rounds; undefined = until removed. */
  readonly defaultRounds?: number;
  /** When its rounds tick down (default 'turn-end'). */
  readonly expires?: ConditionInit['expires'];
}

export interface ConditionInit {
  readonly conditionId: string;
  readonly label: string;
  readonly rounds?: number;
  /**
   * When the remaining rounds tick down: at the start or the end of the bearer's turn, at the end
   * of the round (Shadowrun: several Action Phases per Combat Turn), or at the end of each pass of
   * the round (Shadowrun's Initiative Passes: `rounds` then counts passes).
   */
  readonly expires?: 'turn-start' | 'turn-end' | 'round-end' | 'pass-end';
  readonly note?: string;
}

/** Who rolls initiative: each side (Electric State) or each combatant / NPC group. */
export type InitiativeScope = 'side' | 'combatant';

export interface InitiativeParticipant {
  /** A side id (scope "side"), a group id (members roll once), or a combatant id. */
  readonly id: string;
  readonly label: string;
  readonly members: readonly RulesCombatant[];
}

export interface InitiativeEntry {
  readonly participantId: string;
  /** Combatants this entry orders (a side's or a group's members, or the combatant itself). */
  readonly memberIds: readonly string[];
  /** The number the order is sorted by (total, score; Hardware: 1 acts first, 0 not). */
  readonly score: number;
  /** How the GM screen shows it ("14", "Acts first", "Loses turn"). */
  readonly display: string;
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

/** A member's Initiative as it stands now, when it moves after the roll (Shadowrun: wounds lower the score at once). */
export interface CurrentInitiative {
  /** What the order uses now. */
  readonly score: number;
  /** How the GM screen shows it ("9", "9 · glitch"). */
  readonly display: string;
  /** The roll and what changed it since, for the tooltip ("Rolled 11, wound modifier −2"). */
  readonly explanation: string;
}

export interface InitiativeRules {
  /**
   * Where a member of a scored entry stands now, for systems whose score changes after the roll;
   * omitted where the rolled entry holds all round. The tracker shows it, orders its rows as the
   * round will run, and names a change in the log line of the harm or roll that made it.
   */
  current?(combatant: RulesCombatant, entry: InitiativeEntry, toggles: ToggleValues): CurrentInitiative;
  readonly scope: InitiativeScope;
  /** Once per encounter, or again at the start of every round (Shadowrun, Hardware). */
  readonly rerollEachRound: boolean;
  /**
   * With rerollEachRound: the entries a later round (2 on) starts with when nobody needs to roll,
   * or null to wait for new rolls (Hardware saves AGL at the start of the fight only, unless a
   * toggle asks for a save every round). Omitted: every later round waits for new rolls.
   */
  laterRoundEntries?(participants: readonly InitiativeParticipant[], toggles: ToggleValues): readonly InitiativeEntry[] | null;
  /**
   * Who rolls: sides (Electric State), groups and ungrouped combatants, or only PCs (Hardware).
   * Removed combatants are never passed in.
   */
  participants(
    combatants: readonly RulesCombatant[],
    sides: readonly { id: string; name: string }[],
    groups?: readonly { id: string; name: string }[],
  ): InitiativeParticipant[];
  /** Dice one participant rolls, e.g. 1d6, (Reaction+Intuition)d6, d20. count 0 = no roll needed (score with no faces). */
  dice(participant: InitiativeParticipant, toggles: ToggleValues): { count: number; sides: number };
  /** Scores one participant's rolled faces. Throws RulesError for faces that do not fit. */
  score(participant: InitiativeParticipant, faces: readonly number[], toggles: ToggleValues): InitiativeEntry;
  /** Orders scored entries with the system's tie-breaks. */
  order(
    entries: readonly InitiativeEntry[],
    participants: readonly InitiativeParticipant[],
    toggles: ToggleValues,
  ): InitiativeOrder;
}

/** One turn in the round's sequence. */
/** Chase combat as a system runs it: the Vehicle Test threshold of each kind of terrain. */
export interface ChaseRules {
  readonly terrainThresholds: Readonly<Record<ChaseTerrain, number>>;
}

export interface TurnSlot {
  readonly combatantId: string;
  /** Initiative pass (Shadowrun); 1 elsewhere. */
  readonly pass: number;
  /** What the system wants to remember about this turn (an action lost to a critical glitch). */
  readonly detail?: Readonly<Record<string, number | boolean | string>>;
}

/**
 * The tracker calls buildRound at the start of a round, after initiative, and again after
 * every change that can reorder it (damage lowering a Shadowrun score). buildRound may
 * depend on a combatant's health only through what healthView shows of it (canAct,
 * stateLabel, modifiers) and on its conditions: when harm leaves those unchanged, the
 * tracker keeps the order it has. It then drops the
 * slots in `acted` (matched by combatantId and pass), so a rebuilt round continues where
 * it was. Combatants who cannot act get no slot (their turn is skipped), except those
 * who still owe a roll on their turn (Electric State death rolls).
 */
export interface RoundContext {
  readonly round: number;
  /** Present (not removed) combatants in encounter order. */
  readonly combatants: readonly RulesCombatant[];
  readonly participants: readonly InitiativeParticipant[];
  readonly initiative: InitiativeOrder | null;
  readonly entries: readonly InitiativeEntry[];
  readonly acted: readonly TurnSlot[];
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
  /**
   * Refused once this resource has been spent this turn, with the rule's sentence (Electric
   * State: "The move must come before the action.").
   */
  readonly notAfter?: { readonly resource: string; readonly reason: string };
  readonly help?: string;
}

export interface Economy {
  readonly resources: readonly ResourceDef[];
  readonly actions: readonly ActionDef[];
  /** The rule in one line ("One move and one action, or two moves"). */
  readonly summary: string;
  /** Where the rules say it: cited when the tracker refuses an action. */
  readonly rule?: RuleRef;
}

export interface DerivedValue {
  readonly id: string;
  readonly label: string;
  readonly value: number;
  readonly help?: string;
}

/**
 * Toggle values passed to these functions are always resolved (every toggle of the system
 * present, defaults filled in). Functions throw RulesError for input they cannot accept.
 */
export interface TrackerRules {
  readonly systemId: SystemId;
  readonly statFields: readonly StatField[];
  /** Derived values shown read-only beside the stat block (max Health, WT, monitors…). */
  derive(stats: Stats): readonly DerivedValue[];
  /** Checks a whole stat block (missing fields take defaults, unknown ones are problems); one sentence per problem. */
  validateStats(stats: Stats): string[];
  /** The weapons a sheet may carry (none when absent). */
  readonly weapons?: WeaponRules;

  /** Health at full strength for this stat block. */
  initialHealth(stats: Stats, kind: CombatantKind): HealthState;
  readonly harmKinds: readonly HarmKind[];
  /**
   * `quiet`: the caller keeps only the outcome (the reducer folding a log of thousands of hits), so
   * a system may skip writing the explanation and return no steps; health and conditions are the same.
   */
  applyHarm(combatant: RulesCombatant, harm: Harm, toggles: ToggleValues, quiet?: boolean): HarmOutcome;
  healthView(combatant: RulesCombatant, toggles: ToggleValues): HealthView;
  /**
   * What of the combatant's health the round's order may depend on, as one value compared with
   * `===`: the health view's canAct, state label and modifiers, worked out without building the
   * view (the reducer asks twice on every hit). Absent: the tracker builds the views and compares those.
   */
  turnOrderFacts?(combatant: RulesCombatant, toggles: ToggleValues): string | number;
  /**
   * Which health tracks (`HealthTrack.id`, as `healthView` names them) are wounds: what an NPC's
   * word on the players' screen reads (unhurt, wounded, badly hurt); the others (a resource, an
   * attribute) never make it "wounded". `why` says so in the system's terms.
   */
  readonly woundTracks: { readonly tracks: readonly string[]; readonly why: string };
  /** Chase combat, for a system that has it (Shadowrun): absent, the tracker offers no chase. */
  readonly chase?: ChaseRules;
  /**
   * Rolls the rules require of this combatant now: a save right after harm overflowed
   * (Hardware), a death roll on its own turn (Electric State). Asked after every change.
   */
  checksDue(combatant: RulesCombatant, moment: EncounterMoment): readonly CheckRequest[];
  resolveCheck(
    combatant: RulesCombatant,
    checkId: string,
    faces: readonly number[],
    moment: EncounterMoment,
    everyone: readonly RulesCombatant[],
  ): CheckOutcome;

  readonly conditions: readonly ConditionDef[];
  readonly initiative: InitiativeRules;
  /** The ordered turns of a round (all passes for Shadowrun). */
  buildRound(context: RoundContext): readonly TurnSlot[];
  /** The action budget of a turn; `slot` is the turn being taken, when known (a critical glitch costs pass 1 an action). */
  economy(combatant: RulesCombatant, toggles: ToggleValues, slot?: TurnSlot): Economy;
  /** Encounter-wide prompts (Hardware morale saves at the first casualty and at half strength). */
  encounterPrompts(combatants: readonly RulesCombatant[], alreadyPrompted: readonly string[]): readonly CheckRequest[];
}
