import { posix, win32 } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface LaunchContext {
  /** Where relative paths are from: this process's own folder for process.argv, the second instance's for its argv. */
  readonly cwd: string;
  /** The launching system's rules for paths and switches (win32 paths and `/switch` forms differ). */
  readonly platform: NodeJS.Platform;
  /**
   * Electron run as `electron <app folder> …` (process.defaultApp: development, the e2e tests): the
   * first argument that is not a switch is the app itself, not a file to open.
   */
  readonly defaultApp: boolean;
}

/** Only exported encounters are opened with the app; anything else on the command line is not ours to read. */
const OPENABLE = /\.json$/i;

/** Whether a path names a file the app opens (macOS's open-file gives paths one at a time). */
export function isOpenable(path: string): boolean {
  return OPENABLE.test(path);
}

/**
 * The files a launch asks GM Screen to open, as absolute paths in the order given: the arguments
 * after the executable that are not Electron's or Chromium's switches (`--inspect=0`,
 * `--allow-file-access-from-files`, macOS's `-psn_…`; on Windows also `/switch`) nor the app
 * folder, ending in `.json`. A `file://` URL (a Linux desktop entry's %U) counts as its path.
 * Electron hands a second instance's switches first and may add its own, so no switch is taken
 * to carry a value in the next argument.
 */
export function openedFilePaths(argv: readonly string[], context: LaunchContext): string[] {
  const paths = context.platform === 'win32' ? win32 : posix;
  const positional: string[] = [];
  let switchesEnded = false;
  for (const argument of argv.slice(1)) {
    if (!switchesEnded && argument === '--') {
      switchesEnded = true;
      continue;
    }
    if (!switchesEnded && isSwitch(argument, context.platform)) continue;
    positional.push(argument);
  }
  const files = context.defaultApp ? positional.slice(1) : positional;
  return files
    .map((file) => asPath(file, context.platform))
    .filter((file): file is string => file !== null && isOpenable(file))
    .map((file) => paths.resolve(context.cwd, file));
}

function isSwitch(argument: string, platform: NodeJS.Platform): boolean {
  if (argument.startsWith('-')) return true;
  // Chromium also reads `/name` as a switch on Windows, where no file path starts that way.
  return platform === 'win32' && argument.startsWith('/');
}

/** A path as given, or a file:// URL's path; null for any other URL (nothing to read). */
function asPath(argument: string, platform: NodeJS.Platform): string | null {
  if (!/^[a-z][a-z0-9+.-]+:\/\//i.test(argument)) return argument;
  if (!argument.toLowerCase().startsWith('file://')) return null;
  try {
    return fileURLToPath(argument, { windows: platform === 'win32' });
  } catch {
    // A file URL naming another host (file://server/…) or a malformed one: not a file here.
    return null;
  }
}
