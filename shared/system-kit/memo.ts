import type { ResolveContext, SetupValues } from './workflow';

/**
 * Caches `compute(setup, context)` by the identity of both objects: the roll panel asks for the
 * problems, the odds and the next stage of the same setup in a row, and they share one plan.
 */
export function memoizeBySetup<R>(compute: (setup: SetupValues, context: ResolveContext) => R) {
  const memo = new WeakMap<object, WeakMap<object, R>>();
  return (setup: SetupValues, context: ResolveContext): R => {
    // Untrusted callers may pass anything; only objects can be cache keys.
    if (typeof setup !== 'object' || setup === null || typeof context !== 'object' || context === null) {
      return compute(setup, context);
    }
    let bySetup = memo.get(setup);
    const known = bySetup?.get(context);
    if (known !== undefined) return known;
    const result = compute(setup, context);
    if (!bySetup) {
      bySetup = new WeakMap();
      memo.set(setup, bySetup);
    }
    bySetup.set(context, result);
    return result;
  };
}
