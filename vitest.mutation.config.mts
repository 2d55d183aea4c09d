import { defineConfig } from 'vitest/config';

// The unit tests Stryker runs against each mutant: the pure core in shared/ only (the rules,
// the encounter model, the dice), where the conformance cases run as vitest tests too.
export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 60_000,
    include: ['shared/**/*.test.ts'],
  },
});
