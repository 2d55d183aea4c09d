// The IPC contract over HTTP for the browser fallback: `POST /api/<method>` with the payload as
// JSON (an empty body for methods that take none), or for a file call its content as the body
// (text, or bytes for an export's part) with the other fields in a header, answered `{"value": …}` or `{"error": "…"}` — or, for an
// answer carrying a file's content (a backup read back), that content as the text body with the
// other fields in the same header.
// It listens on loopback only, but any web page the GM opens can send requests to loopback, so
// every call must carry the launch's secret token (which only this server's own page is given),
// come from this server's own origin when a browser says where it comes from, and stay under
// the method's body cap; the Host check (DNS rebinding) runs before, in loopback-server.ts.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import secureJson from 'secure-json-parse';
import { BYTE_CONTENT_METHODS, ipcContract, PLAYER_PAGE_METHODS, type IpcMethod } from '../../shared/ipc/contract';
import { IpcRejection, runContractMethod, type IpcImplementation } from './ipc/ipc-handler';
import { allowedOrigins, SECURITY_HEADERS } from './loopback-server';

/** Where the bridge's calls go: `/api/<method>`. The renderer's transport (renderer/src/platform/http-gm.ts) says the same. */
export const BRIDGE_PATH_PREFIX = '/api/';
/** The header carrying the launch's token (lower case, as Node reports headers). */
export const BRIDGE_TOKEN_HEADER = 'x-gm-token';
/**
 * The header with a file call's other fields when its content is the body itself, in a request
 * (see `parseContentPayload`) or an answer (see `sendValue`).
 */
export const BRIDGE_FIELDS_HEADER = 'x-gm-fields';

/** A fresh secret for one launch: 32 random bytes, base64url (43 characters, safe in a header and an HTML attribute). */
export function createBridgeToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Compares in constant time; hashing first gives both sides one length, so not even the length leaks. */
function tokenMatches(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function sendJson(
  response: ServerResponse,
  status: number,
  body: { value: unknown } | { error: string },
  closeAfter = false,
): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    ...SECURITY_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(text),
    ...(closeAfter ? { Connection: 'close' } : {}),
    ...(status === 405 ? { Allow: 'POST' } : {}),
  });
  response.end(text);
}

/**
 * A successful answer. One carrying a file's `content` sends it as the body itself, the other
 * fields URI-encoded in X-GM-Fields: wrapping tens of megabytes in a JSON string, escaping them
 * and parsing them back on the page took longer than reading the file.
 */
function sendValue(response: ServerResponse, value: unknown): void {
  if (typeof value !== 'object' || value === null || typeof (value as { content?: unknown }).content !== 'string') {
    return sendJson(response, 200, { value });
  }
  const { content, ...fields } = value as { content: string };
  response.writeHead(200, {
    ...SECURITY_HEADERS,
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(content),
    [BRIDGE_FIELDS_HEADER]: encodeURIComponent(JSON.stringify(fields)),
  });
  response.end(content);
}

/** The body, or 'too-large' as soon as it passes `limit` bytes, whatever Content-Length claimed. */
function readBody(request: IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve('too-large');
  return new Promise((ok, fail) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        // Nothing more is kept: the rest is left to Node, which drops it and closes the connection.
        request.off('data', onData);
        chunks.length = 0;
        ok('too-large');
        return;
      }
      chunks.push(chunk);
    };
    request.on('data', onData);
    request.once('end', () => ok(Buffer.concat(chunks, size)));
    request.once('error', fail);
  });
}

/** The fields beside a file's content are a name, a format, a reason and counts: a few hundred bytes. */
const MAX_FIELDS_HEADER_CHARS = 4096;

/**
 * A file call (an export, a backup) with an X-GM-Fields header: the body is the file's content as
 * it is, and its other fields come as URI-encoded JSON in that header. Escaping tens of megabytes into a
 * JSON string and parsing them back took most of the time of a large export. A method whose
 * content is bytes (BYTE_CONTENT_METHODS: an export's part, already UTF-8) gets the body as it
 * came; the others get it as text.
 */
