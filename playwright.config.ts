import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/** Debian's Chromium by default; CHROMIUM_PATH overrides; else Playwright's own browser if installed. */
export function chromiumExecutable(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((path): path is string => Boolean(path && existsSync(path)));
}

const port = Number(process.env.E2E_PORT) || 5199;
/** Point the tests at a server already running (e.g. a `vite` dev server) instead of starting one. */
const externalBaseUrl = process.env.E2E_BASE_URL;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: externalBaseUrl ?? `http://127.0.0.1:${port}/`,
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: chromiumExecutable(),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: externalBaseUrl
    ? undefined
    : {
        command: `node scripts/serve-web.mjs`,
        env: { PORT: String(port) },
        url: `http://127.0.0.1:${port}/`,
        reuseExistingServer: false,
        timeout: 60_000,
      },
});
