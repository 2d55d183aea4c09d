/** What retention needs to know of a backup. */
export interface RetainedBackup {
  readonly name: string;
  readonly createdAt: string;
}

export const KEEP_NEWEST = 20;
export const KEEP_DAILY_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * The backups to delete: all but the newest 20, and the newest of each calendar day (UTC) for
 * the last 14 days (today and the 13 before it), and never `justWritten`. Pure: the caller deletes.
 */
export function backupsToDelete(backups: readonly RetainedBackup[], now: Date, justWritten: string): string[] {
  const newestFirst = [...backups].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || (a.name < b.name ? 1 : -1));
  const keep = new Set<string>([justWritten]);
  newestFirst.slice(0, KEEP_NEWEST).forEach((backup) => keep.add(backup.name));
  const firstDailyDay = utcDay(now.getTime() - (KEEP_DAILY_DAYS - 1) * DAY_MS);
  const daysKept = new Set<string>();
  for (const backup of newestFirst) {
    const day = utcDay(Date.parse(backup.createdAt));
    if (day >= firstDailyDay && !daysKept.has(day)) {
      daysKept.add(day);
      keep.add(backup.name);
    }
  }
  return newestFirst.filter((backup) => !keep.has(backup.name)).map((backup) => backup.name);
}
