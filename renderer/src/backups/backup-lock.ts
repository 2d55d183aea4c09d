/**
 * One window per database takes the automatic backups: the first holds a Web Lock until it goes
 * away, the others (read-only on an encounter another window writes) wait in line and take over
 * when it does. Where the page has no Web Locks, every window does.
 */
export function holdBackupLock(onHeld: () => void, signal: AbortSignal): void {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) {
    onHeld();
    return;
  }
  locks
    .request('gm-screen:backups', { signal }, async () => {
      onHeld();
      // Held until this window stops backing up.
      await new Promise<void>((release) => signal.addEventListener('abort', () => release(), { once: true }));
    })
    .catch(() => undefined);
}
