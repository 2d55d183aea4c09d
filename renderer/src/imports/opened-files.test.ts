import { beforeEach, describe, expect, it, vi } from 'vitest';
import { h, nextTick, ref } from 'vue';
import type { GmApi, GmEvents, OpenedFileResponse, PickImportResponse } from '../../../shared/ipc/contract';
import { componentHarness } from '../../test/component-harness.test-support';
import { useEncounterStore } from '../encounter/encounter-store';
import { useEncountersStore } from '../encounter/encounters-store';

/** The shell under the screen: the file the picker returns, the files opened with the app, the event. */
const shell = vi.hoisted(() => ({
  pick: { status: 'cancelled' } as PickImportResponse,
  opened: [] as OpenedFileResponse[],
  taken: 0,
  fileOpened: null as null | (() => void),
  unreachable: false,
}));

vi.mock('../platform/gm', async () => ({
  gm: {
    ...(await import('../../test/export-shell.test-support')).exportShellMethods,
    pickImportFile: async () => shell.pick,
    takeOpenedFile: async () => {
      shell.taken++;
      if (shell.unreachable) throw new Error('the shell did not answer');
      return shell.opened.shift() ?? { status: 'none' };
    },
    onFileOpened: (handler: () => void) => {
      shell.fileOpened = handler;
      return () => (shell.fileOpened = null);
    },
  } satisfies Partial<GmApi & GmEvents>,
}));

const { exportShell } = await import('../../test/export-shell.test-support');
const { useExportFile } = await import('../exports');
const { useImportFile } = await import('./useImportFile');
const { asPickedFile, useOpenedFiles } = await import('./useOpenedFiles');
const { describeImportOutcome } = await import('./describe-import-outcome');
const { default: ImportButton } = await import('./ImportButton.vue');
const { default: OpenedFileNotice } = await import('./OpenedFileNotice.vue');

const harness = componentHarness('opened-files');

beforeEach(() => {
  exportShell.reset();
  shell.pick = { status: 'cancelled' };
  shell.opened = [];
  shell.taken = 0;
  shell.fileOpened = null;
  shell.unreachable = false;
});

const now = () => new Date(2026, 11, 1, 21, 0);

/** An exported encounter file: Mall, one guard, started, one note. */
async function mallFile(): Promise<string> {
  const id = (await useEncountersStore().create('Mall', 'electric-state'))!;
  const encounter = useEncounterStore();
  await encounter.open(id);
  await encounter.dispatchAll([
    { type: 'combatant-added', combatant: { id: 'c1', name: 'Guard', kind: 'npc', side: 'opponents', stats: { strength: 3, agility: 3, wits: 2, empathy: 1, armor: 2 } } },
    { type: 'encounter-started' },
  ]);
  await encounter.dispatch({ type: 'note-added', text: 'The lights flicker.' });
  await useExportFile(now).run(id, 'json', { includeUndone: false, rounds: null });
  return exportShell.saved[0]!.content;
}

const byTestId = (id: string) => harness.host.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const allText = (id: string) => [...harness.host.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)].map((element) => element.textContent?.replace(/\s+/g, ' ').trim());

