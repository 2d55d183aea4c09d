import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { BackupsPage } from '../pages/backups';
import { PlayerViewPage } from '../pages/player-view';
import { ResolvePage } from '../pages/resolve';
import { TrackerPage } from '../pages/tracker';

/**
 * docs/screenshots/player-view-dark.png and player-view-high-contrast.png (`npm run screenshots`):
 * the table's screen at 1920×1080, opened from a real GM screen running a Shadowrun fight (two
 * runners, four opponents, some damage, a condition the players see, a roll shown to them, the
 * players' timer on). It asserts only that each screen is in the state shown.
 */
const OUT = resolve(__dirname, '../../docs/screenshots');
test.describe.configure({ timeout: 180_000 });

async function shot(page: Page, name: string): Promise<void> {
  // The countdown ticks once a second; nothing else moves.
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${OUT}/${name}.png` });
}

test('the player view, dark and high contrast, at 1920×1080', async ({ gm }) => {
  mkdirSync(OUT, { recursive: true });
  const page = gm.page;
  await page.goto('/?seed=player-view');
  await new BackupsPage(page).declineOfferIfShown();
  const tracker = new TrackerPage(page);
  const resolvePanel = new ResolvePage(page);

  await tracker.createEncounter('Warehouse ambush', 'shadowrun-4e');
  await tracker.addFromBestiary('Street samurai', 1, 'party');
  await tracker.addFromBestiary('Combat mage', 1, 'party');
  await tracker.addFromBestiary('Ganger', 3, 'opponents');
  await tracker.addFromBestiary('Corporate security', 1, 'opponents');
  await tracker.start();
  await tracker.rollAllInitiative();

  // Some damage: the runners' monitors, the gangers' descriptors.
  await tracker.harm('Street samurai', 3);
  await tracker.harm('Combat mage', 4, 'stun');
  await tracker.harm('Ganger 2', 6);

  // A condition the players see (the others stay the GM's).
  const ganger = 'combatant-ganger-1';
  await page.getByTestId(`${ganger}-expand`).click();
  await page.getByTestId(`${ganger}-detail-condition`).selectOption('prone');
  await page.getByTestId(`${ganger}-detail-condition-sees`).check();
  await page.getByTestId(`${ganger}-detail-condition-add`).click();
  await expect(page.getByTestId(`${ganger}-conditions-sees-prone`)).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId(`${ganger}-expand`).click();

  // A roll shown to the players: the samurai shoots Ganger 1.
  await resolvePanel.only('attackers', 'Street samurai');
  await resolvePanel.only('targets', 'Ganger 1');
  await resolvePanel.rollUntilResolved();
  await resolvePanel.apply.click();
  const refusal = page.getByTestId('resolve-refusal');
  await expect(resolvePanel.outcome.or(refusal)).toBeVisible();
  if (await refusal.isVisible()) await page.getByTestId('resolve-allow-anyway').click();
  await page.getByTestId('resolve-players-show').click();
  await expect(page.getByTestId('resolve-players-shown')).toHaveText('✓ Shown to players');

  // Two turns taken: done rows, the one acting, the next.
  await tracker.next();
  await tracker.next();

  const [playerPage] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByTestId('player-view-open').click(),
  ]);
  await playerPage.setViewportSize({ width: 1920, height: 1080 });
  const player = new PlayerViewPage(playerPage);
  await expect(page.getByTestId('player-view-status')).toHaveText('Player view open');

  // The players' timer (its choices show once a view is open): 90 s a turn.
  await page.getByTestId('player-view-options').click();
  await page.getByRole('combobox', { name: 'Timer the players see' }).selectOption('90');
  await page.getByTestId('player-view-options-close').click();
  await expect(player.progress).toHaveText(/^Combat Turn 1 · Initiative Pass 1 · Action Phase 3 of \d$/);
  await expect(player.rolls).toHaveCount(1);
  await expect(playerPage.getByTestId('player-condition')).toHaveText(['Prone']);
  await expect(player.timer).toHaveText(/^1:[23]\d$/);
  await shot(playerPage, 'player-view-dark');

  await page.getByTestId('player-view-options').click();
  await page.getByRole('radio', { name: /^High contrast/ }).check();
  await page.getByTestId('player-view-options-close').click();
  await expect(playerPage.locator('html')).toHaveAttribute('data-player-theme', 'high-contrast');
  await shot(playerPage, 'player-view-high-contrast');
});
