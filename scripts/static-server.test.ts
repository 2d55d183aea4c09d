import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without type declarations
import { fileForPath, listenStatic } from './static-server.mjs';

type Served = { url: string; server: { close(): Promise<void> } };

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
  await Promise.all(open.splice(0).map((s) => s.server.close()));
});

async function serve(root: string, options = { port: 0, strictPort: true }): Promise<Served> {
  const served = (await listenStatic(root, options)) as Served;
  open.push(served);
  return served;
}

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
});
