import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, expect, test, type ConsoleMessage } from '@playwright/test';
import { contentSecurityPolicy, metaContentSecurityPolicy } from '../main/services/content-security-policy.mjs';

// What the browser fallback's server (main/services/loopback-server.ts, static-files.ts) sends and refuses; a dev server named by E2E_BASE_URL does neither.
test.skip(Boolean(process.env.E2E_BASE_URL), 'the security headers and the Host check are the static server’s');

const appHeading = 'GM Screen';

/** A second loopback server on another port: another site, as far as the browser is concerned. */
async function otherSite(pages: Record<string, string>): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const html = pages[request.url ?? '/'];
    response.writeHead(html ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(html ?? 'Not found');
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

test('the served page carries the desktop app’s policy as a header and as its meta tag, and runs under it', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  const headers = response!.headers();
  expect({
    csp: headers['content-security-policy'],
    frame: headers['x-frame-options'],
    referrer: headers['referrer-policy'],
    sniff: headers['x-content-type-options'],
  }).toEqual({ csp: contentSecurityPolicy(), frame: 'DENY', referrer: 'no-referrer', sniff: 'nosniff' });
  await expect(page.getByRole('heading', { level: 1, name: appHeading })).toBeVisible({ timeout: 30_000 });
  const meta = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(meta).toBe(metaContentSecurityPolicy());
  expect(violations).toEqual([]);
});

test('another site cannot frame the GM screen', async ({ page, baseURL }) => {
  const appUrl = new URL('/', baseURL).href;
  const site = await otherSite({
    '/': `<!doctype html><title>Other site</title>
      <iframe id="own" src="/own"></iframe>
      <iframe id="app" src="${appUrl}"></iframe>`,
    '/own': '<!doctype html><title>Own</title><h1>A page the other site may frame</h1>',
  });
  const refusals: string[] = [];
  page.on('console', (message: ConsoleMessage) => refusals.push(message.text()));
  try {
    // goto waits for the load event, which waits for both frames, refused or not.
    await page.goto(site.url);
    // Control: a frame this test can look into when nothing refuses it.
    await expect(page.frameLocator('#own').getByRole('heading', { name: 'A page the other site may frame' })).toBeVisible();

    await expect.poll(() => refusals.find((text) => text.includes("frame-ancestors 'none'"))).toBe(
      `Framing '${appUrl}' violates the following Content Security Policy directive: "frame-ancestors 'none'". The request has been blocked.\n`,
    );
    // Chromium's block page stands in the frame instead of the app.
    const appFrame = await page.locator('#app').elementHandle().then((element) => element?.contentFrame());
    expect(appFrame?.url()).toBe('chrome-error://chromewebdata/');
    await expect(page.frameLocator('#app').locator('body')).toContainText('127.0.0.1 refused to connect.');
    await expect(page.frameLocator('#app').getByRole('heading', { level: 1, name: appHeading })).toHaveCount(0);
  } finally {
    await site.close();
  }
});

test('a request naming another host is refused, as after DNS rebinding, while the page itself loads', async ({
  request,
  baseURL,
}) => {
  const port = new URL(baseURL!).port;
  const refused = await request.get('/', { headers: { Host: `evil.example:${port}` } });
  expect([refused.status(), await refused.text()]).toEqual([
    421,
    `Misdirected request: this server answers only to 127.0.0.1:${port} or localhost:${port}.\n`,
  ]);
  const served = await request.get('/');
  expect(served.status()).toBe(200);
  expect(await served.text()).toContain('<title>GM Screen</title>');
});

test('a browser sent to the GM screen under another site’s name gets the refusal, not the app', async ({
  baseURL,
  launchOptions,
}) => {
  const port = new URL(baseURL!).port;
  // What DNS rebinding achieves: evil.example resolves to 127.0.0.1, so the browser treats the
  // GM screen as part of evil.example's origin; only the Host header tells the server.
  const browser = await chromium.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), '--host-resolver-rules=MAP evil.example 127.0.0.1'],
  });
  try {
    const page = await browser.newPage();
    const response = await page.goto(`http://evil.example:${port}/`);
    expect(response?.status()).toBe(421);
    await expect(page.locator('body')).toHaveText(
      `Misdirected request: this server answers only to 127.0.0.1:${port} or localhost:${port}.`,
    );
    await expect(page.getByRole('heading', { level: 1, name: appHeading })).toHaveCount(0);
  } finally {
    await browser.close();
  }
});
