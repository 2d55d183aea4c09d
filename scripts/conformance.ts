/**
 * Conformance runner: `npm run conformance -- PATH...` (see ../shared/CONFORMANCE.md).
 * Prints one line per failing case, then `N passed, M failed`; exits 1 on any failure.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { casesOf, runCase, type CaseFailure } from '../shared/conformance/runner';
import { loadRuleSystems } from '../shared/systems/rule-systems';

function collectJsonFiles(path: string, out: string[]): void {
  const stats = statSync(path);
  if (stats.isDirectory()) {
    for (const entry of readdirSync(path).sort()) {
      if (entry === 'node_modules' || entry.startsWith('.')) continue;
      collectJsonFiles(join(path, entry), out);
    }
  } else if (path.endsWith('.json')) {
    out.push(path);
  }
}

function formatValue(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? 'undefined' : text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

function formatFailure(failure: CaseFailure): string {
  if (failure.key === 'error' || failure.key === 'case' || failure.key === 'system' || failure.key === 'op') {
    return `FAIL ${failure.id}: ${failure.message}`;
  }
  return `FAIL ${failure.id}: ${failure.key} expected ${formatValue(failure.expected)}, got ${formatValue(failure.actual)}`;
}

export async function runConformance(
  paths: readonly string[],
  print: (line: string) => void,
): Promise<{ passed: number; failed: number }> {
  const ruleSystems = await loadRuleSystems();
  let passed = 0;
  let failed = 0;
  const files: string[] = [];
  for (const path of paths) {
    try {
      collectJsonFiles(resolve(path), files);
    } catch (error) {
      failed++;
      print(`FAIL ${path}: cannot read (${(error as Error).message})`);
    }
  }
  for (const file of files) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      failed++;
      print(`FAIL ${file}: not valid JSON (${(error as Error).message})`);
      continue;
    }
    for (const raw of casesOf(parsed)) {
      const outcome = runCase(ruleSystems, raw);
      if (outcome.passed) passed++;
      else {
        failed++;
        for (const failure of outcome.failures) print(formatFailure(failure));
      }
    }
  }
  return { passed, failed };
}

const isMain = process.argv[1] !== undefined && resolve(process.argv[1]).endsWith('conformance.ts');
if (isMain) {
  const paths = process.argv.slice(2);
  if (paths.length === 0) {
    console.error('Usage: npm run conformance -- PATH... (JSON case files or folders)');
    process.exit(2);
  }
  void runConformance(paths, (line) => console.log(line)).then(({ passed, failed }) => {
    console.log(`${passed} passed, ${failed} failed`);
    process.exit(failed > 0 ? 1 : 0);
  });
}
