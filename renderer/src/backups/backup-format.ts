import type { BackupReason } from '../../../shared/ipc/contract';
import type { DumpCounts } from './database-dump';

/** "1 Dec 2026, 19:20" in the GM's own locale (the browser's by default). */
export function formatBackupTime(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** Why a backup was taken, as the list says it. */
export const BACKUP_REASON_WORDS: Record<BackupReason, string> = {
  settled: 'After changes',
  quit: 'When the app closed',
  'before-restore': 'Before a restore',
  manual: 'By hand',
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "2 encounters, 1 event" */
export function describeCounts(counts: DumpCounts): string {
  return `${plural(counts.encounters, 'encounter', 'encounters')}, ${plural(counts.events, 'event', 'events')}`;
}
