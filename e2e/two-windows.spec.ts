import { expect, test } from './fixtures';
import { LogPage } from './pages/log';
import { TrackerPage } from './pages/tracker';

/**
 * Two tabs on one profile (one database): only the window that holds an encounter writes to
 * its log. The second one is told, follows the first read-only, and takes over when the first
 * lets go — so the log never gets two writers.
 */
test('a second tab on the same encounter is told, follows it read-only, and takes over when the first closes', async ({ gm }) => {
  const first = gm.page;
  const firstTracker = new TrackerPage(first);
  await firstTracker.createEncounter('Docks', 'shadowrun-4e');
  await firstTracker.addFromBestiary('Ganger', 1, 'opponents');
  await new LogPage(first).addNote('from the first tab');

  const second = await first.context().newPage();
  await second.goto('/');
  await second.getByTestId('resume-accept').click();
  const secondTracker = new TrackerPage(second);
  const secondLog = new LogPage(second);
  await expect(second.getByTestId('tracker-elsewhere')).toHaveText(
    'This encounter is open in another window; it is shown read-only here until that window closes it.',
  );
  await expect(second.getByTestId('tracker-undo')).toBeDisabled();
  await expect(second.getByTestId('tracker-add')).toBeDisabled();
  await expect(second.getByTestId('encounter-read-only')).toBeVisible();
  await expect(secondLog.entryWithText('from the first tab')).toHaveCount(1);

  // Changes in the second tab are not offered; the palette says why.
  await expect(second.getByTestId('log-note-add')).toBeDisabled();
  await expect(second.getByTestId('tracker-undo')).toHaveAttribute(
    'title',
    'This encounter is open in another window; it is shown read-only here until that window closes it.',
  );

  // The second tab follows what the first one writes.
  await new LogPage(first).addNote('written while followed');
  await expect(secondLog.entryWithText('written while followed')).toHaveCount(1);
  await expect(secondTracker.row('Ganger')).toBeVisible();

  // The first tab goes away: the second takes over and can write.
  await first.close();
  await expect(second.getByTestId('tracker-notice')).toHaveText('The other window let go of this encounter: it can be changed here now.');
  await expect(second.getByTestId('tracker-elsewhere')).toHaveCount(0);
  await secondLog.addNote('from the second tab, now the writer');
  await expect(secondLog.entryWithText('from the second tab, now the writer')).toHaveCount(1);

  // One writer at a time: the stored log has every note once, at consecutive positions.
  const stored = await second.evaluate(async () => {
    const request = indexedDB.open('gm-screen');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const rows = await new Promise<{ seq: number; event: { type: string; text?: string } }[]>((resolve, reject) => {
      const all = db.transaction('events').objectStore('events').getAll();
      all.onsuccess = () => resolve(all.result as never);
      all.onerror = () => reject(all.error);
    });
    db.close();
    return rows.map((row) => [row.seq, row.event.type === 'note-added' ? row.event.text : row.event.type]);
  });
  expect(stored).toEqual([
    [0, 'encounter-created'],
    [1, 'combatant-added'],
    [2, 'from the first tab'],
    [3, 'written while followed'],
    [4, 'from the second tab, now the writer'],
  ]);
});
