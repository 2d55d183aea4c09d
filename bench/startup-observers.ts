/// <reference lib="dom" />
/**
 * What a start-up costs besides its time: the first contentful paint, the long tasks (> 50 ms,
 * the main thread blocked) and the JavaScript fetched, each before the first paint and before the
 * encounter's rows are painted. Observers are installed with addInitScript, so they run before the
 * app's first script; entries are read back once the start-up is over.
 */
import type { Page } from '@playwright/test';
import { STARTUP_MARK_PREFIX } from '../renderer/src/platform/startup-milestones';
import { builtFileSize } from './js-bytes';

/** What the page observed, in ms since navigation start. */
export interface ObservedStartup {
  /** first-contentful-paint (NaN when the page never painted content). */
  readonly fcp: number;
  readonly longTasks: readonly { readonly start: number; readonly duration: number }[];
  /** Every JavaScript file the page fetched, with when it finished arriving. */
  readonly scripts: readonly { readonly url: string; readonly responseEnd: number; readonly encodedBodySize: number }[];
  /** The app's start-up milestones reached (renderer/src/platform/startup-timeline.ts), by name, in ms from navigation. */
  readonly milestones: Readonly<Record<string, number>>;
}

interface StartupEntries {
  fcp: number;
  longTasks: { start: number; duration: number }[];
}

declare global {
  interface Window {
    __startupEntries?: StartupEntries;
  }
}

/** Init script: buffers paint and long-task entries under `?bench=1`; resources are read at the end. */
export function installStartupObservers(): void {
  if (new URLSearchParams(location.search).get('bench') !== '1') return;
  // The default buffer of 250 resource entries holds a start-up's ~70 files, but not with room to spare.
  performance.setResourceTimingBufferSize(1000);
  const entries: StartupEntries = { fcp: Number.NaN, longTasks: [] };
  window.__startupEntries = entries;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') entries.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) entries.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}

/**
 * Reads the observers back once `atLeast` ms have passed since navigation and `afterFcp` ms since
 * the first contentful paint (so the long tasks and files of that span are in: a long task is
 * reported after it ends).
 */
export async function readStartup(page: Page, atLeast: number, afterFcp: number): Promise<ObservedStartup> {
  return page.evaluate(
    async ({ atLeast, afterFcp, prefix }) => {
      const entries = window.__startupEntries;
      if (!entries) throw new Error('the start-up observers are not installed (is the page opened with ?bench=1?)');
      const frame = () => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0)));
      // The paint entry is delivered a little after the frame it marks.
      for (let i = 0; i < 60 && Number.isNaN(entries.fcp); i++) await frame();
      if (Number.isNaN(entries.fcp)) throw new Error('no first-contentful-paint entry');
      const wait = Math.max(0, atLeast - performance.now(), entries.fcp + afterFcp - performance.now());
      await new Promise<void>((done) => setTimeout(done, wait));
      // A frame and a task more, so the entries of tasks that ended by then have been delivered.
      await frame();
      const scripts = performance
        .getEntriesByType('resource')
        .filter((entry): entry is PerformanceResourceTiming => entry instanceof PerformanceResourceTiming)
        // By URL: modulepreload links, module scripts, dynamic imports and workers carry different initiator types.
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => ({ url: entry.name, responseEnd: entry.responseEnd, encodedBodySize: entry.encodedBodySize }));
      const milestones = Object.fromEntries(
        performance
          .getEntriesByType('mark')
          .filter((mark) => mark.name.startsWith(prefix))
          .map((mark) => [mark.name.slice(prefix.length), mark.startTime]),
      );
      return { fcp: entries.fcp, longTasks: [...entries.longTasks], scripts, milestones };
    },
    { atLeast, afterFcp, prefix: STARTUP_MARK_PREFIX },
  );
}

export interface LongTaskSummary {
  readonly count: number;
  readonly sum: number;
  /** 0 when there were none. */
  readonly longest: number;
}

/** The long tasks that started before `mark`. */
export function longTasksBefore(observed: ObservedStartup, mark: number): LongTaskSummary {
  const before = observed.longTasks.filter((task) => task.start < mark);
  return {
    count: before.length,
    sum: before.reduce((total, task) => total + task.duration, 0),
    longest: Math.max(0, ...before.map((task) => task.duration)),
  };
}

export interface JsSummary {
  readonly files: number;
  /** As the local server sent them (uncompressed). */
  readonly encoded: number;
  /** The same files at gzip level 9, as a compressing server would send them. */
  readonly gzip: number;
}

/** The JavaScript files that had fully arrived by `mark` (ms since navigation). */
export function jsBefore(observed: ObservedStartup, mark: number): JsSummary {
  const fetched = observed.scripts.filter((script) => script.responseEnd <= mark);
  return {
    files: fetched.length,
    encoded: fetched.reduce((total, script) => total + script.encodedBodySize, 0),
    gzip: fetched.reduce(
      (total, script) => total + builtFileSize(new URL(script.url).pathname.replace(/^\//, '')).gzip,
      0,
    ),
  };
}
