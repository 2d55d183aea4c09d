/// <reference lib="dom" />
/**
 * Start-up as a GM meets it: a 200-combatant encounter resumed (Resume clicked as soon as it is
 * offered) until its rows are painted, in Debian's Chromium with the HTTP cache off — and so
 * without V8's code cache, which Chromium keeps beside the HTTP cache and uses only for responses
 * that come from it. Three ways, on the same profile (so IndexedDB keeps the seeded encounter):
 *
 *  - fresh process: a new Chromium launch per sample, the GM's case (nothing compiled, nothing in memory);
 *  - fresh context: a new tab per sample, the previous one closed; with site isolation each new
 *    tab gets a renderer process of its own (checked per sample and printed);
 *  - warm (same tab, after about:blank): the figure bench/tracker-browser.bench.ts has reported
 *    since the start, where the renderer process and its in-memory caches survive between loads.
 *
 * For each: navigation → first contentful paint and → rows painted, the steps between the app's
 * start-up milestones, the long tasks before each paint, and the JavaScript fetched before each
 * (plus within 1.5 s of the first paint).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { NAME_SHIM, browserBenchUnavailable, launchChromium, median, serveRenderer } from './browser';
import type { BenchSuite, CollectedBenchCase, SampleUnit } from './harness';
import { STARTUP_MILESTONES } from '../renderer/src/platform/startup-milestones';
import { initialJs, kb } from './js-bytes';
import { floorLoad, serveStartupFloor } from './startup-floor';
import {
  installStartupObservers,
  jsBefore,
  longTasksBefore,
  readStartup,
  type JsSummary,
  type LongTaskSummary,
  type ObservedStartup,
} from './startup-observers';
import {
  buildRunningEncounter,
  installProbe,
  leavePage,
  seedEncounter,
  storeStartPreview,
  type StartupTimes,
} from './tracker-browser.bench';

export const COMBATANTS = 200;
/** Twenty, so the p95 is not simply the slowest load. */
const SAMPLES = 20;
const WARMUP = 1;
/** How long after the first paint the files fetched are still counted ("within the next 1.5 s"). */
const AFTER_FIRST_PAINT = 1500;

export interface ColdSample {
  readonly times: StartupTimes;
  readonly observed: ObservedStartup;
}

const log = (line: string) => process.stderr.write(`cold-start-browser: ${line}\n`);

export async function prepare(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: NAME_SHIM });
  await context.addInitScript(installProbe);
  await context.addInitScript(installStartupObservers);
}

/** HTTP cache cleared and off for this page: every file is fetched, parsed and compiled again. */
export async function disableCache(context: BrowserContext, page: Page): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  return cdp;
}

/** Navigates to the app, lets the probe resume the encounter, and reads what the page observed. */
export async function observeLoad(page: Page, url: string): Promise<ColdSample> {
  await page.goto(`${url}?bench=1&resume=auto&expect=${COMBATANTS}`);
  const times = await page.evaluate(() => window.__benchProbe!.startup);
  const observed = await readStartup(page, times.painted, AFTER_FIRST_PAINT);
  return { times, observed };
}

/** A new Chromium launch per sample on the seeded profile. */
async function freshProcessLoads(profile: string, url: string): Promise<ColdSample[]> {
  const out: ColdSample[] = [];
  for (let i = 0; i < WARMUP + SAMPLES; i++) {
    const context = await launchChromium(profile);
    try {
      await prepare(context);
      const page = context.pages()[0] ?? (await context.newPage());
      await disableCache(context, page);
      const sample = await observeLoad(page, url);
      if (i >= WARMUP) out.push(sample);
    } finally {
      await context.close();
    }
  }
  return out;
}

/** The ids of the renderer processes Chromium runs now. */
async function rendererProcesses(browserSession: CDPSession): Promise<Set<number>> {
  const info = (await browserSession.send('SystemInfo.getProcessInfo')) as {
    processInfo: { type: string; id: number }[];
  };
  return new Set(info.processInfo.filter((p) => p.type === 'renderer').map((p) => p.id));
}

