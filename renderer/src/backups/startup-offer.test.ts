import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BackupInfo } from '../../../shared/ipc/contract';
import { GmDatabase } from '../db/database';
import { createEncounter } from '../db/encounter-repository';
import { findStartupRestoreOffer, isDatabaseEmpty } from './startup-offer';
import { takeBackup } from './take-backup';

const newest: BackupInfo = { name: 'backup-2026-12-01.json', createdAt: '2026-12-01T19:00:00.000Z', bytes: 2048, encounters: 2, events: 7, reason: 'settled' };
const gmMock = vi.hoisted(() => ({
  findNewestIntactBackup: vi.fn<() => Promise<unknown>>(),
  writeBackup: vi.fn<(request: unknown) => Promise<unknown>>(),
}));
vi.mock('../platform/gm', () => ({ gm: gmMock }));

let databaseCount = 0;
let db: GmDatabase;
beforeEach(async () => {
  db = new GmDatabase(`gm-screen-offer-test-${databaseCount++}`);
  await db.open();
  gmMock.findNewestIntactBackup.mockReset().mockResolvedValue(newest);
  gmMock.writeBackup.mockReset();
});

describe('the start-up offer to restore a backup', () => {
  it('is made when the database opened empty (settings alone do not count) and a backup exists', async () => {
    await db.settings.put({ key: 'layout.current', value: {} });
    expect(await findStartupRestoreOffer(db, true)).toEqual({ backup: newest, databaseUnavailable: false });
  });

  it.each([
    ['an encounter', (d: GmDatabase) => createEncounter(d, { id: 'e', name: 'E', systemId: 'hardware', at: 'x' }, [])],
    ['a template', (d: GmDatabase) => d.templates.add({ id: 't', systemId: 'hardware', name: 'T', kind: 'npc', stats: {}, notes: '', updatedAt: 'x' })],
    ['a roll', (d: GmDatabase) => d.rolls.add({ id: 'r', at: 'x', roller: 'GM', reason: '', source: 'crypto', groups: [] })],
  ])('is not made when the database holds %s, and main is not even asked', async (_what, add) => {
    await add(db);
    expect(await isDatabaseEmpty(db)).toBe(false);
    expect(await findStartupRestoreOffer(db, true)).toBe(null);
    expect(gmMock.findNewestIntactBackup).not.toHaveBeenCalled();
  });

  it('is not made when no intact backup exists, or main cannot be reached', async () => {
    gmMock.findNewestIntactBackup.mockResolvedValueOnce(null);
    expect(await findStartupRestoreOffer(db, true)).toBe(null);
    gmMock.findNewestIntactBackup.mockRejectedValueOnce(new Error('Failed to fetch'));
    expect(await findStartupRestoreOffer(db, true)).toBe(null);
  });

  it('is made when the database will not open, saying so, without reading it', async () => {
    const blocked = new GmDatabase(`gm-screen-offer-test-${databaseCount++}`);
    blocked.transaction = (() => {
      throw new Error('UnknownError: Internal error opening backing store');
    }) as never;
    expect(await findStartupRestoreOffer(blocked, false)).toEqual({ backup: newest, databaseUnavailable: true });
  });

  it('comes back at the next start after "Start empty": declining stores nothing', async () => {
    expect(await findStartupRestoreOffer(db, true)).toEqual({ backup: newest, databaseUnavailable: false });
    expect(await findStartupRestoreOffer(db, true)).toEqual({ backup: newest, databaseUnavailable: false });
  });
});

describe('automatic backups of an empty database', () => {
  it('are skipped (an empty backup would become the one offered), while one asked for is taken', async () => {
    gmMock.writeBackup.mockResolvedValue({ status: 'saved', backup: { ...newest, encounters: 0, events: 0, reason: 'manual' } });
    expect(await takeBackup(db, 'settled')).toEqual({ status: 'skipped' });
    expect(await takeBackup(db, 'quit')).toEqual({ status: 'skipped' });
    expect(gmMock.writeBackup).not.toHaveBeenCalled();
    expect((await takeBackup(db, 'manual')).status).toBe('saved');
    expect(gmMock.writeBackup).toHaveBeenCalledWith({
      reason: 'manual',
      encounters: 0,
      events: 0,
      content: '{"format":"gm-screen-database","version":2,"schemaVersion":3,"tables":{"rolls":[],"settings":[],"encounters":[],"events":[],"templates":[]}}',
    });
  });

  it('a failed hand-over to main is a failed attempt with a sentence', async () => {
    await db.rolls.add({ id: 'r', at: 'x', roller: 'GM', reason: '', source: 'crypto', groups: [] });
    gmMock.writeBackup.mockRejectedValue(new Error('Failed to fetch'));
    expect(await takeBackup(db, 'settled')).toEqual({ status: 'failed', message: 'The backup could not be handed to the file service (Failed to fetch).' });
  });
});
