// The built GM screen's files, as they are on disk and uncompressed, as the desktop app reads them:
// Vite's preview server gzipped every response again on each request, which on a busy 2-core
// machine took longer than loading the page itself.
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, resolve, sep } from 'node:path';
import { SECURITY_HEADERS, sendText } from './loopback-server';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/**
 * The file a request path names under `root`, or null when it points outside it or cannot be
 * decoded. "/" is the page itself.
 */
export function fileForPath(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const relative = decoded === '/' ? 'index.html' : decoded.replace(/^\/+/, '');
  const file = resolve(root, relative);
  return file.startsWith(root.endsWith(sep) ? root : root + sep) ? file : null;
}

export interface StaticFileOptions {
  /**
   * Rewrites pages as they are served, by file name under the root ("index.html", "player.html"),
   * e.g. to hand each its per-launch secret; such a page is then never cached (`no-store`, no
   * ETag), so no copy outlives the launch.
   */
  readonly transformPages?: Readonly<Record<string, (html: string) => string>>;
}

/** Answers GET and HEAD for the files under `root`. */
export function createStaticFileHandler(root: string, options: StaticFileOptions = {}) {
  const base = resolve(root);
  const transforms = new Map(Object.entries(options.transformPages ?? {}).map(([name, transform]) => [resolve(base, name), transform]));
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return sendText(request, response, 405, 'Method not allowed');
    const { pathname } = new URL(request.url ?? '/', 'http://127.0.0.1');
    const file = fileForPath(base, pathname);
    if (!file) return sendText(request, response, 400, 'Bad path');
    let info;
    try {
      info = await stat(file);
    } catch {
      return sendText(request, response, 404, 'Not found');
    }
    if (!info.isFile()) return sendText(request, response, 404, 'Not found');
    const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    let body: Buffer;
    const transform = transforms.get(file);
    if (transform) {
      try {
        body = Buffer.from(transform(await readFile(file, 'utf8')), 'utf8');
      } catch {
        return sendText(request, response, 404, 'Not found');
      }
      response.writeHead(200, { ...SECURITY_HEADERS, 'Content-Type': type, 'Cache-Control': 'no-store', 'Content-Length': body.length });
      response.end(request.method === 'HEAD' ? undefined : body);
      return;
    }
    // Revalidated on every load (like the files of a fresh build), answered 304 when unchanged.
    const etag = `W/"${createHash('sha1').update(`${info.size}-${info.mtimeMs}`).digest('hex').slice(0, 16)}"`;
    const headers = { ...SECURITY_HEADERS, 'Content-Type': type, 'Cache-Control': 'no-cache', ETag: etag };
    if (request.headers['if-none-match'] === etag) {
      response.writeHead(304, headers);
      response.end();
      return;
    }
    try {
      body = await readFile(file);
    } catch {
      return sendText(request, response, 404, 'Not found');
    }
    response.writeHead(200, { ...headers, 'Content-Length': body.length });
    response.end(request.method === 'HEAD' ? undefined : body);
  };
}
