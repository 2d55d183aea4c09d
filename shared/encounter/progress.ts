import type { CombatTerms } from '../system-kit/rule-system';
import { remainingSlots } from './reducer';
import type { EncounterState } from './state';
import type { TrackerRules, TurnSlot } from '../system-kit/tracker-rules';

/**
 * Where the fight is, in the system's own words: "Round 2 · Turn 3 of 6", or for Shadowrun
 * "Combat Turn 2 · Initiative Pass 2 · Action Phase 5 of 7". The pass is named only where the
 * round has more than one. `compact` (the app header, one line at 1280 px beside the encounter's
 * name) leaves the pass to the tracker and names the turn by its last word: "Combat Turn 2 · Phase 5 of 7".
 */
export function progressParts(state: EncounterState, rules: TrackerRules, terms: CombatTerms, compact = false): string[] {
  return describeProgress(state, terms, state.current ? remainingSlots(state, rules) : [], { compact });
}

export interface ProgressOptions {
  readonly compact?: boolean;
  /**
   * Which turns are counted (the player view counts only visible combatants' turns, so the number of
   * hidden ones never shows). While an uncounted turn is being taken, only the round is named.
   * Absent: every turn counts.
   */
  readonly counts?: (slot: TurnSlot) => boolean;
}

/** progressParts with the round's remaining slots already at hand (`remainingSlots`), so a caller that needs them too builds them once. */
export function describeProgress(
  state: EncounterState,
  terms: CombatTerms,
  remaining: readonly TurnSlot[],
  options: ProgressOptions = {},
): string[] {
  const { compact = false, counts } = options;
  const short = (term: string) => (compact ? term.slice(term.lastIndexOf(' ') + 1) : term);
  if (state.status === 'setup') return ['Setting up'];
  // Shadowrun's terms are proper nouns mid-sentence; the generic "round" is not.
  const roundInText = terms.round === 'Round' ? 'round' : terms.round;
  if (state.status === 'ended') return [`Ended after ${roundInText} ${state.round}`];
  const parts = [`${terms.round} ${state.round}`];
  const current = state.current;
  if (!current) {
    parts.push('initiative due');
    return parts;
  }
  if (counts && !counts(current)) return parts;
  const acted = counts ? state.acted.filter(counts) : state.acted;
  const left = counts ? remaining.filter(counts) : remaining;
  let passes = Math.max(1, current.pass);
  for (const slot of acted) passes = Math.max(passes, slot.pass);
  for (const slot of left) passes = Math.max(passes, slot.pass);
  if (passes > 1 && !compact) parts.push(`${terms.pass} ${current.pass}`);
  const taken = acted.length + 1;
  parts.push(`${short(terms.turn)} ${taken} of ${taken + left.length}`);
  return parts;
}
