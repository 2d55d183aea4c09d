import { isRulesError } from '../errors';
import type { RuleSystem } from '../system-kit/rule-system';

/** A rules test vector as defined in ../shared/CONFORMANCE.md. */
export interface ConformanceCase {
  id: string;
  system: string;
  op: string;
  input: unknown;
  options?: unknown;
  expect: Record<string, unknown>;
}

export interface CaseFailure {
  id: string;
  /** The key that did not match, or "case" / "error" when the case could not run. */
  key: string;
  expected: unknown;
  actual: unknown;
  message: string;
}

export interface CaseOutcome {
  id: string;
  passed: boolean;
  failures: CaseFailure[];
}

/** Probabilities in `expect` match within this absolute tolerance (CONFORMANCE.md, "Odds"). */
export const PROBABILITY_TOLERANCE = 1e-9;

/**
 * Deep equality with strict types, except that two non-integer numbers (probabilities)
 * match within the tolerance. Integers must match exactly.
 */
export function matches(expected: unknown, actual: unknown): boolean {
  if (typeof expected === 'number' && typeof actual === 'number') {
    if (Number.isInteger(expected) && Number.isInteger(actual)) return expected === actual;
    return Math.abs(expected - actual) <= PROBABILITY_TOLERANCE;
  }
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) && expected.length === actual.length && expected.every((e, i) => matches(e, actual[i]))
    );
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return false;
    const expectedKeys = Object.keys(expected);
    const actualRecord = actual as Record<string, unknown>;
    if (expectedKeys.length !== Object.keys(actualRecord).length) return false;
    return expectedKeys.every((k) => k in actualRecord && matches((expected as Record<string, unknown>)[k], actualRecord[k]));
  }
  return Object.is(expected, actual);
}

function validateCase(raw: unknown): { ok: true; value: ConformanceCase } | { ok: false; id: string; message: string } {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return { ok: false, id: '(no id)', message: 'a case must be a JSON object' };
  }
  const c = raw as Record<string, unknown>;
  const id = typeof c.id === 'string' && c.id.length > 0 ? c.id : '(no id)';
  if (id === '(no id)') return { ok: false, id, message: 'the case has no string "id"' };
  if (typeof c.system !== 'string') return { ok: false, id, message: 'the case has no string "system"' };
  if (typeof c.op !== 'string') return { ok: false, id, message: 'the case has no string "op"' };
  if (!('input' in c)) return { ok: false, id, message: 'the case has no "input"' };
  if (c.expect === null || typeof c.expect !== 'object' || Array.isArray(c.expect)) {
    return { ok: false, id, message: 'the case has no "expect" object' };
  }
  return { ok: true, value: c as unknown as ConformanceCase };
}

export function runCase(systems: readonly RuleSystem[], raw: unknown): CaseOutcome {
  const checked = validateCase(raw);
  if (!checked.ok) {
    return {
      id: checked.id,
      passed: false,
      failures: [{ id: checked.id, key: 'case', expected: 'a valid case', actual: raw, message: `malformed case: ${checked.message}` }],
    };
  }
  const testCase = checked.value;
  const fail = (key: string, expected: unknown, actual: unknown, message: string): CaseOutcome => ({
    id: testCase.id,
    passed: false,
    failures: [{ id: testCase.id, key, expected, actual, message }],
  });
  const system = systems.find((s) => s.id === testCase.system);
  if (!system) return fail('system', systems.map((s) => s.id), testCase.system, `unknown system "${testCase.system}"`);
  const operation = Object.hasOwn(system.operations, testCase.op) ? system.operations[testCase.op] : undefined;
  if (!operation) return fail('op', Object.keys(system.operations), testCase.op, `unknown op "${testCase.op}" for ${system.id}`);

  let result: Record<string, unknown>;
  try {
    result = operation(testCase.input, (testCase.options ?? {}) as Record<string, string | boolean>);
  } catch (error) {
    const message = isRulesError(error)
      ? `rejected: ${error.message}`
      : `crashed: ${error instanceof Error ? error.message : String(error)}`;
    return fail('error', testCase.expect, null, message);
  }
  const failures: CaseFailure[] = [];
  for (const [key, expected] of Object.entries(testCase.expect)) {
    const actual = result[key];
    if (!matches(expected, actual)) failures.push({ id: testCase.id, key, expected, actual, message: 'mismatch' });
  }
  return { id: testCase.id, passed: failures.length === 0, failures };
}

/** Flattens a parsed case file: one case object or an array of them. */
export function casesOf(parsed: unknown): unknown[] {
  return Array.isArray(parsed) ? parsed : [parsed];
}
