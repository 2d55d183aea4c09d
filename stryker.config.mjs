// `npm run mutation`: StrykerJS over the rules and encounter-model core, judged by their own unit
// tests (shared/**/*.test.ts, the conformance cases included). Slow on a 2-core machine, so it is
// not part of `npm test`. One module: `npm run mutation -- --mutate shared/systems/hardware/combat.ts`.
// MUTATION_REPORT names this run's reports and sandbox, so runs over different modules can go
// side by side: reports/mutation/<name>.{json,html}, and <name>.incremental.json for `--incremental`.
const name = process.env.MUTATION_REPORT ?? 'mutation';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.mts', related: false },
  plugins: ['@stryker-mutator/vitest-runner'],
  coverageAnalysis: 'perTest',
  mutate: [
    // The reducer's dispatch and, split by concern in issue 17, its pieces (reducer-roster.ts, reducer-turns.ts, …).
    'shared/encounter/reducer.ts',
    'shared/encounter/reducer-*.ts',
    'shared/encounter/history.ts',
    'shared/encounter/stored-log.ts',
    'shared/dice/random.ts',
    'shared/dice/distribution.ts',
    'shared/systems/*/combat.ts',
    // Split by concern in issue 17: UESRPG's combat rules are a folder, Hardware's dice, cover and aim files of their own.
    'shared/systems/*/combat/*.ts',
    'shared/systems/hardware/{damage-dice,cover,aim}.ts',
    'shared/systems/*/health.ts',
    'shared/systems/*/initiative.ts',
    // Each system's tracker adapter, split by concern into tracker/ (issue 17), tests left out below.
    'shared/systems/*/tracker/*.ts',
    'shared/systems/uesrpg-3e/d100.ts',
    'shared/systems/electric-state/dice.ts',
    'shared/systems/hardware/saves.ts',
    'shared/systems/hardware/rounds.ts',
    // Last, so they take tests out of every glob above (Stryker applies the patterns in order).
    '!shared/**/*.test.ts',
    '!shared/**/*.test-support.ts',
  ],
  concurrency: 2,
  timeoutMS: 20_000,
  // The first run goes through every shared test (the odds simulations too): slow on a busy 2-core machine.
  dryRunTimeoutMinutes: 30,
  reporters: ['clear-text', 'progress', 'json', 'html'],
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  htmlReporter: { fileName: `reports/mutation/${name}.html` },
  incrementalFile: `reports/mutation/${name}.incremental.json`,
  // Build output, reports and test artefacts are not copied into the sandbox (they change while runs go on).
  ignorePatterns: ['test-results', 'playwright-report', 'out', 'dist', '.data', 'reports', 'coverage', '.scratch'],
  tempDirName: `node_modules/.stryker-tmp/${name}`,
  cleanTempDir: 'always',
  thresholds: { high: 90, low: 80, break: null },
};
