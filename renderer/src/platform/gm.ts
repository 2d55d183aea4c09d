import type { GmApi, GmEvents } from '../../../shared/ipc/contract';
import { selectGm } from './select-gm';

declare global {
  interface Window {
    gm?: GmApi & GmEvents;
  }
}

/** Electron's preload API, else the loopback bridge of GM Screen's own server, else a browser alone (select-gm.ts). */
export const gm: GmApi & GmEvents = selectGm(window.gm, document, __APP_VERSION__);
