// A small static file server for the built GM screen on 127.0.0.1 (`npm run web`, the browser
// fallback of `npm start`, the e2e tests and the browser benchmarks). Files go out as they are on
// disk, uncompressed, as the desktop app reads them: Vite's preview server gzips every response
// again on each request, which on a busy 2-core machine took longer than loading the page itself.
// Every answer carries the desktop app's Content-Security-Policy as a header (a <meta> tag cannot
// refuse framing), and a request naming any host but this loopback server is refused: against
// DNS rebinding, where a web page's own host name is pointed at 127.0.0.1 to read the GM's data.
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, resolve, sep } from 'node:path';
import { contentSecurityPolicy } from '../main/services/content-security-policy.mjs';

/** Sent with every response, refusals included. */
export const SECURITY_HEADERS = Object.freeze({
  'Content-Security-Policy': contentSecurityPolicy(),
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
});

const TYPES = {
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
export function fileForPath(root, pathname) {
  let decoded;
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

/**
 * The Host values that name this server listening on 127.0.0.1:`port`: that address, and
 * `localhost`, which browsers resolve to loopback themselves (never through DNS), so no other
 * site's page can send it. Not [::1]: the server does not listen on IPv6.
 */
function allowedHosts(port) {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}

/** Why a request with this Host header is refused, or null when it names this server. */
function hostRefusal(host, port) {
  const allowed = allowedHosts(port);
  if (!host) return { status: 400, text: `Bad request: no Host header; this server answers only to ${allowed.join(' or ')}.` };
  if (allowed.includes(host.toLowerCase())) return null;
  return { status: 421, text: `Misdirected request: this server answers only to ${allowed.join(' or ')}.` };
}

/** Serves the files under `root`; answers GET and HEAD only. */
export function createStaticServer(root) {
  const base = resolve(root);
  // Node would answer a missing Host itself, with an empty 400; this server says why instead.
  const server = createServer({ requireHostHeader: false }, async (request, response) => {
    const send = (status, text) => {
      response.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' });
      response.end(request.method === 'HEAD' ? undefined : `${text}\n`);
    };
    const refusal = hostRefusal(request.headers.host, listeningPort);
    if (refusal) return send(refusal.status, refusal.text);
    if (request.method !== 'GET' && request.method !== 'HEAD') return send(405, 'Method not allowed');
    const { pathname } = new URL(request.url ?? '/', 'http://127.0.0.1');
    const file = fileForPath(base, pathname);
    if (!file) return send(400, 'Bad path');
    let info;
    try {
      info = await stat(file);
    } catch {
      return send(404, 'Not found');
    }
    if (!info.isFile()) return send(404, 'Not found');
    // Revalidated on every load (like the files of a fresh build), answered 304 when unchanged.
    const etag = `W/"${createHash('sha1').update(`${info.size}-${info.mtimeMs}`).digest('hex').slice(0, 16)}"`;
    const headers = {
      ...SECURITY_HEADERS,
      'Content-Type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
      'Cache-Control': 'no-cache',
      ETag: etag,
    };
    if (request.headers['if-none-match'] === etag) {
      response.writeHead(304, headers);
      return response.end();
    }
    let body;
    try {
      body = await readFile(file);
    } catch {
      return send(404, 'Not found');
    }
    response.writeHead(200, { ...headers, 'Content-Length': body.length });
    response.end(request.method === 'HEAD' ? undefined : body);
  });
  // Kept from 'listening': address() is null once close() starts, while open connections may still ask.
  let listeningPort;
  server.on('listening', () => (listeningPort = server.address().port));
  return server;
}

/**
 * Listens on 127.0.0.1: on `port`, or (unless `strictPort`) on the next free one after it.
 * Resolves with the URL and a `close()` that resolves once the server has stopped.
 */
export async function listenStatic(root, { port, strictPort }) {
  const server = createStaticServer(root);
  for (let attempt = 0; ; attempt++) {
    const tried = port + attempt;
    try {
      await new Promise((ok, fail) => {
        server.once('error', fail);
        server.listen(tried, '127.0.0.1', () => {
          server.off('error', fail);
          ok();
        });
      });
      const address = server.address();
      const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : tried}/`;
      return {
        url,
        server: {
          close: () =>
            new Promise((ok) => {
              server.close(() => ok());
              server.closeAllConnections();
            }),
        },
      };
    } catch (error) {
      if (strictPort || error.code !== 'EADDRINUSE' || attempt >= 20) throw error;
    }
  }
}
