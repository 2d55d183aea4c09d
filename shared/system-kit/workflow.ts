import type { ChaseChange, ChaseContext } from './chase-model';
import type { ConditionInit, Harm, HealthState, SheetWeapon, Stats } from './tracker-rules';
import type { ExplainStep, RuleRef, SystemId, ToggleValues } from './rule-system';

/**
 * Roll resolution workflows: the guided "someone attacks someone" procedures of the roll
 * panel, one set per rule system (`shared/resolve/<system>.ts`), driven entirely by data and
 * pure functions so the panel itself is generic.
 *
 * A workflow is used in this order, and every function is pure and cheap (the panel calls
 * `problems` and `odds` on every input change):
 *  1. `fields(context)` — the choices the panel draws (weapon from the system's table, range,
 *     cover, defence choice, modifiers…), and `defaults(context)` for their starting values;
 *  2. `problems(setup, context)` — impossible combinations explained in sentences (a melee
 *     weapon at Long range, a pool below zero, a target that has left); non-empty = the roll
 *     button stays disabled and shows them;
 *  3. `odds(setup, context)` — exact odds before the roll;
 *  4. `nextStage(setup, context, rolled)` — the dice to roll next (attack, then defence, then
 *     armour or soak…), given the stages rolled so far; null when every needed stage is in. Each
 *     stage is rolled with the app's dice or typed from physical dice, the same way;
 *  5. `resolve(setup, context, rolled)` — the result explained step by step with the rule that
 *     decided each step, the effects on the targets, and the follow-ups now allowed (push, Edge,
 *     Luck…). Taking a follow-up appends its stage to `rolled` and resolves again.
 *
 * Bad input (a setup value of the wrong type, faces that are not valid for the die, a stage that
 * was not asked for) throws a `RulesError` with a sentence; nothing is half-applied.
 */

/** One choice in the roll panel. Values are strings, numbers or flags, never objects. */
export type FieldDef =
  | (FieldBase & {
      readonly kind: 'choice';
      readonly options: readonly { readonly value: string; readonly label: string; readonly hint?: string }[];
    })
  | (FieldBase & { readonly kind: 'number'; readonly min: number; readonly max: number; readonly step?: number })
  | (FieldBase & { readonly kind: 'flag' });

interface FieldBase {
  readonly id: string;
  readonly label: string;
  /** One line of help under or beside the control. */
  readonly help?: string;
  /** The rule the choice comes from, for the tooltip linking to the reference. */
  readonly rule?: RuleRef;
  /** Groups the form: who attacks with what, the situation, the defence, extras. */
  readonly group: 'attack' | 'situation' | 'defence' | 'extra';
  /**
   * One of the few a GM sets on most rolls of this kind (weapon, range, the two or three modifiers
   * that matter): shown at once; the others wait under "More modifiers".
   */
  readonly common?: boolean;
  /**
   * A choice that belongs to these participants (the grapple's action, suggested by their
   * conditions): choosing another attacker or target puts it back to its default.
   */
  readonly perParticipants?: boolean;
}

export type SetupValue = string | number | boolean;
export type SetupValues = Readonly<Record<string, SetupValue>>;

/** Someone taking part in the roll: a combatant of the open encounter, or typed ad hoc. */
export interface Participant {
  /** The encounter combatant, or undefined for ad-hoc values (then nothing can be applied to it). */
  readonly combatantId?: string;
  readonly name: string;
  readonly kind: 'pc' | 'npc';
  /** The system's stat block (the tracker adapter's `statFields`): attributes, skills, armour. */
  readonly stats: Stats;
  /** The weapons on the participant's sheet, offered first in the weapon choice. */
  readonly weapons?: readonly SheetWeapon[];
  /** Health as the tracker keeps it, when in an encounter (Shadowrun wound modifiers, UESRPG wounds). */
  readonly health?: HealthState;
  /** Condition ids the participant has now. */
  readonly conditionIds?: readonly string[];
  /** The GM's notes on those conditions, by condition id ("in-cover": "Brick wall"), where there are any. */
  readonly conditionNotes?: Readonly<Record<string, string>>;
  /** Left the encounter: a workflow must refuse it as a target or attacker. */
  readonly removed?: boolean;
  /**
   * What is left of the combatant's action economy now, by resource id (UESRPG "ap"), when the
   * encounter is running: the panel's defaults follow it (no AP left, no defence).
   */
  readonly resourcesLeft?: Readonly<Record<string, number>>;
}

export interface ResolveContext {
  readonly attackers: readonly Participant[];
  readonly targets: readonly Participant[];
  readonly toggles: ToggleValues;
  /**
   * The encounter's fight has begun (started, or ended): from then on everyone present is in active
   * combat unless the tracker marks them Unaware. Absent outside an encounter.
   */
  readonly combatStarted?: boolean;
  /**
   * Where the running fight is: its round and the Initiative Pass under way (1 while the round
   * waits for its first turn). Absent before the start and outside an encounter.
   */
  readonly turn?: { readonly round: number; readonly pass: number };
  /** The encounter's chase (Shadowrun chase combat), with its members' sheets; absent when none is on. */
  readonly chase?: ChaseContext;
}

