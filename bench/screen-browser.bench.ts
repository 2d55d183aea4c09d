/// <reference lib="dom" />
/**
 * The GM screen in a real browser (see bench/browser.ts):
 *  1. cold load of the built renderer (HTTP cache off) until the shell is painted, and until every
 *     panel is loaded and the roll panel shows its odds (interactive);
 *  2. the initial JS the page loads before its first paint, raw and gzip;
 *  3. odds recomputation while editing: a click on a roll panel number field to the updated odds
 *     painted (input to next paint, as in bench/tracker-browser.bench.ts).
 * Times are taken inside the page with performance.now().
 */
import type { Page } from '@playwright/test';
import { NAME_SHIM, median, openBenchBrowser } from './browser';
import type { BenchSuite, CollectedBenchCase } from './harness';
import { initialJs, kb } from './js-bytes';
import { installProbe, leavePage } from './tracker-browser.bench';

const LOAD_SAMPLES = 12;
const ODDS_SAMPLES = 40;
const WARMUP = 2;

interface LoadTimes {
  /** Header and tracker panel on screen (the frame after they appeared). */
  readonly shell: number;
  /** Every panel loaded and the roll panel's odds computed (the frame after). */
  readonly interactive: number;
}

/** Installed before the app on every navigation with `?load=1`: marks when the screen is ready. */
function installLoadProbe(): void {
  if (new URLSearchParams(location.search).get('load') !== '1') return;
  const marks: { shell?: number; interactive?: number } = {};
  const ready = (selectors: readonly string[]) => selectors.every((s) => document.querySelector(s));
  const shell = ['[data-testid="encounter-picker-open"]', '[data-testid="tracker-panel"]'];
  const all = [
    ...shell,
    '[data-testid^="resolve-odds-figure-"]',
    '[data-testid="reference-panel"]',
    '[data-testid="log-panel"]',
    '[data-testid="dice-panel"]',
  ];
  const afterPaint = (key: 'shell' | 'interactive') =>
    requestAnimationFrame(() => setTimeout(() => (marks[key] = performance.now()), 0));
  let shellSeen = false;
  let allSeen = false;
  const observer = new MutationObserver(() => {
    if (!shellSeen && ready(shell)) {
      shellSeen = true;
      afterPaint('shell');
    }
    if (!allSeen && ready(all)) {
      allSeen = true;
      observer.disconnect();
      afterPaint('interactive');
    }
  });
  observer.observe(document, { childList: true, subtree: true });
  (window as Window & { __loadMarks?: typeof marks }).__loadMarks = marks;
}

async function coldLoads(page: Page, url: string): Promise<LoadTimes[]> {
  const out: LoadTimes[] = [];
  for (let i = 0; i < WARMUP + LOAD_SAMPLES; i++) {
    await leavePage(page);
    await page.goto(`${url}?load=1`);
    const handle = await page.waitForFunction(
      () => {
        const marks = (window as Window & { __loadMarks?: { shell?: number; interactive?: number } }).__loadMarks;
        return marks?.shell !== undefined && marks.interactive !== undefined ? marks : null;
      },
      undefined,
      { timeout: 60_000 },
    );
    const marks = (await handle.jsonValue()) as LoadTimes;
    if (i >= WARMUP) out.push(marks);
  }
  return out;
}

/** Shadowrun's ranged attack, ad hoc: "Firearm skill" up and down, each click to the odds painted. */
async function oddsEdits(page: Page, url: string): Promise<{ paint: number[]; dom: number[] }> {
  await page.goto(`${url}?bench=1`);
  await page.getByTestId('resolve-panel').waitFor();
  await page.evaluate(
    () =>
      new Promise<void>((done, fail) => {
        const request = indexedDB.open('gm-screen');
        request.onerror = () => fail(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const tx = db.transaction('settings', 'readwrite');
          tx.objectStore('settings').put({ key: 'system', value: 'shadowrun-4e' });
          tx.oncomplete = () => (db.close(), done());
          tx.onerror = () => fail(tx.error);
        };
      }),
  );
  await page.goto(`${url}?bench=1`);
  const up = page.getByTestId('resolve-field-skill-up');
  const down = page.getByTestId('resolve-field-skill-down');
  await up.waitFor();
  await page.locator('[data-testid^="resolve-odds-figure-"]').first().waitFor();
  const paint: number[] = [];
  const dom: number[] = [];
  for (let i = 0; i < WARMUP + ODDS_SAMPLES; i++) {
    await page.evaluate(() => window.__benchProbe!.arm(['resolve-odds']));
    await (i % 2 === 0 ? up : down).click();
    const times = await page.evaluate(() => window.__benchProbe!.pending!);
    if (i >= WARMUP) {
      paint.push(times.painted - times.input);
      dom.push(times.dom - times.input);
    }
  }
  return { paint, dom };
}

const collected = (name: string, samples: readonly number[]): CollectedBenchCase => ({ name, collect: () => samples });

export default async (): Promise<BenchSuite[]> => {
  const browser = await openBenchBrowser('screen-browser');
  if (!browser) return [];
  try {
    const { context, url } = browser;
    await context.addInitScript({ content: NAME_SHIM });
    await context.addInitScript(installProbe);
    await context.addInitScript(installLoadProbe);
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const loads = await coldLoads(page, url);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    const odds = await oddsEdits(page, url);
    const js = initialJs();
    process.stderr.write(
      `screen-browser: cold load median ${median(loads.map((t) => t.interactive)).toFixed(1)} ms to interactive\n`,
    );
    return [
      {
        title: `GM screen in Chromium: cold load of the built renderer, HTTP cache off, no encounter open · initial JS ${kb(js.raw)}, gzip ${kb(js.gzip)} in ${js.files.length} files (target gzip < 200 KB; Improved Initiative: 480 KB)`,
        cases: [
          collected(
            'navigation → header and tracker painted',
            loads.map((t) => t.shell),
          ),
          collected(
            'navigation → every panel loaded, odds shown (interactive)',
            loads.map((t) => t.interactive),
          ),
        ],
        targets: {
          'navigation → every panel loaded, odds shown (interactive)': '< 500 ms (Improved Initiative: 459 ms)',
        },
      },
      {
        title: 'GM screen in Chromium: odds recomputed while editing (Shadowrun ranged attack, Firearm skill up/down)',
        cases: [
          collected('click → updated odds painted', odds.paint),
          collected('  of which click → odds in the DOM', odds.dom),
        ],
        targets: { 'click → updated odds painted': 'p95 < 16 ms' },
      },
    ];
  } finally {
    await browser.close();
  }
};
