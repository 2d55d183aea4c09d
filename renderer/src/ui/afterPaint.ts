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

/** Runs `work` in a task of its own once the next frame has painted: sooner than afterPaintWhenIdle. */
export const afterPaint: Schedule = (work) => {
  requestAnimationFrame(() => setTimeout(work, 0));
};

/** A schedule tests can swap for `runNow`: `set` returns the schedule it replaces. */
function swappable(initial: Schedule): { run: Schedule; set: (next: Schedule) => Schedule } {
  let current = initial;
  return {
    run: (work) => current(work),
    set: (next) => {
      const previous = current;
      current = next;
      return previous;
    },
  };
}

const panels = swappable(afterPaintWhenIdle);
/** How panels that follow the encounter a frame behind (the log, the roll panel) schedule their update. */
export const schedulePanelUpdate: Schedule = panels.run;
export const setPanelSchedule = panels.set;

const rowOrder = swappable(afterPaint);
/** How the tracker's list schedules a change to the order of its rows (see TrackerPanel.vue). */
export const scheduleRowOrder: Schedule = rowOrder.run;
export const setRowOrderSchedule = rowOrder.set;

/**
 * A ref holding `read()` as it was at its last update. A change to `trigger` (watched at once, so
 * it should be cheap to work out) plans one update through `schedule`, however many changes come
 * before it runs; `read` runs then, not in the change. A change of encounter (`encounterOf` gives
 * its id: opened, closed or switched) is read at once.
 */
export function deferredRead<S, T>(
  trigger: () => S,
  encounterOf: (value: S) => string | null,
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
