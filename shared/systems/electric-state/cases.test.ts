import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { casesOf, runCase } from '../../conformance/runner';
import { electricStateSystem } from './index';

// Runs this system's conformance vectors (and the shared examples) through the project runner.
const casesPath = fileURLToPath(new URL('../../conformance/cases/electric-state.json', import.meta.url));
const cases = casesOf(JSON.parse(readFileSync(casesPath, 'utf8'))) as { id: string; system: string }[];

// The shared examples (outside the repository, next to CONFORMANCE.md), when present.
const examplesPath = fileURLToPath(new URL('../../../../shared/conformance/examples.json', import.meta.url));
const examples = existsSync(examplesPath)
  ? (casesOf(JSON.parse(readFileSync(examplesPath, 'utf8'))) as { id: string; system: string }[]).filter(
      (c) => c.system === 'electric-state',
    )
  : [];

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

describe.runIf(examples.length > 0)('shared electric-state examples', () => {
  it.each(examples.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    expect(runCase([electricStateSystem], c).failures).toEqual([]);
  });
});
