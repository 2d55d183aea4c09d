import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { itReadsSharedExamples, sharedExamples } from './examples.test-support';
import { casesOf, runCase } from './runner';
import { electricStateSystem } from '../systems/electric-state/index';

// Runs this system's conformance vectors (and the shared examples) through the project runner.
const casesPath = fileURLToPath(new URL('./cases/electric-state.json', import.meta.url));
const cases = casesOf(JSON.parse(readFileSync(casesPath, 'utf8'))) as { id: string; system: string }[];

const examples = sharedExamples('electric-state');

describe('electric-state conformance cases', () => {
  it('has at least 45 cases, all for this system with the es- prefix', () => {
    expect(cases.length).toBeGreaterThanOrEqual(45);
    for (const c of cases) {
      expect(c.system).toBe('electric-state');
      expect(c.id.startsWith('es-')).toBe(true);
    }
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
  });

  it.each(cases.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const outcome = runCase([electricStateSystem], c);
    expect(outcome.failures).toEqual([]);
  });
});

describe('shared electric-state examples', () => {
  itReadsSharedExamples('electric-state', examples);

  it.each((examples.cases as { id: string }[]).map((c) => [c.id, c] as const))('%s', (_id, c) => {
    expect(runCase([electricStateSystem], c).failures).toEqual([]);
  });
});
