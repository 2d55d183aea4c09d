/**
 * GM Screen's own file formats, by the name each writes in its "format" key, and the sentence for
 * a file that is one of ours but not the kind being imported (a bestiary given to the encounter
 * import, a backup given to either), so the GM learns where it does belong.
 */
export const FILE_FORMATS = {
  encounter: 'gm-screen-encounter',
  bestiary: 'gm-screen-bestiary',
  /** A backup file: one header line in this format, then the database dump. */
  backup: 'gm-screen-backup',
  /** The database dump inside a backup, if someone saves it on its own. */
  database: 'gm-screen-database',
} as const;

export type ImportedKind = 'encounter' | 'bestiary';

const NAMES: Readonly<Record<string, { readonly what: string; readonly where: string }>> = {
  [FILE_FORMATS.encounter]: { what: 'an encounter file', where: 'import it from the encounter list' },
  [FILE_FORMATS.bestiary]: { what: 'a bestiary file', where: 'import it in the bestiary' },
  [FILE_FORMATS.backup]: { what: 'a backup', where: 'restore it from Backups… in Settings' },
  [FILE_FORMATS.database]: { what: 'a backup', where: 'restore it from Backups… in Settings' },
};

const KIND_WORDS: Readonly<Record<ImportedKind, string>> = { encounter: 'an encounter file', bestiary: 'a bestiary file' };

function formatOf(value: unknown): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as { format?: unknown }).format : undefined;
}

/** Null when the parsed file says it is the expected kind; otherwise what to tell the GM. */
export function wrongKindMessage(value: unknown, expected: ImportedKind): string | null {
  const format = formatOf(value);
  if (format === FILE_FORMATS[expected]) return null;
  const known = typeof format === 'string' && Object.hasOwn(NAMES, format) ? NAMES[format] : undefined;
  if (known) return `This is a GM Screen ${known.what.replace(/^an? /, '')}, not ${KIND_WORDS[expected]}: ${known.where}.`;
  return `This is not a GM Screen ${KIND_WORDS[expected].replace(/^an? /, '')}.`;
}

/** The longest first line read to recognise a backup's header. */
const MAX_HEADER_CHARS = 64 * 1024;

/**
 * A backup is not one JSON value (a header line, then the dump), so it does not parse: its first
 * line alone tells what it is. Null when the first line is not one of our formats.
 */
export function recogniseByFirstLine(text: string, expected: ImportedKind): string | null {
  const end = text.indexOf('\n');
  if (end < 1 || end > MAX_HEADER_CHARS) return null;
  let header: unknown;
  try {
    // Only the "format" text is read from it, so plain JSON.parse is safe here.
    header = JSON.parse(text.slice(0, end).replace(/^\uFEFF/, ''));
  } catch {
    return null;
  }
  const format = formatOf(header);
  return typeof format === 'string' && Object.hasOwn(NAMES, format) ? wrongKindMessage(header, expected) : null;
}
