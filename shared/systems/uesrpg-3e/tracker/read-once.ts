import type { HitLocation } from '../combat';
import { woundState as packageWoundState, type WoundState } from '../health';
import { readToggles as resolveToggleValues, type UesrpgToggles } from '../toggles';

// ---------------------------------------------------------------------------------------------
// Read once, reuse by identity. Stat blocks, health records (and their wound lists) and toggle
// values are immutable JSON: the reducer replaces them, never edits them, and the GM screen asks
// for the same ones on every redraw and round rebuild. So each is checked (and its derived stats
// worked out) the first time it is seen and kept in a WeakMap keyed by the object. A bad one is
// never kept, so it fails with the same message every time.
// ---------------------------------------------------------------------------------------------

const togglesCache = new WeakMap<object, UesrpgToggles>();

/** The package's readToggles, once per toggles object. */
export function readToggles(options: unknown): UesrpgToggles {
  if (typeof options !== 'object' || options === null) return resolveToggleValues(options);
  let toggles = togglesCache.get(options);
  if (toggles === undefined) {
    toggles = resolveToggleValues(options);
    togglesCache.set(options, toggles);
  }
  return toggles;
}

const woundStateCache = new WeakMap<readonly HitLocation[], WoundState>();

/** The package's woundState, once per wound list (wound lists live inside immutable health records). */
export function woundState(wounds: readonly HitLocation[]): WoundState {
  if (!Array.isArray(wounds)) return packageWoundState(wounds);
  let state = woundStateCache.get(wounds);
  if (state === undefined) {
    state = packageWoundState(wounds);
    woundStateCache.set(wounds, state);
  }
  return state;
}
