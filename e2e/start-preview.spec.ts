import { expect, test } from './fixtures';
import { StartPreviewPage } from './pages/start-preview';
import { TrackerPage } from './pages/tracker';

/** A running Shadowrun fight: a samurai and two gangers, one of them hurt, the second turn taken. */
async function runningFight(tracker: TrackerPage): Promise<void> {
  await tracker.createEncounter('Docks', 'shadowrun-4e');
  await tracker.addFromBestiary('Street samurai', 1, 'party');
  await tracker.addFromBestiary('Ganger', 2, 'opponents');
  await tracker.start();
  await tracker.rollAllInitiative();
  await tracker.harm('Ganger 1', 5);
  await tracker.next();
}

test('the encounter left open is painted before the app runs, and the app takes over from it', async ({ gm }) => {
  const tracker = new TrackerPage(gm.page);
  await runningFight(tracker);
  const order = await tracker.rowNames();
  const round = (await tracker.round.textContent())!;
  const acting = (await tracker.current.textContent())!.replace('▶', '').trim();
  await new StartPreviewPage(gm.page).storedUpToDate(tracker.round);

  const page = await gm.restart();
  const preview = new StartPreviewPage(page);
  const question = "Resume 'Docks' (Shadowrun 4th edition, round 1)?";

  // What index.html paints with none of the app's scripts: the offer, disabled, and the order as saved.
  await preview.loadWithoutApp();
  await expect(preview.bootBanner.locator('.start-preview-question')).toHaveText(question);
  await expect(preview.bootBanner.getByRole('button', { name: 'Resume' })).toBeDisabled();
  await expect(preview.bootBanner.getByRole('button', { name: 'Not now' })).toBeDisabled();
  expect(await preview.names()).toEqual(order);
  await expect(preview.rows.and(page.locator('[aria-current="true"]')).locator('.start-preview-name')).toHaveText(
    acting,
  );
  await expect(preview.preview.locator('.start-preview-progress')).toHaveText(round);
  await expect(preview.rows.filter({ hasText: 'Ganger 1' }).locator('.start-preview-health')).toHaveText(
    'Physical 5/10 marked · Stun 0/9 marked · Wounded',
  );
  await expect(page.getByTestId('palette-open')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/start-preview-before-app.png' });

  // With the app: the same rows in the tracker panel while the offer is open, its buttons live.
  await preview.loadWithApp();
  await expect(page.getByTestId('resume-question')).toHaveText(question);
  await expect(page.getByTestId('resume-accept')).toBeEnabled();
  expect(await preview.names()).toEqual(order);
  await expect(preview.bootBanner).toHaveCount(0);
  await page.screenshot({ path: 'test-results/start-preview-offer.png' });

  await page.getByTestId('resume-accept').click();
  const resumed = new TrackerPage(page);
  await expect(resumed.round).toHaveText(round);
  await expect(preview.preview).toHaveCount(0);
  expect(await resumed.rowNames()).toEqual(order);
});

test('"Not now" leaves an empty screen, and the next start offers the same encounter again', async ({ gm }) => {
  const tracker = new TrackerPage(gm.page);
  await runningFight(tracker);
  const order = await tracker.rowNames();
  await expect.poll(async () => (await new StartPreviewPage(gm.page).stored())?.rows.length).toBe(3);

  let page = await gm.restart();
  await expect.poll(() => new StartPreviewPage(page).names()).toEqual(order);
  await page.getByTestId('resume-dismiss').click();
  await expect(page.getByTestId('resume-banner')).toHaveCount(0);
  await expect(new StartPreviewPage(page).preview).toHaveCount(0);
  await expect(page.getByTestId('tracker-panel')).toContainText('Open or create an encounter to run combat.');

  page = await gm.restart();
  await expect.poll(() => new StartPreviewPage(page).names()).toEqual(order);
  await expect(page.getByTestId('resume-accept')).toBeEnabled();
});

test('a preview of an encounter the database does not offer is dropped at once and forgotten', async ({ gm }) => {
  const tracker = new TrackerPage(gm.page);
  await runningFight(tracker);
  const preview = new StartPreviewPage(gm.page);
  await preview.storedUpToDate(tracker.round);
  expect((await preview.stored())?.rows.length).toBe(3);
  const stale = {
    ...(await preview.stored())!,
    encounterId: 'an-encounter-deleted-since',
    question: "Resume 'Gone' (Shadowrun 4th edition, round 4)?",
  };
  await preview.store(stale);

  await preview.loadWithoutApp();
  await expect(preview.bootBanner.locator('.start-preview-question')).toHaveText(stale.question);
  await preview.loadWithApp();
  // The offer the database holds, without the other encounter's rows.
  await expect(gm.page.getByTestId('resume-question')).toHaveText("Resume 'Docks' (Shadowrun 4th edition, round 1)?");
  await expect(preview.preview).toHaveCount(0);
  await expect(gm.page.getByTestId('tracker-panel')).toContainText('Open or create an encounter to run combat.');
  expect(await preview.stored()).toBeNull();
});

test('a stored preview with markup in a name, or one that is not a preview, changes nothing', async ({ gm }) => {
  const tracker = new TrackerPage(gm.page);
  await runningFight(tracker);
  const preview = new StartPreviewPage(gm.page);
  await preview.storedUpToDate(tracker.round);
  expect((await preview.stored())?.rows.length).toBe(3);
  const saved = (await preview.stored())!;
  const hostile = '<img src=x onerror="document.title=\'owned\'">Boss';
  await preview.store({ ...saved, rows: [{ ...saved.rows[0]!, name: hostile }, ...saved.rows.slice(1)] });

  await preview.loadWithoutApp();
  await expect(preview.rows.first().locator('.start-preview-name')).toHaveText(hostile);
  await expect(preview.preview.locator('img')).toHaveCount(0);
  await expect(gm.page).toHaveTitle('GM Screen');

  await preview.store('{"version":1,"encounterId":');
  await preview.loadWithoutApp();
  await expect(preview.preview).toHaveCount(0);
  await expect(gm.page.locator('.start-shell-status')).toHaveText('Opening your screen…');
  await preview.loadWithApp();
  await expect(gm.page.getByTestId('resume-accept')).toBeEnabled();
  await gm.page.getByTestId('resume-accept').click();
  await expect(tracker.round).toHaveText(/Combat Turn 1/);
  // Resumed, the app writes a good preview over the bad one.
  await expect.poll(async () => (await preview.stored())?.rows.length).toBe(3);
});
