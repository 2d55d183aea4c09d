import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '../fixtures';
import { BackupsPage } from '../pages/backups';
import { LayoutPage } from '../pages/layout';
import { QuickAddPage } from '../pages/quick-add';
import { slug, TrackerPage } from '../pages/tracker';

/**
 * docs/screenshots/quick-add.png and sheet.png (`npm run screenshots`), at 1280×800: the Shadowrun
 * quick "Add PC" form with key stats typed and a table weapon chosen, then that PC's sheet open in
 * the maximised tracker once the fight has started.
 */
const OUT = resolve(__dirname, '../../docs/screenshots');
test.describe.configure({ timeout: 300_000 });

test('the quick add form and a sheet at 1280×800', async ({ gm }) => {
  mkdirSync(OUT, { recursive: true });
  const page = gm.page;
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/?seed=sheets');
  const backups = new BackupsPage(page);
  await backups.declineOfferIfShown();
  const tracker = new TrackerPage(page);
  const quick = new QuickAddPage(page);

  await tracker.createEncounter('Warehouse ambush', 'shadowrun-4e');
  await tracker.addFromBestiary('Ganger', 3, 'opponents');
  // The start-up offer may come after the first check (earlier specs' backups): answer it before the
  // quick form opens, as its modal dialog then covers the offer.
  await backups.declineOfferIfShown();
  await quick.open('pc');
  await quick.name.fill('Ghost');
  await quick.typeStats({ body: 4, agility: 5, reaction: 5, intuition: 4, ballistic: 6, impact: 4 });
  await quick.addTableWeapon('Ares Predator IV');
  await quick.name.focus();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${OUT}/quick-add.png` });

  await quick.addWithEnter();
  await expect(quick.dialog).toBeHidden();
  await tracker.start();
  await tracker.rollAllInitiative();
  // The tracker on its own: room for the whole sheet.
  await new LayoutPage(page).maximise('tracker');
  await page.getByTestId(`combatant-${slug('Ghost')}-expand`).click();
  await expect(page.getByTestId('combatant-ghost-detail-weapons-item-w1')).toContainText('Ares Predator IV');
  // The whole sheet under the tracker's sticky turn bar: the notes at the bottom of the window,
  // the attributes above them, then the skills line, combat, armour and gear, the weapons.
  await page.getByTestId('combatant-ghost-detail-notes').evaluate((el) => {
    el.scrollIntoView({ block: 'end' });
    // A little further, so the "Sheet" heading goes wholly under the bar instead of showing cut.
    let scroller = el.parentElement;
    while (scroller && scroller.scrollHeight <= scroller.clientHeight) scroller = scroller.parentElement;
    scroller?.scrollBy(0, 10);
  });
  await page.waitForTimeout(300);
  await backups.declineOfferIfShown();
  await page.screenshot({ path: `${OUT}/sheet.png` });
});
