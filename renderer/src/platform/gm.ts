import type { GmApi } from '../../../shared/ipc/contract';
import { createBrowserGm } from './browser-gm';

declare global {
  interface Window {
    gm?: GmApi;
  }
}

/** The desktop preload's API when running in Electron, else the browser implementation. */
export const gm: GmApi = window.gm ?? createBrowserGm(__APP_VERSION__);
