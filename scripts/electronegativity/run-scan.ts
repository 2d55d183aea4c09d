// Runs Electronegativity (@doyensec/electronegativity) programmatically over one folder and
// returns its findings as plain data. The library fetches a translation file from the internet
// at every run (with a 1 s timeout) and its "available security fixes" check downloads Electron's
// release list: a test must never reach the network, so the first gets an offline stand-in for
// its HTTP client and the second is not run (the Electron version is pinned in package.json).
import Module, { createRequire } from 'node:module';

/** One finding, with the file relative to the scanned folder ('N/A' for a finding about the whole app). */
export interface Finding {
  readonly id: string;
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly severity: string;
  readonly confidence: string;
  readonly description: string;
  readonly manualReview: boolean;
}

export interface ScanResult {
  readonly findings: readonly Finding[];
  /** Files the library could not parse: a file it cannot read is a file it did not check. */
  readonly parseErrors: readonly { readonly file: string; readonly message: string }[];
  readonly checksRun: number;
}

/** Checks that need the network; the reason each is left out is in the comment at the top. */
export const CHECKS_NEEDING_THE_NETWORK = ['AvailableSecurityFixesGlobalCheck'] as const;

interface LibraryIssue {
  id: string;
  file: string;
  location: { line: number; column: number };
  severity: { name: string };
  confidence: { name: string };
  description: string;
  manualReview?: boolean;
}
interface LibraryResult {
  globalChecks: number;
  atomicChecks: number;
  errors: { file: string; message: string; tolerable: boolean }[];
  issues: LibraryIssue[];
}
type Run = (options: Record<string, unknown>) => Promise<LibraryResult>;

const require = createRequire(import.meta.url);
let loaded: Run | undefined;

/** The library's run(), with `got` (its HTTP client) replaced by one that answers "nothing new" without a request. */
function loadElectronegativity(): Run {
  if (loaded) return loaded;
  const entry = require.resolve('@doyensec/electronegativity');
  const gotPath = createRequire(entry).resolve('got');
  const noRequest = () => Promise.resolve({ statusCode: 204, body: '' });
  const offline = new Module(gotPath);
  offline.filename = gotPath;
  offline.loaded = true;
  offline.exports = Object.assign(noRequest, { head: noRequest, default: noRequest });
  require.cache[gotPath] = offline;
  const library = require(entry) as Run | { default: Run };
  loaded = typeof library === 'function' ? library : library.default;
  return loaded;
}

/** Scans `folder` (every .js/.ts/.html in it) as an app built on Electron `electronVersion`. */
export async function scanFolder(folder: string, electronVersion: string): Promise<ScanResult> {
  const run = loadElectronegativity();
  const result = await run({
    input: folder,
    isRelative: true,
    electronVersionOverride: electronVersion,
    excludeFromScan: [...CHECKS_NEEDING_THE_NETWORK],
  });
  return {
    findings: result.issues.map((issue) => ({
      id: issue.id,
      file: issue.file,
      line: issue.location.line,
      column: issue.location.column,
      severity: issue.severity.name,
      confidence: issue.confidence.name,
      description: issue.description,
      manualReview: issue.manualReview === true,
    })),
    parseErrors: result.errors.filter((error) => !error.tolerable).map(({ file, message }) => ({ file, message })),
    checksRun: result.globalChecks + result.atomicChecks,
  };
}
