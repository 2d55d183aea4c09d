import { shallowRef, watch, type ShallowRef } from 'vue';
import { schedulePanelUpdate, type Schedule } from './afterPaint';

// Panels that follow the encounter a frame behind (log, roll panel, the tracker's order of rows).

/**
 * A ref holding `read()` as it was at its last update. A change to `trigger` (watched at once, so
 * it should be cheap to work out) plans one update through `schedule`, however many changes come
 * before it runs; `read` runs then, not in the change. A change of `atOnceKey` is read at once:
 * for a panel, the encounter's id (opened, closed or switched); null reads at once too.
 */
export function deferredRead<S, T>(
  trigger: () => S,
  atOnceKey: (value: S) => string | null,
  read: () => T,
  schedule: Schedule,
): { value: Readonly<ShallowRef<T>>; catchUp: () => void } {
  const value = shallowRef(read());
  let planned = false;
  function catchUp(): void {
    planned = false;
    value.value = read();
  }
  watch(
    trigger,
    (next, previous) => {
      const key = atOnceKey(next);
      if (key === null || previous === undefined || key !== atOnceKey(previous)) catchUp();
      else if (!planned) {
        planned = true;
        schedule(() => {
          if (planned) catchUp();
        });
      }
    },
    { flush: 'sync' },
  );
  return { value, catchUp };
}

/**
 * A ref that follows `source` through `schedule` (several changes, one update), or at once when
 * the encounter it belongs to changes (`encounterOf` gives its id: opened, closed or switched).
 * Panels the GM is not touching use it so that the frame answering a click in the tracker carries
 * only the tracker.
 */
export function deferredRef<T>(
  source: () => T,
  encounterOf: (value: T) => string | null,
  schedule: Schedule = schedulePanelUpdate,
): { value: Readonly<ShallowRef<T>>; catchUp: () => void } {
  return deferredRead(source, encounterOf, source, schedule);
}
