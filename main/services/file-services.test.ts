import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileServices, type FileServiceHost } from './file-services';

let data: string;
beforeEach(async () => {
  data = await mkdtemp(join(tmpdir(), 'gm-file-services-'));
});
afterEach(async () => {
  await rm(data, { recursive: true, force: true });
});

const browserHost = (): FileServiceHost => ({
  dataDirectory: data,
  chooseSavePath: null,
  chooseOpenPath: null,
  revealInFolder: null,
  now: () => new Date('2026-12-01T19:05:00.000Z'),
});

describe('createFileServices', () => {
  it('in the browser fallback: exports land in <data>/exports, imports are the page’s, folders cannot be opened', async () => {
    const services = createFileServices(browserHost());
    expect(await services.saveExport({ fileName: 'r.csv', format: 'csv', content: 'a,b' })).toEqual({
      status: 'saved',
      path: join(data, 'exports', 'r.csv'),
      bytes: 3,
    });
    expect(await services.pickImportFile({ kind: 'encounter' })).toEqual({
      status: 'failed',
      message: 'There is no file dialog here: in a browser the page picks the file itself.',
    });
    expect(await services.showInFolder({ path: join(data, 'exports', 'r.csv') })).toEqual({ opened: false, path: join(data, 'exports', 'r.csv') });
  });

  it('reveals what it wrote this session (an export, a backup) and nothing else', async () => {
    const revealed: string[] = [];
    const chosen = join(data, 'report.md');
    const services = createFileServices({ ...browserHost(), chooseSavePath: async () => chosen, revealInFolder: (path) => void revealed.push(path) });
    await services.saveExport({ fileName: 'report.md', format: 'markdown', content: '# x' });
    const backup = await services.writeBackup({ reason: 'manual', encounters: 0, events: 0, content: '{}' });
    const backupPath = join(data, 'backups', 'gm-screen-2026-12-01T19-05-00.000Z-manual.gmbackup');
    await writeFile(join(data, 'elsewhere.txt'), 'not ours');

    expect(await services.showInFolder({ path: chosen })).toEqual({ opened: true, path: chosen });
    expect(await services.showInFolder({ path: backupPath })).toEqual({ opened: true, path: backupPath });
    expect(await services.showInFolder({ path: join(data, 'elsewhere.txt') })).toEqual({ opened: false, path: join(data, 'elsewhere.txt') });
    expect(await services.showInFolder({ folder: 'backups' })).toEqual({ opened: true, path: join(data, 'backups') });
    expect(revealed).toEqual([chosen, backupPath, join(data, 'backups')]);
    expect(backup.status === 'saved' && backup.backup.name).toBe('gm-screen-2026-12-01T19-05-00.000Z-manual.gmbackup');
  });

  it('a later session does not reveal the earlier one’s files', async () => {
    const revealed: string[] = [];
    const host = { ...browserHost(), revealInFolder: (path: string) => void revealed.push(path) };
    const first = await createFileServices(host).saveExport({ fileName: 'r.md', format: 'markdown', content: 'x' });
    const path = first.status === 'saved' ? first.path : '';
    expect(await createFileServices(host).showInFolder({ path })).toEqual({ opened: false, path });
    expect(revealed).toEqual([]);
  });

  it('writes, lists, reads and finds backups in <data>/backups', async () => {
    const services = createFileServices(browserHost());
    const written = await services.writeBackup({ reason: 'quit', encounters: 2, events: 7, content: '{"db":true}' });
    const info = written.status === 'saved' ? written.backup : null;
    expect(info).toEqual({
      name: 'gm-screen-2026-12-01T19-05-00.000Z-quit.gmbackup',
      createdAt: '2026-12-01T19:05:00.000Z',
      bytes: (await readFile(join(data, 'backups', 'gm-screen-2026-12-01T19-05-00.000Z-quit.gmbackup'))).byteLength,
      encounters: 2,
      events: 7,
      reason: 'quit',
    });
    expect(await services.listBackups(undefined)).toEqual({ folder: join(data, 'backups'), backups: [info] });
    expect(await services.readBackup({ name: info!.name })).toEqual({ status: 'read', backup: info, content: '{"db":true}' });
    expect(await services.findNewestIntactBackup(undefined)).toEqual(info);
  });

  it('picks an import through the host’s open dialog', async () => {
    const path = join(data, 'orcs.json');
    await writeFile(path, '[]');
    const services = createFileServices({ ...browserHost(), chooseOpenPath: async () => path });
    expect(await services.pickImportFile({ kind: 'bestiary' })).toEqual({ status: 'picked', name: 'orcs.json', text: '[]' });
  });
});
