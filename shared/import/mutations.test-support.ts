import fc from 'fast-check';

/**
 * Hostile variations of a valid file for the import's property tests: structural changes at a
 * random place in its JSON (delete, duplicate, retype, flip, swap), keys that reach a prototype,
 * deep nesting, huge texts, and damage to the text itself (cut short, bytes replaced, garbage).
 * Each mutation is plain data, so fast-check can shrink a failure to a small one.
 */

type Path = (string | number)[];
type Json = unknown;

/** Every place in a document, the top level excluded, in document order. */
export function pathsOf(document: Json): Path[] {
  const paths: Path[] = [];
  const visit = (value: Json, path: Path) => {
    if (path.length) paths.push(path);
    if (Array.isArray(value)) value.forEach((item, index) => visit(item, [...path, index]));
    else if (typeof value === 'object' && value !== null) for (const [key, item] of Object.entries(value)) visit(item, [...path, key]);
  };
  visit(document, []);
  return paths;
}

function parentOf(document: Json, path: Path): { parent: Record<string | number, Json> | Json[]; key: string | number } | null {
  let value = document;
  for (const key of path.slice(0, -1)) {
    // Own values only: after an earlier mutation turned an object into a list, an event's "at"
    // must not find Array.prototype.at.
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return null;
    value = (value as Record<string | number, Json>)[key];
  }
  if (typeof value !== 'object' || value === null) return null;
  return { parent: value as Record<string | number, Json>, key: path[path.length - 1]! };
}

const valueAt = (document: Json, path: Path): Json => {
  const place = parentOf(document, path);
  return place && Object.hasOwn(place.parent, place.key) ? (place.parent as Record<string | number, Json>)[place.key] : undefined;
};

function setAt(document: Json, path: Path, value: Json): void {
  const place = parentOf(document, path);
  if (place) (place.parent as Record<string | number, Json>)[place.key] = value;
}

/** A nearby value of the same kind, or of another kind: the small slips a hand edit makes. */
function flipped(value: Json, variant: number): Json {
  if (typeof value === 'boolean') return !value;
  if (typeof value === 'number') return [value + 1, value - 1, -value, value + 0.5, 0, 1e6, -1, 1000, 1001, 1e308][variant % 10];
  if (typeof value === 'string') return ['', `${value}x`, value.toUpperCase(), 'x'.repeat(201), [...value].reverse().join(''), ' ', '\u0000'][variant % 7];
  if (value === null) return [0, '', false][variant % 3];
  if (Array.isArray(value)) return [[], [...value, ...value], [...value].slice(1)][variant % 3];
  return [{}, null, []][variant % 3];
}

const kindOf = (value: Json) => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);

const FORBIDDEN = ['__proto__', 'constructor', 'prototype'] as const;

export type Mutation =
  | { readonly op: 'delete' | 'duplicate' | 'flip'; readonly at: number; readonly variant: number }
  | { readonly op: 'retype'; readonly at: number; readonly value: Json }
  | { readonly op: 'swap' | 'borrow' | 'reorder'; readonly at: number; readonly other: number }
  | { readonly op: 'proto'; readonly at: number; readonly key: (typeof FORBIDDEN)[number]; readonly value: Json }
  | { readonly op: 'nest'; readonly at: number; readonly depth: number; readonly arrays: boolean }
  | { readonly op: 'huge'; readonly at: number; readonly length: number }
  | { readonly op: 'truncate'; readonly at: number }
  | { readonly op: 'bytes'; readonly at: number; readonly text: string }
  | { readonly op: 'garbage'; readonly text: string };

const place = fc.nat();

export const structuralMutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constantFrom('delete' as const, 'duplicate' as const), at: place, variant: fc.nat(20) }),
  fc.record({ op: fc.constant('retype' as const), at: place, value: fc.jsonValue({ maxDepth: 3 }) }),
  fc.record({ op: fc.constant('swap' as const), at: place, other: place }),
);

/** Changes that mostly keep the shape right, so the rules have to notice them. */
export const semanticMutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant('flip' as const), at: place, variant: fc.nat(20) }),
  fc.record({ op: fc.constantFrom('borrow' as const, 'reorder' as const), at: place, other: place }),
);

export const hostileMutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant('proto' as const), at: place, key: fc.constantFrom(...FORBIDDEN), value: fc.oneof(fc.constant({ polluted: true }), fc.jsonValue({ maxDepth: 2 })) }),
  fc.record({ op: fc.constant('nest' as const), at: place, depth: fc.integer({ min: 1, max: 300 }), arrays: fc.boolean() }),
  fc.record({ op: fc.constant('huge' as const), at: place, length: fc.constantFrom(10_001, 100_001, 250_000) }),
);

