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
      expect(exposed).toEqual({ require: 'undefined', process: 'undefined', gm: ['getAppInfo'] });

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
});
