import { mkdirSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { expect, test } from '../fixtures';
import { BackupsPage } from '../pages/backups';
import { LayoutPage } from '../pages/layout';
import { grenadeEncounter, throwGrenade } from '../pages/shadowrun-grenade';

/**
 * docs/screenshots/grenade-workflow.png (`npm run screenshots`): the roll panel with a resolved
 * Shadowrun fragmentation grenade — the scatter and the blast on three gangers, each at their own
 * distance. Every die is typed, so the picture is the same each time.
 */
const OUT = resolvePath(__dirname, '../../docs/screenshots');

test.describe.configure({ timeout: 120_000 });

test('a resolved Shadowrun grenade with several targets at 1280×800', async ({ gm }) => {
  mkdirSync(OUT, { recursive: true });
  const page = gm.page;
  const layout = new LayoutPage(page);
  await layout.ready();
  await page.goto('/?seed=screenshot-grenade');
  const { resolve } = await grenadeEncounter(page);
  await throwGrenade(resolve);
  await expect(resolve.summary).toContainText('Ganger 3 4 Stun');
  // "More modifiers" was opened to set a direction: closed again, and the result read from its summary.
  await resolve.more.click();
  await layout.maximise('resolve');
  await resolve.summary.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await page.waitForTimeout(300);
  await new BackupsPage(page).declineOfferIfShown();
  await page.screenshot({ path: `${OUT}/grenade-workflow.png` });
});
