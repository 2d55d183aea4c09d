import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { writeFileAtomic } from './atomic-write';

/** What main remembers between launches, in `<data>/preferences.json`. */
const preferencesSchema = z.looseObject({
  /** The folder of the last export saved through the save dialog. */
  lastExportFolder: z.string().optional(),
  /**
   * Where the player view window was, per shell (main/services/player-window/): kept as found and
   * checked where it is read, so a damaged placement is ignored without losing the other preferences.
   */
  playerWindow: z.unknown().optional(),
  playerWindowInBrowser: z.unknown().optional(),
  /** Where the GM window was (main/services/window-state/), checked where it is read, like the player view's. */
  gmWindow: z.unknown().optional(),
  /** Whether updates are checked automatically (main/services/updates/update-controller.ts); not a boolean reads as on. */
  updateChecks: z.unknown().optional(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export interface PreferencesFile {
  readonly path: string;
  read(): Promise<Preferences>;
  /** Merges `change` into what is on disk (keys it does not know are kept) and writes it crash-safely. */
  update(change: Partial<Preferences>): Promise<void>;
}

/**
 * Updates of one file in this process, one after another: each reads what the one before wrote, so
 * two callers changing different keys at once (the player view's placement while an export's
 * folder is remembered) both keep their change.
 */
const pendingUpdates = new Map<string, Promise<void>>();

/** A missing, unreadable or corrupt preferences file reads as empty: preferences are a convenience, never a reason to fail. */
export function createPreferencesFile(path: string): PreferencesFile {
  async function read(): Promise<Preferences> {
    try {
      const parsed = preferencesSchema.safeParse(JSON.parse(await readFile(path, 'utf8')));
      return parsed.success ? parsed.data : {};
    } catch {
      return {};
    }
  }
  return {
    path,
    read,
    update(change) {
      const previous = pendingUpdates.get(path) ?? Promise.resolve();
      const next = previous
        .catch(() => undefined)
        .then(async () => writeFileAtomic(path, `${JSON.stringify({ ...(await read()), ...change }, null, 2)}\n`));
      const settled = next.catch(() => undefined);
      pendingUpdates.set(path, settled);
      void settled.then(() => {
        if (pendingUpdates.get(path) === settled) pendingUpdates.delete(path);
      });
      return next;
    },
  };
}
