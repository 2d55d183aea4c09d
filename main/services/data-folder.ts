// Where GM Screen keeps its files (exports, backups, preferences) when it runs without Electron:
// the very folder the desktop app uses, so both shells of one machine share their backups.
import { mkdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { posix, win32 } from 'node:path';

/** Electron's app name: package.json's productName, which names the folder under the system's app-data place. */
export const PRODUCT_NAME = 'GM Screen';

export interface DataFolderEnvironment {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly platform: NodeJS.Platform;
  readonly home: string;
  /** Where a relative GM_SCREEN_DATA_DIR is resolved from. */
  readonly cwd: string;
}

/**
 * GM_SCREEN_DATA_DIR when set, else what Electron's `app.getPath('userData')` gives for this
 * product name: `appData` + "GM Screen", appData being `%APPDATA%` on Windows,
 * `~/Library/Application Support` on macOS, and `$XDG_CONFIG_HOME` or `~/.config` elsewhere.
 */
export function dataFolderPath({ env, platform, home, cwd }: DataFolderEnvironment): string {
  const path = platform === 'win32' ? win32 : posix;
  const override = env.GM_SCREEN_DATA_DIR;
  if (override) return path.resolve(cwd, override);
  if (platform === 'win32') return win32.join(env.APPDATA || win32.join(home, 'AppData', 'Roaming'), PRODUCT_NAME);
  if (platform === 'darwin') return posix.join(home, 'Library', 'Application Support', PRODUCT_NAME);
  // Electron takes XDG_CONFIG_HOME as it is; an empty value counts as unset.
  return posix.join(env.XDG_CONFIG_HOME || posix.join(home, '.config'), PRODUCT_NAME);
}

/** The data folder of this process's environment, created (with its parents) when missing. */
export async function ensureDataFolder(
  environment: DataFolderEnvironment = { env: process.env, platform: process.platform, home: homedir(), cwd: process.cwd() },
): Promise<string> {
  const folder = dataFolderPath(environment);
  await mkdir(folder, { recursive: true });
  return folder;
}
