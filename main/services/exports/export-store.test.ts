import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExportFormat } from '../../../shared/ipc/contract';
import { createPreferencesFile } from '../files/preferences';
import { createExportStore, exportFormatFiles, numberedFileName } from './export-store';

/** A part of an export as the renderer sends it: its text's UTF-8 bytes. */
const utf8 = (text: string) => new TextEncoder().encode(text);

let data: string;
beforeEach(async () => {
  data = await mkdtemp(join(tmpdir(), 'gm-exports-'));
});
afterEach(async () => {
  await chmod(data, 0o700).catch(() => undefined);
  await rm(data, { recursive: true, force: true });
});

const preferencesPath = () => join(data, 'preferences.json');
const request = (fileName: string, content = '# Report\n', format: ExportFormat = 'markdown') => ({ fileName, format, content });

describe('numberedFileName', () => {
  it('puts the number before the extension, or at the end when there is none', () => {
    expect(numberedFileName('report.md', 1)).toBe('report.md');
    expect(numberedFileName('report.md', 2)).toBe('report (2).md');
    expect(numberedFileName('fight.tar.gz', 3)).toBe('fight.tar (3).gz');
    expect(numberedFileName('notes', 2)).toBe('notes (2)');
    expect(numberedFileName('.hidden', 2)).toBe('.hidden (2)');
  });
});

describe('export store without a save dialog (browser fallback)', () => {
  const store = () => createExportStore({ dataDirectory: data, chooseSavePath: null, preferences: createPreferencesFile(preferencesPath()) });

  it('saves into <data>/exports, numbering names already taken, with the UTF-8 size', async () => {
    const first = await store().save(request('Ambush – round 1.md', 'Zoë hits'));
    const second = await store().save(request('Ambush – round 1.md', 'again'));
    const third = await store().save(request('Ambush – round 1.md', 'and again'));
    expect([first, second, third]).toEqual([
      { status: 'saved', path: join(data, 'exports', 'Ambush – round 1.md'), bytes: 9 },
      { status: 'saved', path: join(data, 'exports', 'Ambush – round 1 (2).md'), bytes: 5 },
      { status: 'saved', path: join(data, 'exports', 'Ambush – round 1 (3).md'), bytes: 9 },
    ]);
    expect(await readFile(join(data, 'exports', 'Ambush – round 1 (2).md'), 'utf8')).toBe('again');
    // Nothing to remember without a dialog.
    expect(await readdir(data)).toEqual(['exports']);
  });

  it('gives simultaneous saves of one name each their own file', async () => {
    // One store queues its saves, so each looks for a free name after the last was written.
    const shared = store();
    const queued = await Promise.all([4, 5, 6].map((n) => shared.save(request('queued.csv', `${n}`, 'csv'))));
    expect(queued.map((answer) => answer.status === 'saved' && answer.path)).toEqual([
      join(data, 'exports', 'queued.csv'),
      join(data, 'exports', 'queued (2).csv'),
      join(data, 'exports', 'queued (3).csv'),
    ]);
    expect(await readFile(join(data, 'exports', 'queued (3).csv'), 'utf8')).toBe('6');
  });

  it('fails with a sentence when the exports folder cannot be made', async () => {
    await writeFile(join(data, 'exports'), 'a file in the way');
    expect(await store().save(request('r.md'))).toEqual({
      status: 'failed',
      message: `Could not save ${join(data, 'exports', 'r.md')}: part of its path is a file, not a folder.`,
    });
  });
});

