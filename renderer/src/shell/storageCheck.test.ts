import { describe, expect, it } from 'vitest';
import { GmDatabase } from '../db/database';
import { checkStorage } from './storageCheck';

const appInfo = async () => ({ name: 'GM Screen', version: '0.1.0', shell: 'electron' as const, platform: 'linux', dataDirectory: '/home/gm/.config/GM Screen', versions: { app: '0.1.0' } });

describe('checkStorage', () => {
  it('opens a healthy database and reports nothing', async () => {
    expect(await checkStorage(new GmDatabase('gm-screen-storage-ok'), appInfo)).toBeNull();
  });

  it('reports a database that will not open, with where the data lives', async () => {
    const db = new GmDatabase('gm-screen-storage-broken');
    db.open = () => Promise.reject(Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' })) as never;
    expect(await checkStorage(db, appInfo)).toEqual({
      message: 'QuotaExceededError: The quota has been exceeded.',
      dataDirectory: '/home/gm/.config/GM Screen',
    });
  });
});
