import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataFolderPath, ensureDataFolder } from './data-folder';

const base = { home: '/home/gm', cwd: '/work/campaign' };

describe('dataFolderPath: where Electron keeps userData for "GM Screen"', () => {
  it('Linux: $XDG_CONFIG_HOME, else ~/.config (an empty XDG_CONFIG_HOME counts as unset)', () => {
    expect(dataFolderPath({ ...base, platform: 'linux', env: { XDG_CONFIG_HOME: '/xdg' } })).toBe('/xdg/GM Screen');
    expect(dataFolderPath({ ...base, platform: 'linux', env: {} })).toBe('/home/gm/.config/GM Screen');
    expect(dataFolderPath({ ...base, platform: 'linux', env: { XDG_CONFIG_HOME: '' } })).toBe('/home/gm/.config/GM Screen');
    expect(dataFolderPath({ ...base, platform: 'freebsd', env: {} })).toBe('/home/gm/.config/GM Screen');
  });

  it('macOS: ~/Library/Application Support, whatever XDG says', () => {
    expect(dataFolderPath({ ...base, platform: 'darwin', env: { XDG_CONFIG_HOME: '/xdg' } })).toBe('/home/gm/Library/Application Support/GM Screen');
  });

  it('Windows: %APPDATA%, else the roaming folder under the profile', () => {
    const home = 'C:\\Users\\gm';
    expect(dataFolderPath({ home, cwd: 'C:\\', platform: 'win32', env: { APPDATA: 'D:\\Roaming' } })).toBe('D:\\Roaming\\GM Screen');
    expect(dataFolderPath({ home, cwd: 'C:\\', platform: 'win32', env: {} })).toBe('C:\\Users\\gm\\AppData\\Roaming\\GM Screen');
  });

  it('GM_SCREEN_DATA_DIR wins on every platform, resolved from the working folder when relative', () => {
    for (const platform of ['linux', 'darwin'] as const) {
      expect(dataFolderPath({ ...base, platform, env: { GM_SCREEN_DATA_DIR: '/srv/gm', XDG_CONFIG_HOME: '/xdg' } })).toBe('/srv/gm');
      expect(dataFolderPath({ ...base, platform, env: { GM_SCREEN_DATA_DIR: 'data' } })).toBe('/work/campaign/data');
    }
    expect(dataFolderPath({ home: 'C:\\Users\\gm', cwd: 'C:\\games', platform: 'win32', env: { GM_SCREEN_DATA_DIR: 'gm', APPDATA: 'D:\\R' } })).toBe('C:\\games\\gm');
    expect(dataFolderPath({ ...base, platform: 'linux', env: { GM_SCREEN_DATA_DIR: '' } })).toBe('/home/gm/.config/GM Screen');
  });
});

describe('ensureDataFolder', () => {
  it('creates the folder and its parents when missing, and returns it', async () => {
    const root = mkdtempSync(join(tmpdir(), 'gm-data-'));
    const folder = await ensureDataFolder({ env: {}, platform: 'linux', home: join(root, 'home'), cwd: root });
    expect(folder).toBe(join(root, 'home', '.config', 'GM Screen'));
    expect(statSync(folder).isDirectory()).toBe(true);
  });

  it('keeps an existing folder and what is in it', async () => {
    const root = mkdtempSync(join(tmpdir(), 'gm-data-'));
    writeFileSync(join(root, 'preferences.json'), '{}');
    const folder = await ensureDataFolder({ env: { GM_SCREEN_DATA_DIR: root }, platform: 'linux', home: '/nonexistent', cwd: '/' });
    expect(folder).toBe(root);
    expect(statSync(join(root, 'preferences.json')).size).toBe(2);
  });

  it('fails with the system\'s reason when the folder cannot be made', async () => {
    const root = mkdtempSync(join(tmpdir(), 'gm-data-'));
    writeFileSync(join(root, 'a-file'), 'x');
    await expect(ensureDataFolder({ env: { GM_SCREEN_DATA_DIR: join(root, 'a-file', 'sub') }, platform: 'linux', home: '/', cwd: '/' })).rejects.toThrow(/ENOTDIR/);
  });
});
