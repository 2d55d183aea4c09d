import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLoopbackServer, listenOnLoopback, type Listening } from './loopback-server';
import { contentSecurityPolicy } from './security';
import { createStaticFileHandler, fileForPath, type StaticFileOptions } from './static-files';

type Served = Listening;

function listenStatic(root: string, options: { port: number; strictPort: boolean }, files: StaticFileOptions = {}): Promise<Listening> {
  return listenOnLoopback(createLoopbackServer(createStaticFileHandler(root, files)), options);
}

function site(): string {
  const root = mkdtempSync(join(tmpdir(), 'gm-static-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>GM Screen</title>');
  writeFileSync(join(root, 'assets', 'app.js'), 'export const x = 1;\n'.repeat(500));
  writeFileSync(join(root, '..', `secret-${root.split('-').pop()}.txt`), 'not for the browser');
  return root;
}

const open: Served[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

async function serve(root: string, options = { port: 0, strictPort: true }, files: StaticFileOptions = {}): Promise<Served> {
  const served = await listenStatic(root, options, files);
  open.push(served);
  return served;
}

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** A GET through node:http, which (unlike fetch) may send any Host header, or none at all. */
function get(url: string, host: string | null, method = 'GET'): Promise<Answer> {
  const { hostname, port } = new URL(url);
  return new Promise((ok, fail) => {
    const request = httpRequest(
      { hostname, port, path: '/', method, setHost: host !== null, headers: host === null ? {} : { Host: host } },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => ok({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    request.on('error', fail);
    request.end();
  });
}

const EXPECTED_SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
    "font-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; object-src 'none'",
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
};

function securityHeaders(answer: Answer): Record<string, unknown> {
  return Object.fromEntries(Object.keys(EXPECTED_SECURITY_HEADERS).map((name) => [name, answer.headers[name]]));
}

describe('static server: security headers and the Host check', () => {
  it('sends the desktop window\'s CSP as a header, with the framing, referrer and sniffing headers', async () => {
    const { url } = await serve(site());
    const port = new URL(url).port;
    const page = await get(url, `127.0.0.1:${port}`);
    expect(page.status).toBe(200);
    expect(page.body).toBe('<!doctype html><title>GM Screen</title>');
    expect(securityHeaders(page)).toEqual(EXPECTED_SECURITY_HEADERS);
    // One policy: the header is exactly what the Electron window sends (main/electron/window.ts).
    expect(page.headers['content-security-policy']).toBe(contentSecurityPolicy());
  });

  it('sends the same headers with assets, 304s and refusals', async () => {
    const { url } = await serve(site());
    const script = await fetch(`${url}assets/app.js`);
    const revalidated = await fetch(`${url}assets/app.js`, { headers: { 'If-None-Match': script.headers.get('etag')! } });
    const missing = await fetch(`${url}nope.html`);
    for (const answer of [script, revalidated, missing]) {
      expect(Object.fromEntries(Object.keys(EXPECTED_SECURITY_HEADERS).map((name) => [name, answer.headers.get(name)]))).toEqual(
        EXPECTED_SECURITY_HEADERS,
      );
    }
    expect([script.status, revalidated.status, missing.status]).toEqual([200, 304, 404]);
  });

  it('serves requests naming localhost on its port, in any case', async () => {
    const { url } = await serve(site());
    const port = new URL(url).port;
    expect((await get(url, `localhost:${port}`)).status).toBe(200);
    expect((await get(url, `LocalHost:${port}`)).status).toBe(200);
  });

  it('refuses a foreign Host (DNS rebinding) with 421 and a one-line reason', async () => {
    const { url } = await serve(site());
    const port = new URL(url).port;
    const reason = `Misdirected request: this server answers only to 127.0.0.1:${port} or localhost:${port}.\n`;
    for (const host of [`evil.example:${port}`, `127.0.0.1:${Number(port) + 1}`, '127.0.0.1', `[::1]:${port}`, `evil.localhost:${port}`, `127.0.0.1.evil.example:${port}`]) {
      const refused = await get(url, host);
      expect({ host, status: refused.status, body: refused.body }).toEqual({ host, status: 421, body: reason });
      expect(refused.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(securityHeaders(refused)).toEqual(EXPECTED_SECURITY_HEADERS);
    }
    const head = await get(url, `evil.example:${port}`, 'HEAD');
    expect([head.status, head.body]).toEqual([421, '']);
  });

  it('refuses a request without a Host header with 400 and a one-line reason', async () => {
    const { url } = await serve(site());
    const port = new URL(url).port;
    const refused = await get(url, null);
    expect(refused.status).toBe(400);
    expect(refused.body).toBe(`Bad request: no Host header; this server answers only to 127.0.0.1:${port} or localhost:${port}.\n`);
    expect(securityHeaders(refused)).toEqual(EXPECTED_SECURITY_HEADERS);
  });
});

describe('static server for the built GM screen', () => {
  it('serves the page at / and assets with their types, uncompressed even when gzip is accepted', async () => {
    const { url } = await serve(site());
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('<title>GM Screen</title>');
    const script = await fetch(`${url}assets/app.js?v=1`, { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(script.headers.get('content-encoding')).toBeNull();
    expect(Number(script.headers.get('content-length'))).toBe('export const x = 1;\n'.length * 500);
  });

  it('answers 304 to a revalidation of an unchanged file', async () => {
    const { url } = await serve(site());
    const first = await fetch(`${url}assets/app.js`);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await fetch(`${url}assets/app.js`, { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
  });

  it('refuses missing files, other methods and paths outside its folder', async () => {
    const root = site();
    const { url } = await serve(root);
    expect((await fetch(`${url}assets/nope.js`)).status).toBe(404);
    expect((await fetch(`${url}assets`)).status).toBe(404);
    expect((await fetch(url, { method: 'POST', body: 'x' })).status).toBe(405);
    expect((await fetch(`${url}..%2F..%2Fetc%2Fpasswd`)).status).toBe(400);
    expect(fileForPath(root, `/..%2Fsecret-${root.split('-').pop()}.txt`)).toBeNull();
    expect(fileForPath(root, '/%E0%A4%A')).toBeNull();
    expect(fileForPath(root, '/index.html%00.js')).toBeNull();
    expect(fileForPath(root, '/')).toBe(join(root, 'index.html'));
  });

  it('takes the next port when asked for a busy one, unless the port is strict', async () => {
    const root = site();
    const first = await serve(root);
    const port = Number(new URL(first.url).port);
    await expect(listenStatic(root, { port, strictPort: true })).rejects.toThrow(/EADDRINUSE/);
    const second = await serve(root, { port, strictPort: false });
    expect(Number(new URL(second.url).port)).toBeGreaterThan(port);
    expect((await fetch(second.url)).status).toBe(200);
  });

  it('rewrites the page when asked, and never lets it be cached; other files are served as they are', async () => {
    const { url } = await serve(site(), { port: 0, strictPort: true }, { transformPages: { 'index.html': (html) => html.replace('<title>', '<meta name="x" content="1"><title>') } });
    for (const path of ['', 'index.html']) {
      const page = await fetch(`${url}${path}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toBe('<!doctype html><meta name="x" content="1"><title>GM Screen</title>');
      expect([page.headers.get('cache-control'), page.headers.get('etag')]).toEqual(['no-store', null]);
      expect(page.headers.get('content-security-policy')).toBe(contentSecurityPolicy());
    }
    const script = await fetch(`${url}assets/app.js`);
    expect([script.headers.get('cache-control'), (await script.text()).length]).toEqual(['no-cache', 'export const x = 1;\n'.length * 500]);
  });
});
