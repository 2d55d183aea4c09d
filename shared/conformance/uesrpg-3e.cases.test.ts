import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { itReadsSharedExamples, sharedExamples } from './examples.test-support';
import { runCase } from './runner';
import { uesrpg3eSystem } from '../systems/uesrpg-3e/index';

const file = fileURLToPath(new URL('./cases/uesrpg-3e.json', import.meta.url));
const cases = JSON.parse(readFileSync(file, 'utf8')) as { id: string; op: string }[];
const examples = sharedExamples('uesrpg-3e');

describe('uesrpg-3e conformance cases', () => {
  it('has at least 45 cases covering every CONFORMANCE op', () => {
    expect(cases.length).toBeGreaterThanOrEqual(45);
    const ops = new Set(cases.map((c) => c.op));
    for (const name of [
      'test',
      'hit-location',
      'combat',
      'damage',
      'block',
      'damage-modifier',
      'ranged-tn',
      'initiative',
      'derived',
      'odds-test',
    ]) {
      expect(ops.has(name), name).toBe(true);
    }
  });

  it.each(cases.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const outcome = runCase([uesrpg3eSystem], c);
    expect(outcome.failures).toEqual([]);
  });
});

describe('shared uesrpg-3e examples', () => {
  itReadsSharedExamples('uesrpg-3e', examples);

  it.each((examples.cases as { id: string }[]).map((c) => [c.id, c] as const))('%s', (_id, c) => {
    expect(runCase([uesrpg3eSystem], c).failures).toEqual([]);
  });
});
