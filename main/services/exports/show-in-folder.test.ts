import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { showInFolder } from './show-in-folder';

let data: string;
beforeEach(async () => {
  data = await mkdtemp(join(tmpdir(), 'gm-show-'));
});
afterEach(async () => {
  await rm(data, { recursive: true, force: true });
});

describe('showInFolder', () => {
  const written = () => new Set([join(data, 'exports', 'r.md')]);

  it('reveals a file written this session', async () => {
    const revealed: string[] = [];
    const options = { backupsFolder: join(data, 'backups'), writtenThisSession: written(), revealInFolder: (path: string) => void revealed.push(path) };
    expect(await showInFolder({ path: join(data, 'exports', 'r.md') }, options)).toEqual({ opened: true, path: join(data, 'exports', 'r.md') });
    // The same file named with a detour still is that file.
    expect(await showInFolder({ path: join(data, 'exports', '..', 'exports', 'r.md') }, options)).toMatchObject({ opened: true });
    expect(revealed).toEqual([join(data, 'exports', 'r.md'), join(data, 'exports', '..', 'exports', 'r.md')]);
  });

  it('does not reveal any other path, and says so with the path', async () => {
    const revealed: string[] = [];
    const options = { backupsFolder: join(data, 'backups'), writtenThisSession: written(), revealInFolder: (path: string) => void revealed.push(path) };
    expect(await showInFolder({ path: '/etc/passwd' }, options)).toEqual({ opened: false, path: '/etc/passwd' });
    expect(await showInFolder({ path: 'r.md' }, options)).toEqual({ opened: false, path: 'r.md' });
    expect(revealed).toEqual([]);
  });

  it('opens the backups folder, creating it when no backup exists yet', async () => {
    const revealed: string[] = [];
    const options = { backupsFolder: join(data, 'backups'), writtenThisSession: new Set<string>(), revealInFolder: (path: string) => void revealed.push(path) };
    expect(await showInFolder({ folder: 'backups' }, options)).toEqual({ opened: true, path: join(data, 'backups') });
    expect((await stat(join(data, 'backups'))).isDirectory()).toBe(true);
    expect(revealed).toEqual([join(data, 'backups')]);
  });

  it('answers with the path, unopened, where the shell has no folder window', async () => {
    const options = { backupsFolder: join(data, 'backups'), writtenThisSession: written(), revealInFolder: null };
    expect(await showInFolder({ path: join(data, 'exports', 'r.md') }, options)).toEqual({ opened: false, path: join(data, 'exports', 'r.md') });
    expect(await showInFolder({ folder: 'backups' }, options)).toEqual({ opened: false, path: join(data, 'backups') });
  });
});
