import type { TestResult } from '../d100';

// How one d100 test reads in an explanation; the combat roll and the grapple both use it.
export function describeTest(test: TestResult): string {
  const what =
    test.critical === 'success'
      ? 'critical success'
      : test.critical === 'failure'
        ? 'critical failure'
        : test.success
          ? 'success'
          : 'failure';
  return `${what}, ${test.degrees} ${test.success ? 'DoS' : 'DoF'}`;
}
