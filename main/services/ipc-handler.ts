import type { z } from 'zod';
import { ipcContract, type IpcMethod, type IpcRequest, type IpcResponse } from '../../shared/ipc/contract';

/** The parts of an Electron IpcMainInvokeEvent we check; a plain object in tests. */
export interface InvokeEventLike {
  readonly senderFrame: { readonly url: string } | null;
}

export class IpcRejection extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IpcRejection';
  }
}

export type IpcImplementation = { [M in IpcMethod]: (request: IpcRequest<M>) => Promise<IpcResponse<M>> | IpcResponse<M> };

/**
 * Wraps an implementation so that it only runs for a trusted sender and a payload
 * that passes the contract schema; the answer is checked against the contract too.
 */
export function createIpcHandler<M extends IpcMethod>(
  method: M,
  implementation: IpcImplementation[M],
  isTrustedSender: (url: string) => boolean,
): (event: InvokeEventLike, payload: unknown) => Promise<IpcResponse<M>> {
  const entry = ipcContract[method];
  return async (event, payload) => {
    const url = event.senderFrame?.url;
    if (!url || !isTrustedSender(url)) {
      throw new IpcRejection(`${entry.channel}: refused a call from an untrusted sender (${url ?? 'no frame'}).`);
    }
    const parsed = (entry.request as z.ZodType).safeParse(payload);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new IpcRejection(`${entry.channel}: invalid payload (${issue ? issue.message : 'unknown problem'}).`);
    }
    const answer = await (implementation as (request: unknown) => unknown)(parsed.data);
    return (entry.response as z.ZodType).parse(answer) as IpcResponse<M>;
  };
}
