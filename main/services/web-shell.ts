// The browser fallback's server (`npm run web`, `npm start` without Electron): the built GM screen
// and the same file services the desktop app runs, behind the loopback bridge, on one server on
// 127.0.0.1. The counterpart of the Electron shell's IPC registration (main/electron/ipc.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { AppInfo } from '../../shared/ipc/contract';
import { MENU_NOT_SHOWN } from '../../shared/ipc/limits';
import { createAppInfo } from './app-info';
import { createAppLogger } from './logging/app-logger';
import { openLogFolder } from './logging/log-folder';
import { logRendererError } from './logging/renderer-errors';
import { createFileServices } from './file-services';
import { createPreferencesFile } from './files/preferences';
import { BRIDGE_PATH_PREFIX, createBridgeToken, createHttpBridge } from './http-bridge';
import type { IpcImplementation } from './ipc/ipc-handler';
import { createLoopbackServer, listenOnLoopback } from './loopback-server';
import { createPlacementStore } from './player-window/placement-store';
import { createStaticFileHandler } from './static-files';
import { BROWSER_UPDATE_IPC_METHODS } from './updates/update-ipc';

/** The page reads the launch's token from this meta tag (renderer/src/platform/gm.ts); nothing else hands it out. */
export const BRIDGE_TOKEN_META = 'gm-bridge-token';

/**
 * The player page's own token (renderer/src/platform/player-placement-report.ts), good for
 * reporting where its window is and its errors, and nothing else: the player page never gets the GM's API.
 */
export const PLAYER_TOKEN_META = 'gm-player-token';

/** The page with a token's meta tag added at the end of its head. */
function withTokenMeta(html: string, name: string, token: string, page: string): string {
  const end = html.indexOf('</head>');
  if (end < 0) throw new Error(`${page} has no </head> to carry its token.`);
  // The token is base64url: nothing in it needs escaping in an attribute.
  return `${html.slice(0, end)}  <meta name="${name}" content="${token}" />\n  ${html.slice(end)}`;
}

/** The GM page with the launch's bridge token. */
export function withBridgeToken(html: string, token: string): string {
  return withTokenMeta(html, BRIDGE_TOKEN_META, token, 'index.html');
}

/** The player page with the launch's player token. */
export function withPlayerToken(html: string, token: string): string {
  return withTokenMeta(html, PLAYER_TOKEN_META, token, 'player.html');
}

/** The answer to openPlayerView over the bridge: a server cannot open a browser window; the page does (renderer/src/platform/player-window-browser.ts). */
export const PLAYER_VIEW_OPENS_IN_PAGE =
  'In a browser the GM page opens the player view itself; the server cannot open a window.';

export interface WebShellOptions {
  /** The built renderer (out/renderer). */
  readonly rendererRoot: string;
  /** Where exports, backups and preferences go; already created. */
  readonly dataDirectory: string;
  readonly port: number;
  /** Fail when `port` is taken instead of trying the next ones. */
  readonly strictPort: boolean;
  readonly version: string;
  readonly platform?: string;
  readonly now?: () => Date;
}

export interface WebShell {
  readonly url: string;
  readonly dataDirectory: string;
  close(): Promise<void>;
}

export async function startWebShell(options: WebShellOptions): Promise<WebShell> {
  const token = createBridgeToken();
  const appInfo: AppInfo = createAppInfo(
    {
      name: 'GM Screen',
      version: options.version,
      platform: options.platform ?? process.platform,
      dataDirectory: options.dataDirectory,
    },
    { node: process.versions.node },
    'browser',
  );
  const placements = createPlacementStore(
    createPreferencesFile(join(options.dataDirectory, 'preferences.json')),
    'playerWindowInBrowser',
  );
  const logger = createAppLogger({ folder: join(options.dataDirectory, 'logs'), now: options.now });
  // No dialogs and no folder windows in a browser: exports go to <data>/exports/, the page picks import files itself.
  const { abortOpenExports, ...fileServices } = createFileServices({
    dataDirectory: options.dataDirectory,
    chooseSavePath: null,
    chooseOpenPath: null,
    revealInFolder: null,
    now: options.now ?? (() => new Date()),
  });
  const implementation: IpcImplementation = {
    getAppInfo: () => appInfo,
    ...fileServices,
    // A browser page is never opened with files (nothing double-clicked reaches it) and is never reloaded by this server.
    takeOpenedFile: () => ({ status: 'none' }),
    takeRecoveryNotice: () => null,
    openPlayerView: () => ({ status: 'failed', message: PLAYER_VIEW_OPENS_IN_PAGE }),
    choosePlayerPlacement: ({ displays }) => placements.choose(displays),
    savePlayerPlacement: (placement) => placements.save(placement),
    setMenu: () => ({ status: 'not-shown', message: MENU_NOT_SHOWN }),
    logRendererError: (report) => logRendererError(logger, report),
    // A server opens no folder window: the page shows the path.
    openLogFolder: () => openLogFolder(logger.folder, null),
    // This server is the project's own files: it never checks for updates, and says where they come from.
    ...BROWSER_UPDATE_IPC_METHODS,
  };
  const playerToken = createBridgeToken();
  const bridge = createHttpBridge({ token, playerToken, implementation });
  // Both pages are served with the same headers (the one CSP); each gets only its own token.
  const files = createStaticFileHandler(options.rendererRoot, {
    transformPages: {
      'index.html': (html) => withBridgeToken(html, token),
      'player.html': (html) => withPlayerToken(html, playerToken),
    },
  });
  const server = createLoopbackServer((request: IncomingMessage, response: ServerResponse, port: number) =>
    (request.url ?? '/').startsWith(BRIDGE_PATH_PREFIX) ? bridge(request, response, port) : files(request, response),
  );
  const listening = await listenOnLoopback(server, { port: options.port, strictPort: options.strictPort });
  return {
    url: listening.url,
    dataDirectory: options.dataDirectory,
    // An export half-written when the server stops leaves no temporary file behind.
    close: async () => {
      await abortOpenExports();
      await listening.close();
    },
  };
}

/** Where the files go, printed at start by `npm run web` and by `npm start`'s fallback. */
export function describeDataFolder(dataDirectory: string): string {
  return `Exports and backups are saved in ${dataDirectory} (set GM_SCREEN_DATA_DIR to use another folder).`;
}

/** What `npm run web` prints once the server is up. */
export function describeWebShell(shell: Pick<WebShell, 'url' | 'dataDirectory'>): string {
  return `GM Screen is served at ${shell.url} — open it in your browser (Ctrl+C to stop).\n${describeDataFolder(shell.dataDirectory)}`;
}
