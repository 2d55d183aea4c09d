import { describe } from '../errors';

/**
 * Older versions of a file format are brought up to the current one before anything else is
 * checked, one version at a time: `migrations[n]` turns a version-n file into a version n+1 file.
 * A migration reads untrusted data: it may throw, and then the file is refused with a sentence.
 * Its result is checked by the current schema like any file, so it needs no checks of its own.
 */
export type Migration = (file: Readonly<Record<string, unknown>>) => Record<string, unknown>;

export interface FormatVersions {
  /** The version this build writes and reads. */
  readonly current: number;
  readonly migrations: Readonly<Record<number, Migration>>;
}

export type Migrated = { readonly ok: true; readonly value: Record<string, unknown> } | { readonly ok: false; readonly message: string };

/** `what` names the file in sentences ("encounter file"). */
export function bringUpToDate(file: Readonly<Record<string, unknown>>, versions: FormatVersions, what: string): Migrated {
  const version = file['version'];
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    return { ok: false, message: `This ${what} has no valid format version (found ${describe(version)}).` };
  }
  if (version > versions.current) {
    return { ok: false, message: `This file was made by a newer GM Screen (format version ${version}); this one reads up to ${versions.current}.` };
  }
  let value: Record<string, unknown> = { ...file };
  for (let from = version; from < versions.current; from++) {
    const migration = Object.hasOwn(versions.migrations, from) ? versions.migrations[from] : undefined;
    if (!migration) return { ok: false, message: `This ${what} has format version ${from}, which this GM Screen cannot read.` };
    try {
      value = { ...migration(value), version: from + 1 };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { ok: false, message: `This ${what} (format version ${from}) could not be brought up to date: ${reason}` };
    }
  }
  return { ok: true, value };
}
