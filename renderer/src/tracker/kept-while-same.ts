import type { Combatant } from '../../../shared/encounter/state';

/**
 * A derived value kept while what it is derived from is the same: encounter states are never
 * changed in place, so the same objects give the same result. A turn taken keeps the combatants,
 * the initiative and the round's plan as they were, and with this the tracker's order and scores
 * stay the very same objects, so nothing that shows them is worked out or drawn again.
 */
export function keptWhileSame<T>(): (inputs: readonly unknown[], derive: () => T) => T {
  let last: readonly unknown[] | null = null;
  let kept: T;
  return (inputs, derive) => {
    const same =
      last !== null && last.length === inputs.length && inputs.every((input, i) => Object.is(input, last![i]));
    if (!same) {
      kept = derive();
      last = inputs;
    }
    return kept;
  };
}

/** The same ids in the same order. */
export function sameIds(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** What of a combatant the order and the initiative's participants read. */
type RosterFacts = Pick<Combatant, 'id' | 'removed' | 'side' | 'kind' | 'groupId'>;

/**
 * The same combatants, in the same places, each present or removed, on the same side, of the same
 * kind and in the same group as before: all that the tracker's order and the initiative's
 * participants read of the combatants themselves. Harm, conditions and spent actions change none of it.
 */
export function sameRoster(a: readonly RosterFacts[], b: readonly RosterFacts[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.id !== y.id || x.removed !== y.removed || x.side !== y.side || x.kind !== y.kind || x.groupId !== y.groupId)
      return false;
  }
  return true;
}
