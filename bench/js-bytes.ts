/**
 * JavaScript sizes of the built renderer (out/renderer), gzip level 9 as a server would send them:
 * the local server (scripts/serve-web.mjs) does not compress, so the bytes a page fetched from it
 * are raw, and the gzip figure is computed here from the same files.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from './browser';

const RENDERER = join(ROOT, 'out/renderer');
const sizes = new Map<string, { raw: number; gzip: number }>();

/** Raw and gzip-9 bytes of one file of out/renderer (path relative to it, e.g. "assets/index-….js"). */
export function builtFileSize(file: string): { raw: number; gzip: number } {
  let size = sizes.get(file);
  if (!size) {
    const bytes = readFileSync(join(RENDERER, file));
    size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    sizes.set(file, size);
  }
  return size;
}

/** The scripts index.html loads before the first paint: the start preview's, its entry and the chunks it preloads. */
export function initialJs(): { files: string[]; raw: number; gzip: number } {
  const html = readFileSync(join(RENDERER, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\.\/((?:assets\/)?[^"/]+\.js)"/g)].map((m) => m[1]!);
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const size = builtFileSize(file);
    raw += size.raw;
    gzip += size.gzip;
  }
  return { files, raw, gzip };
}

export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