describe('export store with a save dialog', () => {
  const dialog = (answers: (string | null)[]) => {
    const asked: { defaultPath: string; format: ExportFormat }[] = [];
    return {
      asked,
      chooseSavePath: async (suggestion: { defaultPath: string; format: ExportFormat }) => {
        asked.push(suggestion);
        return answers.shift() ?? null;
      },
    };
  };

  it('suggests the bare name first, then the last folder chosen, and remembers it', async () => {
    const chosenFolder = join(data, 'reports');
    await mkdir(chosenFolder);
    const host = dialog([join(chosenFolder, 'fight.html'), join(chosenFolder, 'other.json')]);
    const store = createExportStore({ dataDirectory: data, chooseSavePath: host.chooseSavePath, preferences: createPreferencesFile(preferencesPath()) });
    expect(await store.save(request('fight.html', '<p>é</p>', 'html'))).toEqual({ status: 'saved', path: join(chosenFolder, 'fight.html'), bytes: 9 });
    await store.save(request('fight.json', '{}', 'json'));
    expect(host.asked).toEqual([
      { defaultPath: 'fight.html', format: 'html' },
      { defaultPath: join(chosenFolder, 'fight.json'), format: 'json' },
    ]);
    expect(JSON.parse(await readFile(preferencesPath(), 'utf8'))).toEqual({ lastExportFolder: chosenFolder });
  });

  it('overwrites the file the GM chose (the dialog asked about replacing it)', async () => {
    const target = join(data, 'report.md');
    await writeFile(target, 'old report');
    const store = createExportStore({ dataDirectory: data, chooseSavePath: dialog([target]).chooseSavePath, preferences: createPreferencesFile(preferencesPath()) });
    expect(await store.save(request('report.md', 'new report'))).toEqual({ status: 'saved', path: target, bytes: 10 });
    expect(await readFile(target, 'utf8')).toBe('new report');
  });

  it('is cancelled when the dialog is, writing nothing', async () => {
    const store = createExportStore({ dataDirectory: data, chooseSavePath: dialog([null]).chooseSavePath, preferences: createPreferencesFile(preferencesPath()) });
    expect(await store.save(request('r.md'))).toEqual({ status: 'cancelled' });
    expect(await readdir(data)).toEqual([]);
  });

  it('ignores a corrupt preferences file and replaces it', async () => {
    await writeFile(preferencesPath(), '{"lastExportFolder": ');
    const host = dialog([join(data, 'r.md')]);
    const store = createExportStore({ dataDirectory: data, chooseSavePath: host.chooseSavePath, preferences: createPreferencesFile(preferencesPath()) });
    expect(await store.save(request('r.md'))).toEqual({ status: 'saved', path: join(data, 'r.md'), bytes: 9 });
    expect(host.asked).toEqual([{ defaultPath: 'r.md', format: 'markdown' }]);
    expect(JSON.parse(await readFile(preferencesPath(), 'utf8'))).toEqual({ lastExportFolder: data });
  });

  it('reports the save as done even when the folder cannot be remembered', async () => {
    await mkdir(preferencesPath()); // a folder where the preferences file should be
    const store = createExportStore({ dataDirectory: data, chooseSavePath: dialog([join(data, 'r.md')]).chooseSavePath, preferences: createPreferencesFile(preferencesPath()) });
    expect(await store.save(request('r.md'))).toEqual({ status: 'saved', path: join(data, 'r.md'), bytes: 9 });
  });

  it('fails with the sentence when the chosen folder is gone', async () => {
    const target = join(data, 'gone', 'r.md');
    const store = createExportStore({ dataDirectory: data, chooseSavePath: dialog([target]).chooseSavePath, preferences: createPreferencesFile(preferencesPath()) });
    expect(await store.save(request('r.md'))).toEqual({ status: 'failed', message: `Could not save ${target}: the folder ${join(data, 'gone')} does not exist.` });
  });
});

