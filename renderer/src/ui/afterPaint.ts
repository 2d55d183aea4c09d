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

/** A schedule tests can swap for `runNow`: `set` returns the schedule it replaces. */
export function swappable(initial: Schedule): { run: Schedule; set: (next: Schedule) => Schedule } {
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
