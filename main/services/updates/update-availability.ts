/**
 * Whether this copy can update itself. Only the installed app can: run from the checkout (`npm
 * start`) it is the project's files, and a build packed without a `publish` feed has no
 * app-update.yml for electron-updater to read.
 */
export const NOT_INSTALLED_REASON = 'Updates are checked only in the installed app; this copy runs from the project’s files.';
export const NO_FEED_REASON = 'This build has no update feed: a new version comes as a new installer.';

export interface UpdateAvailabilityFacts {
  /** Electron's app.isPackaged. */
  readonly isPackaged: boolean;
  /** Whether app-update.yml (written by electron-builder from `publish`) is in the app's resources. */
  readonly feedFileExists: boolean;
}

/** Null when the updater can run; else the reason it cannot, as the Settings line says it. */
export function updateUnavailableReason(facts: UpdateAvailabilityFacts): string | null {
  if (!facts.isPackaged) return NOT_INSTALLED_REASON;
  if (!facts.feedFileExists) return NO_FEED_REASON;
  return null;
}
