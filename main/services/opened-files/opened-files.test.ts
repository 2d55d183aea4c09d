import { mkdir, mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_IMPORT_BYTES } from '../../../shared/ipc/contract';
import { pickImportFile } from '../imports/pick-import-file';
import { createOpenedFiles } from './opened-files';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'gm-opened-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

function openedFiles() {
  const notices = { count: 0 };
  return { notices, files: createOpenedFiles({ notify: () => notices.count++ }) };
}

/** What the Open/Import… picker answers for the same path: an opened file must be read alike. */
const picked = (path: string) => pickImportFile('encounter', async () => path);

describe('files opened with the app', () => {
  it('keeps the files in order until taken, each read as the picker reads it (byte-order mark dropped), then answers none', async () => {
    const ambush = join(folder, 'Ambush.json');
    const mall = join(folder, 'Mall.json');
    await writeFile(ambush, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"name":"Zoë"}')]));
    await writeFile(mall, '{"name":"Mall"}\n');
    const { files, notices } = openedFiles();
    files.add([ambush, mall]);
    expect(notices.count).toBe(1);
    expect(files.waiting()).toBe(2);
    expect(await files.take()).toEqual({ status: 'file', name: 'Ambush.json', text: '{"name":"Zoë"}' });
    expect(await picked(ambush)).toEqual({ status: 'picked', name: 'Ambush.json', text: '{"name":"Zoë"}' });
    expect(await files.take()).toEqual({ status: 'file', name: 'Mall.json', text: '{"name":"Mall"}\n' });
    expect(files.waiting()).toBe(0);
    expect(await files.take()).toEqual({ status: 'none' });
  });

  it('tells the window once per launch that brought files, and not for a launch without any', async () => {
    const { files, notices } = openedFiles();
    files.add([]);
    expect(notices.count).toBe(0);
    expect(await files.take()).toEqual({ status: 'none' });
    files.add([join(folder, 'a.json')]);
    files.add([join(folder, 'b.json')]);
    expect(notices.count).toBe(2);
    expect(files.waiting()).toBe(2);
  });

  it('reads the file when it is taken, not when it was named: a file written after the launch is read whole', async () => {
    const late = join(folder, 'late.json');
    const { files } = openedFiles();
    files.add([late]);
    await writeFile(late, '{"late":true}');
    expect(await files.take()).toEqual({ status: 'file', name: 'late.json', text: '{"late":true}' });
  });

  it('refuses a missing file, a folder, one too big and one not UTF-8 with the picker’s own sentences, and goes on to the next', async () => {
    const missing = join(folder, 'gone.json');
    const directory = join(folder, 'dir.json');
    await mkdir(directory);
    const huge = join(folder, 'huge.json');
    await writeFile(huge, '');
    await truncate(huge, 200 * 1024 * 1024);
    const edge = join(folder, 'edge.json');
    await writeFile(edge, '');
    await truncate(edge, MAX_IMPORT_BYTES + 1);
    const picture = join(folder, 'picture.json');
    await writeFile(picture, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe]));
    const good = join(folder, 'good.json');
    await writeFile(good, '{}');

    const { files } = openedFiles();
    files.add([missing, directory, huge, edge, picture, good]);
    const expected = [
      `Could not read ${missing}: the file does not exist (it may have been moved or deleted).`,
      `Could not read ${directory}: it is a folder, not a file.`,
      'huge.json is 200 MB; an import may be at most 128 MB.',
      'edge.json is 134,217,729 bytes; an import may be at most 134,217,728 bytes.',
      'picture.json is not UTF-8 text, so it is not a GM Screen encounter file.',
    ];
    for (const [index, path] of [missing, directory, huge, edge, picture].entries()) {
      const taken = await files.take();
      expect(taken).toEqual({ status: 'failed', message: expected[index] });
      expect(await picked(path)).toEqual(taken);
    }
    expect(await files.take()).toEqual({ status: 'file', name: 'good.json', text: '{}' });
  });
});
