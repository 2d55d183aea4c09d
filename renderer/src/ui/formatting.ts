import { getSystemProfile } from '../../../shared/systems/profiles';

/** A stable piece of a test id or DOM id from a display name ("Ganger (copy)" → "ganger-copy"). */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'unnamed';
}

/** The rule system's label, or the id itself when the system is unknown (old data). */
export function systemLabel(systemId: string): string {
  try {
    return getSystemProfile(systemId).label;
  } catch {
    return systemId;
  }
}

/** The name without its parenthesised detail ("Hardware RPG (playtest v0.1)" → "Hardware RPG"), for the header. */
export function systemShortLabel(systemId: string): string {
  return systemLabel(systemId).replace(/\s*\([^)]*\)$/, '');
}

/**
 * A value made on first use, then kept. The formatters below are made once: making one loads
 * the locale's data, about 15 ms in a new window (a third of the start-up script's own time
 * when they were made as the module loaded), and Number.prototype.toLocaleString makes a new
 * one on every call, which the log's counters did on every change of the encounter.
 */
function onFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | null = null;
  return () => (made ??= { value: make() }).value;
}

const dateTime = onFirstUse(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' }));

/** "12 Mar 2025, 21:40" in the GM's locale, 24-hour so the column never wraps. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateTime().format(date);
}

const count = onFirstUse(() => new Intl.NumberFormat());

/** A count with the GM's digit grouping: 10,000. */
export function formatCount(value: number): string {
  return count().format(value);
}

const oneDecimal = onFirstUse(() => new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 }));

/** A file size as a GM reads it: "812 bytes", "14.2 KB", "3.1 MB" (1 KB = 1,024 bytes, as file managers show). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${count().format(bytes)} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024 * 1024) return `${oneDecimal().format(bytes / 1024)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${oneDecimal().format(bytes / (1024 * 1024))} MB`;
  return `${oneDecimal().format(bytes / (1024 * 1024 * 1024))} GB`;
}
