// The Electronegativity step of `npm test`: stage the sources, scan them, judge each finding
// against the allow-list and print the outcome; any finding not justified there, any entry that
// justifies nothing, or any file the scanner could not parse fails the step.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { judgeFindings, readAllowList, type AllowListEntry } from './allow-list';
import { scanFolder, type Finding } from './run-scan';
import { originalName, stageSources } from './stage-sources';

export interface AuditOptions {
  /** The project folder; `folders` and the findings' files are relative to it. */
  readonly root: string;
  readonly folders: readonly string[];
  readonly allowListPath: string;
  readonly electronVersion: string;
  readonly print: (line: string) => void;
}

/** A finding named by its source file, with the code on its line. */
export interface LocatedFinding extends Finding {
  readonly code: string;
}

export interface AuditReport {
  readonly exitCode: 0 | 1;
  readonly checksRun: number;
  readonly filesScanned: number;
  readonly justified: readonly LocatedFinding[];
  readonly unjustified: readonly LocatedFinding[];
  readonly stale: readonly AllowListEntry[];
  readonly parseErrors: readonly { readonly file: string; readonly message: string }[];
}

/** The Electron version package.json pins (Electronegativity's checks depend on its defaults). */
export function pinnedElectronVersion(root: string): string {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
  const version = manifest.devDependencies?.electron ?? manifest.dependencies?.electron;
  if (!version || !/^\d+\.\d+\.\d+$/.test(version)) throw new Error(`package.json must pin electron to an exact version (found ${version ?? 'none'}).`);
  return version;
}

/** The trimmed text of line `line` (1-based) of `file` under `root`; "" for a finding about the whole app. */
function codeOnLine(root: string, file: string, line: number): string {
  if (file === 'N/A' || line < 1) return '';
  return (readFileSync(join(root, file), 'utf8').split('\n')[line - 1] ?? '').trim();
}

function place(finding: LocatedFinding): string {
  return finding.file === 'N/A' ? 'the whole app' : `${finding.file}:${finding.line}:${finding.column}`;
}

export async function auditElectronSecurity(options: AuditOptions): Promise<AuditReport> {
  const { root, print } = options;
  const entries = readAllowList(options.allowListPath);
  const stage = mkdtempSync(join(tmpdir(), 'gm-electronegativity-'));
  try {
    const started = performance.now();
    const filesScanned = stageSources(root, options.folders, stage);
    const scan = await scanFolder(stage, options.electronVersion);
    const located = scan.findings.map((finding) => {
      const file = finding.file === 'N/A' ? 'N/A' : originalName(finding.file);
      return { ...finding, file, code: codeOnLine(root, file, finding.line) };
    });
    const parseErrors = scan.parseErrors.map((error) => ({ ...error, file: originalName(error.file.replace(`${stage}/`, '')) }));
    const judgement = judgeFindings(located, entries);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    print(`Electronegativity: ${scan.checksRun} checks over ${filesScanned} source files (${options.folders.join(', ')}) for Electron ${options.electronVersion} in ${seconds} s.`);
    for (const { finding, entry } of judgement.justified) {
      print(`  allowed  ${finding.id} at ${place(finding)}: ${entry.reason}`);
    }
    for (const finding of judgement.unjustified) {
      print(`FINDING  ${finding.id} (${finding.severity}, ${finding.confidence}) at ${place(finding)}: ${finding.description}`);
      if (finding.code) print(`         ${finding.code}`);
    }
    for (const entry of judgement.stale) {
      print(`STALE    ${entry.check} in ${entry.file} ("${entry.code}"): no such finding any more; remove the entry or check what changed.`);
    }
    for (const error of parseErrors) print(`UNREAD   ${error.file}: Electronegativity could not parse it (${error.message}), so it was not checked.`);
    const failed = judgement.unjustified.length + judgement.stale.length + parseErrors.length;
    if (judgement.unjustified.length > 0) {
      print(`Fix each FINDING, or justify it in ${options.allowListPath} with its check, file, the code on its line and a sentence saying why it is safe.`);
    }
    const failingChecks = new Set(judgement.unjustified.map((finding) => finding.id));
    print(`${scan.checksRun - failingChecks.size} passed, ${failed} failed`);
    return {
      exitCode: failed === 0 ? 0 : 1,
      checksRun: scan.checksRun,
      filesScanned,
      justified: judgement.justified.map(({ finding }) => finding),
      unjustified: judgement.unjustified,
      stale: judgement.stale,
      parseErrors,
    };
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}
