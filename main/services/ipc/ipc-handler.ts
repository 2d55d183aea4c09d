import type { z } from 'zod';
import { ipcContract, type IpcMethod, type IpcRequest, type IpcResponse } from '../../../shared/ipc/contract';

/** The parts of an Electron IpcMainInvokeEvent we check; a plain object in tests. */
export interface InvokeEventLike {
  readonly senderFrame: { readonly url: string } | null;
}

/** A call refused before its implementation ran: an untrusted sender or a payload the contract does not allow. */
export class IpcRejection extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IpcRejection';
  }
}

export type IpcImplementation = { [M in IpcMethod]: (request: IpcRequest<M>) => Promise<IpcResponse<M>> | IpcResponse<M> };

/** The first problem zod found, with where it is when it is inside the payload ("content: Too big…"). */
function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'unknown problem';
  return issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
}

/**
 * Runs one contract method as both transports do (Electron IPC and the browser fallback's
 * loopback bridge): the payload must pass the method's request schema (else IpcRejection and
 * the implementation never runs), and the answer must pass its response schema (else an Error:
 * main never sends the renderer something the contract does not describe).
 */
export async function runContractMethod<M extends IpcMethod>(
  method: M,
  implementation: IpcImplementation[M],
  payload: unknown,
): Promise<IpcResponse<M>> {
  const entry = ipcContract[method];
  const parsed = (entry.request as z.ZodType).safeParse(payload);
  if (!parsed.success) throw new IpcRejection(`${entry.channel}: invalid payload (${describeIssue(parsed.error)}).`);
  const answer = await (implementation as (request: unknown) => unknown)(parsed.data);
  const checked = (entry.response as z.ZodType).safeParse(answer);
  if (!checked.success) throw new Error(`${entry.channel}: the answer breaks the contract (${describeIssue(checked.error)}).`);
  return checked.data as IpcResponse<M>;
}

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
    return runContractMethod(method, implementation, payload);
  };
}
