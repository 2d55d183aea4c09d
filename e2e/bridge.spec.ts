import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { serverDataDirectory } from './fixtures';

// The loopback bridge of GM Screen's own server, seen from Chromium; a dev server named by E2E_BASE_URL has none.
test.skip(Boolean(process.env.E2E_BASE_URL), 'the bridge is GM Screen’s own server’s');

/** A page on another loopback port: another site, as far as the browser is concerned. */
async function otherSite(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>Other site</title><p>Nothing to see</p>');
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () =>
      new Promise((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      }),
  };
}

/** POSTs a saveExport from inside `page`; a request the browser itself blocks reads "blocked". */
function postExport(page: Page, url: string, fileName: string, headers: Record<string, string>, mode: RequestMode = 'cors') {
  return page.evaluate(
    async ({ url, fileName, headers, mode }) => {
      try {
        const response = await fetch(url, {
          method: 'POST',
          mode,
          headers,
          body: JSON.stringify({ fileName, format: 'markdown', content: '# From the page\n' }),
        });
        return { status: response.status, type: response.type, body: response.type === 'opaque' ? '' : await response.text() };
      } catch {
        return 'blocked';
      }
    },
    { url, fileName, headers, mode },
  );
}

test('the screen talks to the bridge with the token it was served', async ({ page }) => {
  const calls: { path: string; token: string | undefined; status: number }[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/')) calls.push({ path: url.pathname, token: response.request().headers()['x-gm-token'], status: response.status() });
  });
  await page.goto('/');
  const token = await page.locator('meta[name="gm-bridge-token"]').getAttribute('content');
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  // The screen asks for its app info as it starts: window.gm is the bridge here, not a browser without files.
  await expect.poll(() => calls.find((call) => call.path === '/api/getAppInfo')).toEqual({ path: '/api/getAppInfo', token, status: 200 });
  expect(calls.filter((call) => call.token !== token || call.status !== 200)).toEqual([]);
});

test('a call from the page saves its file in the data folder', async ({ page }) => {
  await page.goto('/');
  const token = await page.locator('meta[name="gm-bridge-token"]').getAttribute('content');
  const fileName = `bridge-e2e-${Date.now()}.md`;
  const path = join(serverDataDirectory(), 'exports', fileName);
  const answer = await postExport(page, '/api/saveExport', fileName, { 'X-GM-Token': token!, 'Content-Type': 'application/json' });
  expect(answer).toEqual({ status: 200, type: 'basic', body: JSON.stringify({ value: { status: 'saved', path, bytes: 16 } }) });
  expect(readFileSync(path, 'utf8')).toBe('# From the page\n');
});

test('a page from another site can neither read the token nor call the bridge', async ({ page, baseURL }) => {
  const site = await otherSite();
  const fileName = `from-elsewhere-${Date.now()}.md`;
  try {
    await page.goto(site.url);
    const api = new URL('/api/saveExport', baseURL).href;
    // The page that carries the token: no CORS header, so another site's script cannot read it.
    expect(await page.evaluate(async (url) => fetch(url).then(() => 'read', () => 'blocked'), new URL('/', baseURL).href)).toBe('blocked');
    // With a guessed token the browser asks first (a custom header), and the refusal stops it.
    expect(await postExport(page, api, fileName, { 'X-GM-Token': 'a-guess' })).toBe('blocked');
    // A "simple" request is sent blind; the server refuses it for its Origin, and nothing is written.
    expect(await postExport(page, api, fileName, { 'Content-Type': 'text/plain' }, 'no-cors')).toEqual({ status: 0, type: 'opaque', body: '' });
    expect(existsSync(join(serverDataDirectory(), 'exports', fileName))).toBe(false);
  } finally {
    await site.close();
  }
});

test('a page reached under another site’s name (DNS rebinding) gets no token and no bridge', async ({ baseURL, launchOptions }) => {
  const port = new URL(baseURL!).port;
  const browser = await chromium.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), '--host-resolver-rules=MAP evil.example 127.0.0.1'],
  });
  try {
    const page = await browser.newPage();
    const response = await page.goto(`http://evil.example:${port}/`);
    expect(response?.status()).toBe(421);
    await expect(page.locator('meta[name="gm-bridge-token"]')).toHaveCount(0);
    const fileName = `rebound-${Date.now()}.md`;
    const answer = await postExport(page, `http://evil.example:${port}/api/saveExport`, fileName, { 'X-GM-Token': 'a-guess', 'Content-Type': 'application/json' });
    expect(answer).toEqual({
      status: 421,
      type: 'basic',
      body: `Misdirected request: this server answers only to 127.0.0.1:${port} or localhost:${port}.\n`,
    });
    expect(existsSync(join(serverDataDirectory(), 'exports', fileName))).toBe(false);
  } finally {
    await browser.close();
  }
});
