/// <reference lib="dom" />
/**
 * Times the app's own IndexedDB writes without touching the app: an init script (`?bench=1`
 * only) wraps IDBDatabase.prototype.transaction, and while the bench records, each read-write
 * transaction is timed from its opening to its `complete` event — what the raw-IndexedDB floor
 * of bench/tracker-browser.bench.ts times, so the two figures compare. Nothing is kept while not
 * recording, and never more than MAX_KEPT transactions.
 */

/** One read-write transaction, in ms since navigation start; `end` is NaN until it completes. */
export interface TimedWrite {
  readonly stores: readonly string[];
  readonly start: number;
  end: number;
}

export interface WriteTimer {
  recording: boolean;
  readonly writes: TimedWrite[];
}

declare global {
  interface Window {
    __idbWriteTimer?: WriteTimer;
  }
}

/** Init script: installs the timer as window.__idbWriteTimer (recording off). */
export function installWriteTimer(): void {
  if (new URLSearchParams(location.search).get('bench') !== '1') return;
  const MAX_KEPT = 100;
  const timer: WriteTimer = { recording: false, writes: [] };
  window.__idbWriteTimer = timer;
  const open = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (
    this: IDBDatabase,
    ...args: Parameters<IDBDatabase['transaction']>
  ): IDBTransaction {
    if (!timer.recording || args[1] !== 'readwrite') return open.apply(this, args);
    const start = performance.now();
    const tx = open.apply(this, args);
    const write: TimedWrite = { stores: [...tx.objectStoreNames], start, end: Number.NaN };
    // Added before the caller's oncomplete is set, so it runs first: the time the page learns of the commit.
    tx.addEventListener('complete', () => (write.end = performance.now()));
    if (timer.writes.length >= MAX_KEPT) timer.writes.shift();
    timer.writes.push(write);
    return tx;
  };
}
