// Copies the app's sources into one folder Electronegativity can read in a single run, so that
// its whole-app checks (navigation limits, a permission handler, the CSP) see main and renderer
// together. It reads .js, .ts and .html only, so the other kinds are given a name it reads, and a
// Vue file is split into its script and its template; every line stays on its own line number.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, relative } from 'node:path';

/** Never part of the app: tests and their helpers, type declarations, dependencies. */
function isLeftOut(name: string, isFolder: boolean): boolean {
  if (isFolder) return name === 'node_modules' || name === 'test' || name.startsWith('.');
  return /\.test\.|\.test-support\.|\.d\.[cm]?ts$/.test(name);
}

/** A file name Electronegativity reads, for an extension it does not. */
const RENAMED: Readonly<Record<string, string>> = { '.mjs': '.js', '.cjs': '.js', '.mts': '.ts', '.cts': '.ts' };
const AS_IS = new Set(['.js', '.ts', '.html']);

/**
 * `text` with only the lines inside its top-level `<tag …>…</tag>` blocks (a file may have two
 * scripts; a template holds nested templates), every other line left blank.
 */
export function keepBlocks(text: string, tag: 'script' | 'template'): string | undefined {
  const ranges: [number, number][] = [];
  const open = new RegExp(`^<${tag}(\\s[^>]*)?>`, 'gm');
  const close = new RegExp(`^</${tag}>`, 'gm');
  for (let found = open.exec(text); found; found = open.exec(text)) {
    const start = found.index + found[0].length;
    // A template's own closing tag is the last one at the start of a line; a script's is the next.
    const ends = [...text.slice(start).matchAll(close)].map((match) => start + match.index);
    const end = tag === 'template' ? ends.at(-1) : ends[0];
    if (end === undefined) break;
    ranges.push([start, end]);
    open.lastIndex = end;
  }
  if (ranges.length === 0) return undefined;
  const blank = (part: string) => part.replace(/[^\n]/g, '');
  let kept = '';
  let from = 0;
  for (const [start, end] of ranges) {
    kept += blank(text.slice(from, start)) + text.slice(start, end);
    from = end;
  }
  return kept + blank(text.slice(from));
}

/** What one source file becomes in the staged folder: staged name → content. */
function stagedFiles(name: string, text: string): Record<string, string> {
  const extension = extname(name);
  if (AS_IS.has(extension)) return { [name]: text };
  const renamed = RENAMED[extension];
  if (renamed) return { [`${name}${renamed}`]: text };
  if (extension !== '.vue') return {};
  const files: Record<string, string> = {};
  const script = keepBlocks(text, 'script');
  const template = keepBlocks(text, 'template');
  if (script !== undefined) files[`${name}.script.ts`] = script;
  if (template !== undefined) files[`${name}.template.html`] = template;
  return files;
}

/** The source a staged name came from ("renderer/src/App.vue.script.ts" → "renderer/src/App.vue"). */
export function originalName(staged: string): string {
  return staged.replace(/\.(vue)\.(script\.ts|template\.html)$/, '.$1').replace(/\.([cm][jt]s)\.[jt]s$/, '.$1');
}

/**
 * Copies `folders` (relative to `root`) into `stage`, as described above; returns how many
 * source files were staged.
 */
export function stageSources(root: string, folders: readonly string[], stage: string): number {
  let count = 0;
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (isLeftOut(entry.name, entry.isDirectory())) continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        visit(path);
        continue;
      }
      const files = stagedFiles(relative(root, path), readFileSync(path, 'utf8'));
      for (const [name, content] of Object.entries(files)) {
        mkdirSync(dirname(join(stage, name)), { recursive: true });
        writeFileSync(join(stage, name), content);
      }
      if (Object.keys(files).length > 0) count++;
    }
  };
  for (const folder of folders) visit(join(root, folder));
  return count;
}
