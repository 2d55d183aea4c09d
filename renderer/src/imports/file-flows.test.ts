import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GmApi } from '../../../shared/ipc/contract';
import { GmDatabase, getDatabase, setDatabase } from '../db/database';
import { useEncounterStore } from '../encounter/encounter-store';
import { useEncountersStore } from '../encounter/encounters-store';

/** The shell under the screen: what the GM picks, recorded; exports go to exportShell. */
const shell = vi.hoisted(() => ({
  pick: { status: 'cancelled' } as { status: 'picked'; name: string; text: string } | { status: 'cancelled' } | { status: 'failed'; message: string },
}));

vi.mock('../platform/gm', async () => {
  const { exportShellMethods } = await import('../../test/export-shell.test-support');
  return { gm: { ...exportShellMethods, pickImportFile: async () => shell.pick } satisfies Partial<GmApi> };
});

const { exportShell } = await import('../../test/export-shell.test-support');
const { useExportFile } = await import('../exports');
const { useImportFile } = await import('./useImportFile');

let n = 0;
beforeEach(() => {
  setActivePinia(createPinia());
  setDatabase(new GmDatabase(`gm-screen-file-flows-${n++}`));
  exportShell.reset();
  shell.pick = { status: 'cancelled' };
});

const now = () => new Date(2026, 11, 1, 21, 0);
const guard = { strength: 3, agility: 3, wits: 2, empathy: 1, armor: 2 };

async function mall(): Promise<string> {
  const id = (await useEncountersStore().create('Mall', 'electric-state'))!;
  const encounter = useEncounterStore();
  await encounter.open(id);
  await encounter.dispatchAll([
    { type: 'combatant-added', combatant: { id: 'c1', name: 'Guard', kind: 'npc', side: 'opponents', stats: guard } },
    { type: 'encounter-started' },
  ]);
  await encounter.dispatch({ type: 'note-added', text: 'The lights flicker.' });
  return id;
}

/** Every table of the database, to show that a refused import changed nothing. */
async function everything(): Promise<unknown> {
  const db = getDatabase();
  return Promise.all([db.encounters.toArray(), db.events.toArray(), db.templates.toArray(), db.snapshots.toArray(), db.settings.toArray()]);
}

