import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExportFormat } from '../../../shared/ipc/contract';
import { createPreferencesFile } from '../files/preferences';
import { createExportStore, exportFormatFiles, numberedFileName } from './export-store';

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
