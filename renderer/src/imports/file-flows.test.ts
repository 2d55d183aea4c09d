import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GmApi } from '../../../shared/ipc/contract';
import { GmDatabase, getDatabase, setDatabase } from '../db/database';
import { useEncounterStore } from '../encounter/encounter-store';
import { useEncountersStore } from '../encounter/encounters-store';

/** The shell under the screen: what the GM picks and where files are saved, recorded. */
const shell = vi.hoisted(() => ({
  saved: [] as { fileName: string; format: string; content: string }[],
  saveAnswer: null as null | { status: 'failed'; message: string } | { status: 'cancelled' },
  pick: { status: 'cancelled' } as { status: 'picked'; name: string; text: string } | { status: 'cancelled' } | { status: 'failed'; message: string },
}));

vi.mock('../platform/gm', () => ({
  gm: {
    saveExport: async (request: { fileName: string; format: string; content: string }) => {
      if (shell.saveAnswer) return shell.saveAnswer;
      shell.saved.push(request);
      return { status: 'saved', path: `/data/exports/${request.fileName}`, bytes: new TextEncoder().encode(request.content).length };
    },
    pickImportFile: async () => shell.pick,
  } satisfies Partial<GmApi>,
}));

const { useExportFile } = await import('../exports');
const { useImportFile } = await import('./useImportFile');

let n = 0;
beforeEach(() => {
  setActivePinia(createPinia());
  setDatabase(new GmDatabase(`gm-screen-file-flows-${n++}`));
  shell.saved = [];
  shell.saveAnswer = null;
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
    expect(shell.saved.map((s) => [s.fileName, s.format])).toEqual([['Mall 2026-12-01.md', 'markdown']]);
    expect(shell.saved[0]!.content.startsWith('# Mall\n')).toBe(true);
    expect(shell.saved[0]!.content).toContain('The lights flicker.');
    expect(outcome).toEqual({ kind: 'saved', path: '/data/exports/Mall 2026-12-01.md', bytes: new TextEncoder().encode(shell.saved[0]!.content).length, fileName: 'Mall 2026-12-01.md', damage: null });
    expect(exporter.running.value).toBe(false);
  });

  it('says what the shell said when the save failed or was cancelled', async () => {
    const id = await mall();
    const exporter = useExportFile(now);
    shell.saveAnswer = { status: 'failed', message: 'The disk is full.' };
    expect(await exporter.run(id, 'csv', { includeUndone: false, rounds: null })).toEqual({ kind: 'failed', message: 'The disk is full.' });
    shell.saveAnswer = { status: 'cancelled' };
    expect(await exporter.run(id, 'csv', { includeUndone: false, rounds: null })).toEqual({ kind: 'cancelled' });
  });

  it('refuses an encounter that is gone with the reason', async () => {
    const exporter = useExportFile(now);
    expect(await exporter.run('nope', 'json', { includeUndone: false, rounds: null })).toEqual({ kind: 'failed', message: 'This encounter is no longer in the list.' });
    expect(shell.saved).toEqual([]);
  });
});

describe('importing an encounter', () => {
  it('adds an exported encounter as a copy with a new id, listed, that exports the same file', async () => {
    const id = await mall();
    await useExportFile(now).run(id, 'json', { includeUndone: false, rounds: null });
    const file = shell.saved[0]!.content;
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
    expect(shell.saved[1]!.content).toBe(file);
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
