/// <reference lib="dom" />
/**
 * `npm run bench:ab -- <revision> [loads] [--long]`: this checkout's start-up against another
 * revision's, measured in one run. Each load is cold-start-browser.bench.ts's "fresh context" (a
 * new tab, so a renderer process of its own, HTTP cache off, the 200-combatant encounter resumed
 * as soon as offered); with `--long`, long-resume-browser.bench.ts's resume of the 100,000-event
 * encounter instead, in fresh tabs too. The two builds take turns
 * load by load, the first of each pair alternating: a machine that slows down or speeds up
 * weighs on both alike.
 *
 * Why it exists: on this shared 2-core machine three runs of the cold-start bench on the same code
 * gave 636, 659 and 691 ms; a build that measured 12% slower in the run after one of them (774
 * against 691 ms) measured the same when the two were loaded in turn (618 against 604); and
 * changes that each looked 13–32 ms faster against their parent were, together, no faster than
 * where they started. A before → after figure for a start-up change comes from here.
 *
 * The revision is checked out in a temporary git worktree, built there (with this checkout's
 * node_modules, so a revision whose dependencies differ is built with today's), served beside
 * this checkout's build (`npm run build` first), and removed afterwards.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { browserBenchUnavailable, launchChromium, serveRenderer, ROOT, type ServedRenderer } from './browser';
import { formatSuite, measure, type BenchSuite, type CollectedBenchCase } from './harness';
import { loadBenchRules } from './rules';
import {
  COMBATANTS,
  disableCache,
  observeLoad,
  prepare,
  stepCases,
  timeCases,
  type ColdSample,
  type Mode,
} from './cold-start-browser.bench';
import { buildLongEncounter } from './long-encounter';
import {
  buildRunningEncounter,
  seedEncounter,
  startUps,
  storeStartPreview,
  type StartupTimes,
} from './tracker-browser.bench';
import { rulesLookup } from './rules';
import { openHistory } from '../shared/encounter/history';
import type { BrowserContext, Page } from '@playwright/test';
import type { EncounterEvent } from '../shared/encounter/events';

const log = (line: string) => process.stderr.write(`bench:ab: ${line}\n`);
const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();

/** The revision's build in a worktree of its own; `remove` deletes both. */
function buildRevision(revision: string): { root: string; label: string; remove: () => void } {
  const commit = git('rev-parse', '--verify', `${revision}^{commit}`);
  const root = mkdtempSync(join(tmpdir(), 'gm-screen-ab-'));
  const remove = () => {
    try {
      git('worktree', 'remove', '--force', root);
    } catch {
      rmSync(root, { recursive: true, force: true });
      git('worktree', 'prune');
    }
  };
  git('worktree', 'add', '--detach', root, commit);
  try {
    symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
    log(`building ${commit.slice(0, 7)} in ${root}`);
    execFileSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'ignore' });
  } catch (cause) {
    remove();
    throw cause;
  }
  return { root, label: commit.slice(0, 7), remove };
}

interface Side {
  readonly label: string;
  readonly served: ServedRenderer;
  readonly samples: ColdSample[];
  /** The long resume's loads (`--long`). */
  readonly resumes: StartupTimes[];
}

const LONG_EVENTS = 100_000;

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const long = args.includes('--long');
  const [revision, loadsArg] = args.filter((arg) => arg !== '--long');
  if (!revision) throw new Error('usage: npm run bench:ab -- <revision> [loads per build, default 20] [--long]');
  const loads = Number(loadsArg ?? 20);
  if (!Number.isInteger(loads) || loads < 1) throw new Error(`loads must be a whole number above 0, not ${loadsArg}`);
  const unavailable = browserBenchUnavailable('bench:ab');
  if (unavailable) {
    console.log(unavailable);
    return;
  }
  await loadBenchRules();
  const base = buildRevision(revision);
  const profile = mkdtempSync(join(tmpdir(), 'gm-screen-ab-profile-'));
  const sides: Side[] = [];
  try {
    const thisLabel = `this checkout (${git('rev-parse', '--short=7', 'HEAD')}${git('status', '--porcelain', '--untracked-files=no') ? ', changed' : ''})`;
    sides.push({ label: base.label, served: await serveRenderer('ab-base', base.root), samples: [], resumes: [] });
    sides.push({ label: thisLabel, served: await serveRenderer('ab-this'), samples: [], resumes: [] });
    const context = await launchChromium(profile);
    try {
      await prepare(context);
      await (long ? longResumes(context, sides, loads) : coldLoads(context, sides, loads));
    } finally {
      await context.close();
    }
  } finally {
    for (const side of sides) await side.served.close();
    base.remove();
    rmSync(profile, { recursive: true, force: true });
  }

  console.log(`GM Screen start-up A/B · node ${process.version} · ${new Date().toISOString()}`);
  for (const suite of long ? longSuites(sides, loads) : coldSuites(sides, loads)) {
    const results = [];
    for (const benchCase of suite.cases) results.push(await measure(benchCase));
    for (const line of formatSuite(suite, results)) console.log(line);
  }
}

