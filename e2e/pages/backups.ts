import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';

/** One stored event row, as the comparison of "every event back" reads it. */
export interface StoredEventRow {
  readonly encounterId: string;
  readonly seq: number;
  readonly eventId: string;
  readonly discarded: number;
}

/** Page model of the Backups dialog, the start-up restore offer and the backups folder on disk. */
export class BackupsPage {
  readonly dialog: Locator;
  readonly rows: Locator;
  readonly message: Locator;
  readonly confirm: Locator;
  readonly offer: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByTestId('backups-dialog');
    this.rows = page.getByTestId('backups-row');
    this.message = page.getByTestId('backups-message');
    this.confirm = page.getByTestId('backups-confirm');
    this.offer = page.getByTestId('restore-offer');
  }

  /**
   * Declines the start-up offer when it shows: a spec run after others finds their backups in the
   * run's data folder and its fresh page's empty database, so the app rightly offers to restore.
   */
  async declineOfferIfShown(): Promise<void> {
    const decline = this.page.getByTestId('restore-offer-decline');
    if (await decline.isVisible()) {
      await decline.click();
      await expect(this.offer).toBeHidden();
    }
  }

  /** Opens the dialog from the command palette. */
  async open(): Promise<void> {
    await this.page.keyboard.press('Control+k');
    await expect(this.page.getByTestId('palette-input')).toBeFocused();
    await this.page.getByTestId('palette-input').fill('Backups');
    await this.page.keyboard.press('Enter');
    await expect(this.dialog).toBeVisible();
  }

  async backUpNow(): Promise<void> {
    await this.page.getByTestId('backups-now').click();
    await expect(this.message).toHaveText(/^Backed up: /);
  }

  async close(): Promise<void> {
    await this.page.getByTestId('backups-close').click();
    await expect(this.dialog).toBeHidden();
  }

  /** Asks to restore the backup of that file name; the confirmation shows. */
  async askRestore(name: string): Promise<void> {
    await this.dialog.locator(`[data-backup-name="${name}"]`).click();
    await expect(this.confirm).toBeVisible();
  }

  async confirmRestore(): Promise<void> {
    await this.page.getByTestId('backups-confirm-restore').click();
  }

  /** Every event row in the page's database, in key order. */
  async storedEvents(): Promise<StoredEventRow[]> {
    return this.page.evaluate(
      () =>
        new Promise<StoredEventRow[]>((resolve, reject) => {
          const open = indexedDB.open('gm-screen');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            const read = db.transaction('events').objectStore('events').getAll();
            read.onerror = () => reject(read.error);
            read.onsuccess = () => {
              db.close();
              resolve(
                (read.result as { encounterId: string; seq: number; event: { id: string }; discarded: number }[]).map((row) => ({
                  encounterId: row.encounterId,
                  seq: row.seq,
                  eventId: row.event.id,
                  discarded: row.discarded,
                })),
              );
            };
          };
        }),
    );
  }

  /** Deletes the page's whole database (as a reset browser profile would), then reloads. */
  async clearDatabase(): Promise<void> {
    await this.page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const request = indexedDB.deleteDatabase('gm-screen');
          request.onsuccess = () => resolve();
          request.onerror = () => reject(request.error);
        }),
    );
    await this.page.reload();
  }
}

interface BackupHeader {
  readonly createdAt: string;
  readonly reason: string;
  readonly encounters: number;
  readonly events: number;
}

/** The backup files in a data folder, oldest first, each with its header line (time, reason, counts). */
export function backupFiles(dataDirectory: string): { name: string; path: string; header: BackupHeader }[] {
  const folder = join(dataDirectory, 'backups');
  return readdirSync(folder)
    .filter((name) => name.endsWith('.gmbackup'))
    .map((name) => {
      const path = join(folder, name);
      const text = readFileSync(path, 'utf8');
      return { name, path, header: JSON.parse(text.slice(0, text.indexOf('\n'))) as BackupHeader };
    })
    .sort((a, b) => a.header.createdAt.localeCompare(b.header.createdAt));
}

/** Changes one byte in the middle of a backup's body (after its header line): the damage a bad disk does. */
export function damageOneByte(path: string): void {
  const bytes = readFileSync(path);
  const bodyStart = bytes.indexOf(0x0a) + 1;
  const at = bodyStart + Math.floor((bytes.length - bodyStart) / 2);
  // Swap for another printable ASCII character, so the body stays valid UTF-8 and only the checksum can tell.
  bytes[at] = bytes[at] === 0x61 ? 0x62 : 0x61;
  writeFileSync(path, bytes);
}
