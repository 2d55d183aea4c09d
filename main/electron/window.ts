import { BrowserWindow, session, shell } from 'electron';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { followExternalLink, type ExternalLinkHost } from '../services/external-links';
import { contentSecurityPolicy, createTrustedUrlCheck } from '../services/security';
import { MIN_GM_HEIGHT, MIN_GM_WIDTH, type GmWindowState } from '../services/window-state/gm-window-state';
import type { GmWindowHandle, GmWindowListeners } from '../services/window-state/gm-window-state-keeper';
import { appLog } from './app-log';

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
 * Keeps a window on its own page: navigation elsewhere is refused and `window.open` denied; a link
 * to the outside world opens in the GM's browser when main/services/external-links.ts allows it
 * (https only), never in the app, and a refused one is logged.
 */
export function keepOnOwnPage(
  window: BrowserWindow,
  isTrusted: (url: string) => boolean,
  log: (message: string) => void = (message) => appLog().warn(message),
): void {
  const links: ExternalLinkHost = { openExternal: (url) => shell.openExternal(url), log };
  window.webContents.on('will-navigate', (event, target) => {
    if (isTrusted(target)) return;
    event.preventDefault();
    followExternalLink(target, 'navigation', links);
  });
  window.webContents.setWindowOpenHandler(({ url: target }) => {
    followExternalLink(target, 'window.open', links);
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

/** The GM window where `state` says (logic in main/services/window-state/), reporting its changes to what `track` returns. */
export function createMainWindow(
  state: GmWindowState,
  track: (window: GmWindowHandle) => GmWindowListeners,
): BrowserWindow {
  const url = rendererUrl();
  const isTrusted = createTrustedUrlCheck(url);
  const window = new BrowserWindow({
    ...state.bounds,
    minWidth: MIN_GM_WIDTH,
    minHeight: MIN_GM_HEIGHT,
    fullscreen: state.fullScreen,
    show: false,
    backgroundColor: '#15130f',
    title: 'GM Screen',
    autoHideMenuBar: true,
    webPreferences: { ...HARDENED_WEB_PREFERENCES, preload: join(__dirname, '../preload/index.cjs') },
  });
  window.once('ready-to-show', () => {
    // Maximised over the normal bounds it returns to when un-maximised; maximize() shows the window itself, so only once it is ready.
    if (state.maximized) window.maximize();
    window.show();
  });
  keepOnOwnPage(window, isTrusted);
  const listeners = track(window);
  window.on('move', () => listeners.changed());
  window.on('resize', () => listeners.changed());
  window.on('maximize', () => listeners.changed());
  window.on('unmaximize', () => listeners.changed());
  window.on('enter-full-screen', () => listeners.changed());
  window.on('leave-full-screen', () => listeners.changed());
  window.on('close', () => listeners.closing());
  window.once('closed', () => listeners.closed());
  void window.loadURL(url);
  return window;
}

export { createTrustedUrlCheck };
