/** Runs `work` off the critical frame: after the next frame has painted, when the page is idle (within 100 ms). */
export type Schedule = (work: () => void) => void;

export const afterPaintWhenIdle: Schedule = (work) => {
  requestAnimationFrame(() => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 100 });
    else setTimeout(work, 0);
  });
};

/** For callers that must see every change at once (tests, tools). */
export const runNow: Schedule = (work) => work();
