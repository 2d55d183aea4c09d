import { describe, expect, it } from 'vitest';
import { backupsToDelete, type RetainedBackup } from './retention';

const backup = (createdAt: string): RetainedBackup => ({ name: `b-${createdAt}`, createdAt });
const now = new Date('2026-12-15T10:00:00.000Z');

describe('backupsToDelete', () => {
  it('deletes nothing while there are 20 backups or fewer', () => {
    const twenty = Array.from({ length: 20 }, (_, index) => backup(`2026-01-01T00:${String(index).padStart(2, '0')}:00.000Z`));
    expect(backupsToDelete(twenty, now, 'b-2026-01-01T00:19:00.000Z')).toEqual([]);
  });

  it('keeps the newest 20 of one day and deletes the older ones, newest first', () => {
    const today = Array.from({ length: 23 }, (_, index) => backup(`2026-12-15T09:${String(index).padStart(2, '0')}:00.000Z`));
    expect(backupsToDelete(today, now, 'b-2026-12-15T09:22:00.000Z')).toEqual([
      'b-2026-12-15T09:02:00.000Z',
      'b-2026-12-15T09:01:00.000Z',
      'b-2026-12-15T09:00:00.000Z',
    ]);
  });

  it('beyond the newest 20, keeps the newest of each UTC day from 13 days ago to today, and no older day', () => {
    const recent = Array.from({ length: 20 }, (_, index) => backup(`2026-12-15T09:${String(index).padStart(2, '0')}:00.000Z`));
    const older = [
      backup('2026-12-14T23:59:59.999Z'), // yesterday's newest: kept
      backup('2026-12-14T00:00:00.000Z'), // yesterday's older one: deleted
      backup('2026-12-02T00:00:00.000Z'), // 13 days ago (the 14th day), its only one: kept
      backup('2026-12-01T23:59:59.999Z'), // 14 days ago: outside the window, deleted
      backup('2026-11-20T12:00:00.000Z'),
    ];
    expect(backupsToDelete([...older, ...recent], now, 'b-2026-12-15T09:19:00.000Z')).toEqual([
      'b-2026-12-14T00:00:00.000Z',
      'b-2026-12-01T23:59:59.999Z',
      'b-2026-11-20T12:00:00.000Z',
    ]);
  });

  it('counts days in UTC: 23:30 and 00:30 UTC are two days even where they share a local date', () => {
    const recent = Array.from({ length: 20 }, (_, index) => backup(`2026-12-15T09:${String(index).padStart(2, '0')}:00.000Z`));
    const older = [backup('2026-12-10T00:30:00.000Z'), backup('2026-12-09T23:30:00.000Z'), backup('2026-12-09T22:00:00.000Z')];
    expect(backupsToDelete([...recent, ...older], now, 'b-2026-12-15T09:19:00.000Z')).toEqual(['b-2026-12-09T22:00:00.000Z']);
  });

  it('never deletes the backup just written, even when it sorts among the oldest (a clock set back)', () => {
    const recent = Array.from({ length: 20 }, (_, index) => backup(`2026-12-15T09:${String(index).padStart(2, '0')}:00.000Z`));
    const written = backup('2020-01-01T00:00:00.000Z');
    const other = backup('2020-01-01T00:00:01.000Z');
    expect(backupsToDelete([written, other, ...recent], now, written.name)).toEqual([other.name]);
  });
});
