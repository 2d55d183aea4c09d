import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
import { DiceRollerPage } from './pages/dice-roller';

const root = resolve(__dirname, '..');

/** The Electron binary if `npm install` (or a first `npm start`) fetched it; never downloads. */
function electronBinary(): { path?: string; reason?: string } {
  const packageDir = dirname(require.resolve('electron/package.json', { paths: [root] }));
  const pathFile = join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) return { reason: 'node_modules/electron has no binary (path.txt missing; its download needs internet)' };
  const binary = join(packageDir, 'dist', readFileSync(pathFile, 'utf8'));
  return existsSync(binary) ? { path: binary } : { reason: `the Electron binary ${binary} is missing` };
}

const binary = electronBinary();
if (!binary.path) console.log(`Skipping Electron launch tests: ${binary.reason}.`);
const hasDisplay = process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
if (binary.path && !hasDisplay) console.log('Skipping Electron launch tests: no display (set DISPLAY, e.g. run under xvfb-run).');

test.describe('desktop app (Electron)', () => {
  test.skip(!binary.path || !hasDisplay, binary.reason ?? 'no display for the Electron window');

  test('a roll survives restarting the desktop app', async () => {
    const userData = mkdtempSync(join(tmpdir(), 'gm-screen-electron-'));
    const launch = () =>
      electron.launch({ executablePath: binary.path, args: [root], env: { ...process.env, GM_SCREEN_DATA_DIR: userData } });
    try {
      let app = await launch();
      let window = await app.firstWindow();
      // No Node in the page (nodeIntegration off, sandbox on); only the typed gm API crosses the bridge.
      const exposed = await window.evaluate(() => ({
        require: typeof (globalThis as { require?: unknown }).require,
        process: typeof (globalThis as { process?: unknown }).process,
        gm: Object.keys((globalThis as { gm?: object }).gm ?? {}),
      }));
      expect(exposed).toEqual({
        require: 'undefined',
        process: 'undefined',
        gm: [
          'getAppInfo',
          'saveExport',
          'showInFolder',
          'pickImportFile',
          'writeBackup',
          'listBackups',
          'readBackup',
          'findNewestIntactBackup',
          'openPlayerView',
          'choosePlayerPlacement',
          'savePlayerPlacement',
          'onQuitBackupRequested',
        ],
      });

      await new DiceRollerPage(window).roll('3', 6);
      await expect(new DiceRollerPage(window).logEntries).toHaveCount(1);
      await app.close();

      app = await launch();
      window = await app.firstWindow();
      await expect(new DiceRollerPage(window).logEntries).toHaveCount(1);
      await app.close();
    } finally {
      rmSync(userData, { recursive: true, force: true });
    }
  });

  test('the player view opens in a second window of the same origin, without the GM API, once, and closes with the GM window', async () => {
    const userData = mkdtempSync(join(tmpdir(), 'gm-screen-electron-player-'));
    try {
      const app = await electron.launch({ executablePath: binary.path, args: [root], env: { ...process.env, GM_SCREEN_DATA_DIR: userData } });
      const gmWindow = await app.firstWindow();
      await gmWindow.waitForLoadState('domcontentloaded');
      const opened = app.waitForEvent('window');
      expect(await gmWindow.evaluate(() => (globalThis as unknown as { gm: { openPlayerView(): Promise<unknown> } }).gm.openPlayerView())).toEqual({ status: 'opened' });
      const player = await opened;
      await player.waitForLoadState('domcontentloaded');

      // player.html beside index.html: the same file:// origin, so BroadcastChannel links them.
      expect(new URL(player.url()).pathname).toBe(new URL(gmWindow.url()).pathname.replace(/index\.html$/, 'player.html'));
      await expect(player).toHaveTitle('GM Screen · Player view');
      // No preload: no gm API, no Node.
      expect(
        await player.evaluate(() => ({
          gm: typeof (globalThis as { gm?: unknown }).gm,
          require: typeof (globalThis as { require?: unknown }).require,
          process: typeof (globalThis as { process?: unknown }).process,
        })),
      ).toEqual({ gm: 'undefined', require: 'undefined', process: 'undefined' });

      // Asked again (the menu's Ctrl+Shift+P or the GM screen's button): the same window, brought forward.
      expect(await gmWindow.evaluate(() => (globalThis as unknown as { gm: { openPlayerView(): Promise<unknown> } }).gm.openPlayerView())).toEqual({ status: 'opened' });
      expect(app.windows()).toHaveLength(2);

      // The menu: Edit has no undo/redo (Ctrl+Z is the GM screen's own), View opens the player view.
      const menu = await app.evaluate(({ Menu }) =>
        Menu.getApplicationMenu()!.items.map((item) => [
          item.label,
          item.submenu!.items.map((entry) => (entry.type === 'separator' ? 'separator' : (entry.role?.toLowerCase() ?? entry.label))),
        ]),
      );
      expect(menu).toContainEqual(['Edit', ['cut', 'copy', 'paste', 'separator', 'selectall']]);
      expect(menu).toContainEqual(['View', ['Player view', 'Player view full screen']]);

      // Closing the GM window takes the player view with it, and the app ends; its place was written.
      const closed = app.waitForEvent('close');
      await app.evaluate(({ BrowserWindow }) => {
        BrowserWindow.getAllWindows()
          .find((window) => window.webContents.getURL().endsWith('/index.html'))
          ?.close();
      });
      await closed;
      const preferences = JSON.parse(readFileSync(join(userData, 'preferences.json'), 'utf8')) as { playerWindow?: { bounds?: { width?: number } } };
      expect(preferences.playerWindow?.bounds?.width).toBeGreaterThanOrEqual(480);
    } finally {
      rmSync(userData, { recursive: true, force: true });
    }
  });
});