describe('an export written as it is made (begin, append, finish or abort)', () => {
  const fallback = (idleMs?: number) =>
    createExportStore({ dataDirectory: data, chooseSavePath: null, preferences: createPreferencesFile(preferencesPath()) }, idleMs);
  const started = (answer: Awaited<ReturnType<ReturnType<typeof fallback>['begin']>>) => {
    if (answer.status !== 'started') throw new Error(`not started: ${JSON.stringify(answer)}`);
    return answer.exportId;
  };
  /** A store whose save dialog answers `target` every time (null: the GM cancels it). */
  const choosing = (target: string | null) =>
    createExportStore({ dataDirectory: data, chooseSavePath: async () => target, preferences: createPreferencesFile(preferencesPath()) });
  const exportsFolder = () => join(data, 'exports');
  const temporaryFiles = async () => (await readdir(exportsFolder())).filter((name) => name.endsWith('.tmp'));

  it('writes each part as it comes and puts the file in place only when finished, with its UTF-8 size', async () => {
    await mkdir(exportsFolder());
    await writeFile(join(exportsFolder(), 'fight.csv'), 'an older export');
    const store = fallback();
    // The name is taken, so the fallback numbers it; the dialog's chosen target is overwritten only at the end.
    const id = started(await store.begin({ fileName: 'fight.csv', format: 'csv' }));
    expect(await store.append(id, utf8('Round,Entry\r\n'))).toEqual({ status: 'appended' });
    expect(await store.append(id, utf8('1,Zoë hits\r\n'))).toEqual({ status: 'appended' });
    const [temporary] = await temporaryFiles();
    expect(await readFile(join(exportsFolder(), temporary!), 'utf8')).toBe('Round,Entry\r\n1,Zoë hits\r\n');
    expect(await readdir(exportsFolder())).toEqual(expect.not.arrayContaining(['fight (2).csv']));
    expect(await store.finish(id)).toEqual({ status: 'saved', path: join(exportsFolder(), 'fight (2).csv'), bytes: 26 });
    expect(await readFile(join(exportsFolder(), 'fight (2).csv'), 'utf8')).toBe('Round,Entry\r\n1,Zoë hits\r\n');
    expect(await readFile(join(exportsFolder(), 'fight.csv'), 'utf8')).toBe('an older export');
    expect(await temporaryFiles()).toEqual([]);
    // Finished: the export is closed.
    expect(await store.append(id, utf8('more'))).toEqual({ status: 'failed', message: expect.stringContaining('That export is no longer open') });
  });

  it('leaves the chosen file as it was when aborted, and removes what was written', async () => {
    const target = join(data, 'report.md');
    await writeFile(target, 'the report from last week');
    const store = choosing(target);
    const id = started(await store.begin({ fileName: 'report.md', format: 'markdown' }));
    await store.append(id, utf8('# Half a report'));
    expect(await store.abort(id)).toEqual({ status: 'aborted' });
    expect(await readFile(target, 'utf8')).toBe('the report from last week');
    expect((await readdir(data)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(await store.finish(id)).toEqual({ status: 'failed', message: expect.stringContaining('That export is no longer open') });
    // Nothing was saved, so no folder is remembered.
    expect(await readdir(data)).toEqual(['report.md']);
  });

  it('aborts an export left unanswered (its window closed mid-export)', async () => {
    const store = fallback(30);
    const id = started(await store.begin({ fileName: 'left.json', format: 'json' }));
    await store.append(id, utf8('{"log": ['));
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await temporaryFiles()).toEqual([]);
    expect(await readdir(exportsFolder())).toEqual([]);
    expect(await store.append(id, utf8(']}'))).toEqual({ status: 'failed', message: expect.stringContaining('That export is no longer open') });
  });

  it('is cancelled with the dialog, and fails with a sentence before any part when the file cannot be made', async () => {
    const cancelled = choosing(null);
    expect(await cancelled.begin({ fileName: 'r.md', format: 'markdown' })).toEqual({ status: 'cancelled' });
    const gone = join(data, 'gone', 'r.md');
    const failing = choosing(gone);
    expect(await failing.begin({ fileName: 'r.md', format: 'markdown' })).toEqual({
      status: 'failed',
      message: `Could not save ${gone}: the folder ${join(data, 'gone')} does not exist.`,
    });
    // A failed begin holds nothing: the next export goes at once.
    expect(await fallback().save(request('after.md', 'x'))).toEqual({ status: 'saved', path: join(exportsFolder(), 'after.md'), bytes: 1 });
  });

  it('aborts every open export when the app quits, leaving the targets as they were', async () => {
    const target = join(data, 'chosen.md');
    await writeFile(target, 'kept');
    const store = choosing(target);
    const id = started(await store.begin({ fileName: 'chosen.md', format: 'markdown' }));
    await store.append(id, utf8('# Cut short'));
    await store.abortAll();
    expect(await readdir(data)).toEqual(['chosen.md']);
    expect(await readFile(target, 'utf8')).toBe('kept');
    expect(await store.finish(id)).toEqual({ status: 'failed', message: expect.stringContaining('That export is no longer open') });
  });

  it('holds the queue while open: a save of the same name waits and takes the next free name', async () => {
    const store = fallback();
    const id = started(await store.begin({ fileName: 'fight.md', format: 'markdown' }));
    let waited = false;
    const saving = store.save(request('fight.md', 'second')).then((answer) => ((waited = true), answer));
    await store.append(id, utf8('first'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(waited).toBe(false);
    await store.finish(id);
    expect(await saving).toEqual({ status: 'saved', path: join(exportsFolder(), 'fight (2).md'), bytes: 6 });
    expect(await readFile(join(exportsFolder(), 'fight.md'), 'utf8')).toBe('first');
  });
});

describe('export store: a damaged part', () => {
  it('stops the export at a part that is not UTF-8: the target is left as it was and nothing is kept', async () => {
    const target = join(data, 'report.md');
    await writeFile(target, 'last week');
    const store = createExportStore({ dataDirectory: data, chooseSavePath: async () => target, preferences: createPreferencesFile(join(data, 'preferences.json')) });
    const begun = await store.begin({ fileName: 'report.md', format: 'markdown' });
    if (begun.status !== 'started') throw new Error(`not started: ${JSON.stringify(begun)}`);
    expect(await store.append(begun.exportId, utf8('# Fight\n'))).toEqual({ status: 'appended' });
    // 0xC3 starts a two-byte character that never comes.
    expect(await store.append(begun.exportId, new Uint8Array([0x41, 0xc3]))).toEqual({
      status: 'failed',
      message: `The export was not saved: part of its text came damaged (not UTF-8), so ${target} was left as it was.`,
    });
    expect(await readFile(target, 'utf8')).toBe('last week');
    expect((await readdir(data)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(await store.finish(begun.exportId)).toEqual({ status: 'failed', message: expect.stringContaining('That export is no longer open') });
  });
});

describe('exportFormatFiles', () => {
  it('gives each format its extension', () => {
    expect(Object.fromEntries(Object.entries(exportFormatFiles).map(([format, file]) => [format, file.extension]))).toEqual({
      markdown: 'md',
      html: 'html',
      csv: 'csv',
      json: 'json',
    });
  });
});
