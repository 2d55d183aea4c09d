import type { SystemId } from '../../systems/contract';
import { electricStateSummaries } from './electric-state';
import { hardwareSummaries } from './hardware';
import { shadowrun4eSummaries } from './shadowrun-4e';
import type { RuleSummary } from './summary';
import { uesrpg3eSummaries } from './uesrpg-3e';

/** Every system's rules summaries, in the order the quick reference lists them. */
export const ruleSummaries: Readonly<Record<SystemId, readonly RuleSummary[]>> = {
  'electric-state': electricStateSummaries,
  'uesrpg-3e': uesrpg3eSummaries,
  'shadowrun-4e': shadowrun4eSummaries,
  hardware: hardwareSummaries,
};

const bySection = new Map<SystemId, ReadonlyMap<string, RuleSummary>>(
  (Object.keys(ruleSummaries) as SystemId[]).map((id) => [id, new Map(ruleSummaries[id].map((s) => [s.section, s]))]),
);

const PARENT_SEPARATOR = ' › ';
/** A full stop (or ! ?) followed by a space and a new sentence's first character, or the end of the text. */
const SENTENCE_END = /[.!?](?=\s+[A-Z0-9(“"]|$)/;

/**
 * The summary for a cited section: the exact heading, else the heading without a trailing
 * "(book)" tag (some tables mark book sections that way), else its nearest parent heading
 * ("Melee combat › Cover" → "Melee combat"). Null when none of those has a summary.
 */
export function findSummary(systemId: SystemId, section: string): RuleSummary | null {
  const summaries = bySection.get(systemId);
  if (!summaries) return null;
  let heading = section.trim().replace(/\s*\(book\)$/, '');
  for (;;) {
    const found = summaries.get(heading);
    if (found) return found;
    const cut = heading.lastIndexOf(PARENT_SEPARATOR);
    if (cut < 0) return null;
    heading = heading.slice(0, cut);
  }
}

/** The text up to and including the first full stop that ends a sentence: the tooltip line. */
export function firstSentence(text: string): string {
  const end = SENTENCE_END.exec(text);
  return end ? text.slice(0, end.index + 1) : text;
}

/** How many sentences a summary has (a full stop followed by a space and a new sentence, or the end). */
export function sentenceCount(text: string): number {
  return text.split(/(?<=[.!?])\s+(?=[A-Z0-9(“"])/).filter((part) => part.trim() !== '').length;
}

export type { RuleSummary };
