import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAllowList } from './allow-list';
import { auditElectronSecurity, pinnedElectronVersion, type AuditReport } from './audit';
import { keepBlocks, originalName, stageSources } from './stage-sources';

const projectRoot = resolve(__dirname, '../..');
const electronVersion = pinnedElectronVersion(projectRoot);

/** A tiny app with the two classic mistakes: a window with Node and no isolation, and a webview with Node in a Vue template. */
const PLANTED: Record<string, string> = {
  'main/electron/bad-window.ts': [
    "import { BrowserWindow } from 'electron';",
    '',
    'export const unsafe = new BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false } });',
    '',
  ].join('\n'),
  'renderer/src/Bad.vue': [
    '<script setup lang="ts">',
    "const page = 'https://example.org/';",
    '</script>',
    '',
    '<template>',
    '  <main>',
    '    <webview :src="page" nodeintegration></webview>',
    '  </main>',
    '</template>',
    '',
  ].join('\n'),
};

/** Every finding the planted app gives, as `check file:line`. */
const PLANTED_FINDINGS = [
  'CSP_GLOBAL_CHECK N/A:0',
  'LIMIT_NAVIGATION_GLOBAL_CHECK N/A:0',
  'PERMISSION_REQUEST_HANDLER_GLOBAL_CHECK N/A:0',
  'NODE_INTEGRATION_HTML_CHECK renderer/src/Bad.vue:7',
  'NODE_INTEGRATION_JS_CHECK main/electron/bad-window.ts:3',
  'AUXCLICK_HTML_CHECK renderer/src/Bad.vue:7',
  'AUXCLICK_JS_CHECK main/electron/bad-window.ts:3',
  'CONTEXT_ISOLATION_JS_CHECK main/electron/bad-window.ts:3',
  'SANDBOX_JS_CHECK main/electron/bad-window.ts:3',
].sort();

const REASON = 'This planted finding is allowed here only to test that the allow-list is honoured.';

let planted: string;
beforeAll(() => {
  planted = mkdtempSync(join(tmpdir(), 'gm-planted-'));
  for (const [name, text] of Object.entries(PLANTED)) {
    mkdirSync(dirname(join(planted, name)), { recursive: true });
    writeFileSync(join(planted, name), text);
  }
});
afterAll(() => rmSync(planted, { recursive: true, force: true }));

async function auditPlanted(entries: readonly object[]): Promise<{ report: AuditReport; lines: string[] }> {
  const allowListPath = join(planted, 'allow.json');
  writeFileSync(allowListPath, JSON.stringify({ entries }));
  const lines: string[] = [];
  const report = await auditElectronSecurity({ root: planted, folders: ['main', 'renderer'], allowListPath, electronVersion, print: (line) => lines.push(line) });
  return { report, lines };
}

const named = (findings: AuditReport['unjustified']) => findings.map((finding) => `${finding.id} ${finding.file}:${finding.line}`).sort();

describe('the Electronegativity step', () => {
  it('reports a planted nodeIntegration: true and contextIsolation: false, prints each, and fails', async () => {
    const { report, lines } = await auditPlanted([]);
    expect(report.exitCode).toBe(1);
    expect(named(report.unjustified)).toEqual(PLANTED_FINDINGS);
    expect(report.parseErrors).toEqual([]);
    expect(lines).toContain(
      'FINDING  NODE_INTEGRATION_JS_CHECK (INFORMATIONAL, FIRM) at main/electron/bad-window.ts:3:60: Disable nodeIntegration for untrusted origins',
    );
    expect(lines).toContain(
      'FINDING  CONTEXT_ISOLATION_JS_CHECK (HIGH, FIRM) at main/electron/bad-window.ts:3:83: Review the use of the contextIsolation option',
    );
    expect(lines).toContain('FINDING  NODE_INTEGRATION_HTML_CHECK (HIGH, FIRM) at renderer/src/Bad.vue:7:0: Disable nodeIntegration for untrusted origins');
    expect(lines).toContain('         <webview :src="page" nodeintegration></webview>');
    expect(lines.at(-1)).toBe(`${report.checksRun - 9} passed, 9 failed`);
  });

  it('passes when the allow-list justifies every finding, and fails on an entry that justifies nothing', async () => {
    const entries = PLANTED_FINDINGS.map((finding) => {
      const [check, place] = finding.split(' ') as [string, string];
      const [file, line] = place.split(':') as [string, string];
      const code = file === 'N/A' ? '' : (PLANTED[file]!.split('\n')[Number(line) - 1] ?? '').trim();
      return { check, file, code, reason: REASON };
    });
    const justified = await auditPlanted(entries);
    expect(justified.report.exitCode).toBe(0);
    expect(named(justified.report.justified)).toEqual(PLANTED_FINDINGS);
    expect(justified.lines.at(-1)).toBe(`${justified.report.checksRun} passed, 0 failed`);

    const stale = { check: 'OPEN_EXTERNAL_JS_CHECK', file: 'main/electron/bad-window.ts', code: 'shell.openExternal(', reason: REASON };
    const withStale = await auditPlanted([...entries, stale]);
    expect(withStale.report.exitCode).toBe(1);
    expect(withStale.report.stale).toEqual([stale]);
    expect(withStale.lines).toContain(
      'STALE    OPEN_EXTERNAL_JS_CHECK in main/electron/bad-window.ts ("shell.openExternal("): no such finding any more; remove the entry or check what changed.',
    );
  });

  it('justifies one finding per entry: a second window with the same line is a new finding', async () => {
    const entry = { check: 'CONTEXT_ISOLATION_JS_CHECK', file: 'main/electron/bad-window.ts', code: 'contextIsolation: false', reason: REASON };
    const { report } = await auditPlanted([entry]);
    expect(report.justified.map((finding) => finding.id)).toEqual(['CONTEXT_ISOLATION_JS_CHECK']);
    expect(named(report.unjustified)).not.toContain('CONTEXT_ISOLATION_JS_CHECK main/electron/bad-window.ts:3');
    expect(report.unjustified).toHaveLength(8);
  });

  it('passes on the project with its checked-in allow-list', async () => {
    const lines: string[] = [];
    const report = await auditElectronSecurity({
      root: projectRoot,
      folders: ['main', 'renderer'],
      allowListPath: join(projectRoot, 'security/electronegativity-allow.json'),
      electronVersion,
      print: (line) => lines.push(line),
    });
    expect({ unjustified: named(report.unjustified), stale: report.stale, parseErrors: report.parseErrors }).toEqual({ unjustified: [], stale: [], parseErrors: [] });
    expect(report.exitCode).toBe(0);
    expect(report.justified).toHaveLength(readAllowList(join(projectRoot, 'security/electronegativity-allow.json')).length);
  }, 60_000);
});