/**
 * A new tab per sample, the previous one closed before the navigation. Returns too how many
 * samples ran in a renderer process that did not exist before their tab was opened.
 */
async function freshPageLoads(
  context: BrowserContext,
  url: string,
): Promise<{ samples: ColdSample[]; newProcesses: number }> {
  const browserSession = await context.browser()!.newBrowserCDPSession();
  const out: ColdSample[] = [];
  let newProcesses = 0;
  let previous = context.pages()[0] ?? (await context.newPage());
  for (let i = 0; i < WARMUP + SAMPLES; i++) {
    const before = await rendererProcesses(browserSession);
    const page = await context.newPage();
    await disableCache(context, page);
    await previous.close();
    previous = page;
    const sample = await observeLoad(page, url);
    const isNew = [...(await rendererProcesses(browserSession))].some((id) => !before.has(id));
    if (i >= WARMUP) {
      out.push(sample);
      if (isNew) newProcesses++;
    }
  }
  await browserSession.detach();
  return { samples: out, newProcesses };
}

/**
 * The floor page (bench/startup-floor.ts) in new tabs as freshPageLoads opens them, with and
 * without its database read, the two taking turns.
 */
async function freshFloorLoads(context: BrowserContext): Promise<{ plain: number[]; database: number[] }> {
  const floor = await serveStartupFloor();
  const out = { plain: [] as number[], database: [] as number[] };
  try {
    let previous = context.pages()[0] ?? (await context.newPage());
    for (let i = 0; i < WARMUP + SAMPLES; i++) {
      for (const withDatabase of i % 2 === 0 ? [false, true] : [true, false]) {
        const page = await context.newPage();
        await disableCache(context, page);
        await previous.close();
        previous = page;
        const painted = await floorLoad(page, floor.url, withDatabase);
        if (i >= WARMUP) (withDatabase ? out.database : out.plain).push(painted);
      }
    }
  } finally {
    await floor.close();
  }
  return out;
}

