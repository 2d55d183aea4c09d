/**
 * One writer per encounter log: a window that opens an encounter holds a Web Lock named after
 * it until it closes the encounter (or the window goes away, when the browser releases it). A
 * second window or tab on the same database finds the lock taken, opens the encounter read-only
 * and waits in line; it becomes the writer once the first lets go. Two windows therefore never
 * append to one log. Where the page has no Web Locks (some test environments) every claim succeeds.
 */
export interface EncounterClaim {
  /** Lets the next window in line take over. */
  release(): void;
}

const lockName = (encounterId: string) => `gm-screen:encounter:${encounterId}`;

function lockManager(): LockManager | null {
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null;
}

function hold(encounterId: string, options: LockOptions): Promise<EncounterClaim | null> {
  const locks = lockManager();
  if (!locks) return Promise.resolve({ release: () => undefined });
  return new Promise((resolve) => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((done) => (release = done));
    locks
      .request(lockName(encounterId), options, async (lock) => {
        if (!lock) {
          resolve(null);
          return;
        }
        resolve({ release });
        // The lock is held until this promise settles.
        await released;
      })
      .catch(() => resolve(null));
  });
}

/** Takes the encounter's lock now if nobody holds it; null when another window does. */
export function claimEncounter(encounterId: string): Promise<EncounterClaim | null> {
  return hold(encounterId, { ifAvailable: true });
}

/** Waits in line for the encounter's lock; resolves null if `signal` aborts first. */
export function awaitEncounter(encounterId: string, signal: AbortSignal): Promise<EncounterClaim | null> {
  return hold(encounterId, { signal });
}
