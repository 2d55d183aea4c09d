import type { GmApi } from '../../../shared/ipc/contract';

/**
 * `window.gm` for a plain browser (the `web` script and the e2e tests): the same
 * interface as the desktop preload, backed by what a browser has.
 */
export function createBrowserGm(version: string): GmApi {
  return {
    getAppInfo: async () => ({
      name: 'GM Screen',
      version,
      shell: 'browser',
      platform: navigator.platform || 'web',
      dataDirectory: null,
    }),
  };
}
