import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { casesOf, runCase } from '../../conformance/runner';
import { hardwareSystem } from './index';

// The hand-written conformance vectors (shared/conformance/cases/hardware.json) plus the hardware
// examples shipped in CONFORMANCE's examples.json, run through the project's own matcher.
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const own = casesOf(JSON.parse(readFileSync(here('../../conformance/cases/hardware.json'), 'utf8')));
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
    (c) => (c as { system?: string }).system === 'hardware',
  );
} catch (error) {
  examplesProblem = `cannot read the shared examples at ${examplesPath}: ${(error as Error).message}`;
}

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

  it('reads the shared examples file beside the checkout', () => {
    expect(examplesProblem, `the shared examples file ${examplesPath}`).toBeNull();
  });

  it('has at least one hardware example in the shared examples', () => {
    expect(examples.length, `hardware examples in ${examplesPath}`).toBeGreaterThanOrEqual(1);
  });

  for (const testCase of [...own, ...examples]) {
    const id = (testCase as { id: string }).id;
    it(id, () => {
      const outcome = runCase([hardwareSystem], testCase);
      expect(outcome.failures).toEqual([]);
    });
  }
});
