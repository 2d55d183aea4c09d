import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, test as base, type BrowserContext, type Page } from '@playwright/test';

export interface GmBrowser {
  page: Page;
  /** Closes the browser and opens it again on the same data directory: a full restart. */
  restart(): Promise<Page>;
}

/**
 * Each test gets its own browser data directory, so IndexedDB starts empty and
 * survives reloads and restarts within the test only.
 */
export const test = base.extend<{ gm: GmBrowser }>({
  gm: async ({ baseURL, launchOptions, viewport }, use) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gm-screen-e2e-'));
    let context: BrowserContext | undefined;
    const open = async (): Promise<Page> => {
      context = await chromium.launchPersistentContext(dataDir, { ...launchOptions, baseURL, viewport });
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/');
      // The screen mounts once the last-used system's rules are in: a key pressed before that
      // reaches no handler, so a test starts, as a GM does, with the screen drawn.
      await page.getByTestId('palette-open').waitFor();
      // An empty database beside the run's backups (other specs make them) is offered a restore a
      // frame after the first paint, which pushes the panels down: a test starts once that is known.
      await page.locator('[data-restore-offer]:not([data-restore-offer="checking"])').waitFor({ state: 'attached' });
      return page;
    };
    const gm: GmBrowser = {
      page: await open(),
      async restart() {
        await context?.close();
        gm.page = await open();
        return gm.page;
      },
    };
    await use(gm);
    await context?.close();
    rmSync(dataDir, { recursive: true, force: true });
  },
});

/** The data folder of the server under test (exports, backups), fresh per run (playwright.config.ts). */
export function serverDataDirectory(): string {
  const folder = process.env.GM_SCREEN_E2E_DATA_DIR;
  if (!folder) throw new Error('GM_SCREEN_E2E_DATA_DIR is not set: run the specs through playwright.config.ts.');
  return folder;
}

export { expect } from '@playwright/test';
