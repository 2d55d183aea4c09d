import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPreferencesFile } from './preferences';

let folder: string;
let path: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'gm-preferences-'));
  path = join(folder, 'preferences.json');
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('preferences file', () => {
  it('reads as empty before it exists, then keeps what is written', async () => {
    const preferences = createPreferencesFile(path);
    expect(await preferences.read()).toEqual({});
    await preferences.update({ lastExportFolder: '/home/gm/reports' });
    expect(await preferences.read()).toEqual({ lastExportFolder: '/home/gm/reports' });
    expect(await readFile(path, 'utf8')).toBe('{\n  "lastExportFolder": "/home/gm/reports"\n}\n');
  });

  it('keeps keys it does not know when it updates', async () => {
    await writeFile(path, '{"theme":"dark","lastExportFolder":"/old"}');
    await createPreferencesFile(path).update({ lastExportFolder: '/new' });
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ theme: 'dark', lastExportFolder: '/new' });
  });

  it('keeps both of two updates made at once through two handles on the same file', async () => {
    const placement = { displayId: '2', bounds: { x: 0, y: 0, width: 800, height: 600 }, fullScreen: false };
    await Promise.all([
      createPreferencesFile(path).update({ lastExportFolder: '/reports' }),
      createPreferencesFile(path).update({ playerWindow: placement }),
      createPreferencesFile(path).update({ playerWindowInBrowser: placement }),
    ]);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ lastExportFolder: '/reports', playerWindow: placement, playerWindowInBrowser: placement });
  });

  it('goes on with later updates after one fails', async () => {
    const broken = createPreferencesFile(join(folder, 'no-such-folder', 'preferences.json'));
    const failed = broken.update({ lastExportFolder: '/a' });
    const next = createPreferencesFile(path).update({ lastExportFolder: '/b' });
    await expect(failed).rejects.toThrow(/ENOENT/);
    await next;
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ lastExportFolder: '/b' });
  });

  it.each([
    ['not JSON', '{"lastExportFolder": "/x"'],
    ['the wrong shape', '{"lastExportFolder": 42}'],
    ['not an object', '[1,2]'],
    ['empty', ''],
  ])('ignores a file that is %s, and replaces it on the next update', async (_what, text) => {
    await writeFile(path, text);
    const preferences = createPreferencesFile(path);
    expect(await preferences.read()).toEqual({});
    await preferences.update({ lastExportFolder: '/y' });
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ lastExportFolder: '/y' });
  });
});
