import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { casesOf } from './runner';

/**
 * The example vectors shipped with CONFORMANCE.md (../shared/conformance/examples.json, beside the
 * checkout; CI always has them). A missing or unreadable file, or a system with no example, fails
 * a test instead of silently running none. The nearest ancestor folder holding the file wins, so
 * Stryker's sandbox (inside node_modules) finds it too.
 */
const besideCheckout = fileURLToPath(new URL('../../../shared/conformance/examples.json', import.meta.url));

function findExamples(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'shared', 'conformance', 'examples.json');
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return besideCheckout;
  }
}

export interface SharedExamples {
  readonly path: string;
  readonly cases: unknown[];
  /** Why the file could not be read, or null. */
  readonly problem: string | null;
}

export function sharedExamples(systemId: string): SharedExamples {
  const path = findExamples(dirname(fileURLToPath(import.meta.url)));
  try {
    const cases = casesOf(JSON.parse(readFileSync(path, 'utf8'))).filter((c) => (c as { system?: string }).system === systemId);
    return { path, cases, problem: null };
  } catch (error) {
    return { path, cases: [], problem: `cannot read the shared examples at ${path}: ${(error as Error).message}` };
  }
}

/** The two tests every system's case file carries: the examples were read, and this system has some. */
export function itReadsSharedExamples(systemId: string, examples: SharedExamples): void {
  it('reads the shared examples file beside the checkout', () => {
    expect(examples.problem, `the shared examples file ${examples.path}`).toBeNull();
  });
  it(`has at least one ${systemId} example in the shared examples`, () => {
    expect(examples.cases.length, `${systemId} examples in ${examples.path}`).toBeGreaterThanOrEqual(1);
  });
}
