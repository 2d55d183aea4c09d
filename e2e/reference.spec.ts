import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { LogPage } from './pages/log';
import { ReferencePage } from './pages/reference';
import { ResolvePage } from './pages/resolve';
import { TrackerPage } from './pages/tracker';

const SHOTS = 'test-results/reference';

// The first page load compiles the renderer when run against a dev server on a busy machine.
test.describe.configure({ timeout: 120_000 });

test('a search with a typo finds the table, marks the matched word, and "/" focuses the search', async ({ gm }) => {
  const reference = new ReferencePage(gm.page);
  await expect(reference.panel).toBeVisible({ timeout: 60_000 });
  await gm.page.locator('body').click({ position: { x: 5, y: 5 } });
  await gm.page.keyboard.press('/');
  await expect(reference.search).toBeFocused();
  await expect(reference.search).toHaveValue('');

  await gm.page.keyboard.type('sandbg');
  const cover = reference.table('es-cover');
  await expect(cover).toBeVisible();
  await expect(reference.row('es-cover', 4).locator('mark').first()).toHaveText('Sandbag');
  // Only the matching row is shown until the GM asks for the whole table.
  await expect(reference.row('es-cover', 0)).toHaveCount(0);
  await gm.page.getByTestId('reference-table-es-cover-all-rows').click();
  await expect(reference.row('es-cover', 0)).toBeVisible();

  // Enter goes from the search box to the first result's heading; Escape back there clears nothing.
  await reference.search.press('Enter');
  await expect(reference.toggle('es-cover')).toBeFocused();
  await gm.page.screenshot({ path: `${SHOTS}/search-typo.png` });

  const scan = await new AxeBuilder({ page: gm.page }).include('[data-testid="reference-panel"]').analyze();
  expect(scan.violations.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
});

test('a D66 roll typed from physical dice marks the row and goes into the roll log', async ({ gm }) => {
  const tracker = new TrackerPage(gm.page);
  await tracker.createEncounter('Ambush at the mall', 'electric-state');
  const reference = new ReferencePage(gm.page);
  await reference.searchFor('serious injury');
  await expect(reference.table('es-serious-injuries')).toBeVisible();
  await reference.rollTyped('es-serious-injuries', '4 2');

  await expect(reference.row('es-serious-injuries', 2)).toHaveAttribute('data-rolled', 'true');
  await expect(reference.row('es-serious-injuries', 2)).toContainText('Ear torn off');
  await expect(reference.result('es-serious-injuries')).toContainText('42');
  await expect(reference.result('es-serious-injuries')).toContainText('Ear torn off');
  await gm.page.screenshot({ path: `${SHOTS}/d66-roll.png` });

  // A bad face is refused with a sentence and nothing more is logged.
  await reference.rollTyped('es-serious-injuries', '4 7');
  await expect(gm.page.getByTestId('reference-table-es-serious-injuries-roll-problem')).toContainText(
    'A d6 has no face 7',
  );

  await gm.page.getByTestId('panel-collapse-dice').click();
  const entries = gm.page.getByTestId('roll-log-entry');
  await expect(entries).toHaveCount(1);
  expect(await entries.first().locator('.face').allTextContents()).toEqual(['4', '2']);
  await expect(entries.first()).toContainText('physical dice');
  await expect(entries.first().getByTestId('roll-log-reason')).toContainText('(D66)');

  // A weapon row goes to the roll panel.
  await reference.searchFor('knife');
  await gm.page.getByTestId('reference-table-es-weapons-row-2-send').click();
  await expect(gm.page.getByTestId('reference-table-es-weapons-send-note')).toHaveText('Knife is in the roll panel.');
});

test("a table roll goes into the open encounter's log, undoably; with no encounter only into the roll log", async ({
  gm,
}) => {
  const reference = new ReferencePage(gm.page);
  const log = new LogPage(gm.page);
  // No encounter open: the roll log has it, and the result line names no encounter.
  await reference.searchFor('serious injury');
  await reference.rollTyped('es-serious-injuries', '6 6');
  await expect(reference.result('es-serious-injuries')).toContainText('66');
  await expect(gm.page.getByTestId('reference-table-es-serious-injuries-roll-logged')).toHaveCount(0);

  const tracker = new TrackerPage(gm.page);
  await tracker.createEncounter('Ambush at the mall', 'electric-state');
  await reference.searchFor('serious injury');
  await reference.rollTyped('es-serious-injuries', '4 2');
  await expect(gm.page.getByTestId('reference-table-es-serious-injuries-roll-logged')).toHaveText(
    'Also in the log of “Ambush at the mall”.',
  );
  const line = log.entryWithText(
    'Serious Injuries (D66): 42 → Ear torn off · −1 die on Wits rolls for hearing · 2D6 days',
  );
  await expect(line).toHaveCount(1);
  await expect(line).toHaveAttribute('data-undone', 'false');
  await expect(log.dice(line)).toContainText('4');
  await expect(log.dice(line)).toContainText('2');
  await gm.page.screenshot({ path: `${SHOTS}/table-roll-in-encounter-log.png` });

  await tracker.undo();
  await expect(line).toHaveAttribute('data-undone', 'true');

  // Both rolls stay in the roll log, the one before the encounter included.
  await gm.page.getByTestId('panel-collapse-dice').click();
  await expect(gm.page.getByTestId('roll-log-entry')).toHaveCount(2);
});

test("a search with no match in the encounter's system shows the other systems' matches under their own heading", async ({
  gm,
}) => {
  const tracker = new TrackerPage(gm.page);
  await tracker.createEncounter('Ambush at the mall', 'electric-state');
  const reference = new ReferencePage(gm.page);
  // A word of the system itself stays in the system: nothing from the others is added.
  await reference.searchFor('sandbag');
  await expect(reference.table('es-cover')).toBeVisible();
  await expect(gm.page.getByTestId('reference-elsewhere-title')).toHaveCount(0);

  await reference.searchFor('buffer');
  await expect(gm.page.getByTestId('reference-no-results')).toHaveText(
    'No table or rule in The Electric State RPG matches “buffer”.',
  );
  await expect(gm.page.getByTestId('reference-elsewhere-title')).toHaveText('In other systems · 4');
  const elsewhere = gm.page.getByTestId('reference-elsewhere');
  await expect(elsewhere.getByTestId('reference-summary-hardware-buffer')).toBeVisible();
  await expect(elsewhere.getByTestId('reference-table-hardware-protection-toggle')).toBeVisible();
  await expect(gm.page.getByTestId('reference-result-count')).toHaveText('No results here; 4 in other systems.');
  await gm.page.screenshot({ path: `${SHOTS}/search-other-systems.png` });
  const scan = await new AxeBuilder({ page: gm.page }).include('[data-testid="reference-panel"]').analyze();
  expect(scan.violations.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
});

test("each citation's tooltip quotes the sentence of its section about the field, and the panel says what Seed, Book and Default mean", async ({
  gm,
}) => {
  const page = gm.page;
  const tracker = new TrackerPage(page);
  await tracker.createEncounter('Citations', 'shadowrun-4e');
  await tracker.addFromBestiary('Street samurai', 1, 'party');
  await tracker.addFromBestiary('Ganger', 1, 'opponents');
  const resolve = new ResolvePage(page);
  await resolve.only('attackers', 'Street samurai');
  await resolve.only('targets', 'Ganger');
  // Most of the fields cited here wait under "More modifiers".
  await resolve.more.click();
  const citeOf = (fieldId: string) =>
    page.locator('.field', { has: page.getByTestId(`resolve-field-${fieldId}`) }).locator('.rule-term-button');

  await expect(citeOf('calledShot')).toHaveText('Book: Other Combat Factors');
  await expect(citeOf('calledShot')).toHaveAttribute(
    'title',
    '“Knockdown, called shots, interception and subduing each have their own dice pool rules.” (Other Combat Factors)\n' +
      'Book: from the published rulebook, for what the seed does not spell out.',
  );
  await expect(citeOf('pushTheLimit')).toHaveAttribute(
    'title',
    /^“Edge \[book\]: before a roll add Edge dice and 6s explode; after a roll reroll the misses;/,
  );
  await expect(citeOf('firingMode')).toHaveAttribute('title', /^“Firing modes are single-shot, semi-auto/);
  await expect(citeOf('bulletsBefore')).toHaveAttribute('title', /recoil, which grows with each bullet fired/);
  await expect(citeOf('attackerRunning')).toHaveAttribute('title', /^“Common modifiers: attacker running −2,/);

  // The quick reference says once what the source words mean.
  const reference = new ReferencePage(page);
  await reference.searchFor('');
  const help = page.getByTestId('reference-citation-help');
  await help.locator('summary').click();
  await expect(help).toContainText('Seed: stated in the seed, the rules text the app is built on.');
  await expect(help).toContainText('Book: from the published rulebook, for what the seed does not spell out.');
  await expect(help).toContainText('Default: the app’s own choice where the seed and the book are silent or disagree');
  await page.getByTestId('panel-maximise-reference').click();
  await help.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/citation-help.png` });
});

test('a pinned table is listed first, open, after a reload', async ({ gm }) => {
  const reference = new ReferencePage(gm.page);
  await expect(reference.toggle('es-weapons')).toBeVisible({ timeout: 60_000 });
  await expect(reference.pinned).toHaveCount(0);
  await reference.pin('es-body-armor').click();
  await expect(reference.pin('es-body-armor')).toHaveAttribute('aria-pressed', 'true');
  await expect(reference.pin('es-body-armor')).toContainText('Pinned');

  await gm.page.reload();
  const after = new ReferencePage(gm.page);
  await expect(after.pinned).toBeVisible();
  await expect(after.headings().first()).toHaveAttribute('data-testid', 'reference-table-es-body-armor-toggle');
  await expect(after.toggle('es-body-armor')).toHaveAttribute('aria-expanded', 'true');
  await expect(after.pin('es-body-armor')).toHaveAttribute('aria-pressed', 'true');
  await gm.page.screenshot({ path: `${SHOTS}/pinned.png` });
  const scan = await new AxeBuilder({ page: gm.page }).include('[data-testid="reference-panel"]').analyze();
  expect(scan.violations.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);

  await gm.page.getByTestId('panel-maximise-reference').click();
  await after.open('es-weapons');
  await gm.page.screenshot({ path: `${SHOTS}/maximised.png` });
});
