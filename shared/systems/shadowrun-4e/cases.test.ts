import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { casesOf, runCase } from '../../conformance/runner';
import { shadowrun4eSystem } from './index';

/** Runs this system's conformance vectors (and the shared examples for shadowrun-4e) through the project runner. */
const own = casesOf(
  JSON.parse(
    readFileSync(fileURLToPath(new URL('../../conformance/cases/shadowrun-4e.json', import.meta.url)), 'utf8'),
  ),
);
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
let examples: unknown[] = [];
try {
  examples = casesOf(JSON.parse(readFileSync(examplesPath, 'utf8'))).filter(
    (c) => (c as { system?: string }).system === 'shadowrun-4e',
  );
} catch (error) {
  examplesProblem = `cannot read the shared examples at ${examplesPath}: ${(error as Error).message}`;
}

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

  it('reads the shared examples file beside the checkout', () => {
    expect(examplesProblem, `the shared examples file ${examplesPath}`).toBeNull();
  });

  it('has at least one shadowrun-4e example in the shared examples', () => {
    expect(examples.length, `shadowrun-4e examples in ${examplesPath}`).toBeGreaterThanOrEqual(1);
  });

  for (const testCase of [...own, ...examples]) {
    const id = (testCase as { id: string }).id;
    it(id, () => {
      const outcome = runCase([shadowrun4eSystem], testCase);
      expect(outcome.failures).toEqual([]);
    });
  }
});