describe('exporting', () => {
  it('renders the chosen format and hands it to the shell under a file name of the encounter and day', async () => {
    const id = await mall();
    const exporter = useExportFile(now);
    const outcome = await exporter.run(id, 'markdown', { includeUndone: false, rounds: null });
    expect(exportShell.saved.map((s) => [s.fileName, s.format])).toEqual([['Mall 2026-12-01.md', 'markdown']]);
    expect(exportShell.saved[0]!.content.startsWith('# Mall\n')).toBe(true);
    expect(exportShell.saved[0]!.content).toContain('The lights flicker.');
    expect(outcome).toEqual({ kind: 'saved', path: '/data/exports/Mall 2026-12-01.md', bytes: new TextEncoder().encode(exportShell.saved[0]!.content).length, fileName: 'Mall 2026-12-01.md', damage: null });
    expect(exporter.running.value).toBe(false);
    // What the dialog shows beside its bar: the share done of the log's entries (a report walks them twice).
    expect([exporter.entries.value, exporter.progress.value, exporter.percent.value]).toEqual([4, { done: 8, total: 8 }, 100]);
  });

  it('says what the shell said when the file could not be begun, a part not saved, or the file not finished; nothing stays open', async () => {
    const id = await mall();
    const exporter = useExportFile(now);
    const csv = () => exporter.run(id, 'csv', { includeUndone: false, rounds: null });
    exportShell.beginAnswer = { status: 'cancelled' };
    expect(await csv()).toEqual({ kind: 'cancelled' });
    exportShell.beginAnswer = { status: 'failed', message: 'Could not save /data/exports/Mall 2026-12-01.csv: the disk is full.' };
    expect(await csv()).toEqual({ kind: 'failed', message: 'Could not save /data/exports/Mall 2026-12-01.csv: the disk is full.' });
    exportShell.beginAnswer = null;
    exportShell.appendAnswer = { status: 'failed', message: 'Could not save /data/exports/Mall 2026-12-01.csv: the disk is full.' };
    expect(await csv()).toEqual({ kind: 'failed', message: 'Could not save /data/exports/Mall 2026-12-01.csv: the disk is full.' });
    exportShell.appendAnswer = null;
    exportShell.finishAnswer = { status: 'failed', message: 'Could not save /data/exports/Mall 2026-12-01.csv: the folder is read-only.' };
    expect(await csv()).toEqual({ kind: 'failed', message: 'Could not save /data/exports/Mall 2026-12-01.csv: the folder is read-only.' });
    expect([exportShell.saved, [...exportShell.open.keys()], exportShell.aborted, exporter.running.value]).toEqual([[], [], [], false]);
  });

  it('drops the file it began when the export is cancelled while it is written', async () => {
    const id = await mall();
    const exporter = useExportFile(now);
    let release: () => void = () => undefined;
    exportShell.appendGate = new Promise((resolve) => (release = resolve));
    const running = exporter.run(id, 'markdown', { includeUndone: false, rounds: null });
    // Cancelled once the file is begun, while its first part is being saved.
    await vi.waitUntil(() => exportShell.open.size === 1);
    exporter.cancel();
    release();
    expect(await running).toEqual({ kind: 'cancelled' });
    expect([exportShell.saved, [...exportShell.open.keys()], exportShell.aborted]).toEqual([[], [], ['00000000-0000-4000-8000-000000000001']]);
  });

  it('refuses an encounter that is gone with the reason', async () => {
    const exporter = useExportFile(now);
    expect(await exporter.run('nope', 'json', { includeUndone: false, rounds: null })).toEqual({ kind: 'failed', message: 'This encounter is no longer in the list.' });
    expect(exportShell.saved).toEqual([]);
  });
});

describe('importing an encounter', () => {
  it('adds an exported encounter as a copy with a new id, listed, that exports the same file', async () => {
    const id = await mall();
    await useExportFile(now).run(id, 'json', { includeUndone: false, rounds: null });
    const file = exportShell.saved[0]!.content;
    shell.pick = { status: 'picked', name: 'Mall.json', text: file };

    const outcome = await useImportFile(now).run('encounter');
    expect(outcome).toMatchObject({ kind: 'encounter', name: 'Mall', fileName: 'Mall.json', entries: 4, combatants: 1, round: 1 });
    const copyId = (outcome as { id: string }).id;
    expect(copyId).not.toBe(id);
    expect(useEncountersStore().rows.map((row) => [row.name, row.id]).sort()).toEqual([
      ['Mall', copyId],
      ['Mall', id],
    ].sort());
    await useExportFile(now).run(copyId, 'json', { includeUndone: false, rounds: null });
    expect(exportShell.saved[1]!.content).toBe(file);
  });

  it('refuses a file that is not an encounter, or hostile, and the database is exactly as before', async () => {
    await mall();
    const before = await everything();
    for (const text of ['{"eggs": 12}', '{"format":"gm-screen-encounter","version":1,"__proto__":{"x":1}}', 'not json at all', '']) {
      shell.pick = { status: 'picked', name: 'bad.json', text };
      const outcome = await useImportFile(now).run('encounter');
      expect(outcome.kind).toBe('refused');
      expect((outcome as { message: string }).message).toMatch(/^“bad\.json” was not imported: .+ Nothing was changed\.$/);
    }
    expect(await everything()).toEqual(before);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('passes on the picker being closed and the shell refusing the file', async () => {
    expect(await useImportFile(now).run('encounter')).toEqual({ kind: 'cancelled' });
    shell.pick = { status: 'failed', message: '“huge.json” is 200 MB; an import may be at most 128 MB.' };
    expect(await useImportFile(now).run('encounter')).toEqual({ kind: 'refused', message: '“huge.json” is 200 MB; an import may be at most 128 MB.' });
  });
});
