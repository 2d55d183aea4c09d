// Serves the built GM screen on 127.0.0.1 for a plain browser (`npm run web`, and the fallback of
// `npm start` where the Electron binary is missing): runs the browser-fallback shell the build
// wrote to out/main/web.js (main/web.ts), the same file services as the desktop app behind the
// loopback bridge. PORT picks the port (and then it must be free); GM_SCREEN_DATA_DIR the data folder.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const root = resolve(new URL('.', import.meta.url).pathname, '..');
const shellEntry = resolve(root, 'out/main/web.js');

/** Loads out/main/web.js (CommonJS, as electron-vite builds main), or says the build is missing. */
function loadWebShell() {
  if (!existsSync(resolve(root, 'out/renderer/index.html')) || !existsSync(shellEntry)) {
    throw new Error('The GM screen is not built yet: run `npm run build` first.');
  }
  return createRequire(import.meta.url)(shellEntry);
}

/**
 * Starts the server; resolves with its URL, its data folder and `server.close()`. Options left
 * out follow the CLI: PORT (strict when set, else 5180 or the next free port), GM_SCREEN_DATA_DIR.
 */
export async function serveWeb(options = {}) {
  const shell = await loadWebShell().startWeb(options);
  return { url: shell.url, dataDirectory: shell.dataDirectory, server: { close: () => shell.close() } };
}

/** The lines printed at start: where to open it, and where exports and backups go. */
export function describeServed(served) {
  return loadWebShell().describeWebShell(served);
}

/** The line saying where exports and backups go. */
export function describeDataFolder(dataDirectory) {
  return loadWebShell().describeDataFolder(dataDirectory);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(root, 'scripts/serve-web.mjs')) {
  const served = await serveWeb();
  console.log(describeServed(served));
}
