import { expect, test } from './fixtures';
import { BackupsPage } from './pages/backups';
import { LayoutPage } from './pages/layout';

const BROWSER_SENTENCE = 'Updates come with the desktop app; this browser version updates with the project (git pull, npm start).';

test('Settings → Updates in the browser fallback: the browser sentence, no button, no checkbox, and no request leaves the machine', async ({ gm }, testInfo) => {
  const page = gm.page;
  // Every request the page makes from here on, by host: the update part must ask only GM Screen's own server.
  const hosts = new Set<string>();
  page.on('request', (request) => hosts.add(new URL(request.url()).host));
  await new BackupsPage(page).declineOfferIfShown();
  const layout = new LayoutPage(page);
  await layout.openSettings();

  const updates = page.getByTestId('settings-updates');
  await updates.scrollIntoViewIfNeeded();
  await expect(updates.getByRole('heading', { name: 'Updates' })).toBeVisible();
  await expect(page.getByTestId('update-summary')).toHaveText(BROWSER_SENTENCE);
  await expect(updates.getByRole('button')).toHaveCount(0);
  await expect(updates.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByTestId('update-note')).toHaveCount(0);

  await page.screenshot({ path: testInfo.outputPath('settings-updates-1280x800.png') });
  const ownHost = new URL(page.url()).host;
  expect([...hosts].filter((host) => host !== ownHost)).toEqual([]);
  await layout.closeSettings();
});
