import type { PresetTemplate } from './presets';
import type { BookNote, RuleSummary } from './rule-summary';
import type { Operation, ReferenceTable, SystemProfile } from './rule-system';
import type { TrackerRules } from './tracker-rules';
import type { ResolveWorkflow } from './workflow';

/**
 * Everything a game system brings to the app, as one object: what its folder exports as
 * `module.ts` and what the registry (`shared/systems/registry.ts`) hands out. The encounter model
 * takes `tracker` (through a `RulesLookup`), the roll panel `workflows`, the quick reference
 * `tables`, `summaries` and `bookNotes`, the bestiary `presets`, the conformance runner `operations`.
 */
export interface SystemModule {
  /** Identity, dice, attributes and toggles with their defaults. */
  readonly profile: SystemProfile;
  /** How the tracker runs a fight in this system: stat block, health, initiative, round, economy, checks, conditions. */
  readonly tracker: TrackerRules;
  /** The roll panel's workflows, in the order the panel offers them. */
  readonly workflows: readonly ResolveWorkflow[];
  /** The reference tables, as typed data. */
  readonly tables: readonly ReferenceTable[];
  /** One plain-words summary per seed section the rules cite. */
  readonly summaries: readonly RuleSummary[];
  /** Rules the seed leaves to the book, quoted by "Book:" citations. */
  readonly bookNotes: readonly BookNote[];
  /** Ready-made bestiary templates. */
  readonly presets: readonly PresetTemplate[];
  /**
   * The conformance operations (../shared/CONFORMANCE.md), loaded on demand: they validate
   * untrusted input with zod, which the GM screen never needs.
   */
  readonly operations: () => Promise<Readonly<Record<string, Operation>>>;
}
