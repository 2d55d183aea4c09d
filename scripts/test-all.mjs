// `npm test`: typecheck, lint, Electronegativity, unit tests, rules conformance and end-to-end tests, in
// that order. Every step runs even if an earlier one failed, so one run shows every
// problem; the last line sums the test counts as `N passed, M failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(new URL('.', import.meta.url).pathname, '..');
const results = resolve(root, 'test-results');
mkdirSync(results, { recursive: true });

const conformancePaths = ['shared', resolve(root, '../shared/conformance')].filter((p) => existsSync(resolve(root, p)));

/** The counts from a step's closing `N passed, M failed` line. */
function summaryLineCounts(output) {
  const match = /^(\d+) passed, (\d+) failed$/m.exec(output);
  return match ? { passed: Number(match[1]), failed: Number(match[2]) } : undefined;
}

const steps = [
  { name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'lint', command: ['npm', 'run', '--silent', 'lint'] },
  // Electronegativity over main/ and renderer/, judged against security/electronegativity-allow.json (about 6 s).
  { name: 'electronegativity', command: ['npx', 'tsx', 'scripts/electronegativity.ts'], countsFromOutput: summaryLineCounts },
  {
    name: 'unit',
    command: ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/unit.json'],
    counts: () => {
      const report = JSON.parse(readFileSync(resolve(results, 'unit.json'), 'utf8'));
      return { passed: report.numPassedTests, failed: report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0) };
    },
    before: () => rmSync(resolve(results, 'unit.json'), { force: true }),
  },
  {
    name: 'conformance',
    command: ['npx', 'tsx', 'scripts/conformance.ts', ...conformancePaths],
    countsFromOutput: summaryLineCounts,
  },
  {
    name: 'e2e',
    command: ['npm', 'run', '--silent', 'test:e2e'],
    counts: () => {
      const report = JSON.parse(readFileSync(resolve(results, 'e2e.json'), 'utf8'));
      return { passed: report.stats.expected, failed: report.stats.unexpected + report.stats.flaky, skipped: report.stats.skipped };
    },
    before: () => rmSync(resolve(results, 'e2e.json'), { force: true }),
  },
];

let passed = 0;
let failed = 0;
let skipped = 0;
const summary = [];
for (const step of steps) {
  step.before?.();
  console.log(`\n=== ${step.name}: ${step.command.join(' ')}`);
  const run = spawnSync(step.command[0], step.command.slice(1), {
    cwd: root,
    stdio: step.countsFromOutput ? ['inherit', 'pipe', 'inherit'] : 'inherit',
    encoding: 'utf8',
  });
  if (step.countsFromOutput) process.stdout.write(run.stdout ?? '');
  let counts;
  try {
    counts = step.countsFromOutput ? step.countsFromOutput(run.stdout ?? '') : step.counts?.();
  } catch {
    counts = undefined;
  }
  const ok = run.status === 0;
  if (counts) {
    passed += counts.passed;
    failed += counts.failed;
    skipped += counts.skipped ?? 0;
  }
  // A step that failed without a failing test (a crash, a type error) still counts as one failure.
  if (!ok && (!counts || counts.failed === 0)) failed += 1;
  summary.push(`${ok ? 'ok  ' : 'FAIL'} ${step.name}${counts ? ` (${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''})` : ''}`);
}

console.log('\n=== summary');
for (const line of summary) console.log(line);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(summary.some((line) => line.startsWith('FAIL')) ? 1 : 0);
