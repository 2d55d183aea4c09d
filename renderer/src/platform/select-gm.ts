import type { GmApi, GmEvents } from '../../../shared/ipc/contract';
import { createBrowserGm } from './browser-gm';
import { createHttpGm } from './http-gm';

/** The meta tag in which GM Screen's own server hands the page its launch's token (main/services/web-shell.ts). */
export const BRIDGE_TOKEN_META = 'gm-bridge-token';

/** The bridge token the serving page carries, or null when it was served without the bridge. */
export function bridgeToken(document: Document): string | null {
  return document.querySelector<HTMLMetaElement>(`meta[name="${BRIDGE_TOKEN_META}"]`)?.content || null;
}

/**
 * The token a worker may call the bridge with itself, so tens of megabytes of backup never pass
 * through the page: the browser fallback's, or null under Electron (only the page has the preload).
 */
export function workerBridgeToken(): string | null {
  return window.gm ? null : bridgeToken(document);
}

/**
 * The one transport under `gm`: Electron's preload where it ran, else the loopback bridge when
 * GM Screen's own server served the page, else a browser alone (no files).
 */
export function selectGm(preload: (GmApi & GmEvents) | undefined, document: Document, version: string): GmApi & GmEvents {
  if (preload) return preload;
  const token = bridgeToken(document);
  return token ? createHttpGm(token) : createBrowserGm(version);
}
