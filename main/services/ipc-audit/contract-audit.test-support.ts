// The contract audit: every method of ipcContract, enumerated at run time (a method added later is
// audited with no edit here), through both shells. Each audit returns its problems as sentences,
// so a test shows them all at once, and a planted violation shows which check caught it.
import type { z } from 'zod';
import { ipcContract, PLAYER_PAGE_METHODS, type IpcMethod } from '../../../shared/ipc/contract';
import { IpcRejection, type InvokeEventLike, type IpcImplementation } from '../ipc/ipc-handler';
import { invalidPayload, validPayload } from './sample-payload.test-support';

export const contractMethods = (): IpcMethod[] => Object.keys(ipcContract) as IpcMethod[];
const requestOf = (method: IpcMethod) => ipcContract[method].request as z.ZodType;

export type RegisteredHandler = (event: InvokeEventLike, payload: unknown) => unknown;

/** Stands in for ipcMain.handle: every handler registered, by channel. */
export function createRegistry() {
  const handlers = new Map<string, RegisteredHandler[]>();
  return {
    handlers,
    handle(channel: string, handler: RegisteredHandler) {
      handlers.set(channel, [...(handlers.get(channel) ?? []), handler]);
    },
  };
}

/** What no response schema allows. */
export const NOT_IN_THE_CONTRACT = Object.freeze({ notInTheContract: true });

/** An implementation of every contract method that records each call and answers NOT_IN_THE_CONTRACT. */
export function createProbes(): { implementation: IpcImplementation; calls: { method: IpcMethod; request: unknown }[] } {
  const calls: { method: IpcMethod; request: unknown }[] = [];
  const entries = contractMethods().map((method) => [method, (request: unknown) => (calls.push({ method, request }), NOT_IN_THE_CONTRACT)]);
  return { implementation: Object.fromEntries(entries) as IpcImplementation, calls };
}

type Outcome = { kind: 'answered' } | { kind: 'refused'; message: string } | { kind: 'failed'; message: string };

async function outcomeOf(run: () => unknown): Promise<Outcome> {
  try {
    await run();
    return { kind: 'answered' };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return error instanceof IpcRejection ? { kind: 'refused', message } : { kind: 'failed', message };
  }
}

const describeOutcome = (outcome: Outcome) => (outcome.kind === 'answered' ? 'it answered' : `${outcome.kind === 'refused' ? 'IpcRejection' : 'Error'}: ${outcome.message}`);

export interface RegistrationAuditOptions {
  /** A URL the shell's trust check accepts. */
  readonly trustedUrl: string;
  /** A signature of everything an implementation could change (calls to Electron, files); the same before and after a refused call. */
  readonly sideEffects: () => string;
}

/**
 * Electron: exactly one handler per contract channel and none on another; each refuses an untrusted
 * sender (a foreign page, no frame) and an invalid payload with an IpcRejection, before anything runs.
 */
export async function auditRegistrations(handlers: ReadonlyMap<string, readonly RegisteredHandler[]>, options: RegistrationAuditOptions): Promise<string[]> {
  const problems: string[] = [];
  const channels = new Set(contractMethods().map((method) => ipcContract[method].channel));
  for (const channel of handlers.keys()) if (!channels.has(channel)) problems.push(`${channel}: a handler on a channel the contract does not have.`);
  for (const method of contractMethods()) {
    const { channel } = ipcContract[method];
    const registered = handlers.get(channel) ?? [];
    if (registered.length !== 1) {
      problems.push(`${method}: ${registered.length} handlers on ${channel}, not 1.`);
      continue;
    }
    const handler = registered[0]!;
    const refusedBeforeRunning = async (event: InvokeEventLike, payload: unknown, expected: RegExp, what: string) => {
      const before = options.sideEffects();
      const outcome = await outcomeOf(() => handler(event, payload));
      if (outcome.kind !== 'refused' || !expected.test(outcome.message)) problems.push(`${method}: ${what} was not refused with an IpcRejection (${describeOutcome(outcome)}).`);
      if (options.sideEffects() !== before) problems.push(`${method}: its implementation ran for ${what}.`);
    };
    // A valid payload, so that only the sender check can refuse these.
    const payload = validPayload(requestOf(method));
    await refusedBeforeRunning({ senderFrame: { url: 'https://evil.example/' } }, payload, /untrusted sender/, 'a call from https://evil.example/');
    await refusedBeforeRunning({ senderFrame: null }, payload, /untrusted sender/, 'a call with no sender frame');
    const invalid = invalidPayload(requestOf(method));
    await refusedBeforeRunning({ senderFrame: { url: options.trustedUrl } }, invalid, /invalid payload/, `the invalid payload ${JSON.stringify(invalid)}`);
  }
  return problems;
}

/**
 * Handlers registered over createProbes(): a trusted call with a valid payload runs the probe once
 * with that payload, and its answer (NOT_IN_THE_CONTRACT) is refused as breaking the contract.
 */
