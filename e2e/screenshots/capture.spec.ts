import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { FilesPage } from '../pages/files';
import { LayoutPage } from '../pages/layout';
import { ReferencePage } from '../pages/reference';
import { ResolvePage } from '../pages/resolve';
import { TrackerPage } from '../pages/tracker';

/**
 * Regenerates docs/screenshots/ (`npm run screenshots`): a Shadowrun fight at 1280×800, each
 * panel in the default layout and maximised. Not part of `npm test`: it asserts only that each
 * screen is in the state shown, and its output is looked at by a person.
 */
const OUT = resolve(__dirname, '../../docs/screenshots');
test.describe.configure({ timeout: 300_000 });

async function shot(page: Page, name: string, target?: Locator): Promise<void> {
  // Let splitter and scroll positions settle; no animation runs longer than 150 ms.
  await page.waitForTimeout(300);
  await (target ?? page).screenshot({ path: `${OUT}/${name}.png` });
}

test('screenshots of every panel at 1280×800', async ({ gm }) => {
  mkdirSync(OUT, { recursive: true });
  const page = gm.page;
  await page.goto('/?seed=screenshots');
  const layout = new LayoutPage(page);
  const tracker = new TrackerPage(page);
  const resolvePanel = new ResolvePage(page);
  await layout.ready();

  await tracker.createEncounter('Warehouse ambush', 'shadowrun-4e');
  await tracker.addFromBestiary('Street samurai', 1, 'party');
  await tracker.addFromBestiary('Ganger', 5, 'opponents');
  await tracker.start();
  await tracker.rollAllInitiative();
  await tracker.harm('Ganger 2', 3);

  await resolvePanel.only('attackers', 'Street samurai');
  await resolvePanel.only('targets', 'Ganger 1');
  await expect(resolvePanel.odds.getByTestId(/^resolve-odds-figure-/).first()).toHaveText(/\d/);
  await shot(page, 'gm-screen');

  await layout.maximise('resolve');
  await shot(page, 'resolve-odds');
  // The attack and the defence typed from physical dice (a hit), the soak rolled with the app's dice.
  await resolvePanel.typeFaces('6 5 2 6 1 3 5 4 2');
  await resolvePanel.typeFaces('5 2 1');
  await resolvePanel.rollUntilResolved();
  await shot(page, 'resolve-result');
  await resolvePanel.apply.click();
  await layout.maximise('resolve'); // the same control restores the layout

  await layout.maximise('tracker');
  await shot(page, 'tracker');
  await layout.maximise('tracker');

  const reference = new ReferencePage(page);
  await layout.maximise('reference');
  await reference.searchFor('recoil');
  await shot(page, 'reference-search');
  await layout.maximise('reference');

  await layout.maximise('log');
  await shot(page, 'log');
  await layout.maximise('log');

  // The session report as the GM shares it: exported as HTML, opened on its own, light and dark.
  const files = new FilesPage(page);
  await files.openExportFromLog();
  await files.exportDialog.getByTestId('export-format-html').check();
  await shot(page, 'export-dialog');
  const report = await files.exportAs('html');
  await shot(page, 'export-saved');
  await files.closeExport();
  const reportPage = await page.context().newPage();
  await reportPage.setViewportSize({ width: 1280, height: 800 });
  await reportPage.emulateMedia({ colorScheme: 'light' });
  await reportPage.goto(pathToFileURL(report.savedPath).href);
  await shot(reportPage, 'export-report');
  await reportPage.emulateMedia({ colorScheme: 'dark' });
  await shot(reportPage, 'export-report-dark');
  await reportPage.close();

  await layout.openPalette();
  await page.getByTestId('palette-input').fill('next');
  await shot(page, 'command-palette');
  await page.keyboard.press('Escape');

  await layout.runCommand('light theme');
  await shot(page, 'gm-screen-light');
});
