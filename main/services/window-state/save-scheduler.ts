/**
 * A window's place is written a moment after it stops changing (moves and resizes come in bursts
 * while the GM drags) and at once when it closes; the app waits for every write before it quits.
 * Shared by the GM window and the player view.
 */
export interface SaveScheduler {
  /** Runs `save` once nothing else was asked for during the delay (each request restarts it). */
  later(save: () => Promise<void> | void): void;
  /** Runs `save` now, dropping a pending one. */
  now(save: () => Promise<void> | void): void;
  /** Drops a pending save (the window is gone). */
  cancel(): void;
  /** Resolves once every save started so far has finished. */
  flush(): Promise<void>;
}

export interface SaveSchedulerHost {
  /** setTimeout; returns the function that cancels it (timers by hand in tests). */
  schedule(callback: () => void, ms: number): () => void;
  /** Where a save that threw goes: saves report their own failures, so this is a bug's trace, never a crash. */
  log(message: string): void;
}

export function createSaveScheduler(host: SaveSchedulerHost, delayMs: number): SaveScheduler {
  let cancelPending: (() => void) | null = null;
  const writing = new Set<Promise<void>>();

  function cancel(): void {
    cancelPending?.();
    cancelPending = null;
  }

  function run(save: () => Promise<void> | void): void {
    // Called at once, not on a later tick: a closing window's bounds can only be read now.
    let started: Promise<void>;
    try {
      started = Promise.resolve(save());
    } catch (error) {
      started = Promise.reject(error as Error);
    }
    const write = started.catch((error: unknown) => {
      host.log(`A window's place was not saved: ${error instanceof Error ? error.message : String(error)}`);
    });
    writing.add(write);
    void write.finally(() => writing.delete(write));
  }

  return {
    later(save) {
      cancel();
      cancelPending = host.schedule(() => {
        cancelPending = null;
        run(save);
      }, delayMs);
    },
    now(save) {
      cancel();
      run(save);
    },
    cancel,
    async flush() {
      await Promise.all(writing);
    },
  };
}
