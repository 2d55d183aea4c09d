import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '../fixtures';
import { BackupsPage } from '../pages/backups';
import { LayoutPage } from '../pages/layout';
import { TrackerPage } from '../pages/tracker';

/**
 * docs/screenshots/shadowrun-wounded-initiative.png (`npm run screenshots`): a Shadowrun tracker
 * right after a wounding hit, the hit ganger's Initiative Score lowered by its wound modifier and
 * its row moved below the street samurai. Initiative is typed, so the picture is the same each time.
 */
const OUT = resolve(__dirname, '../../docs/screenshots');

test('a Shadowrun tracker after a wounding hit at 1280×800', async ({ gm }) => {
  mkdirSync(OUT, { recursive: true });
  const page = gm.page;
  const layout = new LayoutPage(page);
  const tracker = new TrackerPage(page);
  await layout.ready();

  await tracker.createEncounter('Warehouse ambush', 'shadowrun-4e');
  await tracker.addFromBestiary('Street samurai', 1, 'party');
  await tracker.addFromBestiary('Combat mage', 1, 'party');
  await tracker.addFromBestiary('Ganger', 3, 'opponents');
  await tracker.start();
  const typed = async (label: string, faces: string) => {
    await page.getByTestId(`initiative-${label}-faces`).fill(faces);
    await page.getByTestId(`initiative-${label}-use`).click();
  };
  // Samurai 5 + 4 + 1 hit = 10; mage 4 + 5 + 0 hits = 9; the gangers' group 3 + 3 + 5 hits = 11.
  await typed('Streetsamurai', '5 2 2 2 2 2 2 2 2');
  await typed('Combatmage', '2 3 4 2 3 4 2 3 4');
  await typed('Ganger1Ganger2Ganger3', '5 5 6 5 5 2');
  await expect(tracker.current).toHaveText('▶ Ganger 1');

  // A burst leaves Ganger 2 with six Physical boxes: wound modifier −2, score 11 → 9, tied with
  // the mage, whose Edge 4 (against the ganger's 1) breaks the tie.
  await tracker.harm('Ganger 2', 6);
  await expect(page.getByTestId('combatant-ganger-2-initiative')).toHaveAttribute('title', 'Rolled 11, wound modifier −2');
  const rows = page.getByTestId('tracker-list').locator('.row .name');
  await expect
    .poll(() => rows.evaluateAll((names) => names.map((n) => n.textContent!.replace('Acting now:', '').trim())))
    .toEqual(['Ganger 1', 'Ganger 3', 'Street samurai', 'Combat mage', 'Ganger 2']);

  await layout.maximise('tracker');
  await page.waitForTimeout(300);
  await new BackupsPage(page).declineOfferIfShown();
  await page.screenshot({ path: `${OUT}/shadowrun-wounded-initiative.png` });
});
