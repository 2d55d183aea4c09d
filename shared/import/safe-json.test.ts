import { describe, expect, it } from 'vitest';
import { DEFAULT_SAFE_JSON_LIMITS, formatCount, formatJsonPath, parseUntrustedJson } from './safe-json';

const refused = (text: unknown, limits = {}) => {
  const result = parseUntrustedJson(text, limits);
  if (result.ok) throw new Error(`expected a refusal, got ${JSON.stringify(result.value)}`);
  return result.message;
};

describe('parseUntrustedJson', () => {
  it('reads plain JSON, a byte-order mark first included', () => {
    expect(parseUntrustedJson('{"a":[1,"x",null,true]}')).toEqual({ ok: true, value: { a: [1, 'x', null, true] } });
    expect(parseUntrustedJson('\uFEFF{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseUntrustedJson('42')).toEqual({ ok: true, value: 42 });
  });

  it('has the documented default limits', () => {
    expect(DEFAULT_SAFE_JSON_LIMITS).toEqual({
      maxChars: 128 * 1024 * 1024,
      maxDepth: 64,
      maxStringChars: 100_000,
      maxArrayItems: 1_000_000,
      maxObjectKeys: 1_000,
    });
  });

  it('refuses what is not text, empty text and text over the size cap', () => {
    expect(refused(undefined)).toBe('The file could not be read as text.');
    expect(refused('  \n')).toBe('The file is empty.');
    expect(refused('\uFEFF')).toBe('The file is empty.');
    expect(refused('[1,2,3]', { maxChars: 6 })).toBe('The file is too large: it has 7 characters, and at most 6 can be read.');
    expect(parseUntrustedJson('[1,2,3]', { maxChars: 7 })).toEqual({ ok: true, value: [1, 2, 3] });
  });

  it('refuses text that is not JSON, saying where it stops making sense when the parser knows', () => {
    expect(refused('{"a":')).toBe('The file is not valid JSON: it ends too early (it may be cut short).');
    expect(refused('{a:1}')).toBe('The file is not valid JSON: it stops making sense at line 1, column 2 (it may be damaged).');
    expect(refused('{\n  "a": 1\n}x')).toBe('The file is not valid JSON: it stops making sense at line 3, column 2 (it may be damaged).');
    expect(refused('\uFEFF{"a" 1}')).toBe('The file is not valid JSON: it stops making sense at line 1, column 6 (it may be damaged).');
    expect(refused('[1,]')).toBe('The file is not valid JSON (it may be damaged or cut short).');
  });

  it('refuses __proto__, constructor and prototype keys anywhere, saying where', () => {
    expect(refused('{"__proto__":{"polluted":1}}')).toBe('At the top level: the key "__proto__" is not allowed in a GM Screen file.');
    expect(refused('{"log":[{"event":{"a":1}},{"event":{"roll":{"__proto__":{}}}}]}')).toBe(
      'At log[1].event.roll: the key "__proto__" is not allowed in a GM Screen file.',
    );
    // Escaped spelling reaches the same key once decoded.
    expect(refused('{"x":{"\\u005f_proto__":1}}')).toBe('At x: the key "__proto__" is not allowed in a GM Screen file.');
    expect(refused('{"x":[{"constructor":{"prototype":{"polluted":1}}}]}')).toBe(
      'At x[0]: the key "constructor" is not allowed in a GM Screen file.',
    );
    // A constructor key without prototype inside passes secure-json-parse: the walk refuses it.
    expect(refused('{"x":{"constructor":1}}')).toBe('At x: the key "constructor" is not allowed in a GM Screen file.');
    expect(refused('{"stats":{"prototype":1}}')).toBe('At stats: the key "prototype" is not allowed in a GM Screen file.');
    expect(({} as Record<string, unknown>)['polluted']).toBe(undefined);
  });

  it('allows those words as values', () => {
    expect(parseUntrustedJson('{"name":"__proto__","note":"constructor"}')).toEqual({ ok: true, value: { name: '__proto__', note: 'constructor' } });
  });

  it('refuses nesting deeper than the limit, at the first level too deep', () => {
    const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
    expect(parseUntrustedJson(nested(64)).ok).toBe(true);
    expect(refused(nested(65))).toBe(`At ${'[0]'.repeat(64)}: the file is nested more than 64 levels deep.`);
    expect(refused('{"a":{"b":{"c":{}}}}', { maxDepth: 3 })).toBe('At a.b.c: the file is nested more than 3 levels deep.');
    expect(parseUntrustedJson('{"a":{"b":{"c":1}}}', { maxDepth: 3 }).ok).toBe(true);
    // Far deeper than any recursion could go: still a sentence.
    expect(refused(nested(200_000))).toBe(`At ${'[0]'.repeat(64)}: the file is nested more than 64 levels deep.`);
  });

  it('refuses long texts, long keys, long lists and wide objects', () => {
    expect(refused(JSON.stringify({ notes: ['ok', 'x'.repeat(11)] }), { maxStringChars: 10 })).toBe(
      'At notes[1]: a text of 11 characters is longer than the 10 allowed.',
    );
    expect(parseUntrustedJson(JSON.stringify({ notes: 'x'.repeat(10) }), { maxStringChars: 10 }).ok).toBe(true);
    expect(refused(JSON.stringify({ ['k'.repeat(11)]: 1 }), { maxStringChars: 10 })).toBe(
      'At the top level: a key of 11 characters is longer than the 10 allowed.',
    );
    expect(refused(JSON.stringify('x'.repeat(100_001)))).toBe('At the top level: a text of 100,001 characters is longer than the 100,000 allowed.');
    expect(refused(JSON.stringify({ faces: [1, 2, 3, 4] }), { maxArrayItems: 3 })).toBe(
      'At faces: a list of 4 items is longer than the 3 allowed.',
    );
    expect(parseUntrustedJson('[1,2,3]', { maxArrayItems: 3 }).ok).toBe(true);
    expect(refused(JSON.stringify({ stats: { a: 1, b: 2, c: 3 } }), { maxObjectKeys: 2 })).toBe(
      'At stats: an object with 3 keys has more than the 2 allowed.',
    );
    expect(parseUntrustedJson('{"a":1,"b":2}', { maxObjectKeys: 2 }).ok).toBe(true);
  });

  it('refuses numbers too large to be finite', () => {
    expect(refused('{"stats":{"body":1e400}}')).toBe('At stats.body: a number is too large to be read.');
    expect(refused('[-1e999]')).toBe('At [0]: a number is too large to be read.');
    expect(parseUntrustedJson('[1e308,-1e308]')).toEqual({ ok: true, value: [1e308, -1e308] });
  });

  it('reports the first problem in document order', () => {
    expect(refused('{"a":["x","long text"],"b":{"__proto__":1}}', { maxStringChars: 5 })).toBe(
      'At a[1]: a text of 9 characters is longer than the 5 allowed.',
    );
  });
});

describe('formatJsonPath and formatCount', () => {
  it('writes paths the way a reader of the file would', () => {
    expect(formatJsonPath([])).toBe('the top level');
    expect(formatJsonPath(['log', 12, 'event', 'roll', 'faces'])).toBe('log[12].event.roll.faces');
    expect(formatJsonPath([3, 'stats', 'odd key', '$ok_1'])).toBe('[3].stats["odd key"].$ok_1');
    expect(formatJsonPath(['k'.repeat(41)])).toBe(`["${'k'.repeat(40)}…"]`);
  });

  it('groups thousands the same in every locale', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(134_217_728)).toBe('134,217,728');
  });
});
