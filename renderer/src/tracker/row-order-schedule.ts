import { afterNextPaint, swappable, type Schedule } from '../ui/afterPaint';

// Here rather than in ui/afterPaint.ts: only the tracker's chunks need it, not the start-up script.

/** Runs `work` in a task of its own once the next frame has painted: sooner than afterPaintWhenIdle. */
const afterPaint: Schedule = (work) => void afterNextPaint().then(work);

const rowOrder = swappable(afterPaint);
/** How the tracker schedules its order-derived lines (TrackerPanel.vue, useTrackerProgress.ts). Tests set `runNow`. */
export const scheduleRowOrder: Schedule = rowOrder.run;
export const setRowOrderSchedule = rowOrder.set;
