/**
 * JSON written the same way every time: keys sorted by code unit, two-space indentation, `\n`
 * line ends. Object keys are sorted here rather than left to JSON.stringify, which lists
 * whole-number keys first and the rest in insertion order, so the text depends only on the data.
 * Like JSON.stringify, an undefined property is left out and a number that is not finite is
 * written as null.
 */

/**
 * Keys and separators repeat on every entry of a long log ("id", "at", a line break and the same
 * indentation): they are written once and reused, which spares most of the garbage a
 * 100,000-entry export would otherwise make. The key cache is bounded, so a file with endless
 * distinct keys cannot grow it without end.
 */
const quotedKeys = new Map<string, string>();
const MAX_CACHED_KEYS = 10_000;

function quoteKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = JSON.stringify(key);
    if (quotedKeys.size < MAX_CACHED_KEYS) quotedKeys.set(key, quoted);
  }
  return quoted;
}

interface Separators {
  readonly firstItem: string;
  readonly nextItem: string;
  readonly firstKey: string;
  readonly close: string;
}
const separatorsByIndent = new Map<string, Separators>();

function separatorsFor(indent: string): Separators {
  let separators = separatorsByIndent.get(indent);
  if (!separators) {
    const inner = `${indent}  `;
    separators = { firstItem: `\n${inner}`, nextItem: `,\n${inner}`, firstKey: `{\n${inner}`, close: `\n${indent}` };
    separatorsByIndent.set(indent, separators);
  }
  return separators;
}

function writeValue(value: unknown, indent: string, parts: string[]): void {
  if (value === null || typeof value !== 'object') {
    parts.push(value === undefined || typeof value === 'function' || typeof value === 'symbol' ? 'null' : JSON.stringify(value));
    return;
  }
  const inner = `${indent}  `;
  const separators = separatorsFor(indent);
  if (Array.isArray(value)) {
    if (value.length === 0) {
      parts.push('[]');
      return;
    }
    parts.push('[');
    for (let index = 0; index < value.length; index++) {
      parts.push(index === 0 ? separators.firstItem : separators.nextItem);
      writeValue(value[index], inner, parts);
    }
    parts.push(separators.close, ']');
    return;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  let empty = true;
  for (const key of keys) {
    const item = record[key];
    if (item === undefined) continue;
    parts.push(empty ? separators.firstKey : separators.nextItem, quoteKey(key), ': ');
    empty = false;
    writeValue(item, inner, parts);
  }
  if (empty) parts.push('{}');
  else parts.push(separators.close, '}');
}

/** One value as canonical JSON; `indent` is the indentation of the line it starts on. */
export function canonicalJson(value: unknown, indent = ''): string {
  const parts: string[] = [];
  writeValue(value, indent, parts);
  return parts.join('');
}

/**
 * A file's top-level object: its keys in a fixed, documented order rather than sorted, each value
 * JSON text already written for the indentation of a top-level key, then one list (the log, the
 * templates) with each item already written for the indentation of a list item. Ends with a
 * newline. The whole text is joined once: a 100,000-entry log is tens of megabytes, and each
 * intermediate copy of it would cost as much as writing it.
 */
export function topLevelJson(fields: readonly (readonly [key: string, json: string])[], list: { readonly key: string; readonly items: readonly string[] }): string {
  const pieces: string[] = ['{\n'];
  for (const [key, json] of fields) pieces.push(`  ${JSON.stringify(key)}: `, json, ',\n');
  pieces.push(`  ${JSON.stringify(list.key)}: `);
  if (list.items.length === 0) {
    pieces.push('[]');
  } else {
    list.items.forEach((item, index) => pieces.push(index === 0 ? '[\n    ' : ',\n    ', item));
    pieces.push('\n  ]');
  }
  pieces.push('\n}\n');
  return pieces.join('');
}