/** One tab, about:blank between loads (bench/tracker-browser.bench.ts's cold load). */
async function sameTabLoads(context: BrowserContext, url: string): Promise<ColdSample[]> {
  const page = context.pages()[0] ?? (await context.newPage());
  await disableCache(context, page);
  const out: ColdSample[] = [];
  for (let i = 0; i < WARMUP + SAMPLES; i++) {
    await leavePage(page);
    const sample = await observeLoad(page, url);
    if (i >= WARMUP) out.push(sample);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The suites
// ---------------------------------------------------------------------------------------------

export interface Mode {
  readonly label: string;
  readonly samples: readonly ColdSample[];
}

const collected = (name: string, samples: readonly number[], unit?: SampleUnit): CollectedBenchCase => ({
  name,
  collect: () => samples,
  ...(unit ? { unit } : {}),
});

const FLOOR_PLAIN = 'floor, fresh context: a minimal page (bench/startup-floor.ts), navigation → 15 plain rows painted';
const FLOOR_DATABASE = 'floor, fresh context: the same after Dexie opens its database and reads a key';

const fcpOf = (s: ColdSample) => s.observed.fcp;
const rowsOf = (s: ColdSample) => s.times.painted;
const previewOf = (s: ColdSample) => s.times.previewPainted;

/**
 * Navigation → first paint, → the start preview's rows painted (the encounter as it was saved,
 * painted by index.html's first script; left out for a build without one) and → the tracker's
 * own rows painted (the encounter resumed, every control live).
 */
export function timeCases(mode: Mode): CollectedBenchCase[] {
  const previews = mode.samples.map(previewOf).filter(Number.isFinite);
  return [
    collected(`${mode.label}: navigation → first contentful paint`, mode.samples.map(fcpOf)),
    ...(previews.length === mode.samples.length
      ? [collected(`${mode.label}: navigation → start preview's rows painted`, previews)]
      : []),
    collected(`${mode.label}: navigation → rows painted`, mode.samples.map(rowsOf)),
  ];
}

function longTaskCases(mode: Mode): CollectedBenchCase[] {
  const cases = (mark: string, of: (s: ColdSample) => LongTaskSummary) => [
    collected(
      `${mode.label}: before ${mark}: long tasks`,
      mode.samples.map((s) => of(s).count),
      'count',
    ),
    collected(
      `${mode.label}: before ${mark}: their sum`,
      mode.samples.map((s) => of(s).sum),
    ),
    collected(
      `${mode.label}: before ${mark}: the longest`,
      mode.samples.map((s) => of(s).longest),
    ),
  ];
  return [
    ...cases('first paint', (s) => longTasksBefore(s.observed, fcpOf(s))),
    ...cases('rows painted', (s) => longTasksBefore(s.observed, rowsOf(s))),
  ];
}

/**
 * Where the time to the rows goes: navigation → the first milestone, each milestone → the next
 * (renderer/src/platform/startup-timeline.ts), the last → rows painted. A sample missing a
 * milestone (the app marks none it did not pass) is left out of that step.
 */
export function stepCases(mode: Mode): CollectedBenchCase[] {
  const points: { label: string; at: (s: ColdSample) => number | undefined }[] = [
    { label: 'navigation', at: () => 0 },
    ...STARTUP_MILESTONES.map((name) => ({ label: name, at: (s: ColdSample) => s.observed.milestones[name] })),
    { label: 'rows painted', at: rowsOf },
  ];
  return points.slice(1).map((to, i) => {
    const from = points[i]!;
    const spans = mode.samples.flatMap((s) => {
      const start = from.at(s);
      const end = to.at(s);
      return start === undefined || end === undefined ? [] : [end - start];
    });
    return collected(`${mode.label}: ${from.label} → ${to.label}`, spans);
  });
}

function jsCases(mode: Mode): CollectedBenchCase[] {
  const kib = (of: (s: ColdSample) => JsSummary, size: (js: JsSummary) => number) =>
    mode.samples.map((s) => size(of(s)) / 1024);
  const beforeFcp = (s: ColdSample) => jsBefore(s.observed, fcpOf(s));
  const beforeRows = (s: ColdSample) => jsBefore(s.observed, rowsOf(s));
  const within = (s: ColdSample) => jsBefore(s.observed, fcpOf(s) + AFTER_FIRST_PAINT);
  return [
    collected(
      `${mode.label}: before first paint, gzip-9`,
      kib(beforeFcp, (js) => js.gzip),
      'KB',
    ),
    collected(
      `${mode.label}: before first paint, as served (uncompressed)`,
      kib(beforeFcp, (js) => js.encoded),
      'KB',
    ),
    collected(
      `${mode.label}: before first paint, files`,
      mode.samples.map((s) => beforeFcp(s).files),
      'count',
    ),
    collected(
      `${mode.label}: before rows painted, gzip-9`,
      kib(beforeRows, (js) => js.gzip),
      'KB',
    ),
    collected(
      `${mode.label}: within 1.5 s after first paint, gzip-9`,
      kib(within, (js) => js.gzip),
      'KB',
    ),
  ];
}

/** The JavaScript files that arrived before the sample's first paint and are not in index.html. */
function beyondIndexHtml(sample: ColdSample): string[] {
  const initial = new Set(initialJs().files);
  return sample.observed.scripts
    .filter((script) => script.responseEnd <= fcpOf(sample))
    .map((script) => new URL(script.url).pathname.replace(/^\//, ''))
    .filter((file) => !initial.has(file));
}

export default async (): Promise<BenchSuite[]> => {
  const unavailable = browserBenchUnavailable('cold-start-browser');
  if (unavailable) {
    console.log(unavailable);
    return [];
  }
  const served = await serveRenderer('cold-start-browser');
  const profile = mkdtempSync(join(tmpdir(), 'gm-screen-cold-start-'));
  try {
    const url = served.url;
    // Seed the encounter on the profile every mode starts from.
    const seeding = await launchChromium(profile);
    try {
      const page = seeding.pages()[0] ?? (await seeding.newPage());
      await page.goto(`${url}?bench=1`);
      await seedEncounter(page, buildRunningEncounter(`bench-${COMBATANTS}`, COMBATANTS));
      // Resumed once, so the app stores the start preview a GM's last session leaves behind.
      const stored = await storeStartPreview(page, url);
      log(`Chromium ${seeding.browser()?.version() ?? ''} · ${url} · ${stored ? 'start preview stored' : 'no start preview'}`);
    } finally {
      await seeding.close();
    }

    const freshProcess = await freshProcessLoads(profile, url);
    log(`fresh process done (median navigation → rows painted ${median(freshProcess.map(rowsOf)).toFixed(1)} ms)`);
    log(
      `JS fetched before the first paint beyond index.html's: ${beyondIndexHtml(freshProcess[0]!).join(', ') || 'none'}`,
    );

    const context = await launchChromium(profile);
    let freshPage: { samples: ColdSample[]; newProcesses: number };
    let sameTab: ColdSample[];
    let floor: { plain: number[]; database: number[] };
    try {
      await prepare(context);
      freshPage = await freshPageLoads(context, url);
      log(`fresh context done (median ${median(freshPage.samples.map(rowsOf)).toFixed(1)} ms)`);
      floor = await freshFloorLoads(context);
      log(`floor done (median ${median(floor.database).toFixed(1)} ms with its database read)`);
      sameTab = await sameTabLoads(context, url);
      log(`warm same tab done (median ${median(sameTab.map(rowsOf)).toFixed(1)} ms)`);
    } finally {
      await context.close();
    }

    const modes: Mode[] = [
      { label: 'fresh process', samples: freshProcess },
      { label: 'fresh context', samples: freshPage.samples },
      { label: 'warm (same tab, after about:blank)', samples: sameTab },
    ];
    const js = initialJs();
    const setting = `${COMBATANTS}-combatant encounter resumed, HTTP cache off (so no V8 code cache)`;
    return [
      {
        title: `Cold start in Chromium: ${setting} · fresh process = a new Chromium launch per sample · fresh context = a new tab per sample, ${freshPage.newProcesses} of ${freshPage.samples.length} in a renderer process of their own · warm = the same tab after about:blank`,
        cases: [
          ...modes.flatMap(timeCases),
          collected(FLOOR_PLAIN, floor.plain),
          collected(FLOOR_DATABASE, floor.database),
        ],
        ratios: [['fresh context: navigation → rows painted', FLOOR_DATABASE]],
        targets: {
          "fresh context: navigation → start preview's rows painted": '< 350 ms (moonshot 250)',
          "fresh process: navigation → start preview's rows painted": '< 350 ms (moonshot 250)',
          'fresh context: navigation → rows painted': '< 350 ms (moonshot 250)',
          'fresh process: navigation → rows painted': '< 350 ms (moonshot 250)',
        },
      },
      {
        title: `Cold start in Chromium: where the time to the rows goes, step by step between the app's start-up milestones (renderer/src/platform/startup-timeline.ts; ${setting})`,
        cases: modes.flatMap(stepCases),
      },
      {
        title: `Cold start in Chromium: long tasks (> 50 ms) that started before the first contentful paint and before the rows were painted (${setting})`,
        cases: modes.flatMap(longTaskCases),
        targets: Object.fromEntries(
          modes.map((mode) => [
            `${mode.label}: before first paint: the longest`,
            '< 50 ms (no long task before first paint)',
          ]),
        ),
      },
      {
        title: `Cold start in Chromium: JavaScript fully fetched by each mark (${setting}) · index.html's initial JS ${kb(js.raw)}, gzip-9 ${kb(js.gzip)} in ${js.files.length} files`,
        cases: modes.flatMap(jsCases),
        targets: Object.fromEntries(
          modes.map((mode) => [`${mode.label}: before first paint, gzip-9`, '< 120 KB (moonshot 96 KB)']),
        ),
      },
    ];
  } finally {
    await served.close();
    rmSync(profile, { recursive: true, force: true });
  }
};
