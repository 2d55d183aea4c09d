import { STARTUP_MARK_PREFIX, type StartupMilestone } from './startup-milestones';

const marked = new Set<StartupMilestone>();

/**
 * Marks a start-up milestone (startup-milestones.ts) in the performance timeline, so that where
 * the time to a resumed encounter's rows goes can be measured on any machine: the cold-start
 * bench prints each step, and DevTools' Performance panel shows the marks. Only the first of each
 * is marked: a later encounter opened the same way is not the start-up.
 */
export function markStartup(milestone: StartupMilestone): void {
  if (marked.has(milestone)) return;
  marked.add(milestone);
  performance.mark(`${STARTUP_MARK_PREFIX}${milestone}`);
}
