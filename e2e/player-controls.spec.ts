import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { LogPage } from './pages/log';
import { TrackerPage } from './pages/tracker';

// Three axe scans and two pages on a busy machine.
test.describe.configure({ timeout: 90_000 });

/** Serious and critical axe violations inside `selector`, one line each. */
async function violations(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(' ')}`));
}

/**
 * The GM screen's side of the player view: opened from the header (the browser fallback opens a
 * second page of the same origin), its status in the header, the screen put down and up (button
 * and Ctrl+Shift+B while typing), and the status gone once the player page closes.
 */
test('the GM opens the player view from the header, puts its screen down and up, and sees it close', async ({
  gm,
}, testInfo) => {
  const page = gm.page;
  const tracker = new TrackerPage(page);
  await tracker.createEncounter('Docks', 'shadowrun-4e');
  await tracker.addFromBestiary('Ganger', 1, 'opponents');
  await tracker.start();
  await tracker.rollAllInitiative();
  const status = page.getByTestId('player-view-status');
  await expect(status).toHaveText('');
  // With no player view open, the header holds only its icon: no screen toggle taking room.
  await expect(page.getByTestId('player-view-screen')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('header-no-player-view.png') });

  const [player] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByTestId('player-view-open').click(),
  ]);
  await expect(status).toHaveText('Player view open');
  await expect(player.getByTestId('player-view')).toContainText('Ganger');
  await page.screenshot({ path: testInfo.outputPath('header-player-view-open.png') });

  // Down from the header: the player page holds nothing of the fight, not even hidden in its DOM.
  await page.getByTestId('player-view-screen').click();
  await expect(page.getByTestId('player-screen-down').locator('p')).toHaveText(
    'Player screen is down — players see black.',
  );
  await expect(page.getByTestId('player-view-screen')).toHaveText('Screen up');
  await expect(player.getByTestId('player-blank')).toBeVisible();
  expect(await player.content()).not.toContain('Ganger');
  expect(await player.content()).not.toContain('Docks');
  await page.screenshot({ path: testInfo.outputPath('header-screen-down.png') });
  expect.soft(await violations(page, 'header.app-header'), 'header, screen down').toEqual([]);
  expect.soft(await violations(page, '[data-testid="player-screen-down"]'), 'screen down banner').toEqual([]);

  // Up with Ctrl+Shift+B typed into the log's note field: the shortcut works while typing.
  const note = page.getByTestId('log-note-input');
  await note.click();
  await note.pressSequentially('The ganger');
  await page.keyboard.press('Control+Shift+B');
  await expect(page.getByTestId('player-screen-down')).toHaveCount(0);
  await expect(player.getByTestId('player-view')).toContainText('Ganger');
  await expect(note).toHaveValue('The ganger');

  // And down again with the same keys from the note field.
  await page.keyboard.press('Control+Shift+B');
  await expect(page.getByTestId('player-screen-down')).toBeVisible();
  await expect(player.getByTestId('player-blank')).toBeVisible();
  await page.getByTestId('player-screen-up').click();
  await expect(player.getByTestId('player-view')).toContainText('Ganger');

  // The choices: high contrast reaches the player page.
  await page.getByTestId('player-view-options').click();
  await page.getByTestId('player-option-theme-high-contrast').check();
  await page.getByTestId('player-option-timer').selectOption('90');
  await expect(page.getByTestId('player-option-timer-round')).toBeEnabled();
  await page.screenshot({ path: testInfo.outputPath('player-view-options.png') });
  expect.soft(await violations(page, '[data-testid="player-view-options-dialog"]'), 'options').toEqual([]);
  await page.getByTestId('player-view-options-close').click();
  await expect(player.locator('html')).toHaveAttribute('data-player-theme', 'high-contrast');
  // The timer the players see: 1:30, counting down from when the GM switched it on.
  await expect(player.getByTestId('player-timer-value')).toHaveText(/^1:[23]\d$/);

  // The player page goes away: the header says nothing any more, within the presence timeout.
  const closedAt = Date.now();
  await player.close();
  await expect(status).toHaveText('', { timeout: 4000 });
  testInfo.annotations.push({ type: 'status cleared after close (ms)', description: String(Date.now() - closedAt) });
  await expect(page.getByTestId('tracker-error')).toHaveCount(0);
});

test('the tracker and the palette open the player view too, a second open brings the same one forward, and a second GM tab never takes its screen', async ({
  gm,
}) => {
  const page = gm.page;
  const tracker = new TrackerPage(page);
  await tracker.createEncounter('Bridge', 'hardware');
  const [player] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByTestId('tracker-player-view').click(),
  ]);
  await expect(page.getByTestId('player-view-status')).toHaveText('Player view open');
  await expect(player.getByTestId('player-view')).toContainText('Bridge');

  // From the palette: the same window, not a second one.
  await new LogPage(page).runCommand('Open player view');
  await page.waitForTimeout(1500);
  expect(page.context().pages()).toHaveLength(2);
  await expect(page.getByTestId('player-view-status')).toHaveText('Player view open');

  // A second GM tab, idle and then following the encounter read-only, never takes the table's
  // screen: not when it opens, not while it follows, not when it closes.
  const screenShown = player.getByTestId('player-view');
  const second = await page.context().newPage();
  await second.goto('/');
  await expect(second.getByTestId('player-view-status')).toHaveText('Player view open');
  await expect(screenShown).toHaveAttribute('data-screen', 'encounter');
  await second.getByTestId('resume-accept').click();
  await expect(second.getByTestId('tracker-elsewhere')).toBeVisible();
  await new LogPage(page).addNote('the bridge creaks');
  await expect(new LogPage(second).entryWithText('the bridge creaks')).toHaveCount(1);
  await expect(screenShown).toHaveAttribute('data-screen', 'encounter');
  await page.getByTestId('player-view-screen').click();
  await expect(screenShown).toHaveAttribute('data-screen', 'blank');
  await second.close();
  await page.waitForTimeout(1000);
  await expect(screenShown).toHaveAttribute('data-screen', 'blank');
  await page.getByTestId('player-screen-up').click();
  await expect(screenShown).toHaveAttribute('data-screen', 'encounter');
  await expect(screenShown).toContainText('Bridge');
});
