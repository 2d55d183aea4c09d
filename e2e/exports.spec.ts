import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Papa from 'papaparse';
import { expect, serverDataDirectory, test } from './fixtures';
import { FilesPage } from './pages/files';
import { LogPage } from './pages/log';
import { TrackerPage } from './pages/tracker';

// A fight, four exports and an import: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

/** A Shadowrun fight: a samurai, two gangers, a wound, a note, a turn, and one undone turn. */
async function docksFight(tracker: TrackerPage, log: LogPage): Promise<void> {
  await tracker.createEncounter('Docks', 'shadowrun-4e');
  await tracker.addFromBestiary('Street samurai', 1, 'party');
  await tracker.addFromBestiary('Ganger', 2, 'opponents');
  await tracker.start();
  await tracker.rollAllInitiative();
  await tracker.harm('Ganger 1', 3);
  await log.noteInput.fill('Ganger 1 <b>flees</b> next round');
  await log.noteInput.press('Enter');
  await tracker.next();
  await tracker.undo();
}

test('the log exports as HTML, Markdown, CSV and JSON, each saved and downloaded; the JSON comes back as an identical copy', async ({
  gm,
}) => {
  const page = gm.page;
  const tracker = new TrackerPage(page);
  const log = new LogPage(page);
  const files = new FilesPage(page);
  await docksFight(tracker, log);

  await files.openExportFromLog();
  const html = await files.exportAs('html');
  expect(html.savedPath.startsWith(join(serverDataDirectory(), 'exports'))).toBe(true);
  expect(html.text).toContain('<h1>Docks</h1>');
  // The GM's note is text, never markup.
  expect(html.text).toContain('Ganger 1 &lt;b&gt;flees&lt;/b&gt; next round');
  expect(html.text).not.toMatch(/<script|\bsrc=|@import|url\(/i);

  const markdown = await files.exportAs('markdown');
  expect(markdown.text.startsWith('# Docks\n')).toBe(true);
  expect(markdown.text).toContain('## Round 1');
  expect(markdown.text).toMatch(/Ganger 1[^\n]*Physical damage 3/);

  const csv = await files.exportAs('csv', { includeUndone: true });
  expect(csv.text.startsWith('\uFEFF')).toBe(true);
  const parsed = Papa.parse<Record<string, string>>(csv.text.slice(1), { header: true });
  expect(parsed.errors).toEqual([]);
  expect(parsed.meta.fields).toEqual(['position', 'round', 'turn', 'pass', 'time', 'type', 'actor', 'targets', 'dice', 'outcome', 'summary', 'undone']);
  const harm = parsed.data.filter((row) => row.type === 'harm-applied');
  expect(harm.map((row) => [row.round, row.targets, row.undone])).toEqual([['1', 'Ganger 1', 'no']]);
  expect(harm[0]!.summary).toMatch(/^Physical damage 3 → Physical 3\/\d+ marked/);
  // The turn that was undone is there, marked, because undone entries were asked for.
  expect(parsed.data.at(-1)!.type).toBe('turn-advanced');
  expect(parsed.data.at(-1)!.undone).toBe('yes');

  const json = await files.exportAs('json');
  const file = JSON.parse(json.text) as { format: string; version: number; name: string; cursor: number | null; log: unknown[] };
  expect([file.format, file.version, file.name]).toEqual(['gm-screen-encounter', 1, 'Docks']);
  expect(file.log.length).toBe(parsed.data.length);
  await files.closeExport();

  // The HTML report opens on its own, asking for nothing from anywhere.
  const report = await page.context().newPage();
  const requests: string[] = [];
  report.on('request', (request) => requests.push(request.url()));
  await report.goto(pathToFileURL(html.savedPath).href);
  await expect(report.getByRole('heading', { level: 1 })).toHaveText('Docks');
  await expect(report.getByText('Ganger 1 <b>flees</b> next round').first()).toBeVisible();
  expect(requests).toEqual([pathToFileURL(html.savedPath).href]);
  await report.setViewportSize({ width: 1280, height: 800 });
  await report.screenshot({ path: 'test-results/e2e/export-report.png' });
  await report.close();

  // Imported as a copy, it opens at the same state and exports the same bytes.
  const rowsBefore = await page.locator('[data-testid^="encounter-row-"]').count();
  await files.importEncounter(json.savedPath);
  await expect(files.importResult).toContainText('Imported “Docks” as a copy');
  await expect(page.locator('[data-testid^="encounter-row-"]')).toHaveCount(rowsBefore + 1);
  const trackerBefore = await tracker.panel.innerText();
  await page.getByTestId('import-encounter-open').click();
  await expect(page.getByTestId('encounter-dialog')).toBeHidden();
  await expect.poll(() => tracker.panel.innerText()).toBe(trackerBefore);
  await files.openExportFromLog();
  const again = await files.exportAs('json');
  expect(again.savedPath).not.toBe(json.savedPath);
  expect(again.text).toBe(json.text);
});

test('a hostile or invalid encounter file is refused with what is wrong, and the list is unchanged', async ({ gm }) => {
  const page = gm.page;
  const tracker = new TrackerPage(page);
  const files = new FilesPage(page);
  await tracker.createEncounter('Kept', 'hardware');
  const folder = serverDataDirectory();

  const hostile = join(folder, 'hostile.json');
  await writeFile(hostile, '{"format":"gm-screen-encounter","version":1,"__proto__":{"polluted":true}}');
  await files.importEncounter(hostile);
  await expect(files.importError).toContainText('“hostile.json” was not imported:');
  await expect(files.importError).toContainText('__proto__');
  await expect(files.importError).toContainText('Nothing was changed.');
  expect(await page.evaluate(() => ({}) as Record<string, unknown>)).toEqual({});
  await expect(page.locator('[data-testid^="encounter-row-"]')).toHaveCount(1);

  const notOurs = join(folder, 'shopping.json');
  await writeFile(notOurs, '{"eggs": 12}');
  await files.importEncounter(notOurs);
  await expect(files.importError).toContainText('“shopping.json” was not imported:');
  await expect(page.locator('[data-testid^="encounter-row-"]')).toHaveCount(1);
  await expect(page.getByTestId('encounter-row-kept')).toBeVisible();
});

test("the bestiary exports the GM's own templates and imports them back as copies; a file that is not a bestiary is refused", async ({ gm }) => {
  const page = gm.page;
  const tracker = new TrackerPage(page);
  await tracker.createEncounter('Depot', 'hardware');
  await page.getByTestId('tracker-add').click();
  await page.getByTestId('bestiary-duplicate-street-punk').click();
  await expect(page.getByTestId('bestiary-row-street-punk-copy')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByTestId('bestiary-export').click();
  const downloaded = await download;
  expect(downloaded.suggestedFilename()).toMatch(/^GM Screen bestiary \d{4}-\d{2}-\d{2}\.json$/);
  const file = join(serverDataDirectory(), `downloaded ${downloaded.suggestedFilename()}`);
  await downloaded.saveAs(file);
  await expect(page.getByTestId('bestiary-export-result')).toContainText('Saved 1 template to');
  const saved = JSON.parse(await readFile(file, 'utf8')) as { format: string; templates: { name: string; systemId: string }[] };
  expect([saved.format, saved.templates.map((t) => [t.name, t.systemId])]).toEqual(['gm-screen-bestiary', [['Street punk (copy)', 'hardware']]]);

  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('import-bestiary-button').click();
  await (await chooser).setFiles(file);
  await expect(page.getByTestId('import-bestiary-result')).toContainText(`Imported 1 template from “downloaded ${downloaded.suggestedFilename()}” (Hardware RPG 1).`);
  await expect(page.locator('[data-testid^="bestiary-row-street-punk-copy"]')).toHaveCount(2);

  const encounterFile = join(serverDataDirectory(), 'not-a-bestiary.json');
  await writeFile(encounterFile, '{"format":"gm-screen-encounter","version":1}');
  const again = page.waitForEvent('filechooser');
  await page.getByTestId('import-bestiary-button').click();
  await (await again).setFiles(encounterFile);
  await expect(page.getByTestId('import-bestiary-error')).toContainText('“not-a-bestiary.json” was not imported:');
  await expect(page.locator('[data-testid^="bestiary-row-street-punk-copy"]')).toHaveCount(2);
});
