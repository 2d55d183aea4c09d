import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { LogPage } from './pages/log';
import { TrackerPage } from './pages/tracker';

/** A Shadowrun fight: a samurai and two gangers, started, initiative rolled, one hit. */
async function fight(tracker: TrackerPage): Promise<void> {
  await tracker.createEncounter('Docks', 'shadowrun-4e');
  await tracker.addFromBestiary('Street samurai', 1, 'party');
  await tracker.addFromBestiary('Ganger', 2, 'opponents');
  await tracker.start();
  await tracker.rollAllInitiative();
  await expect(tracker.round).toContainText('Combat Turn 1');
}

test('the log shows each event with round and turn, actor and dice; undo and redo mark the last entry', async ({
  gm,
}) => {
  const page = gm.page;
  const tracker = new TrackerPage(page);
  const log = new LogPage(page);
  await fight(tracker);

  const initiative = log.entryWithText(/^Initiative: /);
  await expect(initiative).toHaveCount(1);
  await expect(log.position(initiative)).toHaveText('R1');
  // Every participant's initiative dice are on the line, with their faces.
  await expect(log.dice(initiative).locator('.face').first()).toBeVisible();
  expect(await log.dice(initiative).locator('.face').count()).toBeGreaterThan(2);

  const actor = (await tracker.current.textContent())!.replace('▶', '').trim();
  await tracker.harm('Ganger 1', 3);
  const hit = log.last();
  await expect(log.text(hit)).toHaveText(/^Physical damage 3 → Physical 3\/\d+ marked/);
  await expect(log.who(hit)).toHaveText('→ Ganger 1');
  await expect(log.position(hit)).toHaveText('R1·T1');
  await expect(hit).toContainText(actor);

  await tracker.next();
  await expect(log.text(log.last())).toHaveText(/ acts/);
  const turnLine = log.last();
  await expect(turnLine).toHaveAttribute('data-current', 'true');

  await tracker.undo();
  await expect(turnLine).toHaveAttribute('data-undone', 'true');
  await expect(turnLine.getByText('Undone')).toBeVisible();
  await expect(log.entryWithText(/^Physical damage 3/)).toHaveAttribute('data-current', 'true');
  await tracker.redo();
  await expect(turnLine).toHaveAttribute('data-undone', 'false');
  await expect(turnLine).toHaveAttribute('data-current', 'true');
});

test('filter by combatant and kind, with a count of shown and total', async ({ gm }) => {
  const page = gm.page;
  const tracker = new TrackerPage(page);
  const log = new LogPage(page);
  await fight(tracker);
  await tracker.harm('Ganger 1', 3);
  await tracker.harm('Ganger 2', 2, 'stun');
  // The log follows a frame behind the tracker: the count is read once the last hit is in it.
  await expect(log.entryWithText(/^Stun damage 2/)).toHaveCount(1);
  const total = Number((await log.count.textContent())!.match(/\d+/)![0]);

  await log.filterBy('Ganger 2');
  await expect(log.count).toHaveText(new RegExp(`^\\d+ of ${total}$`));
  for (const row of await log.rows.all()) await expect(row).toContainText('Ganger 2');
  await expect(log.entryWithText(/^Stun damage 2/)).toHaveCount(1);
  await expect(log.entryWithText(/^Physical damage 3/)).toHaveCount(0);

  await log.filterKind('Damage & healing');
  await expect(log.count).toHaveText(`1 of ${total}`);
  await page.getByTestId('log-filter-clear').click();
  await expect(log.count).toHaveText(`${total} entries`);
  await expect(log.entryWithText(/^Physical damage 3/)).toHaveCount(1);
});

test('jumping to an earlier entry takes the tracker back; jumping forward redoes', async ({ gm }) => {
  const page = gm.page;
  const tracker = new TrackerPage(page);
  const log = new LogPage(page);
  await fight(tracker);
  const hurtBefore = await tracker.health('Ganger 1').textContent();
  await tracker.harm('Ganger 1', 3);
  await expect(tracker.health('Ganger 1')).not.toHaveText(hurtBefore!);
  const hurt = await tracker.health('Ganger 1').textContent();
  await tracker.next();
  await tracker.next();

  // Back to just after initiative: the hit and the turn changes are undone, not gone.
  await log.jumpTo(log.entryWithText(/^Initiative: /));
  await expect(tracker.health('Ganger 1')).toHaveText(hurtBefore!);
  await expect(log.entryWithText(/^Initiative: /)).toHaveAttribute('data-current', 'true');
  await expect(log.entryWithText(/^Physical damage 3/)).toHaveAttribute('data-undone', 'true');

  // Forward again to the hit.
  await log.jumpTo(log.entryWithText(/^Physical damage 3/));
  await expect(tracker.health('Ganger 1')).toHaveText(hurt!);
  await expect(log.last()).toHaveAttribute('data-undone', 'true');
});

