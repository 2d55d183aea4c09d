import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { itReadsSharedExamples, sharedExamples } from './examples.test-support';
import { casesOf, runCase } from './runner';
import { hardwareSystem } from '../systems/hardware/index';

// The hand-written conformance vectors (shared/conformance/cases/hardware.json) plus the hardware
// examples shipped in CONFORMANCE's examples.json, run through the project's own matcher.
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const own = casesOf(JSON.parse(readFileSync(here('./cases/hardware.json'), 'utf8')));
const examples = sharedExamples('hardware');

describe('hardware conformance cases', () => {
  it('has at least 45 hand-written cases with unique hw- ids', () => {
    const ids = own.map((c) => (c as { id: string }).id);
    expect(ids.length).toBeGreaterThanOrEqual(45);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => id.startsWith('hw-'))).toBe(true);
  });

  it('covers every hardware operation', () => {
    const ops = new Set(own.map((c) => (c as { op: string }).op));
    for (const op of ['save', 'damage-die', 'attack', 'harm', 'initiative', 'odds-attack']) expect(ops).toContain(op);
  });

  itReadsSharedExamples('hardware', examples);

  for (const testCase of [...own, ...examples.cases]) {
    const id = (testCase as { id: string }).id;
    it(id, () => {
      const outcome = runCase([hardwareSystem], testCase);
      expect(outcome.failures).toEqual([]);
    });
  }
});
