/**
 * The start-up's milestones, in the order a resumed encounter passes them, and the prefix of
 * their marks' names ("gm-startup:offer-found"). Plain data, shared with the cold-start bench,
 * which prints the time between each and the next (see startup-timeline.ts).
 */
export const STARTUP_MILESTONES = [
  'scripts-run',
  'screen-mounted',
  'offer-found',
  'resume-clicked',
  'encounter-claimed',
  'encounter-read',
  'encounter-shown',
] as const;

export type StartupMilestone = (typeof STARTUP_MILESTONES)[number];

export const STARTUP_MARK_PREFIX = 'gm-startup:';
