/**
 * Shared set-up of the benches that drive the built GM screen in Debian's Chromium (never a
 * downloaded one) through Playwright, served on 127.0.0.1 by scripts/serve-web.mjs.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext } from '@playwright/test';

export const ROOT = resolve(__dirname, '..');
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

type ServeWeb = (options: {
  port?: number;
  strictPort?: boolean;
  /** A throw-away data folder: a bench must not write backups into the GM's own. */
  dataDirectory?: string;
}) => Promise<{ server: { close(): Promise<void> }; url: string }>;

export interface BenchBrowser {
  readonly context: BrowserContext;
  readonly url: string;
  readonly executablePath: string;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.unref();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? ok(address.port) : fail(new Error('no port'))));
    });
  });
}

/** The built renderer served on 127.0.0.1 with a throw-away data folder. */
export interface ServedRenderer {
  readonly url: string;
  close(): Promise<void>;
}

/** Debian's Chromium, or the one CHROMIUM_PATH names. */
export const chromiumPath = (): string => process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Why a browser bench cannot run here (the build or Chromium is missing), or null when it can. */
export function browserBenchUnavailable(name: string): string | null {
  if (!existsSync(join(ROOT, 'out/renderer/index.html'))) {
    return `${name}: skipped — out/renderer/index.html is missing: run \`npm run build\` first.`;
  }
  const executablePath = chromiumPath();
  if (!existsSync(executablePath)) {
    return `${name}: skipped — no Chromium at ${executablePath} (install Debian's chromium or set CHROMIUM_PATH; this bench never downloads browsers).`;
  }
  return null;
}

/** Serves the renderer built in `root` (this checkout's by default; bench/ab-cold-start.ts serves another revision's too). */
export async function serveRenderer(name: string, root: string = ROOT): Promise<ServedRenderer> {
  const { serveWeb } = (await import(pathToFileURL(join(root, 'scripts/serve-web.mjs')).href)) as {
    serveWeb: ServeWeb;
  };
  const dataDirectory = mkdtempSync(join(tmpdir(), `gm-screen-${name}-data-`));
  const served = await serveWeb({ port: await freePort(), strictPort: true, dataDirectory });
  return {
    url: served.url,
    async close() {
      await served.server.close().catch(() => undefined);
      rmSync(dataDirectory, { recursive: true, force: true });
    },
  };
}

/** Chromium on the profile in `userDataDir` (kept: a later launch on it finds the same IndexedDB), 1280×800. */
export function launchChromium(userDataDir: string, extraArgs: readonly string[] = []): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS, ...extraArgs],
    headless: true,
    viewport: { width: 1280, height: 800 },
  });
}

/**
 * Serves the built renderer and opens Chromium on a fresh profile at 1280×800, or says why it
 * cannot (printed, and null returned) so `npm run bench` still runs the other suites.
 */
export async function openBenchBrowser(name: string): Promise<BenchBrowser | null> {
  const unavailable = browserBenchUnavailable(name);
  if (unavailable) {
    console.log(unavailable);
    return null;
  }
  const executablePath = chromiumPath();
  const userDataDir = mkdtempSync(join(tmpdir(), `gm-screen-${name}-`));
  const served = await serveRenderer(name);
  let context: BrowserContext;
  try {
    context = await launchChromium(userDataDir);
  } catch (cause) {
    await served.close();
    rmSync(userDataDir, { recursive: true, force: true });
    console.log(
      `${name}: skipped — Chromium at ${executablePath} did not start: ${(cause as Error).message.split('\n')[0]}`,
    );
    return null;
  }
  return {
    context,
    url: served.url,
    executablePath,
    async close() {
      await context.close().catch(() => undefined);
      await served.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * tsx (esbuild with keepNames) wraps named functions in `__name(...)`; functions handed to
 * the page keep those calls, so the page needs a no-op `__name`.
 */
export const NAME_SHIM = 'globalThis.__name = globalThis.__name || ((fn) => fn);';

export const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? Number.NaN;
