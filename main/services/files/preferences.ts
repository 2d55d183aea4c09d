import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { writeFileAtomic } from './atomic-write';

/** What main remembers between launches, in `<data>/preferences.json`. */
const preferencesSchema = z.looseObject({
  /** The folder of the last export saved through the save dialog. */
  lastExportFolder: z.string().optional(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export interface PreferencesFile {
  read(): Promise<Preferences>;
  /** Merges `change` into what is on disk (keys it does not know are kept) and writes it crash-safely. */
  update(change: Partial<Preferences>): Promise<void>;
}

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
    read,
    async update(change) {
      await writeFileAtomic(path, `${JSON.stringify({ ...(await read()), ...change }, null, 2)}\n`);
    },
  };
}
