import type { Participant, ResolveContext } from '../../../system-kit/workflow';
import { noteNames } from '../surprise';

/**
 * What surprise forbids an attack (book, Surprise Tests: a surprised character may not act toward
 * or react to those who surprised them, in the first Initiative Pass only). The surprise test
 * records it as the Surprised condition whose note names the surprisers; it ends with the pass.
 */

const nameOf = (p: Participant) => (typeof p.name === 'string' && p.name !== '' ? p.name : 'Someone');

/** `who` is marked surprised by `by`, and the fight is (as far as the panel knows) still in its first pass. */
export function isSurprisedBy(who: Participant, by: Participant, turn: ResolveContext['turn']): boolean {
  if (turn && turn.pass !== 1) return false;
  if (!Array.isArray(who.conditionIds) || !who.conditionIds.includes('surprised')) return false;
  const note = who.conditionNotes?.surprised;
  return typeof note === 'string' && noteNames(note, nameOf(by));
}

/** The refusal of an attacker surprised by the target, or null. */
export function surprisedAttackerProblem(
  attacker: Participant | undefined,
  target: Participant | undefined,
  turn: ResolveContext['turn'],
): string | null {
  if (!attacker || !target || !isSurprisedBy(attacker, target, turn)) return null;
  const a = nameOf(attacker);
  const t = nameOf(target);
  return `${a} is surprised by ${t} and cannot act against ${t} in the first Initiative Pass (a surprised character may not act toward or react to those who surprised them); from the second pass on, ${a} can.`;
}
