/// <reference lib="dom" />
/**
 * Resuming a 100,000-event encounter (the long fight of bench/encounter.bench.ts, 40 combatants)
 * at start-up, Resume clicked as soon as it is offered, until its rows are painted — in Debian's
 * Chromium with the HTTP cache off, each load in the same tab after about:blank (warm, like the
 * 10,000-event resume of bench/tracker-browser.bench.ts). The log is seeded straight into
 * IndexedDB with its snapshots, as the app would have saved them.
 */
import type { Page } from '@playwright/test';
import { median, openBenchBrowser } from './browser';
import type { BenchSuite, CollectedBenchCase } from './harness';
import { buildLongEncounter } from './long-encounter';
import { rulesLookup } from './rules';
import { openHistory } from '../shared/encounter/history';
import { probedPage, seedEncounter, startUps } from './tracker-browser.bench';

const EVENTS = 100_000;
const SAMPLES = 10;
const WARMUP = 1;

const collected = (name: string, samples: readonly number[]): CollectedBenchCase => ({ name, collect: () => samples });
const log = (line: string) => process.stderr.write(`long-resume-browser: ${line}\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function disableCache(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
}

export default async (): Promise<BenchSuite[]> => {
  const browser = await openBenchBrowser('long-resume-browser');
  if (!browser) return [];
  try {
    const { context, url } = browser;
    const page = await probedPage(context);
    await disableCache(page);
    await page.goto(`${url}?bench=1`);

    let start = performance.now();
    const events = buildLongEncounter(EVENTS);
    const combatants = openHistory(events, rulesLookup).state.combatants.length;
    const built = performance.now() - start;
    start = performance.now();
    await seedEncounter(page, events);
    const seeded = performance.now() - start;
    log(`${events.length} events built in ${seconds(built)}, seeded in ${seconds(seeded)}`);

    const resumes = await startUps(page, url, combatants, SAMPLES, WARMUP);
    log(`resume done (median navigation → rows painted ${median(resumes.map((t) => t.painted)).toFixed(1)} ms)`);
    return [
      {
        title: `Tracker in Chromium: resume a ${events.length.toLocaleString('en-US')}-event encounter (${combatants} combatants) at start-up, Resume clicked as soon as offered, HTTP cache off, warm (same tab, after about:blank) · built in ${seconds(built)} and seeded in ${seconds(seeded)} before the samples`,
        cases: [
          collected(
            'navigation → Resume offered',
            resumes.map((t) => t.banner),
          ),
          collected(
            'Resume click → rows painted',
            resumes.map((t) => t.painted - t.click),
          ),
          collected(
            'navigation → rows painted',
            resumes.map((t) => t.painted),
          ),
        ],
        targets: { 'navigation → rows painted': '< 500 ms' },
      },
    ];
  } finally {
    await browser.close();
  }
};
