import type { Distribution } from '../dice/distribution';

/**
 * The ids of the game systems, as stored in encounters and files; the registry
 * (`shared/systems/registry.ts`) lists a module for each, in this order.
 */
export const SYSTEM_IDS = ['electric-state', 'uesrpg-3e', 'shadowrun-4e', 'hardware'] as const;
export type SystemId = (typeof SYSTEM_IDS)[number];

/** A reference to the seed text that decided a step: the section heading in the seed file. */
export interface RuleRef {
  /** Seed section heading, e.g. "Close Combat" or "Attacking & Damage". */
  readonly section: string;
  /** Where the rule comes from: the seed itself, the published book, or our documented default. */
  readonly source: 'seed' | 'book' | 'default';
}

/** One step of an explained result, in plain words, with the rule that decided it. */
export interface ExplainStep {
  readonly text: string;
  readonly rule: RuleRef;
}

export type ToggleValue = string | boolean;
export type ToggleValues = Readonly<Record<string, ToggleValue>>;

export interface ToggleDef {
  readonly id: string;
  readonly label: string;
  /** What flipping it changes, in a sentence the GM reads next to the result. */
  readonly description: string;
  readonly values: readonly { readonly value: ToggleValue; readonly label: string }[];
  readonly defaultValue: ToggleValue;
  readonly rule: RuleRef;
}

export interface AttributeDef {
  readonly id: string;
  readonly label: string;
  readonly short: string;
  readonly min: number;
  readonly max: number;
  readonly defaultValue: number;
}

export interface TableColumn {
  readonly key: string;
  readonly label: string;
  /** Numeric columns are right-aligned with tabular figures. */
  readonly numeric?: boolean;
}

export interface TableRow {
  readonly cells: Readonly<Record<string, string | number>>;
  /** Extra words the quick-reference search should find this row by. */
  readonly keywords: readonly string[];
}

export interface ReferenceTable {
  readonly id: string;
  readonly system: SystemId;
  readonly title: string;
  /** The seed section the table comes from. */
  readonly section: string;
  readonly columns: readonly TableColumn[];
  readonly rows: readonly TableRow[];
  readonly footnotes: readonly string[];
  /** Rollable tables: the dice to roll and the column that holds the roll ranges. */
  readonly roll?: { readonly dice: string; readonly column: string };
}

/**
 * A rule operation addressable by name, as used by the conformance vectors
 * (../shared/CONFORMANCE.md). Input is untrusted JSON: the operation validates it
 * and throws a RulesError with a clear message for anything wrong.
 */
export type Operation = (input: unknown, options: ToggleValues) => Record<string, unknown>;

/**
 * What a system calls the parts of a fight, for headers and log lines: Shadowrun's "Combat Turn",
 * "Initiative Pass" and "Action Phase" where the others say round, pass and turn.
 */
export interface CombatTerms {
  /** One full cycle of everyone's turns ("Round", "Combat Turn"). */
  readonly round: string;
  /** One sweep through the order inside a round, where a system has several ("Pass", "Initiative Pass"). */
  readonly pass: string;
  /** One combatant's go ("Turn", "Action Phase"). */
  readonly turn: string;
  /** The number the order is sorted by ("Initiative", "Initiative Score"). */
  readonly initiative: string;
}

export const DEFAULT_COMBAT_TERMS: CombatTerms = { round: 'Round', pass: 'Pass', turn: 'Turn', initiative: 'Initiative' };

/** The system's words for the parts of a fight; the generic ones where it names none. */
export function combatTerms(profile: Pick<SystemProfile, 'terms'>): CombatTerms {
  return profile.terms ?? DEFAULT_COMBAT_TERMS;
}

/**
 * What the app needs of a system at start-up (labels, dice, toggles): light, so the GM screen
 * loads without the reference tables and the conformance operations (`RuleSystem`).
 */
export interface SystemProfile {
  readonly id: SystemId;
  readonly label: string;
  readonly seedFile: string;
  /** The die this system rolls most (6 for Year Zero and Shadowrun, 100 for UESRPG, 20 for Hardware saves). */
  readonly primaryDie: number;
  readonly attributes: readonly AttributeDef[];
  readonly toggles: readonly ToggleDef[];
  /** Its own words for round, pass, turn and initiative; the generic ones when omitted. */
  readonly terms?: CombatTerms;
}

export interface RuleSystem extends SystemProfile {
  readonly tables: readonly ReferenceTable[];
  /** Named operations (including the odds-* ones), keyed by the conformance op name. */
  readonly operations: Readonly<Record<string, Operation>>;
}

export type { Distribution };
