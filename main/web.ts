// The browser-fallback shell, the counterpart of main/index.ts where Electron is not available:
// built to out/main/web.js and run with plain Node (`npm run web`, `npm start`'s fallback, e2e).
// It never imports electron.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ensureDataFolder } from './services/data-folder';
import { describeDataFolder, describeWebShell, startWebShell, type WebShell } from './services/web-shell';

/** The default port of `npm run web`; PORT overrides it and then must be free. */
export const DEFAULT_PORT = 5180;

export interface WebOptions {
  readonly port?: number;
  readonly strictPort?: boolean;
  /** Defaults to GM_SCREEN_DATA_DIR, else the desktop app's own data folder. */
  readonly dataDirectory?: string;
}

/** This file sits in out/main/; the build's renderer and package.json are beside and above it. */
const outFolder = resolve(__dirname, '..');

function packageVersion(): string {
  const { version } = JSON.parse(readFileSync(resolve(outFolder, '..', 'package.json'), 'utf8')) as { version: string };
  return version;
}

export async function startWeb({
  port = Number(process.env.PORT) || DEFAULT_PORT,
  strictPort = Boolean(process.env.PORT),
  dataDirectory,
}: WebOptions = {}): Promise<WebShell> {
  return startWebShell({
    rendererRoot: resolve(outFolder, 'renderer'),
    dataDirectory: dataDirectory ?? (await ensureDataFolder()),
    port,
    strictPort,
    version: packageVersion(),
  });
}

export { describeDataFolder, describeWebShell };

if (require.main === module) {
  startWeb().then(
    (shell) => console.log(describeWebShell(shell)),
    (error: unknown) => {
      console.error(`GM Screen could not start its server: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
