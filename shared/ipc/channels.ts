/**
 * The one catalogue of IPC channels between the renderer and the main process.
 * Kept free of zod so the sandboxed preload bundle stays tiny.
 */
export const ipcChannels = {
  getAppInfo: 'gm:app:get-info',
} as const;

export type IpcMethod = keyof typeof ipcChannels;
