/// <reference lib="dom" />
/**
 * Exporting a 100,000-event encounter (bench/long-encounter.ts's fight, 40 combatants) as a GM
 * does it, in Debian's Chromium: the Export dialog's Export clicked until the dialog names the
 * saved file. Everything between is the app's own path: the export worker reads the encounter
 * from IndexedDB and makes the text, each part goes to the export store (over the HTTP bridge of
 * the browser fallback, which serves the same main/services the desktop app calls over IPC), and
 * the store puts the file in place. The Node benches (export, million) time the text alone.
 */
import type { Page } from '@playwright/test';
import { openBenchBrowser } from './browser';
import type { BenchSuite, CollectedBenchCase } from './harness';
import { buildLongEncounter } from './long-encounter';
import { rulesLookup } from './rules';
import { openHistory } from '../shared/encounter/history';
import { probedPage, seedEncounter, startUps } from './tracker-browser.bench';

const EVENTS = 100_000;
const SAMPLES = 6;
const WARMUP = 1;
const FORMATS = ['json', 'markdown'] as const;

const log = (line: string) => process.stderr.write(`export-browser: ${line}\n`);

/** Export clicked → the dialog names the file saved, in ms; waits for the browser's download of it too. */
async function exportOnce(page: Page, format: (typeof FORMATS)[number]): Promise<number> {
  const dialog = page.getByTestId('export-dialog');
  await dialog.getByTestId(`export-format-${format}`).check();
  const shown = (await dialog.getByTestId('export-path').textContent().catch(() => null)) ?? null;
  const download = page.waitForEvent('download', { timeout: 300_000 });
  const start = Date.now();
  await dialog.getByTestId('export-run').click();
  // Each export is saved under a new name ("… (2).json"), so a changed path is this one's.
  await page.waitForFunction(
    (before) => {
      const path = document.querySelector('[data-testid="export-path"]');
      return path !== null && path.textContent !== before;
    },
    shown,
    { timeout: 300_000, polling: 20 },
  );
  const elapsed = Date.now() - start;
  await (await download).path();
  return elapsed;
}

export default async (): Promise<BenchSuite[]> => {
  const browser = await openBenchBrowser('export-browser');
  if (!browser) return [];
  try {
    const { context, url } = browser;
    const page = await probedPage(context);
    await page.goto(`${url}?bench=1`);
    const events = buildLongEncounter(EVENTS);
    const combatants = openHistory(events, rulesLookup).state.combatants.length;
    await seedEncounter(page, events);
    await startUps(page, url, combatants, 1, 0);
    await page.getByTestId('log-export').click();
    await page.getByTestId('export-dialog').waitFor();
    const cases: CollectedBenchCase[] = [];
    for (const format of FORMATS) {
      const samples: number[] = [];
      for (let i = 0; i < WARMUP + SAMPLES; i++) {
        const elapsed = await exportOnce(page, format);
        if (i >= WARMUP) samples.push(elapsed);
      }
      log(`${format} done`);
      cases.push({ name: `${format === 'json' ? 'JSON' : 'Markdown'}: Export clicked → file saved`, collect: () => samples });
    }
    return [
      {
        title: `Export in Chromium: a ${events.length.toLocaleString('en-US')}-event encounter (${combatants} combatants) through the Export dialog to a file in the data folder (browser fallback: the export store over the HTTP bridge)`,
        cases,
      },
    ];
  } finally {
    await browser.close();
  }
};
