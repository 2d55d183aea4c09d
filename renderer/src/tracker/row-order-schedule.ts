import { swappable, type Schedule } from '../ui/afterPaint';

// Here rather than in ui/afterPaint.ts: only the tracker panel's chunk needs it, not the start-up script.

/** Runs `work` in a task of its own once the next frame has painted: sooner than afterPaintWhenIdle. */
const afterPaint: Schedule = (work) => {
  requestAnimationFrame(() => setTimeout(work, 0));
};

const rowOrder = swappable(afterPaint);
/** How the tracker's list schedules a change to the order of its rows (see TrackerPanel.vue). Tests set `runNow`. */
export const scheduleRowOrder: Schedule = rowOrder.run;
export const setRowOrderSchedule = rowOrder.set;
