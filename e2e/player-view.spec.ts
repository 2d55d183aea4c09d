import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { BackupsPage } from './pages/backups';
import { PlayerViewPage } from './pages/player-view';
import { slug, TrackerPage } from './pages/tracker';

// Two pages, a dozen round trips between them, on a busy machine.
test.describe.configure({ timeout: 120_000 });

const HIDDEN = 'Corporate security';

/** Adds one of a bestiary template to the opponents, not yet revealed to the players. */
async function addHidden(page: Page, template: string): Promise<void> {
  await page.getByTestId('tracker-add').click();
  const s = slug(template);
  await page.getByTestId(`bestiary-side-${s}`).selectOption('opponents');
  await page.getByTestId(`bestiary-hidden-${s}`).check();
  await page.getByTestId(`bestiary-add-${s}`).click();
  await page.getByTestId('bestiary-close').click();
}

/** The Physical monitor as the GM's row counts it: boxes marked of the monitor's size. */
async function physicalOnGm(tracker: TrackerPage, name: string): Promise<{ marked: number; max: number }> {
  const text = (await tracker.health(name).innerText()).replace(/\s+/g, ' ');
  const match = /PHYSICAL[^0-9]*(\d+)\/(\d+)/i.exec(text);
  if (!match) throw new Error(`no Physical monitor in "${text}"`);
  return { marked: Number(match[1]), max: Number(match[2]) };
}

/** Who acts now on the GM screen (the tracker's "▶ Name"). */
async function actingOnGm(page: Page): Promise<string> {
  return (await page.getByTestId('tracker-current').innerText()).replace(/^▶\s*/, '').trim();
}

/**
 * The walk-through in two pages of one origin, as the browser fallback runs it: with the
 * player view open in a second tab, the GM screen advances turns,
 * applies damage and undoes; the player view follows each change. A combatant added hidden never
 * reaches the player page's DOM — a MutationObserver installed before the page's own script
 * watches every change of it — until the GM reveals it, and leaves again when the reveal is
 * undone. "Screen down" (Ctrl+Shift+B) leaves nothing of the fight in it.
 */
