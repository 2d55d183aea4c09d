import { expect, type Locator, type Page } from '@playwright/test';
import { START_PREVIEW_KEY } from '../../renderer/src/start-preview/start-preview';

/** Page model of the start preview: the resume offer and its encounter, painted before the app runs. */
export class StartPreviewPage {
  readonly preview: Locator;
  readonly rows: Locator;
  /** The banner index.html's first script draws (the app's own is `resume-banner`). */
  readonly bootBanner: Locator;

  constructor(readonly page: Page) {
    this.preview = page.getByTestId('start-preview');
    this.rows = page.getByTestId('start-preview-row');
    this.bootBanner = page.locator('.start-preview-banner');
  }

  /** The names of the rows shown, in order. */
  names(): Promise<string[]> {
    return this.rows.locator('.start-preview-name').allTextContents();
  }

  /** What the app has stored for the next start (parsed), or null when nothing (readable) is stored. */
  stored(): Promise<{ encounterId: string; progress: string; rows: { name: string; current: boolean }[] } | null> {
    return this.page.evaluate((key) => {
      try {
        return JSON.parse(localStorage.getItem(key) ?? 'null');
      } catch {
        return null;
      }
    }, START_PREVIEW_KEY);
  }

  /**
   * Waits until the stored preview is the screen's as it is now, `progress` being the tracker's
   * progress line. The app writes it a moment after the last change, and at once when the page is
   * hidden if that write is still due: a reload before then writes over whatever a test stored.
   */
  async storedUpToDate(progress: Locator): Promise<void> {
    const shown = (await progress.textContent())!;
    await expect.poll(async () => (await this.stored())?.progress).toBe(shown);
  }

  store(value: unknown): Promise<void> {
    return this.page.evaluate(({ key, text }) => localStorage.setItem(key, text), {
      key: START_PREVIEW_KEY,
      text: typeof value === 'string' ? value : JSON.stringify(value),
    });
  }

  /** Loads the page with none of the app's own scripts: what index.html and its first script paint alone. */
  async loadWithoutApp(): Promise<void> {
    await this.page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await this.page.reload();
    await this.page.waitForLoadState('load');
  }

  async loadWithApp(): Promise<void> {
    await this.page.unroute(/\/assets\/.*\.js$/);
    await this.page.reload();
    await this.page.getByTestId('palette-open').waitFor();
  }
}
