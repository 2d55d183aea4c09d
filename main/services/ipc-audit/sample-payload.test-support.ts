// Payloads for the contract audit, made from each method's zod request schema so that a method
// added later is covered with no edit here: the smallest value the schema allows (shortest
// strings, lowest numbers, empty arrays, optional fields left out), and a value it refuses.
import type { z } from 'zod';

type Sample = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly reason: string };

interface Def {
  readonly type: string;
  readonly checks?: readonly { readonly _zod: { readonly def: Record<string, unknown> } }[];
  readonly [key: string]: unknown;
}

const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def) => (def.checks ?? []).map((check) => check._zod.def);

/** A value for each string format the contract uses (an export's id is a UUID). */
const FORMAT_SAMPLES: Readonly<Record<string, string>> = { uuid: '2f1d0c44-7d6c-4f5e-9b8a-0c1d2e3f4a5b' };

function sampleString(def: Def): Sample {
  // z.email(), z.uuid() and the like carry their format on the string itself; z.string().regex() as a check.
  if (typeof def.format === 'string') {
    const known = FORMAT_SAMPLES[def.format];
    return known === undefined ? { ok: false, reason: `a string in the format ${def.format}` } : { ok: true, value: known };
  }
  let length = 1;
  for (const check of checksOf(def)) {
    if (check.check === 'min_length' || check.check === 'length_equals') length = Math.max(length, Number(check.minimum ?? check.length));
    else if (check.check === 'string_format') return { ok: false, reason: `a string in the format ${String(check.format)}` };
  }
  return { ok: true, value: 'a'.repeat(length) };
}

function sampleNumber(def: Def): Sample {
  let low = -Infinity;
  let high = Infinity;
  let step = 0.5;
  for (const check of checksOf(def)) {
    if (check.check === 'number_format' && /int/.test(String(check.format))) step = 1;
    if (check.check === 'greater_than') low = Math.max(low, Number(check.value) + (check.inclusive ? 0 : step));
    if (check.check === 'less_than') high = Math.min(high, Number(check.value) - (check.inclusive ? 0 : step));
  }
  const value = low > -Infinity ? low : high < Infinity ? Math.min(0, high) : 0;
  return { ok: true, value: step === 1 ? Math.ceil(value) : value };
}

function sampleArray(def: Def): Sample {
  const minimum = Math.max(0, ...checksOf(def).filter((check) => check.check === 'min_length').map((check) => Number(check.minimum)));
  if (minimum === 0) return { ok: true, value: [] };
  const element = sampleOf(def.element);
  return element.ok ? { ok: true, value: Array.from({ length: minimum }, () => element.value) } : element;
}

function sampleObject(def: Def): Sample {
  const value: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(def.shape as Record<string, unknown>)) {
    if (defOf(field).type === 'optional') continue;
    const sample = sampleOf(field);
    if (!sample.ok) return { ok: false, reason: `${key}: ${sample.reason}` };
    value[key] = sample.value;
  }
  return { ok: true, value };
}

/** The first option that gives a value its own schema accepts. */
function sampleUnion(def: Def): Sample {
  for (const option of def.options as unknown[]) {
    const sample = sampleOf(option);
    if (sample.ok && (option as z.ZodType).safeParse(sample.value).success) return sample;
  }
  return { ok: false, reason: 'no option of the union gave a valid sample' };
}

/** Values tried, in order, for a schema zod cannot describe (z.instanceof): an export's part is bytes. */
const CUSTOM_SAMPLES: readonly unknown[] = [new Uint8Array([0x61])];

function sampleCustom(schema: unknown): Sample {
  const accepted = CUSTOM_SAMPLES.find((candidate) => (schema as z.ZodType).safeParse(candidate).success);
  return accepted === undefined ? { ok: false, reason: 'none of the audit\'s samples fits a zod custom' } : { ok: true, value: accepted };
}

function sampleOf(schema: unknown): Sample {
  const def = defOf(schema);
  switch (def.type) {
    case 'undefined':
    case 'optional':
    case 'void':
      return { ok: true, value: undefined };
    case 'null':
    case 'nullable':
      return { ok: true, value: null };
    case 'string':
      return sampleString(def);
    case 'number':
      return sampleNumber(def);
    case 'boolean':
      return { ok: true, value: false };
    case 'literal':
      return { ok: true, value: (def.values as unknown[])[0] };
    case 'enum':
      return { ok: true, value: Object.values(def.entries as Record<string, unknown>)[0] };
    case 'array':
      return sampleArray(def);
    case 'object':
      return sampleObject(def);
    case 'record':
      return { ok: true, value: {} };
    case 'union':
      return sampleUnion(def);
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
      return sampleOf(def.innerType);
    case 'pipe':
      return sampleOf(def.in);
    case 'lazy':
      return sampleOf((def.getter as () => unknown)());
    case 'custom':
      return sampleCustom(schema);
    default:
      return { ok: false, reason: `the audit cannot yet make a sample of a zod ${def.type}` };
  }
}

/** A payload `schema` accepts (as JSON carries it, or bytes); an Error naming what the sampler lacks otherwise. */
export function validPayload(schema: z.ZodType): unknown {
  const sample = sampleOf(schema);
  if (!sample.ok) throw new Error(`No valid sample payload: ${sample.reason}.`);
  const parsed = schema.safeParse(sample.value);
  if (!parsed.success) throw new Error(`The sample payload ${JSON.stringify(sample.value)} is refused: ${parsed.error.issues[0]?.message}.`);
  return sample.value;
}

/** Values no request schema should accept; the first one `schema` refuses. */
const NOT_PAYLOADS: readonly unknown[] = [42, 'not a payload', [[]], { unexpected: { nested: true } }];

export function invalidPayload(schema: z.ZodType): unknown {
  const refused = NOT_PAYLOADS.find((candidate) => !schema.safeParse(candidate).success);
  if (refused === undefined) throw new Error(`The schema accepts ${NOT_PAYLOADS.map((value) => JSON.stringify(value)).join(', ')}: it checks nothing.`);
  return refused;
}