function parseContentPayload(
  body: Buffer,
  fieldsHeader: string | string[] | undefined,
  asBytes: boolean,
): { payload: unknown } | { problem: string } {
  if (typeof fieldsHeader !== 'string' || fieldsHeader === '')
    return { problem: 'X-GM-Fields is empty: a content body needs its other fields there' };
  if (fieldsHeader.length > MAX_FIELDS_HEADER_CHARS)
    return { problem: `X-GM-Fields is longer than ${MAX_FIELDS_HEADER_CHARS} characters` };
  let fields: unknown;
  try {
    fields = secureJson.parse(decodeURIComponent(fieldsHeader), undefined, {
      protoAction: 'error',
      constructorAction: 'error',
    });
  } catch (error) {
    return {
      problem: `X-GM-Fields is not URI-encoded JSON (${error instanceof Error ? error.message : String(error)})`,
    };
  }
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields))
    return { problem: 'X-GM-Fields must be a JSON object' };
  if (Object.hasOwn(fields, 'content'))
    return { problem: 'X-GM-Fields may not carry the content: the body is the content' };
  if (asBytes) return { payload: { ...fields, content: body } };
  try {
    return { payload: { ...fields, content: body.toString('utf8') } };
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
}

/** The payload a body carries: none for an empty body, else JSON without prototype keys. */
function parsePayload(body: Buffer): { payload: unknown } | { problem: string } {
  try {
    // Inside the try: a body past V8's longest string (about 512 MiB of text) cannot even be decoded.
    const text = body.toString('utf8');
    if (text.trim() === '') return { payload: undefined };
    return { payload: secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }) };
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
}

export interface HttpBridgeOptions {
  /** The GM page's token: every method. */
  readonly token: string;
  /** The player page's token: PLAYER_PAGE_METHODS only (it reports where its window is, and its errors). */
  readonly playerToken?: string;
  readonly implementation: IpcImplementation;
}

/** Answers one `/api/…` request that passed the Host check; `port` is the server's own. */
export function createHttpBridge({ token, playerToken, implementation }: HttpBridgeOptions) {
  return async (request: IncomingMessage, response: ServerResponse, port: number): Promise<void> => {
    const origin = request.headers.origin;
    const origins = allowedOrigins(port);
    if (origin !== undefined && !origins.includes(origin.toLowerCase())) {
      return sendJson(
        response,
        403,
        { error: `Forbidden: only this server's own pages (${origins.join(' or ')}) may call it, not ${origin}.` },
        true,
      );
    }
    const given = request.headers[BRIDGE_TOKEN_HEADER];
    if (typeof given !== 'string' || given === '') {
      return sendJson(
        response,
        403,
        { error: "Forbidden: a call needs the token GM Screen's page was given at launch (header X-GM-Token)." },
        true,
      );
    }
    const caller = tokenMatches(given, token)
      ? 'gm'
      : playerToken !== undefined && tokenMatches(given, playerToken)
        ? 'player'
        : null;
    if (!caller) {
      return sendJson(
        response,
        403,
        { error: "Forbidden: the X-GM-Token header is not this launch's token; reload the page." },
        true,
      );
    }
    if (request.method !== 'POST')
      return sendJson(response, 405, { error: 'Method not allowed: the bridge answers POST only.' }, true);
    const { pathname } = new URL(request.url ?? '/', 'http://127.0.0.1');
    const name = pathname.slice(BRIDGE_PATH_PREFIX.length);
    if (!pathname.startsWith(BRIDGE_PATH_PREFIX) || !Object.hasOwn(ipcContract, name)) {
      return sendJson(response, 404, { error: `Not found: "${name}" is not a method of GM Screen's contract.` }, true);
    }
    const method = name as IpcMethod;
    if (caller === 'player' && !PLAYER_PAGE_METHODS.includes(method)) {
      return sendJson(
        response,
        403,
        { error: `Forbidden: the player page may call ${PLAYER_PAGE_METHODS.join(', ')} only, not ${method}.` },
        true,
      );
    }
    const limit = ipcContract[method].maxBodyBytes;
    const body = await readBody(request, limit);
    if (body === 'too-large') {
      return sendJson(response, 413, { error: `Payload too large: ${method} accepts at most ${limit} bytes.` }, true);
    }
    // X-GM-Fields marks a file call whose body is the content itself (fetch calls any string body text/plain, so the type cannot tell).
    const asText = request.headers[BRIDGE_FIELDS_HEADER] !== undefined;
    const parsed = asText
      ? parseContentPayload(body, request.headers[BRIDGE_FIELDS_HEADER], BYTE_CONTENT_METHODS.has(method))
      : parsePayload(body);
    if ('problem' in parsed) {
      return sendJson(response, 400, {
        error: asText ? `Bad request: ${parsed.problem}.` : `Bad request: the body is not JSON (${parsed.problem}).`,
      });
    }
    try {
      const value = await runContractMethod(method, implementation[method], parsed.payload);
      return sendValue(response, value);
    } catch (error) {
      if (error instanceof IpcRejection) return sendJson(response, 400, { error: error.message });
      return sendJson(response, 500, {
        error: `The GM Screen server failed: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  };
}