test('the player view follows turns, damage and undo, never shows a hidden combatant before its reveal, and goes blank on screen down', async ({ gm }) => {
  const page = gm.page;
  const tracker = new TrackerPage(page);
  await new BackupsPage(page).declineOfferIfShown();
  await tracker.createEncounter('Warehouse', 'shadowrun-4e');
  await tracker.addFromBestiary('Street samurai', 1, 'party');
  await tracker.addFromBestiary('Ganger', 1, 'opponents');
  await addHidden(page, HIDDEN);
  await expect(tracker.row(HIDDEN)).toContainText('hidden');

  await page.context().addInitScript((hidden: string) => {
    if (!location.pathname.endsWith('/player.html')) return;
    const seen: string[] = [];
    (window as Window & { hiddenSeen?: string[] }).hiddenSeen = seen;
    const check = () => {
      if (document.documentElement.outerHTML.includes(hidden)) seen.push(document.body.innerText.slice(0, 200));
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  }, HIDDEN);
  const hiddenSeen = (player: Page) => player.evaluate(() => (window as Window & { hiddenSeen?: string[] }).hiddenSeen ?? null);

  // A second tab of the same origin (the header's pop-up is e2e/player-controls.spec.ts's): a pop-up
  // reuses the window of its first about:blank document, where an init script has already run.
  const popup = await page.context().newPage();
  const player = new PlayerViewPage(popup);
  await player.open();
  // The GM works in the front tab (a background tab gets no animation frames, and clicks wait for them).
  await page.bringToFront();
  await expect(page.getByTestId('player-view-status')).toHaveText('Player view open');
  // Set up: the two the players may see, nothing of the third.
  await expect(player.encounterName).toHaveText('Warehouse');
  await expect(player.progress).toHaveText('Setting up');
  await expect(player.rowNames).toHaveText(['Street samurai', 'Ganger']);

  await tracker.start();
  await tracker.rollAllInitiative();
  // Every turn of the Combat Turn: the player view names the same one acting as the GM screen, or
  // (the hidden one's turn) no one. The Combat Turn has 4 Action Phases (the samurai acts in both
  // Initiative Passes, the ganger and the hidden guard in the first); the players count the 3 they see.
  await expect(page.getByTestId('tracker-round')).toContainText('of 4');
  const seenActing: string[] = [];
  for (let turn = 0; turn < 4; turn++) {
    const acting = await actingOnGm(page);
    if (acting === HIDDEN) {
      await expect(player.now).not.toHaveText(HIDDEN);
      await expect(player.progress).not.toContainText('Action Phase');
    } else {
      await expect(player.now).toHaveText(acting);
      await expect(player.progress).toContainText(/Action Phase [123] of 3$/);
    }
    seenActing.push(acting);
    await tracker.next();
  }
  expect(seenActing.filter((name) => name !== HIDDEN).length).toBeGreaterThanOrEqual(2);

  // Damage: the PC's monitor in numbers, the NPC's as a word; undo takes each back.
  const before = await physicalOnGm(tracker, 'Street samurai');
  await tracker.harm('Street samurai', 3, 'physical');
  await expect(tracker.health('Street samurai')).toContainText(`${before.marked + 3}/${before.max}`);
  const samurai = popup.locator('li[data-testid^="player-row-"]').filter({ hasText: 'Street samurai' });
  await expect(samurai.getByTestId('player-track').first()).toContainText(`Physical`);
  await expect(samurai).toContainText(`${before.marked + 3}/${before.max} marked`);
  const ganger = popup.locator('li[data-testid^="player-row-"]').filter({ hasText: 'Ganger' });
  await expect(ganger.getByTestId('player-descriptor')).toHaveText('unhurt');
  await tracker.harm('Ganger', 3, 'physical');
  await expect(ganger.getByTestId('player-descriptor')).toHaveText('wounded');
  await tracker.undo();
  await expect(ganger.getByTestId('player-descriptor')).toHaveText('unhurt');
  await tracker.undo();
  await expect(samurai).toContainText(`${before.marked}/${before.max} marked`);
  await tracker.redo();
  await expect(samurai).toContainText(`${before.marked + 3}/${before.max} marked`);

  // Until now the hidden one never touched the player page's DOM.
  expect(await hiddenSeen(popup)).toEqual([]);
  expect(await player.pageText()).not.toContain(HIDDEN);

  // Revealed at the GM's moment: it appears; undoing the reveal takes it away again.
  await page.getByTestId(`combatant-${slug(HIDDEN)}-expand`).click();
  await page.getByTestId(`combatant-${slug(HIDDEN)}-detail-reveal`).click();
  await expect(player.rowNames.filter({ hasText: HIDDEN })).toHaveCount(1);
  // The watcher does see the name once it is there (so its silence before meant something).
  expect((await hiddenSeen(popup))?.length).toBeGreaterThan(0);
  await tracker.undo();
  await expect(player.rowNames.filter({ hasText: HIDDEN })).toHaveCount(0);
  expect(await player.pageText()).not.toContain(HIDDEN);
  await tracker.redo();
  await expect(player.rowNames.filter({ hasText: HIDDEN })).toHaveCount(1);

  // The encounter's name off the players' screen (the GM's choice), and back.
  await page.getByTestId('player-view-options').click();
  await page.getByTestId('player-option-encounter-name').uncheck();
  await expect(player.encounterName).toHaveCount(0);
  expect(await player.pageText()).not.toContain('Warehouse');
  await page.getByTestId('player-option-encounter-name').check();
  await expect(player.encounterName).toHaveText('Warehouse');
  await page.keyboard.press('Escape');

  // Screen down from the keyboard: black, and nothing of the fight left in the page.
  await page.keyboard.press('Control+Shift+B');
  await expect(player.blank).toBeVisible();
  const blank = await player.pageText();
  for (const name of ['Street samurai', 'Ganger', HIDDEN, 'Warehouse', 'Combat Turn']) expect(blank).not.toContain(name);
  await page.keyboard.press('Control+Shift+B');
  await expect(player.rowNames).toHaveCount(3);

  // Closing the player view leaves the GM screen as it was.
  await popup.close();
  await expect(page.getByTestId('player-view-status')).toHaveText('');
  await tracker.harm('Ganger', 2, 'stun');
  await expect(tracker.health('Ganger')).toContainText('2/');
});
