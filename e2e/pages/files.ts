import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';

export type ExportFormatId = 'markdown' | 'html' | 'csv' | 'json';

export interface ExportedFile {
  /** Where the server saved it (the data folder's exports/). */
  readonly savedPath: string;
  /** The same file as the browser downloaded it. */
  readonly downloadedPath: string;
  readonly text: string;
}

/** Page model of the Export dialog and the Import buttons (encounter list, bestiary). */
export class FilesPage {
  readonly exportDialog: Locator;

  constructor(readonly page: Page) {
    this.exportDialog = page.getByTestId('export-dialog');
  }

  /** Opens the Export dialog from the log panel. */
  async openExportFromLog(): Promise<void> {
    await this.page.getByTestId('log-export').click();
    await expect(this.exportDialog).toBeVisible();
  }

  /** Exports in one format with the dialog's choices; returns the saved file and the download. */
  async exportAs(format: ExportFormatId, options: { includeUndone?: boolean } = {}): Promise<ExportedFile> {
    await this.exportDialog.getByTestId(`export-format-${format}`).check();
    const undone = this.exportDialog.getByTestId('export-include-undone');
    if (format !== 'json') await undone.setChecked(options.includeUndone ?? false);
    const download = this.page.waitForEvent('download');
    await this.exportDialog.getByTestId('export-run').click();
    const downloaded = await download;
    const downloadedPath = await downloaded.path();
    await expect(this.exportDialog.getByTestId('export-path')).toBeVisible();
    const savedPath = (await this.exportDialog.getByTestId('export-path').textContent())!.trim();
    const text = await readFile(savedPath, 'utf8');
    expect(await readFile(downloadedPath, 'utf8')).toBe(text);
    return { savedPath, downloadedPath, text };
  }

  async closeExport(): Promise<void> {
    await this.exportDialog.getByTestId('export-close').click();
    await expect(this.exportDialog).toBeHidden();
  }

  /** Imports a file through the encounter list's Import…, answering the browser's file picker. */
  async importEncounter(path: string): Promise<void> {
    if (!(await this.page.getByTestId('encounter-dialog').isVisible())) await this.page.getByTestId('encounter-picker-open').click();
    const chooser = this.page.waitForEvent('filechooser');
    await this.page.getByTestId('import-encounter-button').click();
    await (await chooser).setFiles(path);
  }

  get importResult(): Locator {
    return this.page.getByTestId('import-encounter-result');
  }

  get importError(): Locator {
    return this.page.getByTestId('import-encounter-error');
  }
}