export async function auditAnswerChecks(
  handlers: ReadonlyMap<string, readonly RegisteredHandler[]>,
  probes: ReturnType<typeof createProbes>,
  trustedUrl: string,
): Promise<string[]> {
  const problems: string[] = [];
  for (const method of contractMethods()) {
    const handler = handlers.get(ipcContract[method].channel)?.[0];
    if (!handler) {
      problems.push(`${method}: no handler.`);
      continue;
    }
    const payload = validPayload(requestOf(method));
    const before = probes.calls.length;
    const outcome = await outcomeOf(() => handler({ senderFrame: { url: trustedUrl } }, payload));
    const ran = probes.calls.slice(before);
    if (ran.length !== 1 || ran[0]!.method !== method) problems.push(`${method}: a trusted call with a valid payload ran ${ran.map((call) => call.method).join(', ') || 'nothing'}.`);
    if (outcome.kind !== 'failed' || !outcome.message.includes('the answer breaks the contract')) {
      problems.push(`${method}: an answer outside the contract was not refused (${describeOutcome(outcome)}).`);
    }
  }
  return problems;
}

/**
 * One POST /api/<method> to a loopback bridge: the token header when given, the body as JSON text
 * ('' for none), or a file call's content as the body with its other fields in `headers`.
 */
export type BridgeRequest = (call: {
  method: string;
  token?: string;
  body: string | Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
}) => Promise<{ status: number; body: string }>;

export interface BridgeAuditOptions {
  readonly gmToken: string;
  readonly playerToken: string;
  readonly sideEffects: () => string;
}

/**
 * A payload as the page's transport sends it (renderer/src/platform/bridge-transport.ts): a file
 * call's content as the body, its other fields in X-GM-Fields; anything else as JSON.
 */
function callOf(payload: unknown): { body: string | Uint8Array<ArrayBuffer>; headers?: Record<string, string> } {
  const content = typeof payload === 'object' && payload !== null ? (payload as { content?: unknown }).content : undefined;
  if (typeof content === 'string' || content instanceof Uint8Array) {
    const { content: _content, ...fields } = payload as { content: unknown };
    return { body: content as string | Uint8Array<ArrayBuffer>, headers: { 'X-GM-Fields': encodeURIComponent(JSON.stringify(fields)) } };
  }
  return { body: payload === undefined ? '' : JSON.stringify(payload) };
}

/**
 * The browser fallback: each method refuses a missing or wrong token (403) and an invalid payload
 * (400), and the player page's token unless the method is one of PLAYER_PAGE_METHODS (403); nothing
 * runs for a refused call.
 */
export async function auditBridge(request: BridgeRequest, options: BridgeAuditOptions): Promise<string[]> {
  const problems: string[] = [];
  const wrongToken = 'A'.repeat(options.gmToken.length);
  for (const method of contractMethods()) {
    const valid = callOf(validPayload(requestOf(method)));
    const refused = async (call: Omit<Parameters<BridgeRequest>[0], 'method'>, status: number, expected: RegExp, what: string) => {
      const before = options.sideEffects();
      const answer = await request({ method, ...call });
      if (answer.status !== status || !expected.test(answer.body)) problems.push(`${method}: ${what} got ${answer.status} ${answer.body}, not ${status}.`);
      if (options.sideEffects() !== before) problems.push(`${method}: its implementation ran for ${what}.`);
    };
    await refused(valid, 403, /needs the token/, 'a call without a token');
    await refused({ token: wrongToken, ...valid }, 403, /not this launch's token/, 'a call with a wrong token');
    const invalid = invalidPayload(requestOf(method));
    await refused({ token: options.gmToken, body: JSON.stringify(invalid) }, 400, /invalid payload/, `the invalid payload ${JSON.stringify(invalid)}`);
    if (PLAYER_PAGE_METHODS.includes(method)) {
      const answer = await request({ method, token: options.playerToken, ...valid });
      if (answer.status === 403) problems.push(`${method}: the player page's token was refused for a method the player page may call (${answer.body}).`);
    } else {
      await refused({ token: options.playerToken, ...valid }, 403, /the player page may call/, "the player page's token");
    }
  }
  return problems;
}

/** A bridge over createProbes(): the GM's call with a valid payload runs the probe and its answer is refused (500). */
export async function auditBridgeAnswers(request: BridgeRequest, gmToken: string, probes: ReturnType<typeof createProbes>): Promise<string[]> {
  const problems: string[] = [];
  for (const method of contractMethods()) {
    const before = probes.calls.length;
    const answer = await request({ method, token: gmToken, ...callOf(validPayload(requestOf(method))) });
    const ran = probes.calls.slice(before).map((call) => call.method);
    if (ran.join() !== method) problems.push(`${method}: a valid call ran ${ran.join(', ') || 'nothing'}.`);
    if (answer.status !== 500 || !answer.body.includes('the answer breaks the contract')) {
      problems.push(`${method}: an answer outside the contract got ${answer.status} ${answer.body}, not 500.`);
    }
  }
  return problems;
}
