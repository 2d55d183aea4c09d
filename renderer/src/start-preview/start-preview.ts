/**
 * The start preview: what the resume offer is about — the encounter's name, where it stands and
 * the first rows of its initiative order — kept in localStorage after every change, so the next
 * start can paint it from a small classic script (boot.ts) before the app's own scripts have
 * arrived, while the app opens IndexedDB, finds the offer and reads the encounter. It is a
 * picture, not data: nothing is ever read back from it into an encounter, and the app replaces
 * it with the real offer (or removes it) as soon as it has checked the database.
 *
 * Plain code with no imports: boot.ts bundles this file alone.
 */

export const START_PREVIEW_KEY = 'gm-screen:start-preview';
export const START_PREVIEW_VERSION = 1;

/** Rows kept: more than a tall window shows; the rest are counted. */
export const PREVIEW_ROWS = 30;
/** Longest text kept in any field; a longer one is cut with an ellipsis when the preview is built. */
export const PREVIEW_TEXT_MAX = 200;
/** A stored value larger than this is not even parsed (a hostile or corrupt entry). */
export const PREVIEW_STORED_MAX = 64 * 1024;

export interface StartPreviewRow {
  /** "12", "Fast", or "–" without a place yet. */
  readonly initiative: string;
  readonly name: string;
  /** "PC" or "NPC". */
  readonly kind: string;
  /** "Physical 0/11 · Stun 3/11 · Wounded". */
  readonly health: string;
  readonly current: boolean;
  /** Cannot act (down, dying, dead): drawn dimmed as in the tracker. */
  readonly down: boolean;
}

export interface StartPreview {
  readonly version: typeof START_PREVIEW_VERSION;
  readonly encounterId: string;
  /** The resume offer's sentence, "Resume 'Warehouse' (Shadowrun 4th edition, round 2)?". */
  readonly question: string;
  /** "Combat Turn 2 · Initiative Pass 1 · Action Phase 3 of 7"; empty before the encounter starts. */
  readonly progress: string;
  readonly rows: readonly StartPreviewRow[];
  /** Combatants in the order, the rows not kept included. */
  readonly total: number;
}

type Fields = Record<string, unknown>;

const isRecord = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown, allowEmpty = true): value is string =>
  typeof value === 'string' && value.length <= PREVIEW_TEXT_MAX && (allowEmpty || value.length > 0);

function parseRow(value: unknown): StartPreviewRow | null {
  if (!isRecord(value)) return null;
  const { initiative, name, kind, health, current, down } = value;
  if (!isText(initiative) || !isText(name, false) || !isText(kind) || !isText(health)) return null;
  if (typeof current !== 'boolean' || typeof down !== 'boolean') return null;
  return { initiative, name, kind, health, current, down };
}

/**
 * The stored preview, or null when there is none or it is not exactly what this version writes
 * (wrong version, a field missing, mistyped or too long, too many rows): a start preview is only
 * ever shown whole, and a bad one is simply not shown.
 */
export function parseStartPreview(stored: string | null): StartPreview | null {
  if (stored === null || stored.length > PREVIEW_STORED_MAX) return null;
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return null;
  }
  if (!isRecord(value) || value.version !== START_PREVIEW_VERSION) return null;
  const { encounterId, question, progress, rows, total } = value;
  if (!isText(encounterId, false) || !isText(question, false) || !isText(progress)) return null;
  if (!Array.isArray(rows) || rows.length > PREVIEW_ROWS) return null;
  if (typeof total !== 'number' || !Number.isSafeInteger(total) || total < rows.length) return null;
  const parsed: StartPreviewRow[] = [];
  for (const row of rows) {
    const ok = parseRow(row);
    if (!ok) return null;
    parsed.push(ok);
  }
  return { version: START_PREVIEW_VERSION, encounterId, question, progress, rows: parsed, total };
}

/** What storage the preview needs: window.localStorage, or a stand-in in tests. */
export type PreviewStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The stored preview; null as well when storage cannot be read at all (it may be turned off). */
export function readStartPreview(storage: () => PreviewStorage): StartPreview | null {
  try {
    return parseStartPreview(storage().getItem(START_PREVIEW_KEY));
  } catch {
    return null;
  }
}