/**
 * `events` seeded in each build's origin (each build is served from its own port, so each origin
 * has its own database), then `loads` fresh tabs of each build in turn, the previous tab closed
 * first, after one pair that is not counted (the browser's own first-use costs). Fresh tabs for
 * the long resume too: two tabs kept open slowed each other (the idle one is not idle: its app
 * backs up the seeded log), and a tab behind another has its frames throttled.
 */
async function inTurns(
  context: BrowserContext,
  sides: readonly Side[],
  loads: number,
  events: readonly EncounterEvent[],
  load: (page: Page, side: Side, counted: boolean) => Promise<void>,
): Promise<void> {
  let previous = context.pages()[0] ?? (await context.newPage());
  for (const side of sides) {
    await previous.goto(`${side.served.url}?bench=1`);
    log(`seeding ${events.length} events for ${side.label}`);
    await seedEncounter(previous, events);
    const stored = await storeStartPreview(previous, side.served.url);
    log(`${side.label}: ${stored ? 'start preview stored' : 'no start preview (the build has none)'}`);
  }
  for (let pair = 0; pair <= loads; pair++) {
    const order = pair % 2 === 0 ? sides : [...sides].reverse();
    for (const side of order) {
      const page = await context.newPage();
      await disableCache(context, page);
      await previous.close();
      previous = page;
      await load(page, side, pair > 0);
    }
  }
}

/** The 200-combatant encounter, resumed in fresh tabs of each build in turn. */
const coldLoads = (context: BrowserContext, sides: readonly Side[], loads: number) =>
  inTurns(
    context,
    sides,
    loads,
    buildRunningEncounter(`bench-${COMBATANTS}`, COMBATANTS),
    async (page, side, counted) => {
      const sample = await observeLoad(page, side.served.url);
      if (counted) side.samples.push(sample);
    },
  );

/** The 100,000-event encounter, resumed in fresh tabs of each build in turn. */
function longResumes(context: BrowserContext, sides: readonly Side[], loads: number): Promise<void> {
  const events = buildLongEncounter(LONG_EVENTS);
  const combatants = openHistory(events, rulesLookup).state.combatants.length;
  return inTurns(context, sides, loads, events, async (page, side, counted) => {
    const [times] = await startUps(page, side.served.url, combatants, 1, 0);
    if (counted) side.resumes.push(times!);
  });
}

function longSuites(sides: readonly Side[], loads: number): BenchSuite[] {
  const cases = sides.flatMap((side) => [
    collected(
      `${side.label}: Resume click → rows painted`,
      side.resumes.map((t) => t.painted - t.click),
    ),
    collected(
      `${side.label}: navigation → rows painted`,
      side.resumes.map((t) => t.painted),
    ),
  ]);
  const [base, current] = sides.map((side) => side.label);
  return [
    {
      title: `Long resume A/B in Chromium: the ${LONG_EVENTS.toLocaleString('en-US')}-event encounter resumed at start-up, HTTP cache off, a fresh tab per load · ${loads} loads per build, taking turns`,
      cases,
      ratios: [
        [`${current}: navigation → rows painted`, `${base}: navigation → rows painted`],
        [`${current}: Resume click → rows painted`, `${base}: Resume click → rows painted`],
      ],
    },
  ];
}

function coldSuites(sides: readonly Side[], loads: number): BenchSuite[] {
  const modes: Mode[] = sides.map((side) => ({ label: side.label, samples: side.samples }));
  return [
    {
      title: `Cold start A/B in Chromium: fresh context (a new tab per load, HTTP cache off), ${COMBATANTS}-combatant encounter resumed · ${loads} loads per build, taking turns`,
      cases: modes.flatMap(timeCases),
      ratios: [
        [`${modes[1]!.label}: navigation → rows painted`, `${modes[0]!.label}: navigation → rows painted`],
        [
          `${modes[1]!.label}: navigation → first contentful paint`,
          `${modes[0]!.label}: navigation → first contentful paint`,
        ],
      ],
    },
    {
      title: 'Cold start A/B: step by step between the start-up milestones (renderer/src/platform/startup-timeline.ts)',
      cases: modes.flatMap(stepCases),
    },
  ];
}

const collected = (name: string, samples: readonly number[]): CollectedBenchCase => ({ name, collect: () => samples });

main().catch((cause: unknown) => {
  console.error(cause instanceof Error ? cause.message : cause);
  process.exitCode = 1;
});
