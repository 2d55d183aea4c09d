/**
 * `npx tsx scripts/electronegativity.ts`: Electronegativity over main/ (with the preload) and
 * renderer/, judged against security/electronegativity-allow.json (scripts/electronegativity/).
 * Prints each finding and `N passed, M failed`; exits 1 on a finding the allow-list does not justify.
 */
import { resolve } from 'node:path';
import { auditElectronSecurity, pinnedElectronVersion } from './electronegativity/audit';

const root = resolve(__dirname, '..');

void auditElectronSecurity({
  root,
  folders: ['main', 'renderer'],
  allowListPath: resolve(root, 'security/electronegativity-allow.json'),
  electronVersion: pinnedElectronVersion(root),
  print: (line) => console.log(line),
}).then(
  (report) => process.exit(report.exitCode),
  (error: unknown) => {
    console.error(`Electronegativity could not run: ${error instanceof Error ? error.message : String(error)}`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  },
);