/** One set of dice the procedure needs. */
export interface DiceStage {
  /** Unique within one resolution: "attack", "defence", "armour", "soak", "damage", "push"… */
  readonly id: string;
  /** What is rolled and why, in plain words: "Attack: 9 dice (Agility 4 + Pistols 3 + smartlink 2)". */
  readonly label: string;
  /** Who rolls it at the table (for the "type the faces of your dice" prompt). */
  readonly roller: string;
  readonly count: number;
  readonly sides: number;
  /** Extra dice of another kind rolled with it (Year Zero gear dice), as separate groups. */
  readonly extra?: readonly {
    readonly id: string;
    readonly label: string;
    readonly count: number;
    readonly sides: number;
  }[];
}

/** The faces rolled for one stage, group by group (main group first, then `extra` in order). */
export interface RolledStage {
  readonly stageId: string;
  readonly groups: readonly { readonly id: string; readonly sides: number; readonly faces: readonly number[] }[];
  /** "crypto", "seeded:<seed>" or "physical". */
  readonly source: string;
}

export interface OddsFigure {
  readonly label: string;
  readonly value: number;
  readonly format: 'percent' | 'number';
}

export interface OddsView {
  /** Headline figures: chance to hit, expected damage after armour, glitch chance… */
  readonly figures: readonly OddsFigure[];
  /** The distribution of the outcome that matters (damage after armour/soak), probabilities summing to 1. */
  readonly distribution?: {
    readonly label: string;
    readonly outcomes: readonly { readonly label: string; readonly p: number }[];
  };
  /** How the odds were computed, in a sentence (e.g. "exact, assuming the target takes the hit"). */
  readonly note?: string;
}

export interface Effect {
  /** Index into `context.targets` (or attackers, for effects on the attacker such as a failed push). */
  readonly on: { readonly side: 'targets' | 'attackers'; readonly index: number };
  readonly harm?: Harm;
  readonly conditions?: readonly ConditionInit[];
  /** Condition ids the roll ends (an ambushed target is Unaware no longer). */
  readonly removeConditions?: readonly string[];
}

export interface FollowUp {
  /** The stage id it adds to `rolled` when taken. */
  readonly id: string;
  readonly label: string;
  readonly description: string;
  readonly rule: RuleRef;
  readonly stage: DiceStage;
}

/**
 * An action the roll uses, of the system's economy (`TrackerRules.economy`): the attacker's
 * action of the right kind, each assister's, the defender's reaction. The panel spends them with
 * the roll when an encounter is running; the tracker refuses what the rules do not allow.
 */
export interface RollSpend {
  readonly on: Effect['on'];
  readonly actionId: string;
  /** Joins the acting combatant's attack out of turn, using the assister's turn this round (Hardware). */
  readonly assist?: boolean;
}

export interface Resolution {
  readonly steps: readonly ExplainStep[];
  /** One line for the encounter log: "Ghost shot Ganger 2: 4 hits vs 1 → 8P, soaked 2 → 6 Physical". */
  readonly summary: string;
  readonly effects: readonly Effect[];
  readonly followUps: readonly FollowUp[];
  /** The rules operation's result as plain JSON, kept in the event for the export. */
  readonly result: Readonly<Record<string, unknown>>;
  /** What the roll uses of the participants' actions (none listed: it spends nothing). */
  readonly spends?: readonly RollSpend[];
  /** What a chase stunt changes in the encounter's chase, applied with the rest. */
  readonly chase?: ChaseChange;
}

export interface ResolveWorkflow {
  readonly id: string;
  readonly systemId: SystemId;
  readonly label: string;
  /** How many attackers and targets it takes (Hardware: several attackers on one foe). */
  readonly attackers: 'one' | 'many';
  readonly targets: 'one' | 'many';
  fields(context: ResolveContext): readonly FieldDef[];
  /**
   * The starting values. `chosen` holds the values the GM set in the form: a default that depends
   * on one (the skill of the chosen weapon, read from the attacker's sheet) follows it.
   */
  defaults(context: ResolveContext, chosen?: SetupValues): SetupValues;
  problems(setup: SetupValues, context: ResolveContext): readonly string[];
  odds(setup: SetupValues, context: ResolveContext): OddsView;
  nextStage(setup: SetupValues, context: ResolveContext, rolled: readonly RolledStage[]): DiceStage | null;
  resolve(setup: SetupValues, context: ResolveContext, rolled: readonly RolledStage[]): Resolution;
  /**
   * A reference table row sent to the roll panel (a weapon): the setup values it sets, or null
   * when this workflow has no use for that table.
   */
  fromTableRow(tableId: string, rowIndex: number): Partial<Record<string, SetupValue>> | null;
  /**
   * The values the participants' sheets give this roll (the attacker's weapon and skill, the
   * defender's pool and armour), each with where it came from. They are the form's defaults
   * (`defaults` already includes them), and the explanation's first step says which numbers came
   * from a sheet and which the GM set for this roll. Absent when the roll reads nothing from sheets.
   */
  fromSheets?(context: ResolveContext, chosen?: SetupValues): SheetReading;
}

/** One value a roll takes from a sheet. */
export interface SheetSource {
  readonly fieldId: string;
  readonly value: SetupValue;
  /** Where it came from, in the explanation's words: "Ghost's sheet: Automatics 5". */
  readonly from: string;
}

export interface SheetReading {
  readonly sources: readonly SheetSource[];
}