describe('the allow-list', () => {
  it('refuses an entry whose reason is not a sentence', () => {
    const path = join(planted, 'lazy.json');
    writeFileSync(path, JSON.stringify({ entries: [{ check: 'SANDBOX_JS_CHECK', file: 'main/a.ts', code: '', reason: 'fine' }] }));
    expect(() => readAllowList(path)).toThrow(`${path}: entries.0.reason: a sentence of at least eight words saying why it is safe.`);
  });

  it('refuses a check id that is not one', () => {
    const path = join(planted, 'id.json');
    writeFileSync(path, JSON.stringify({ entries: [{ check: 'sandbox', file: 'main/a.ts', code: '', reason: REASON }] }));
    expect(() => readAllowList(path)).toThrow(`${path}: entries.0.check: a check id such as CONTEXT_ISOLATION_JS_CHECK.`);
  });
});

describe('staging the sources', () => {
  it('keeps every script block of a Vue file on its own lines and blanks the rest', () => {
    const vue = '<script lang="ts">\nlet a = 1;\n</script>\n\n<script setup lang="ts">\nconst b = 2;\n</script>\n\n<template>\n  <p>{{ b }}</p>\n</template>\n';
    expect(keepBlocks(vue, 'script')).toBe('\nlet a = 1;\n\n\n\nconst b = 2;\n\n\n\n\n\n');
    expect(keepBlocks(vue, 'template')).toBe('\n\n\n\n\n\n\n\n\n  <p>{{ b }}</p>\n\n');
    expect(keepBlocks('<template>\n  <template #x><b /></template>\n</template>\n', 'template')).toBe('\n  <template #x><b /></template>\n\n');
    expect(keepBlocks('<style>p {}</style>\n', 'script')).toBeUndefined();
  });

  it('names each staged file after its source', () => {
    expect(originalName('renderer/src/App.vue.script.ts')).toBe('renderer/src/App.vue');
    expect(originalName('renderer/src/App.vue.template.html')).toBe('renderer/src/App.vue');
    expect(originalName('main/services/content-security-policy.mjs.js')).toBe('main/services/content-security-policy.mjs');
    expect(originalName('main/electron/window.ts')).toBe('main/electron/window.ts');
  });

  it('stages sources, leaving out tests, their helpers and type declarations', () => {
    const root = mkdtempSync(join(tmpdir(), 'gm-stage-src-'));
    const stage = mkdtempSync(join(tmpdir(), 'gm-stage-out-'));
    try {
      for (const name of ['main/a.ts', 'main/a.test.ts', 'main/a.test-support.ts', 'main/b.d.mts', 'main/c.mjs', 'main/test/d.ts', 'main/e.json']) {
        mkdirSync(dirname(join(root, name)), { recursive: true });
        writeFileSync(join(root, name), 'export {};\n');
      }
      expect(stageSources(root, ['main'], stage)).toBe(2);
      expect(readFileSync(join(stage, 'main/c.mjs.js'), 'utf8')).toBe('export {};\n');
      expect(readFileSync(join(stage, 'main/a.ts'), 'utf8')).toBe('export {};\n');
    } finally {
      rmSync(root, { recursive: true, force: true });
      rmSync(stage, { recursive: true, force: true });
    }
  });
});
