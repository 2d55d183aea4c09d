import type { GmApi, GmEvents } from '../../../shared/ipc/contract';
import { createBrowserGm } from './browser-gm';

declare global {
  interface Window {
    gm?: GmApi & GmEvents;
  }
}

/** The desktop preload's API when running in Electron, else the browser implementation. */
export const gm: GmApi & GmEvents = window.gm ?? createBrowserGm(__APP_VERSION__);
