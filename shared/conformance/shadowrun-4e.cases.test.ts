import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { itReadsSharedExamples, sharedExamples } from './examples.test-support';
import { casesOf, runCase } from './runner';
import { shadowrun4eSystem } from '../systems/shadowrun-4e/index';

/** Runs this system's conformance vectors (and the shared examples for shadowrun-4e) through the project runner. */
const own = casesOf(
  JSON.parse(
    readFileSync(fileURLToPath(new URL('./cases/shadowrun-4e.json', import.meta.url)), 'utf8'),
  ),
);
const examples = sharedExamples('shadowrun-4e');

describe('shadowrun-4e conformance cases', () => {
  it('has at least 45 cases, all with the sr- prefix and unique ids', () => {
    expect(own.length).toBeGreaterThanOrEqual(45);
    const ids = own.map((c) => (c as { id: string }).id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id.startsWith('sr-')).toBe(true);
  });

  it('covers every conformance operation of the system', () => {
    const ops = new Set(own.map((c) => (c as { op: string }).op));
    for (const op of [
      'roll',
      'attack',
      'monitors',
      'wound-modifier',
      'initiative',
      'condition',
      'scatter',
      'blast',
      'odds-roll',
    ]) {
      expect(ops.has(op)).toBe(true);
    }
  });

  itReadsSharedExamples('shadowrun-4e', examples);

  for (const testCase of [...own, ...examples.cases]) {
    const id = (testCase as { id: string }).id;
    it(id, () => {
      const outcome = runCase([shadowrun4eSystem], testCase);
      expect(outcome.failures).toEqual([]);
    });
  }
});
