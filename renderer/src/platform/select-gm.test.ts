import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GmApi } from '../../../shared/ipc/contract';
import { createBrowserGm, NO_FILE_SERVER } from './browser-gm';
import { bridgeToken, selectGm } from './select-gm';

afterEach(() => {
  document.head.querySelectorAll('meta[name="gm-bridge-token"]').forEach((meta) => meta.remove());
  vi.unstubAllGlobals();
});

function serveToken(token: string) {
  const meta = document.createElement('meta');
  meta.name = 'gm-bridge-token';
  meta.content = token;
  document.head.append(meta);
}

describe('selectGm: one transport under gm', () => {
  it('uses the desktop preload where it ran, even when a token is present', () => {
    serveToken('abc');
    const preload = { getAppInfo: vi.fn() } as unknown as GmApi;
    expect(selectGm(preload, document, '1.0.0')).toBe(preload);
  });

  it('uses the loopback bridge with the token GM Screen\'s server put in the page', async () => {
    serveToken('launch-token');
    const fetch = vi.fn(async () => new Response('{"value":{"folder":"/data/backups","backups":[]}}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const gm = selectGm(undefined, document, '1.0.0');
    await expect(gm.listBackups()).resolves.toEqual({ folder: '/data/backups', backups: [] });
    expect(fetch).toHaveBeenCalledWith('/api/listBackups', expect.objectContaining({ headers: { 'X-GM-Token': 'launch-token', 'Content-Type': 'application/json' } }));
  });

  it('falls back to a browser without files when the page came without a token (or an empty one)', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    for (const token of [null, '']) {
      if (token !== null) serveToken(token);
      expect(bridgeToken(document)).toBe(null);
      const gm = selectGm(undefined, document, '2.3.4');
      await expect(gm.writeBackup({ reason: 'settled', encounters: 0, events: 0, content: '{}' })).resolves.toEqual({ status: 'failed', message: NO_FILE_SERVER });
      expect((await gm.getAppInfo()).version).toBe('2.3.4');
    }
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('createBrowserGm: a page served without the bridge', () => {
  const gm = createBrowserGm('0.1.0');

  it('answers its app info with no data folder', async () => {
    expect(await gm.getAppInfo()).toEqual({ name: 'GM Screen', version: '0.1.0', shell: 'browser', platform: navigator.platform || 'web', dataDirectory: null, versions: { app: '0.1.0' } });
  });

  it('answers every file method that can fail with the one sentence saying what to run', async () => {
    const failed = { status: 'failed', message: "Files need GM Screen's own server: run `npm run web` or `npm start`." };
    expect(await gm.saveExport({ fileName: 'a.md', format: 'markdown', content: '#' })).toEqual(failed);
    expect(await gm.pickImportFile({ kind: 'encounter' })).toEqual(failed);
    expect(await gm.writeBackup({ reason: 'manual', encounters: 0, events: 0, content: '{}' })).toEqual(failed);
    expect(await gm.readBackup({ name: 'b.gmbackup' })).toEqual(failed);
  });

  it('has no file opened with the app and no recovery notice (a page is never opened with files)', async () => {
    expect(await gm.takeOpenedFile()).toEqual({ status: 'none' });
    expect(await gm.takeRecoveryNotice()).toBeNull();
  });

  it('opens the player view at the browser\'s default place (nothing is remembered without the server), or says it was blocked', async () => {
    const popup = { closed: false, opener: window, focus: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValueOnce(popup as unknown as Window).mockReturnValueOnce(null);
    await expect(createBrowserGm('0.1.0').openPlayerView()).resolves.toEqual({ status: 'opened' });
    expect(open).toHaveBeenCalledWith(new URL('player.html', location.href).href, 'gm-screen-player', 'popup');
    expect(popup.opener).toBe(null);
    await expect(createBrowserGm('0.1.0').openPlayerView()).resolves.toEqual({
      status: 'failed',
      message: 'The browser blocked the player view window: allow pop-ups for this page and try again.',
    });
    await expect(gm.savePlayerPlacement({ displayId: 'd', bounds: { x: 0, y: 0, width: 800, height: 600 }, fullScreen: false })).resolves.toEqual({
      status: 'failed',
      message: NO_FILE_SERVER,
    });
    open.mockRestore();
  });

  it('lists no backups in no folder, finds none, and opens no folder', async () => {
    expect(await gm.listBackups()).toEqual({ folder: '', backups: [] });
    expect(await gm.findNewestIntactBackup()).toBe(null);
    expect(await gm.showInFolder({ path: '/data/exports/a.md' })).toEqual({ opened: false, path: '/data/exports/a.md' });
    expect(await gm.showInFolder({ folder: 'backups' })).toEqual({ opened: false, path: '' });
  });
});
