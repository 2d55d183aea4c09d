import { expect, serverDataDirectory, test } from './fixtures';
import { backupFiles, BackupsPage, damageOneByte } from './pages/backups';
import { LogPage } from './pages/log';
import { TrackerPage } from './pages/tracker';

/** A Shadowrun fight with a few entries in its log: created, combatants, started, initiative, two hits. */
async function fight(tracker: TrackerPage): Promise<void> {
  await tracker.createEncounter('Docks', 'shadowrun-4e');
  await tracker.addFromBestiary('Street samurai', 1, 'party');
  await tracker.addFromBestiary('Ganger', 2, 'opponents');
  await tracker.start();
  await tracker.rollAllInitiative();
  await tracker.harm('Ganger 1', 3);
  await tracker.harm('Ganger 2', 2, 'stun');
  // The log follows a frame behind the tracker: what it counts is read once the last hit is in it.
  await expect(new LogPage(tracker.page).entryWithText(/^Stun damage 2/)).toHaveCount(1);
}

test('a backup made in the dialog, the database cleared, restored from the start-up offer with every event back', async ({ gm }) => {
  const page = gm.page;
  const tracker = new TrackerPage(page);
  const log = new LogPage(page);
  const backups = new BackupsPage(page);
  await fight(tracker);
  const countBefore = await log.count.textContent();
  const lastBefore = await log.text(log.last()).textContent();
  const eventsBefore = await backups.storedEvents();
  expect(eventsBefore.length).toBeGreaterThan(6);

  await backups.open();
  await backups.backUpNow();
  await expect(backups.message).toHaveText(new RegExp(`^Backed up: 1 encounter, ${eventsBefore.length} events, [\\d.]+ KB\\.$`));
  const newest = backups.rows.first();
  await expect(newest.getByTestId('backups-row-encounters')).toHaveText('1');
  await expect(newest.getByTestId('backups-row-events')).toHaveText(String(eventsBefore.length));
  await expect(newest).toContainText('By hand');
  await page.screenshot({ path: 'test-results/backups-dialog.png' });
  await backups.close();

  await backups.clearDatabase();
  await expect(backups.offer).toBeVisible();
  await expect(page.getByTestId('restore-offer-question')).toHaveText(
    new RegExp(`^GM Screen's database is empty\\. The newest backup, from .+, holds 1 encounter, ${eventsBefore.length} events\\. Restore it\\?$`),
  );
  expect(await backups.storedEvents()).toEqual([]);

  await page.getByTestId('restore-offer-accept').click();
  // The screen reloads once the database is restored; the encounter that was open is offered again.
  await page.getByTestId('resume-accept').click();
  await expect(log.count).toHaveText(countBefore!);
  await expect(log.text(log.last())).toHaveText(lastBefore!);
  expect(await backups.storedEvents()).toEqual(eventsBefore);
  await expect(backups.offer).toBeHidden();
});

test('"Start empty" declines the offer without remembering it: it comes back at the next start', async ({ gm }) => {
  const page = gm.page;
  const backups = new BackupsPage(page);
  await new TrackerPage(page).createEncounter('Bridge', 'hardware');
  await backups.open();
  await backups.backUpNow();
  await backups.close();
  await backups.clearDatabase();
  await page.getByTestId('restore-offer-decline').click();
  await expect(backups.offer).toBeHidden();
  await page.reload();
  await expect(backups.offer).toBeVisible();
});

test('a backup damaged on disk is refused with its message and nothing changes', async ({ gm }) => {
  const page = gm.page;
  const tracker = new TrackerPage(page);
  const log = new LogPage(page);
  const backups = new BackupsPage(page);
  await fight(tracker);
  await backups.open();
  await backups.backUpNow();
  const manual = backupFiles(serverDataDirectory()).filter((file) => file.header.reason === 'manual');
  const target = manual.at(-1)!;
  damageOneByte(target.path);

  const countBefore = await log.count.textContent();
  const eventsBefore = await backups.storedEvents();
  await backups.askRestore(target.name);
  await expect(page.getByTestId('backups-confirm-now')).toHaveText(`1 encounter, ${eventsBefore.length} events`);
  await backups.confirmRestore();
  await expect(backups.message).toHaveText(/ is damaged: its checksum does not match\. Nothing was changed\.$/);
  await expect(backups.confirm).toBeHidden();
  // The state before the attempt was backed up first, and is listed.
  await expect(backups.rows.first()).toContainText('Before a restore');
  await backups.close();
  await expect(log.count).toHaveText(countBefore!);
  expect(await backups.storedEvents()).toEqual(eventsBefore);
});
