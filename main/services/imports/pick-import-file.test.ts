import { mkdir, mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_IMPORT_BYTES, type ImportKind } from '../../../shared/ipc/contract';
import { NO_FILE_DIALOG, pickImportFile } from './pick-import-file';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'gm-import-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

const choosing = (path: string | null) => {
  const kinds: ImportKind[] = [];
  return { kinds, choose: async (kind: ImportKind) => (kinds.push(kind), path) };
};

describe('pickImportFile', () => {
  it('reads the chosen file as UTF-8, dropping a byte-order mark, and asks the dialog for the right kind', async () => {
    const path = join(folder, 'goblins.json');
    await writeFile(path, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"name":"Zoë"}')]));
    const dialog = choosing(path);
    expect(await pickImportFile('bestiary', dialog.choose)).toEqual({ status: 'picked', name: 'goblins.json', text: '{"name":"Zoë"}' });
    expect(dialog.kinds).toEqual(['bestiary']);
  });

  it('keeps text without a byte-order mark as it is', async () => {
    const path = join(folder, 'fight.json');
    await writeFile(path, '\n{"a":1}\n');
    expect(await pickImportFile('encounter', choosing(path).choose)).toEqual({ status: 'picked', name: 'fight.json', text: '\n{"a":1}\n' });
  });

  it('is cancelled when the dialog is', async () => {
    expect(await pickImportFile('encounter', choosing(null).choose)).toEqual({ status: 'cancelled' });
  });

  it('says the page picks files itself where there is no dialog', async () => {
    expect(await pickImportFile('encounter', null)).toEqual({ status: 'failed', message: NO_FILE_DIALOG });
    expect(NO_FILE_DIALOG).toBe('There is no file dialog here: in a browser the page picks the file itself.');
  });

  it('refuses a file over the import limit before reading it, naming both sizes', async () => {
    const path = join(folder, 'huge.json');
    await writeFile(path, '');
    await truncate(path, MAX_IMPORT_BYTES + 1);
    expect(await pickImportFile('encounter', choosing(path).choose)).toEqual({
      status: 'failed',
      message: 'huge.json is 134,217,729 bytes; an import may be at most 134,217,728 bytes.',
    });
    await truncate(path, 200 * 1024 * 1024);
    expect(await pickImportFile('encounter', choosing(path).choose)).toEqual({
      status: 'failed',
      message: 'huge.json is 200 MB; an import may be at most 128 MB.',
    });
  });

  it('refuses a file that is not UTF-8 text', async () => {
    const path = join(folder, 'picture.png');
    await writeFile(path, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe]));
    expect(await pickImportFile('bestiary', choosing(path).choose)).toEqual({
      status: 'failed',
      message: 'picture.png is not UTF-8 text, so it is not a GM Screen bestiary file.',
    });
  });

  it('names a missing file and a folder', async () => {
    const missing = join(folder, 'gone.json');
    expect(await pickImportFile('encounter', choosing(missing).choose)).toEqual({
      status: 'failed',
      message: `Could not read ${missing}: the file does not exist (it may have been moved or deleted).`,
    });
    await mkdir(join(folder, 'dir.json'));
    expect(await pickImportFile('encounter', choosing(join(folder, 'dir.json')).choose)).toEqual({
      status: 'failed',
      message: `Could not read ${join(folder, 'dir.json')}: it is a folder, not a file.`,
    });
  });
});