describe('a file opened with the app goes the way of a picked file', () => {
  it('maps the shell’s answers onto the picker’s: a file is picked, a failure stays, none is nothing to import', () => {
    expect(asPickedFile({ status: 'file', name: 'a.json', text: '{}' })).toEqual({ status: 'picked', name: 'a.json', text: '{}' });
    expect(asPickedFile({ status: 'failed', message: 'gone' })).toEqual({ status: 'failed', message: 'gone' });
    expect(asPickedFile({ status: 'none' })).toBeNull();
  });

  it('imports an exported encounter as a copy with the same outcome as Import…', async () => {
    harness.mount({ render: () => null });
    const file = await mallFile();
    shell.pick = { status: 'picked', name: 'Mall.json', text: file };
    const picked = await useImportFile(now).run('encounter');

    shell.opened = [{ status: 'file', name: 'Mall.json', text: file }];
    const opened = useOpenedFiles(now);
    await opened.drain();
    expect(opened.outcomes.value).toHaveLength(1);
    const fromOpened = opened.outcomes.value[0]!;
    expect(fromOpened).toEqual({ ...picked, id: (fromOpened as { id: string }).id });
    expect(fromOpened).toMatchObject({ kind: 'encounter', name: 'Mall', fileName: 'Mall.json', entries: 4, combatants: 1, round: 1 });
    expect(describeImportOutcome(fromOpened)).toBe('Imported “Mall” as a copy: 4 entries, 1 combatant, round 1.');
    expect(useEncountersStore().rows.map((row) => row.name)).toEqual(['Mall', 'Mall', 'Mall']);
  });

  it('refuses a bad file, or one main could not read, with the same sentence as Import…, and writes nothing', async () => {
    harness.mount({ render: () => null });
    for (const answer of [
      { status: 'file', name: 'bad.json', text: '{"eggs": 12}' },
      { status: 'failed', message: 'huge.json is 200 MB; an import may be at most 128 MB.' },
    ] as const) {
      shell.pick = asPickedFile(answer)!;
      const picked = await useImportFile(now).run('encounter');
      shell.opened = [answer];
      const opened = useOpenedFiles(now);
      await opened.drain();
      expect(opened.outcomes.value).toEqual([picked]);
    }
    const outcomes = [await useImportFile(now).run('encounter')];
    expect(outcomes).toEqual([{ kind: 'refused', message: 'huge.json is 200 MB; an import may be at most 128 MB.' }]);
    shell.pick = { status: 'picked', name: 'bad.json', text: '{"eggs": 12}' };
    expect(describeImportOutcome(await useImportFile(now).run('encounter'))).toBe(
      '“bad.json” was not imported: This is not a GM Screen encounter file. Nothing was changed.',
    );
    expect(useEncountersStore().rows).toEqual([]);
  });

  it('takes every waiting file in turn until the shell has none, and looks again when told of a new one', async () => {
    harness.mount({ render: () => null });
    const file = await mallFile();
    shell.opened = [
      { status: 'file', name: 'One.json', text: file },
      { status: 'failed', message: 'Could not read /x/Two.json: the file does not exist (it may have been moved or deleted).' },
    ];
    const opened = useOpenedFiles(now);
    const stop = opened.start();
    await vi.waitFor(() => expect(opened.outcomes.value).toHaveLength(2));
    expect(opened.outcomes.value.map(describeImportOutcome)).toEqual([
      'Imported “Mall” as a copy: 4 entries, 1 combatant, round 1.',
      'Could not read /x/Two.json: the file does not exist (it may have been moved or deleted).',
    ]);
    await vi.waitFor(() => expect(shell.taken).toBe(3));

    // A second launch hands over another file: the event makes it look again.
    shell.opened = [{ status: 'file', name: 'Three.json', text: file }];
    shell.fileOpened!();
    await vi.waitFor(() => expect(opened.outcomes.value).toHaveLength(3));
    expect(shell.taken).toBe(5);
    stop();
    expect(shell.fileOpened).toBeNull();
  });

  it('looks again when a file arrives while it is still importing the last one', async () => {
    harness.mount({ render: () => null });
    const file = await mallFile();
    shell.opened = [{ status: 'file', name: 'One.json', text: file }];
    const opened = useOpenedFiles(now);
    const first = opened.drain();
    // Arrives after the running drain has taken One.json, before it asks again.
    shell.opened.push({ status: 'file', name: 'Two.json', text: file });
    const second = opened.drain();
    expect(second).toBe(first);
    await first;
    expect(opened.outcomes.value.map((outcome) => (outcome as { fileName: string }).fileName)).toEqual(['One.json', 'Two.json']);
  });

  it('says so when the shell could not be asked', async () => {
    harness.mount({ render: () => null });
    shell.unreachable = true;
    const opened = useOpenedFiles(now);
    await opened.drain();
    expect(opened.outcomes.value.map(describeImportOutcome)).toEqual(['The opened file could not be taken: the shell did not answer']);
  });
});

describe('what the GM sees', () => {
  it('reads the same words under Import… and in the notice for an opened file, and opens the copy from the notice', async () => {
    harness.mount({ render: () => null });
    const file = await mallFile();
    harness.unmount();
    shell.pick = { status: 'picked', name: 'Mall.json', text: file };
    shell.opened = [{ status: 'file', name: 'Mall.json', text: file }];
    const ready = ref(false);
    harness.mount({ render: () => [h(ImportButton, { kind: 'encounter' }), h(OpenedFileNotice, { ready: ready.value })] });
    await nextTick();
    byTestId('import-encounter-button')!.click();
    await vi.waitFor(() => expect(byTestId('import-encounter-open')).not.toBeNull());
    // Nothing is taken before the database is open.
    expect(shell.taken).toBe(0);

    ready.value = true;
    await vi.waitFor(() => expect(byTestId('opened-file-open')).not.toBeNull());
    expect(allText('opened-file-outcome')).toEqual(['Imported “Mall” as a copy: 4 entries, 1 combatant, round 1. Open it']);
    expect(allText('import-encounter-result')).toEqual(allText('opened-file-outcome'));

    byTestId('opened-file-open')!.click();
    await vi.waitFor(() => expect(byTestId('opened-file-notice')).toBeNull());
    const copies = useEncountersStore().rows.filter((row) => row.name === 'Mall').map((row) => row.id);
    expect(copies).toContain(useEncounterStore().state?.id);
  });

  it('shows a refusal as an alert, and OK clears the notice', async () => {
    shell.opened = [{ status: 'failed', message: 'picture.json is not UTF-8 text, so it is not a GM Screen encounter file.' }];
    harness.mount({ render: () => h(OpenedFileNotice, { ready: true }) });
    await vi.waitFor(() => expect(byTestId('opened-file-outcome')).not.toBeNull());
    expect(byTestId('opened-file-outcome')!.getAttribute('role')).toBe('alert');
    expect(allText('opened-file-outcome')).toEqual(['picture.json is not UTF-8 text, so it is not a GM Screen encounter file.']);
    byTestId('opened-file-dismiss')!.click();
    await nextTick();
    expect(byTestId('opened-file-notice')).toBeNull();
  });
});
