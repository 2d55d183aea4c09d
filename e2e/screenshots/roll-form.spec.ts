import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '../fixtures';
import { BackupsPage } from '../pages/backups';
import { ResolvePage } from '../pages/resolve';
import { TrackerPage } from '../pages/tracker';

/**
 * docs/screenshots/roll-form.png (`npm run screenshots`): the Shadowrun ranged attack at 1280×800
 * in the default layout: the common fields in view (range changed), the rest under "More modifiers",
 * and the focus on the roll kind as `r` leaves it.
 */
const OUT = resolve(__dirname, '../../docs/screenshots');
test.describe.configure({ timeout: 300_000 });

test('the roll form at 1280×800', async ({ gm }) => {
  mkdirSync(OUT, { recursive: true });
  const page = gm.page;
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/?seed=roll-form');
  const tracker = new TrackerPage(page);
  const form = new ResolvePage(page);

  await tracker.createEncounter('Warehouse ambush', 'shadowrun-4e');
  await tracker.addFromBestiary('Street samurai', 1, 'party');
  await tracker.addFromBestiary('Ganger', 3, 'opponents');
  await tracker.start();
  await tracker.rollAllInitiative();
  await form.only('attackers', 'Street samurai');
  await form.only('targets', 'Ganger 1');
  await form.setChoice('range', 'medium');
  await expect(form.more).toHaveText('More modifiers (none changed)');
  await page.locator('body').click({ position: { x: 2, y: 2 } });
  await page.keyboard.press('r');
  await expect(form.workflow).toBeFocused();
  await page.waitForTimeout(300);
  await new BackupsPage(page).declineOfferIfShown();
  await page.screenshot({ path: `${OUT}/roll-form.png` });
});