export const textMutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant('truncate' as const), at: place }),
  fc.record({ op: fc.constant('bytes' as const), at: place, text: fc.string({ unit: 'binary', minLength: 1, maxLength: 8 }) }),
  fc.record({ op: fc.constant('garbage' as const), text: fc.string({ unit: 'binary', maxLength: 400 }) }),
);

/**
 * Array#splice without its species lookup (nor slice's): a 'proto' mutation may have given the
 * list a "constructor" key, and the generator must not throw where the import never ran.
 */
function spliceItems(list: Json[], index: number, remove: number, ...insert: Json[]): void {
  const items = [...list];
  items.splice(index, remove, ...insert);
  list.length = 0;
  for (const item of items) list.push(item);
}

/** One change to the parsed document; `paths` are the document's own. */
function mutateDocument(document: Json, paths: readonly Path[], mutation: Mutation): void {
  if (!('at' in mutation) || paths.length === 0) return;
  const path = paths[mutation.at % paths.length]!;
  const place = parentOf(document, path);
  if (!place) return;
  const { parent, key } = place;
  switch (mutation.op) {
    case 'delete':
      if (Array.isArray(parent)) spliceItems(parent, Number(key), 1);
      else delete (parent as Record<string, Json>)[key];
      return;
    case 'duplicate':
      if (Array.isArray(parent)) spliceItems(parent, Number(key), 0, structuredClone(parent[Number(key)]));
      else (parent as Record<string, Json>)[mutation.variant % 2 ? `${key}Copy` : key] = structuredClone(valueAt(document, path));
      return;
    case 'flip':
      setAt(document, path, flipped(valueAt(document, path), mutation.variant));
      return;
    case 'retype':
      setAt(document, path, mutation.value);
      return;
    case 'swap': {
      const other = paths[mutation.other % paths.length]!;
      const a = structuredClone(valueAt(document, path));
      const b = structuredClone(valueAt(document, other));
      setAt(document, path, b);
      setAt(document, other, a);
      return;
    }
    case 'borrow': {
      // A value of the same kind from elsewhere in the file (another id, another number): the
      // shape stays right, so what is tested is whether the rules notice.
      const kind = kindOf(valueAt(document, path));
      for (let step = 0; step < paths.length; step++) {
        const other = paths[(mutation.other + step) % paths.length]!;
        const value = valueAt(document, other);
        if (other !== path && kindOf(value) === kind) {
          setAt(document, path, structuredClone(value));
          return;
        }
      }
      return;
    }
    case 'reorder':
      // Two items of the same list change places: log entries out of order, faces swapped.
      if (Array.isArray(parent) && parent.length > 1) {
        const a = Number(key);
        const b = mutation.other % parent.length;
        [parent[a], parent[b]] = [parent[b], parent[a]];
      }
      return;
    case 'proto': {
      const target = valueAt(document, path);
      const object = typeof target === 'object' && target !== null && !Array.isArray(target) ? target : parent;
      // defineProperty, not assignment: assigning "__proto__" would change the object's prototype
      // here instead of writing the key into the file.
      Object.defineProperty(object, mutation.key, { value: mutation.value, enumerable: true, configurable: true, writable: true });
      return;
    }
    case 'nest': {
      let value = valueAt(document, path);
      for (let level = 0; level < mutation.depth; level++) value = mutation.arrays ? [value] : { wrap: value };
      setAt(document, path, value);
      return;
    }
    case 'huge':
      setAt(document, path, 'x'.repeat(mutation.length));
      return;
    default:
      return;
  }
}

/** The file's text after the mutations, applied in order (text damage last). */
export function mutatedText(document: Json, mutations: readonly Mutation[]): string {
  const copy = structuredClone(document);
  const paths = pathsOf(copy);
  for (const mutation of mutations) if (mutation.op !== 'truncate' && mutation.op !== 'bytes' && mutation.op !== 'garbage') mutateDocument(copy, paths, mutation);
  let text = JSON.stringify(copy, null, 2);
  for (const mutation of mutations) {
    if (mutation.op === 'truncate') text = text.slice(0, mutation.at % Math.max(1, text.length));
    else if (mutation.op === 'bytes') {
      const at = mutation.at % Math.max(1, text.length);
      text = text.slice(0, at) + mutation.text + text.slice(at + mutation.text.length);
    } else if (mutation.op === 'garbage') text = mutation.text;
  }
  return text;
}
