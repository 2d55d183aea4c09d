/**
 * JSON written the same way every time, two-space indentation, `\n` line ends: every object's
 * keys in one order that depends only on the data — whole-number keys first in ascending order
 * (JavaScript lists them so in any object), then the others sorted by UTF-16 code unit — never on
 * the order they were added in. Like JSON.stringify, an undefined property is left out and a
 * number that is not finite is written as null.
 *
 * The text itself is written by JSON.stringify, once, over key-sorted copies (of the objects whose
 * keys are out of order): a 100,000-entry log
 * is tens of megabytes, and the engine's own writer is several times faster than one in script.
 */

/**
 * The value with every object's keys in canonical order. Objects whose keys need reordering are
 * copied, built key by key in that order (so objects of one shape share the engine's layout,
 * which JSON.stringify reads fast); a key named "__proto__" is defined as data, never set as the
 * prototype. A plain object or array that is already in order all the way down is returned
 * itself: JSON.stringify writes it the same, and a long log's copies cost more than its text.
 */
export function sortedForJson(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return sortedItems(value);
  const record = value as Record<string, unknown>;
  const order = canonicalOrder(Object.keys(record));
  // Only a plain object may stand for its copy: another (a Date) would be written by its toJSON.
  if (!order.inOrder || !isPlainObject(record)) return copyInOrder(record, order.sorted, -1, undefined);
  for (let i = 0; i < order.sorted.length; i++) {
    const item = record[order.sorted[i]!];
    const sorted = sortedForJson(item);
    if (sorted !== item) return copyInOrder(record, order.sorted, i, sorted);
  }
  return record;
}

/**
 * The copy, keys in `keys`' order: the values before `known` as they are (already found in
 * order), the one at `known` given, those after it put in order.
 */
function copyInOrder(record: Record<string, unknown>, keys: readonly string[], known: number, atKnown: unknown): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const item = i < known ? record[key] : i === known ? atKnown : sortedForJson(record[key]);
    if (key === '__proto__')
      Object.defineProperty(copy, key, { value: item, enumerable: true, writable: true, configurable: true });
    else copy[key] = item;
  }
  return copy;
}

function sortedItems(list: readonly unknown[]): unknown[] {
  let copy: unknown[] | null = null;
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    const sorted = sortedForJson(item);
    if (sorted !== item && copy === null) copy = list.slice(0, i);
    if (copy !== null) copy.push(sorted);
  }
  // A hole stays a hole (JSON.stringify writes it as null, as it writes an undefined item).
  return copy ?? (list as unknown[]);
}

function isPlainObject(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** An object's keys in canonical order, and whether they came in that order already. */
interface KeyOrder {
  readonly given: readonly string[];
  readonly sorted: readonly string[];
  readonly inOrder: boolean;
}

/**
 * Keys sorted, remembered by the order they came in: a log's objects come in a few dozen shapes,
 * and sorting each one's keys again cost a third of a long export. The orders are found by key
 * count and first key, then compared key by key (no string is built per object); only so many
 * are kept, so a file of ever-different keys cannot make the memory grow.
 */
const sortedOrders = new Map<number, Map<string, KeyOrder[]>>();
let rememberedOrders = 0;
const MAX_ORDERS = 2000;
/** A log's objects have a dozen keys or so; a larger one is sorted each time. */
const MAX_REMEMBERED_KEYS = 64;

function canonicalOrder(keys: string[]): KeyOrder {
  if (keys.length < 2) return { given: keys, sorted: keys, inOrder: true };
  if (keys.length > MAX_REMEMBERED_KEYS) return orderOf(keys);
  const known = sortedOrders.get(keys.length)?.get(keys[0]!);
  if (known !== undefined) for (const order of known) if (sameKeys(order.given, keys)) return order;
  const order = orderOf(keys);
  if (rememberedOrders >= MAX_ORDERS) {
    sortedOrders.clear();
    rememberedOrders = 0;
  }
  rememberedOrders++;
  let byFirst = sortedOrders.get(keys.length);
  if (!byFirst) sortedOrders.set(keys.length, (byFirst = new Map()));
  const list = byFirst.get(keys[0]!);
  if (list) list.push(order);
  else byFirst.set(keys[0]!, [order]);
  return order;
}

function orderOf(keys: readonly string[]): KeyOrder {
  const sorted = [...keys].sort();
  return { given: keys, sorted, inOrder: sameKeys(keys, sorted) };
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
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
export function topLevelJson(
  fields: readonly (readonly [key: string, value: unknown])[],
  list: { readonly key: string; readonly items: readonly unknown[] },
): string {
  const file = Object.create(null) as Record<string, unknown>;
  for (const [key, value] of fields) file[key] = sortedForJson(value);
  file[list.key] = list.items.map(sortedForJson);
  return `${JSON.stringify(file, null, 2)}\n`;
}

/**
 * `topLevelJson`'s text in pieces, the same bytes once joined: the fields and the list's opening
 * first, then the list's items `itemsPerChunk` at a time, then the close. A caller that writes
 * each piece as it comes never holds the whole text (a million-entry log is hundreds of megabytes).
 */
export function* topLevelJsonChunks(
  fields: readonly (readonly [key: string, value: unknown])[],
  list: { readonly key: string; readonly items: Iterable<unknown> },
  itemsPerChunk = 1000,
): Generator<string, void, undefined> {
  // JSON.stringify leaves out a field whose value it cannot write (undefined, a function).
  const written = fields.filter(([, value]) => JSON.stringify(value) !== undefined);
  const head = written.map(([key, value]) => `  ${JSON.stringify(key)}: ${canonicalJson(value, '  ')},\n`).join('');
  let pending: unknown[] = [];
  let first = true;
  const opening = () => (first ? `{\n${head}  ${JSON.stringify(list.key)}: [\n` : ',\n');
  for (const item of list.items) {
    pending.push(item);
    if (pending.length === itemsPerChunk) {
      yield `${opening()}${itemsText(pending)}`;
      first = false;
      pending = [];
    }
  }
  if (pending.length) {
    yield `${opening()}${itemsText(pending)}`;
    first = false;
  }
  yield first ? `{\n${head}  ${JSON.stringify(list.key)}: []\n}\n` : '\n  ]\n}\n';
}

/**
 * Items as the list in a file's top-level object writes them (each at four spaces, one per line,
 * comma-separated). Stringified as the list of a one-key object they already sit there, so the
 * text is cut out rather than re-indented: a replace over tens of megabytes cost more than the
 * stringify itself, and one call per item more again.
 */
function itemsText(items: readonly unknown[]): string {
  const text = JSON.stringify({ items: items.map(sortedForJson) }, null, 2);
  return text.slice(ITEMS_OPEN.length, -ITEMS_CLOSE.length);
}
const ITEMS_OPEN = '{\n  "items": [\n';
const ITEMS_CLOSE = '\n  ]\n}';
