import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { casesOf, runCase } from '../../conformance/runner';
import { electricStateSystem } from './index';

// Runs this system's conformance vectors (and the shared examples) through the project runner.
const casesPath = fileURLToPath(new URL('../../conformance/cases/electric-state.json', import.meta.url));
const cases = casesOf(JSON.parse(readFileSync(casesPath, 'utf8'))) as { id: string; system: string }[];

// The shared examples sit beside the checkout (../shared/conformance/examples.json) and CI always
// has them, so a missing or unreadable file fails a test below instead of silently running none.
// The nearest ancestor holding the file wins, so Stryker's sandbox (inside node_modules) finds it too.
const besideCheckout = fileURLToPath(new URL('../../../../shared/conformance/examples.json', import.meta.url));
function findExamples(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'shared', 'conformance', 'examples.json');
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return besideCheckout;
  }
}
const examplesPath = findExamples(dirname(fileURLToPath(import.meta.url)));
let examplesProblem: string | null = null;
let examples: { id: string; system: string }[] = [];
try {
  examples = (casesOf(JSON.parse(readFileSync(examplesPath, 'utf8'))) as { id: string; system: string }[]).filter(
    (c) => c.system === 'electric-state',
  );
} catch (error) {
  examplesProblem = `cannot read the shared examples at ${examplesPath}: ${(error as Error).message}`;
}

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
  it('reads the examples file beside the checkout', () => {
    expect(examplesProblem, `the shared examples file ${examplesPath}`).toBeNull();
  });

  it('has at least one electric-state example', () => {
    expect(examples.length, `electric-state examples in ${examplesPath}`).toBeGreaterThanOrEqual(1);
  });

  it.each(examples.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    expect(runCase([electricStateSystem], c).failures).toEqual([]);
  });
});
