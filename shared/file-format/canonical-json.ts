/**
 * JSON written the same way every time, two-space indentation, `\n` line ends: every object's
 * keys in one order that depends only on the data — whole-number keys first in ascending order
 * (JavaScript lists them so in any object), then the others sorted by UTF-16 code unit — never on
 * the order they were added in. Like JSON.stringify, an undefined property is left out and a
 * number that is not finite is written as null.
 *
 * The text itself is written by JSON.stringify, once, over key-sorted copies: a 100,000-entry log
 * is tens of megabytes, and the engine's own writer is several times faster than one in script.
 */

/** A copy with every object's keys in canonical order. Copies have no prototype, so a key named "__proto__" stays data. */
export function sortedForJson(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(sortedForJson);
  const record = value as Record<string, unknown>;
  const copy = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(record).sort()) copy[key] = sortedForJson(record[key]);
  return copy;
}

/** One value as canonical JSON; `indent` is the indentation of the line it starts on. */
export function canonicalJson(value: unknown, indent = ''): string {
  const text = JSON.stringify(sortedForJson(value), null, 2) ?? 'null';
  return indent ? text.replaceAll('\n', `\n${indent}`) : text;
}

/**
 * A file's top-level object: its keys in a fixed, documented order rather than sorted (none is a
 * whole number, so they keep the order given), then one list (the log, the templates) whose items
 * are written canonically. Ends with a newline.
 */
export function topLevelJson(fields: readonly (readonly [key: string, value: unknown])[], list: { readonly key: string; readonly items: readonly unknown[] }): string {
  const file = Object.create(null) as Record<string, unknown>;
  for (const [key, value] of fields) file[key] = sortedForJson(value);
  file[list.key] = list.items.map(sortedForJson);
  return `${JSON.stringify(file, null, 2)}\n`;
}
