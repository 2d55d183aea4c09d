/// <reference lib="dom" />
/**
 * Backups in a real browser: Debian's Chromium (never a downloaded one) driven by Playwright
 * against the built app, served with its file services behind the loopback bridge by
 * scripts/serve-web.mjs into a throw-away data folder.
 *
 * A database of 100,000 events — ten encounters of 10,000: a long Shadowrun fight seeded once with
 * its snapshot every 100 events, as the app keeps them, then copied in the page under nine more
 * ids (building one 100,000-event log through the reducer takes minutes) — is seeded straight into
 * IndexedDB; then, through the real backups store
 * (renderer/src/backups/backups-store.ts, reached with the `?bench=1` hook of main.ts):
 *  1. back up: the database dumped in a worker and written by the file service (bridge);
 *  2. restore: the backup read back (checksum checked by the service), parsed, checked and every
 *     table replaced in one transaction, in a worker;
 * each timed inside the page with performance.now(), and beside each the longest task the page's
 * own thread ran meanwhile (a long one would freeze the screen). Targets (issue 12): backup < 2 s,
 * restore < 5 s.
 *
 * Beside them, in the same run, the floors no backup or restore can go under with one
 * IndexedDB row per log entry: reading every row the dump holds (getAll per table, nothing else)
 * and adding the 100,000 event rows into an empty store of the same shape in one transaction.
 */
import type { Page } from '@playwright/test';
import { buildLongEncounter } from './long-encounter';
import { NAME_SHIM, openBenchBrowser } from './browser';
import type { BenchSuite, CollectedBenchCase } from './harness';
import { seedEncounter } from './tracker-browser.bench';

/** The tables a backup holds (renderer/src/backups/database-dump.ts, which the benches' project cannot import). */
const DUMPED_TABLE_NAMES = ['rolls', 'settings', 'encounters', 'events', 'templates'];
const ENCOUNTERS = 10;
const EVENTS_EACH = 10_000;
const EVENTS = ENCOUNTERS * EVENTS_EACH;
const SAMPLES = 5;
const WARMUP = 1;

/** What the bench uses of the backups store. */
interface BackupsStoreLike {
  backUp(reason: 'manual'): Promise<{ status: string; message?: string; backup?: { name: string; bytes: number; events: number } }>;
  restore(name: string, options: { backUpFirst: boolean }): Promise<{ status: string; message?: string }>;
}

declare global {
  interface Window {
    __gmScreen?: { pinia: { _s: Map<string, unknown> } };
  }
}

interface Timed {
  readonly ms: number;
  /** Longest task on the page's own thread while it ran (0 when none passed 50 ms, the long-task floor). */
  readonly longestTaskMs: number;
}

/**
 * Copies the one seeded encounter (its row, events and snapshots) under `copies` more ids, each
 * with its own event ids, straight in IndexedDB.
 */
async function copyEncounter(page: Page, encounterId: string, copies: number): Promise<void> {
  await page.evaluate(
    async ({ encounterId, copies }) => {
      const db = await new Promise<IDBDatabase>((ok, fail) => {
        const request = indexedDB.open('gm-screen');
        request.onsuccess = () => ok(request.result);
        request.onerror = () => fail(request.error);
      });
      const all = <T,>(table: string) =>
        new Promise<T[]>((ok, fail) => {
          const request = db.transaction(table).objectStore(table).getAll();
          request.onsuccess = () => ok(request.result as T[]);
          request.onerror = () => fail(request.error);
        });
      type Row = Record<string, unknown>;
      const events = await all<Row & { event: Row }>('events');
      const snapshots = await all<Row>('snapshots');
      const [encounter] = (await all<Row>('encounters')).filter((row) => row.id === encounterId);
      try {
        for (let copy = 1; copy <= copies; copy++) {
          const id = `bench-${copy}`;
          const tx = db.transaction(['encounters', 'events', 'snapshots'], 'readwrite');
          tx.objectStore('encounters').put({ ...encounter, id, name: `Bench ${copy + 1}` });
          for (const row of events) {
            const event: Row = { ...row.event, id: `copy${copy}-${String(row.event.id)}` };
            if (event.type === 'encounter-created') event.encounterId = id;
            tx.objectStore('events').put({ ...row, encounterId: id, event });
          }
          for (const row of snapshots) tx.objectStore('snapshots').put({ ...row, encounterId: id });
          await new Promise<void>((ok, fail) => {
            tx.oncomplete = () => ok();
            tx.onabort = () => fail(tx.error ?? new Error('aborted'));
          });
        }
      } finally {
        db.close();
      }
    },
    { encounterId, copies },
  );
}

/** The floors: every dumped table read with getAll, and the event rows added to an empty store, both timed in the page. */
async function timeFloors(page: Page, tables: readonly string[]): Promise<{ readMs: number; writeMs: number }> {
  return page.evaluate(async (tables) => {
    const open = (name: string, upgrade?: (db: IDBDatabase) => void) =>
      new Promise<IDBDatabase>((ok, fail) => {
        const request = indexedDB.open(name, upgrade ? 1 : undefined);
        if (upgrade) request.onupgradeneeded = () => upgrade(request.result);
        request.onsuccess = () => ok(request.result);
        request.onerror = () => fail(request.error);
      });
    const finished = (tx: IDBTransaction) =>
      new Promise<void>((ok, fail) => {
        tx.oncomplete = () => ok();
        tx.onabort = () => fail(tx.error ?? new Error('aborted'));
      });
    const db = await open('gm-screen');
    let start = performance.now();
    const read = db.transaction(tables, 'readonly');
    const requests = tables.map((table) => read.objectStore(table).getAll());
    await finished(read);
    const readMs = performance.now() - start;
    const events = requests[tables.indexOf('events')]!.result as unknown[];
    db.close();
    const scratch = await open(`floor-${Math.random()}`, (fresh) => {
      fresh.createObjectStore('events', { keyPath: ['encounterId', 'seq'] }).createIndex('encounterId', 'encounterId');
    });
    start = performance.now();
    const write = scratch.transaction('events', 'readwrite', { durability: 'strict' });
    for (const row of events) write.objectStore('events').add(row);
    await finished(write);
    const writeMs = performance.now() - start;
    scratch.close();
    indexedDB.deleteDatabase(scratch.name);
    return { readMs, writeMs };
  }, tables);
}

