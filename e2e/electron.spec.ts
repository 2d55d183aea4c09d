import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { ipcContract } from '../shared/ipc/contract';
import { DiceRollerPage } from './pages/dice-roller';
import { TrackerPage } from './pages/tracker';

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

/** The notices main sends the GM page (GmEvents in shared/ipc/contract.ts). */
const PRELOAD_EVENTS = ['onFileOpened', 'onMenuCommand', 'onQuitBackupRequested', 'onUpdateStatus'];

/** The desktop app on its own data folder, opened with these files (as a double-click or `gm-screen file.json` would). */
function launchApp(userData: string, ...files: string[]): Promise<ElectronApplication> {
  return electron.launch({ executablePath: binary.path, args: [root, ...files], env: { ...process.env, GM_SCREEN_DATA_DIR: userData } });
}

/** The GM window's page (the player view is player.html). */
async function gmPage(app: ElectronApplication): Promise<Page> {
  const page = await app.firstWindow();
  await page.waitForLoadState('domcontentloaded');
  await expect(page.getByTestId('encounter-picker-open')).toBeVisible();
  return page;
}

interface MenuItemLike {
  readonly label: string;
  readonly submenu?: { readonly items: MenuItemLike[] } | null;
  click(event?: unknown, window?: unknown, contents?: unknown): void;
}

/**
 * Clicks an application menu item by its label. The menu is built at run time from the renderer's
 * command registry, so the item is looked up then; a missing one fails with the reason.
 */
async function clickMenuItem(app: ElectronApplication, label: string): Promise<void> {
  const found = await app.evaluate(({ BrowserWindow, Menu }, wanted) => {
    const find = (items: MenuItemLike[]): MenuItemLike | null => {
      for (const item of items) {
        if (item.label === wanted) return item;
        const inner = item.submenu ? find(item.submenu.items) : null;
        if (inner) return inner;
      }
      return null;
    };
    const item = find((Menu.getApplicationMenu()?.items ?? []) as unknown as MenuItemLike[]);
    if (!item) return false;
    const window = BrowserWindow.getAllWindows().find((each) => each.webContents.getURL().endsWith('/index.html'));
    item.click(undefined, window, window?.webContents);
    return true;
  }, label);
  expect(found, `the application menu has no "${label}" item (it comes from the renderer's command registry)`).toBe(true);
}

/** Answers main's next save dialogs with `path`, as if the GM had chosen it. */
async function answerSaveDialogWith(app: ElectronApplication, path: string): Promise<void> {
  await app.evaluate(({ dialog }, filePath) => {
    dialog.showSaveDialog = (async () => ({ canceled: false, filePath })) as unknown as typeof dialog.showSaveDialog;
  }, path);
}

