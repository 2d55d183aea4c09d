import { z } from 'zod';
import { ipcChannels, type IpcMethod } from './channels';

export const appInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  /** "electron" in the desktop app, "browser" when the GM screen runs in a plain browser. */
  shell: z.enum(['electron', 'browser']),
  platform: z.string(),
  /** Where the desktop app keeps its files; null in a browser. */
  dataDirectory: z.string().nullable(),
});
export type AppInfo = z.infer<typeof appInfoSchema>;

/**
 * Every IPC method: its channel, the schema its payload must satisfy and the schema of
 * its answer. Main validates payloads against `request` before a handler runs.
 */
export const ipcContract = {
  getAppInfo: { channel: ipcChannels.getAppInfo, request: z.undefined(), response: appInfoSchema },
} as const satisfies Record<IpcMethod, { channel: string; request: z.ZodType; response: z.ZodType }>;

type Contract = typeof ipcContract;
export type IpcRequest<M extends IpcMethod> = z.input<Contract[M]['request']>;
export type IpcResponse<M extends IpcMethod> = z.output<Contract[M]['response']>;

/** The API the renderer sees as `window.gm`, implemented by the preload and by the browser fallback. */
export type GmApi = {
  [M in IpcMethod]: IpcRequest<M> extends undefined
    ? () => Promise<IpcResponse<M>>
    : (request: IpcRequest<M>) => Promise<IpcResponse<M>>;
};

export { ipcChannels, type IpcMethod };