async function openApp(page: Page, url: string): Promise<void> {
  await page.goto(`${url}?bench=1`);
  await page.waitForFunction(() => window.__gmScreen?.pinia._s.has('backups') === true, undefined, { timeout: 60_000 });
}

/** Runs one backup or restore in the page, timed there, with the longest main-thread task meanwhile. */
async function timeInPage(page: Page, what: 'backup' | 'restore', name: string | null): Promise<Timed & { name: string | null; bytes: number }> {
  return page.evaluate(
    async ({ what, name }) => {
      const store = window.__gmScreen!.pinia._s.get('backups') as BackupsStoreLike;
      let longestTaskMs = 0;
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) longestTaskMs = Math.max(longestTaskMs, entry.duration);
      });
      observer.observe({ type: 'longtask' });
      const start = performance.now();
      let made: { name: string | null; bytes: number } = { name, bytes: 0 };
      if (what === 'backup') {
        const attempt = await store.backUp('manual');
        if (attempt.status !== 'saved') throw new Error(`backup ${attempt.status}: ${attempt.message ?? ''}`);
        made = { name: attempt.backup!.name, bytes: attempt.backup!.bytes };
      } else {
        const result = await store.restore(name!, { backUpFirst: false });
        if (result.status !== 'restored') throw new Error(`restore ${result.status}: ${result.message ?? ''}`);
      }
      const ms = performance.now() - start;
      // Long tasks are reported after they end: let the observer catch up.
      await new Promise((resolve) => setTimeout(resolve, 50));
      observer.disconnect();
      return { ms, longestTaskMs, ...made };
    },
    { what, name },
  );
}

async function countEvents(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('gm-screen');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('events').objectStore('events').count();
          count.onsuccess = () => {
            open.result.close();
            resolve(count.result);
          };
        };
      }),
  );
}

const collected = (name: string, samples: readonly number[]): CollectedBenchCase => ({ name, collect: () => samples });
const log = (line: string) => process.stderr.write(`backup-browser: ${line}\n`);

export default async (): Promise<BenchSuite[]> => {
  const browser = await openBenchBrowser('backup-browser');
  if (!browser) return [];
  try {
    const { context, url } = browser;
    await context.addInitScript({ content: NAME_SHIM });
    const page = context.pages()[0] ?? (await context.newPage());
    log(`Chromium ${context.browser()?.version() ?? ''} · ${url}`);
    await page.goto(`${url}?bench=1`);
    const seededId = await seedEncounter(page, buildLongEncounter(EVENTS_EACH));
    await copyEncounter(page, seededId, ENCOUNTERS - 1);
    await openApp(page, url);
    const seeded = await countEvents(page);
    log(`seeded ${seeded.toLocaleString('en-US')} events`);

    const backups: Timed[] = [];
    let last: { name: string | null; bytes: number } = { name: null, bytes: 0 };
    for (let i = 0; i < WARMUP + SAMPLES; i++) {
      const run = await timeInPage(page, 'backup', null);
      last = run;
      if (i >= WARMUP) backups.push(run);
    }
    log(`backups done (${(last.bytes / (1024 * 1024)).toFixed(1)} MB each)`);

    const restores: Timed[] = [];
    for (let i = 0; i < WARMUP + SAMPLES; i++) {
      const run = await timeInPage(page, 'restore', last.name);
      if (i >= WARMUP) restores.push(run);
    }
    const restored = await countEvents(page);
    if (restored !== seeded) throw new Error(`the restore left ${restored} events of ${seeded}`);
    log('restores done, every event back');

    const floors: { readMs: number; writeMs: number }[] = [];
    for (let i = 0; i < WARMUP + SAMPLES; i++) {
      const run = await timeFloors(page, DUMPED_TABLE_NAMES);
      if (i >= WARMUP) floors.push(run);
    }

    const label = `${EVENTS.toLocaleString('en-US')} events, ${(last.bytes / (1024 * 1024)).toFixed(1)} MB`;
    const backupName = `back up (dump in a worker + write through the bridge), ${label}`;
    const restoreName = `restore (read + check + replace in a worker), ${label}`;
    const readFloorName = `floor: getAll of every dumped table (${DUMPED_TABLE_NAMES.join(', ')}), nothing else`;
    const writeFloorName = `floor: add the ${EVENTS.toLocaleString('en-US')} event rows to an empty store in one transaction`;
    return [
      {
        title: 'Backups in Chromium (built app, loopback bridge)',
        cases: [
          collected(backupName, backups.map((t) => t.ms)),
          collected('  longest main-thread task during a backup', backups.map((t) => t.longestTaskMs)),
          collected(restoreName, restores.map((t) => t.ms)),
          collected('  longest main-thread task during a restore', restores.map((t) => t.longestTaskMs)),
          collected(readFloorName, floors.map((t) => t.readMs)),
          collected(writeFloorName, floors.map((t) => t.writeMs)),
        ],
        ratios: [
          [backupName, readFloorName],
          [restoreName, writeFloorName],
        ],
        targets: { [backupName]: '< 2 s', [restoreName]: '< 5 s' },
      },
    ];
  } finally {
    await browser.close();
  }
};
