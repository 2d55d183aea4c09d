import { shallowRef, watch, type ShallowRef } from 'vue';

/** Runs `work` later; see afterPaintWhenIdle. */
export type Schedule = (work: () => void) => void;

/** Runs `work` off the critical frame: after the next frame has painted, when the page is idle (within 100 ms). */
export const afterPaintWhenIdle: Schedule = (work) => {
  requestAnimationFrame(() => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 100 });
    else setTimeout(work, 0);
  });
};

/** Resolves once the browser has painted the current state of the page (the frame, then the task after it). */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** For callers that must see every change at once (tests, tools). */
export const runNow: Schedule = (work) => work();

let panelSchedule: Schedule = afterPaintWhenIdle;

/**
 * How panels that follow the encounter a frame behind (the log, the roll panel) schedule their
 * update. Tests set `runNow`; returns the schedule it replaces.
 */
export function setPanelSchedule(next: Schedule): Schedule {
  const previous = panelSchedule;
  panelSchedule = next;
  return previous;
}

export const schedulePanelUpdate: Schedule = (work) => panelSchedule(work);

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
  const value = shallowRef(source());
  let planned = false;
  function catchUp(): void {
    planned = false;
    value.value = source();
  }
  watch(
    source,
    (next, previous) => {
      const id = encounterOf(next);
      if (id === null || previous === undefined || id !== encounterOf(previous)) catchUp();
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
