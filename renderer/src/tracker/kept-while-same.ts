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