test('a note typed in the log is added as an entry; an empty one is refused', async ({ gm }) => {
  const page = gm.page;
  const tracker = new TrackerPage(page);
  const log = new LogPage(page);
  await fight(tracker);
  await log.addNote('   ');
  await expect(log.noteError).toHaveText('Type the note first.');
  const before = await log.lastIndex();
  await log.addNote('Ganger 2 shouts for backup');
  await expect(log.text(log.last())).toHaveText('Note: Ganger 2 shouts for backup');
  expect(await log.lastIndex()).toBe(before + 1);
  await expect(log.noteInput).toHaveValue('');
  await log.filterKind('Notes');
  await expect(log.rows).toHaveCount(1);
});

test('the palette commands: add a note, filter by combatant, show all, jump to the latest entry', async ({ gm }) => {
  const page = gm.page;
  const tracker = new TrackerPage(page);
  const log = new LogPage(page);
  await fight(tracker);
  for (let i = 0; i < 12; i++) await log.addNote(`note ${i}`);
  await expect(log.text(log.last())).toHaveText('Note: note 11');

  await log.runCommand('Add log note');
  await expect(log.noteInput).toBeFocused();
  await page.keyboard.type('typed after the command');
  await page.keyboard.press('Enter');
  await expect(log.text(log.last())).toHaveText('Note: typed after the command');

  await log.runCommand('Show all log entries');
  await expect(page.getByTestId('palette-message')).toHaveText(/cannot run now: The log already shows every entry\./);
  await page.keyboard.press('Escape');

  // A collapsed log opens again for the command.
  await page.getByTestId('panel-collapse-log').click();
  await expect(log.panel).toBeHidden();
  await log.runCommand('Filter log by combatant');
  await expect(log.combatantFilter).toBeFocused();
  await log.filterBy('Ganger 1');
  await expect(log.count).toHaveText(/^\d+ of \d+$/);
  await log.runCommand('Show all log entries');
  await expect(log.count).toHaveText(/^\d+ entries$/);

  // Scrolled up, the list stops following; the command brings the newest entry back.
  await log.list.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(page.getByTestId('log-latest')).toBeVisible();
  await expect(log.entry(0)).toBeVisible();
  await log.runCommand('Jump to latest entry');
  await expect(log.entryWithText('Note: typed after the command')).toBeVisible();
  await expect(page.getByTestId('log-latest')).toBeHidden();
  await log.addNote('follows again');
  await expect(log.entryWithText('Note: follows again')).toBeVisible();
});

test('screenshots at 1280×800: the log as a bottom strip and maximised', async ({ gm }) => {
  const page = gm.page;
  const tracker = new TrackerPage(page);
  const log = new LogPage(page);
  await fight(tracker);
  await tracker.harm('Ganger 1', 4);
  await tracker.addCondition('Ganger 2', 'prone');
  await log.addNote('Ganger 2 dives behind the crates');
  for (let i = 0; i < 3; i++) await tracker.next();
  await tracker.harm('Street samurai', 2, 'stun');
  await tracker.undo();

  await page.screenshot({ path: 'test-results/log-default-layout.png' });
  // The shell decides where the log goes; for this picture it is pinned across the bottom, 200 px tall.
  await page.addStyleTag({
    content:
      '[data-layout-slot="log"] { position: fixed !important; left: 0; right: 0; bottom: 0; height: 200px !important; z-index: 50; background: var(--bg); }',
  });
  await expect(log.last()).toBeVisible();
  await expect(log.last()).toHaveAttribute('data-undone', 'true');
  const list = await log.list.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(list.scroll).toBeLessThanOrEqual(list.client);
  await page.screenshot({ path: 'test-results/log-strip.png' });

  // Narrow: the panel should still read well at about 300 px wide.
  await page.addStyleTag({
    content: '[data-layout-slot="log"] { width: 320px !important; height: 420px !important; right: auto !important; }',
  });
  await expect(log.last()).toBeVisible();
  const narrow = await log.list.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(narrow.scroll).toBeLessThanOrEqual(narrow.client);
  await page.screenshot({ path: 'test-results/log-narrow.png', clip: { x: 0, y: 380, width: 340, height: 420 } });
  await page.addStyleTag({ content: '[data-layout-slot="log"] { width: auto !important; right: 0 !important; }' });

  const scan = await new AxeBuilder({ page }).include('[data-testid="log-panel"]').analyze();
  expect(scan.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await page.getByTestId('panel-maximise-log').click();
  await page.addStyleTag({
    content: '[data-layout-slot="log"] { position: absolute !important; inset: 0; height: 100% !important; }',
  });
  await expect(log.rows.first()).toBeVisible();
  await page.screenshot({ path: 'test-results/log-maximised.png' });
  await page.evaluate(() => (document.documentElement.dataset.theme = 'light'));
  await page.screenshot({ path: 'test-results/log-maximised-light.png' });
});
