import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, serverDataDirectory, test } from './fixtures';
import { BackupsPage } from './pages/backups';
import { LayoutPage } from './pages/layout';
import { TrackerPage } from './pages/tracker';

/**
 * The commands the desktop app's menu is built from, as the browser fallback shows them: each
 * shortcut in the palette and the `?` overlay, the shortcuts working from the one key handler, and
 * About with the versions the shell knows. (The menu bar itself exists only in Electron.)
 */

// Each test builds an encounter or opens several dialogs; give them room on a busy machine.
test.describe.configure({ timeout: 90_000 });

const appVersion = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;

test("the palette shows each command's shortcut, and Ctrl+K opens it from a text field and closes it", async ({
  gm,
}) => {
  const page = gm.page;
  const layout = new LayoutPage(page);
  await layout.ready();
  await new BackupsPage(page).declineOfferIfShown();

  await layout.openPalette();
  const shortcut = (id: string) => page.getByTestId(`palette-shortcut-${id}`);
  await expect(shortcut('tracker.undo')).toHaveText('Ctrl+Z');
  await expect(shortcut('tracker.redo')).toHaveText('Ctrl+Shift+Z');
  await expect(shortcut('palette.open')).toHaveText('Ctrl+K');
  await layout.paletteInput.fill('screen down');
  const screen = page.getByTestId('palette-item-player-view.screen-toggle');
  await expect(screen.locator('kbd')).toHaveText(['b', 'Ctrl+Shift+B']);
  await layout.paletteInput.fill('');
  await page.screenshot({ path: test.info().outputPath('palette-shortcuts-1280x800.png') });

  // The palette's key closes it again.
  await page.keyboard.press('Control+k');
  await expect(layout.palette).toBeHidden();

  // From a text field too: Ctrl+K is not a key a field types.
  const search = page.getByTestId('reference-search');
  await search.fill('armor');
  await search.press('Control+k');
  await expect(layout.palette).toBeVisible();
  await expect(layout.paletteInput).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(search).toHaveValue('armor');
});

test('Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo, and a text field keeps its own Ctrl+Z', async ({ gm }) => {
  const page = gm.page;
  const layout = new LayoutPage(page);
  const tracker = new TrackerPage(page);
  await layout.ready();
  await new BackupsPage(page).declineOfferIfShown();
  await tracker.createEncounter('Undo by keys', 'shadowrun-4e');
  await tracker.addFromBestiary('Ganger', 1, 'opponents');
  const ganger = tracker.row('Ganger');
  await expect(ganger).toBeVisible();

  await page.locator('body').press('Control+z');
  await expect(ganger).toBeHidden();
  await page.locator('body').press('Control+y');
  await expect(ganger).toBeVisible();
  await page.locator('body').press('Control+z');
  await expect(ganger).toBeHidden();
  await page.locator('body').press('Control+Shift+Z');
  await expect(ganger).toBeVisible();

  // In a field, Ctrl+Z undoes the typing: the Ganger stays in the encounter.
  const search = page.getByTestId('reference-search');
  // One insertion (Playwright's fill), so the field's undo takes it back in one step.
  await search.fill('cover');
  await search.press('Control+z');
  await expect(search).toHaveValue('');
  await expect(ganger).toBeVisible();
  await expect(page.getByTestId('command-announcement')).toHaveText('');
});

test('the ? overlay lists the modifier shortcuts from the commands, with where each works', async ({ gm }) => {
  const page = gm.page;
  const layout = new LayoutPage(page);
  await layout.ready();
  await new BackupsPage(page).declineOfferIfShown();
  await page.locator('body').press('?');
  await expect(layout.shortcuts).toBeVisible();
  const row = (id: string) => page.getByTestId(`shortcut-modifier-${id}`).locator('td');
  await expect(row('tracker.redo')).toHaveText(['Ctrl+Shift+Z or Ctrl+Y', 'Redo', 'Outside text fields; also in a dialog']);
  await expect(row('palette.open')).toHaveText(['Ctrl+K', 'Command palette', 'Also while typing; not in a dialog']);
  await expect(row('player-view.screen-toggle')).toHaveText([
    'Ctrl+Shift+B',
    'Screen down (players see black)',
    'Everywhere, also while typing or in a dialog',
  ]);
  await page.getByTestId('shortcut-modifier-tracker.undo').scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('shortcuts-overlay-1280x800.png') });
});

test('About GM Screen names the version, how it runs, the data folder and the server’s Node', async ({ gm }) => {
  const page = gm.page;
  const layout = new LayoutPage(page);
  await layout.ready();
  await new BackupsPage(page).declineOfferIfShown();
  await layout.runCommand('about');
  const about = page.getByTestId('about-dialog');
  await expect(about).toBeVisible();
  await expect(about.getByRole('heading')).toHaveText('About GM Screen');
  await expect(page.getByTestId('about-version')).toHaveText(appVersion);
  await expect(page.getByTestId('about-shell')).toHaveText('Browser page (no desktop window)');
  await expect(page.getByTestId('about-platform')).toHaveText('Linux');
  await expect(page.getByTestId('about-data')).toHaveText(serverDataDirectory());
  await expect(page.getByTestId('about-node')).toHaveText(/^\d+\.\d+\.\d+$/);
  // No Electron and no Chrome in the browser fallback: left out, not "unknown".
  await expect(page.getByTestId('about-electron')).toHaveCount(0);
  await expect(page.getByTestId('about-chrome')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('about-1280x800.png') });
  await page.keyboard.press('Escape');
  await expect(about).toBeHidden();
});

test('"Open the log folder" in the browser fallback says where the log files are, in words', async ({ gm }) => {
  const page = gm.page;
  const layout = new LayoutPage(page);
  await layout.ready();
  await new BackupsPage(page).declineOfferIfShown();
  await layout.runCommand('log folder');
  await expect(page.getByTestId('command-announcement')).toHaveText(
    `This shell cannot open a folder window: the log files are in ${join(serverDataDirectory(), 'logs')}`,
  );
});

test('"New encounter…" (File) opens the encounters with the new name field ready to type in', async ({ gm }) => {
  const page = gm.page;
  const layout = new LayoutPage(page);
  await layout.ready();
  await new BackupsPage(page).declineOfferIfShown();
  await layout.runCommand('new encounter');
  await expect(page.getByTestId('encounter-dialog')).toBeVisible();
  await expect(page.getByTestId('encounter-new-name')).toBeFocused();
  await page.keyboard.type('Rooftop chase');
  await expect(page.getByTestId('encounter-new-name')).toHaveValue('Rooftop chase');
});
