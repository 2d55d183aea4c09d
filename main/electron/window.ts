import { BrowserWindow, session, shell } from 'electron';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { contentSecurityPolicy, createTrustedUrlCheck } from '../services/security';

/** The renderer URL: the electron-vite dev server in development, the built file otherwise. */
export function rendererUrl(): string {
  const devServer = process.env.ELECTRON_RENDERER_URL;
  if (devServer) return devServer;
  return pathToFileURL(join(__dirname, '../renderer/index.html')).toString();
}

/** The player view's page: player.html beside the GM screen's index.html, so both share one origin (and one BroadcastChannel). */
export function playerPageUrl(): string {
  return new URL('player.html', rendererUrl()).toString();
}

/**
 * Keeps a window on its own page: navigation elsewhere is refused and `window.open` denied (links
 * to the outside world open in the GM's browser, never in the app).
 */
export function keepOnOwnPage(window: BrowserWindow, isTrusted: (url: string) => boolean): void {
  window.webContents.on('will-navigate', (event, target) => {
    if (!isTrusted(target)) event.preventDefault();
  });
  window.webContents.setWindowOpenHandler(({ url: target }) => {
    if (target.startsWith('https:')) void shell.openExternal(target);
    return { action: 'deny' };
  });
}

export function hardenSession(): void {
  const devServer = process.env.ELECTRON_RENDERER_URL;
  const csp = contentSecurityPolicy(devServer ? new URL(devServer).origin : undefined);
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] } });
  });
  // The GM screen needs no camera, microphone, notifications or geolocation.
  session.defaultSession.setPermissionRequestHandler((_webContents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
}

/** Every window of the app: isolated, sandboxed, no Node; the GM window adds its preload. */
export const HARDENED_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  webSecurity: true,
  spellcheck: false,
} as const;

export function createMainWindow(): BrowserWindow {
  const url = rendererUrl();
  const isTrusted = createTrustedUrlCheck(url);
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 960,
    minHeight: 600,
    show: false,
    backgroundColor: '#15130f',
    title: 'GM Screen',
    autoHideMenuBar: true,
    webPreferences: { ...HARDENED_WEB_PREFERENCES, preload: join(__dirname, '../preload/index.cjs') },
  });
  window.once('ready-to-show', () => window.show());
  keepOnOwnPage(window, isTrusted);
  void window.loadURL(url);
  return window;
}

export { createTrustedUrlCheck };
