/**
 * Replay of the long Shadowrun log in Debian's Chromium: the renderer (and so the GM) replays in
 * Chromium's engine, whose object spreads and allocation differ a good deal from Node 20's, so
 * the Node figure (encounter.bench.ts) alone misjudges what a GM waits for.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './browser';
import type { BenchSuite } from './harness';
import { buildPageScript } from './page-script';
import type { ReplayPage } from './replay-page';

const SIZES = [10_000, 100_000] as const;

/** bench/replay-page.ts and the shared rules as one classic script. */
const pageScript = () => buildPageScript(join(__dirname, 'replay-page.ts'), 'ReplayPageBundle', { minify: false });

async function samples(page: Page, method: 'replay' | 'openHistory', count: number): Promise<number[]> {
  return page.evaluate(
    ({ method, count }) => {
      const bench = (globalThis as { replayPage?: ReplayPage }).replayPage!;
      for (let i = 0; i < 2; i++) bench[method]();
      return Array.from({ length: count }, () => bench[method]());
    },
    { method, count },
  );
}

export default async (): Promise<BenchSuite[]> => {
  const executablePath = chromiumPath();
  if (!existsSync(executablePath)) {
    console.log(
      `Replay in Chromium: skipped — no Chromium at ${executablePath} (install Debian's chromium or set CHROMIUM_PATH).`,
    );
    return [];
  }
  const script = await pageScript();
  const browser = await chromium.launch({ executablePath, args: [...CHROMIUM_ARGS], headless: true });
  try {
    const suites: BenchSuite[] = [];
    for (const size of SIZES) {
      // A page per size: the larger log does not run on a heap the smaller one has shaped.
      const page = await browser.newPage();
      await page.addScriptTag({ content: script });
      const events = await page.evaluate(
        (size) => (globalThis as { replayPage?: ReplayPage }).replayPage!.prepare(size),
        size,
      );
      const count = size > 10_000 ? 9 : 15;
      const replayTimes = await samples(page, 'replay', count);
      const historyTimes = await samples(page, 'openHistory', count);
      await page.close();
      suites.push({
        title: `Encounter: replay ${events.toLocaleString('en-US')} events to state (Chromium, the app's engine)`,
        cases: [
          { name: 'full replay', collect: () => replayTimes },
          { name: 'open history (replay + snapshots)', collect: () => historyTimes },
        ],
        targets:
          size > 10_000
            ? { 'full replay': '< 150 ms median', 'open history (replay + snapshots)': '< 150 ms median' }
            : { 'full replay': '< 50 ms median' },
      });
    }
    return suites;
  } finally {
    await browser.close();
  }
};