/** Runs the open Export dialog as JSON: the exported encounter file a GM double-clicks later. */
async function exportJson(page: Page, path: string): Promise<void> {
  const dialog = page.getByTestId('export-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('export-format-json').check();
  await dialog.getByTestId('export-run').click();
  await expect(dialog.getByTestId('export-path')).toHaveText(path);
  await dialog.getByTestId('export-close').click();
}

const IMPORTED_AMBUSH = /^Imported “Ambush” as a copy: \d+ (entry|entries), 0 combatants, round 0\. Open it$/;

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
      // Every contract method and the shell's events, in whatever order the preload lists them.
      expect({ ...exposed, gm: [...exposed.gm].sort() }).toEqual({
        require: 'undefined',
        process: 'undefined',
        gm: [...Object.keys(ipcContract), ...PRELOAD_EVENTS].sort(),
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

  test('starts on the GM screen, in its own window, with no recovery notice', async () => {
    const userData = mkdtempSync(join(tmpdir(), 'gm-screen-electron-start-'));
    try {
      const app = await launchApp(userData);
      const page = await gmPage(app);
      await expect(page).toHaveTitle('GM Screen');
      expect(new URL(page.url()).pathname.endsWith('/index.html')).toBe(true);
      await expect(page.getByTestId('recovery-notice')).toHaveCount(0);
      await expect(page.getByTestId('opened-file-notice')).toHaveCount(0);
      await app.close();
    } finally {
      rmSync(userData, { recursive: true, force: true });
    }
  });

  test('the menu’s File → Export log… opens the export of the open encounter, which saves where the dialog says', async () => {
    const userData = mkdtempSync(join(tmpdir(), 'gm-screen-electron-menu-'));
    try {
      const app = await launchApp(userData);
      const page = await gmPage(app);
      await new TrackerPage(page).createEncounter('Ambush', 'electric-state');
      const file = join(userData, 'Ambush.json');
      await answerSaveDialogWith(app, file);
      await clickMenuItem(app, 'Export log…');
      await exportJson(page, file);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ format: 'gm-screen-encounter', name: 'Ambush' });
      await app.close();
    } finally {
      rmSync(userData, { recursive: true, force: true });
    }
  });

  test('a second launch brings the first window back and imports the file it was opened with; a first launch imports its own', async () => {
    const userData = mkdtempSync(join(tmpdir(), 'gm-screen-electron-second-'));
    try {
      let app = await launchApp(userData);
      let page = await gmPage(app);
      await new TrackerPage(page).createEncounter('Ambush', 'electric-state');
      const file = join(userData, 'Ambush.json');
      await answerSaveDialogWith(app, file);
      await clickMenuItem(app, 'Export log…');
      await exportJson(page, file);
      await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.minimize());

      // The second launch finds the first holding the lock: it hands over its argv and quits at once.
      const second = spawn(binary.path!, [root, file], { env: { ...process.env, GM_SCREEN_DATA_DIR: userData }, stdio: 'ignore' });
      expect(await new Promise((resolve) => second.once('exit', resolve))).toBe(0);
      await expect
        .poll(() => app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().map((window) => ({ minimized: window.isMinimized(), visible: window.isVisible() }))))
        .toEqual([{ minimized: false, visible: true }]);
      await expect(page.getByTestId('opened-file-outcome')).toHaveText(IMPORTED_AMBUSH);
      expect(app.windows()).toHaveLength(1);
      await app.close();

      // Started with the file: imported as the screen starts.
      app = await launchApp(userData, file);
      page = await gmPage(app);
      await expect(page.getByTestId('opened-file-outcome')).toHaveText(IMPORTED_AMBUSH);
      await page.getByTestId('encounter-picker-open').click();
      // The GM's own and the two imported copies, one row each.
      await expect(page.getByTestId('encounter-row-ambush')).toHaveCount(3);
      await app.close();
    } finally {
      rmSync(userData, { recursive: true, force: true });
    }
  });

  test('a crashed GM screen is reloaded with a notice, and the encounter is still there', async () => {
    const userData = mkdtempSync(join(tmpdir(), 'gm-screen-electron-crash-'));
    try {
      const app = await launchApp(userData);
      const page = await gmPage(app);
      await new TrackerPage(page).createEncounter('Crash test', 'electric-state');
      await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.webContents.forcefullyCrashRenderer());

      // The reloaded page may come back as the same Page or a new one: whichever shows the notice.
      const notice = async () => {
        for (const each of app.windows()) {
          const shown = each.getByTestId('recovery-notice').locator('p');
          if (await shown.isVisible().catch(() => false)) return { page: each, text: await shown.textContent() };
        }
        return null;
      };
      await expect.poll(async () => (await notice())?.text ?? null, { timeout: 20_000 }).toMatch(
        /^The screen stopped unexpectedly \((crashed|ended by the system)\) at \d\d:\d\d and was reloaded\. Nothing was lost: every change is saved as it is made\.$/,
      );
      const reloaded = (await notice())!.page;
      await reloaded.getByTestId('encounter-picker-open').click();
      await expect(reloaded.getByTestId('encounter-list')).toContainText('Crash test');
      expect(app.windows()).toHaveLength(1);
      await app.close();
    } finally {
      rmSync(userData, { recursive: true, force: true });
    }
  });
});
