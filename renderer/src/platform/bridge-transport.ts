// The renderer's side of the loopback bridge (main/services/http-bridge.ts): one POST per call,
// the launch's token in a header, the answer's `value` or its `error` as a sentence.

/** The same path and header as main/services/http-bridge.ts (the renderer may not import main/). */
export const BRIDGE_PATH_PREFIX = '/api/';
export const BRIDGE_TOKEN_HEADER = 'X-GM-Token';
export const BRIDGE_FIELDS_HEADER = 'X-GM-Fields';

/**
 * The body and headers of one call. A file's content (an export, a backup: tens of megabytes) goes
 * as the text body itself, with the other fields URI-encoded in a header: escaping it into JSON and
 * parsing it back cost more than the rest of the call. It goes as a Blob: Chromium uploads a
 * 30 MB Blob in about a third of the time it takes for the same string.
 */
export function bridgeRequestBody(payload: unknown): { body: string | Blob; headers: Record<string, string> } {
  const content = typeof payload === 'object' && payload !== null ? (payload as { content?: unknown }).content : undefined;
  if (typeof content === 'string' || content instanceof Blob) {
    const { content: _content, ...fields } = payload as { content: unknown };
    const type = 'text/plain;charset=utf-8';
    // A Blob made by the caller (an export's part, kept for its download too) is sent as it is: making one costs as much as sending it.
    const body = content instanceof Blob ? content : new Blob([content], { type });
    return { body, headers: { 'Content-Type': type, [BRIDGE_FIELDS_HEADER]: encodeURIComponent(JSON.stringify(fields)) } };
  }
  // A method without a payload sends an empty body (JSON has no undefined).
  return { body: payload === undefined ? '' : JSON.stringify(payload), headers: { 'Content-Type': 'application/json' } };
}

/** A call the server did not answer with a value: not running, refused, or failed. */
export class BridgeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BridgeError';
  }
}

export type Fetch = (input: string, init: RequestInit) => Promise<Response>;

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** `{...fields, content}` from an answer whose body is a file's content. */
async function readContentAnswer(method: string, fieldsHeader: string, response: Response): Promise<unknown> {
  let fields: unknown;
  try {
    fields = JSON.parse(decodeURIComponent(fieldsHeader));
  } catch (error) {
    throw new BridgeError(`GM Screen's server answered ${method} with an unreadable ${BRIDGE_FIELDS_HEADER} header (${reasonOf(error)}).`);
  }
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) {
    throw new BridgeError(`GM Screen's server answered ${method} with an ${BRIDGE_FIELDS_HEADER} header that is not an object.`);
  }
  let content: string;
  try {
    content = await response.text();
  } catch (error) {
    throw new BridgeError(`GM Screen's server's answer to ${method} broke off (${reasonOf(error)}).`);
  }
  return { ...fields, content };
}

/** Posts one call; resolves with the answer's value, or rejects with a BridgeError saying why not. */
export function createBridgeCaller(token: string, fetchImpl: Fetch) {
  return async (method: string, payload: unknown): Promise<unknown> => {
    const request = bridgeRequestBody(payload);
    let response: Response;
    try {
      response = await fetchImpl(`${BRIDGE_PATH_PREFIX}${method}`, {
        method: 'POST',
        headers: { [BRIDGE_TOKEN_HEADER]: token, ...request.headers },
        body: request.body,
        cache: 'no-store',
      });
    } catch (error) {
      throw new BridgeError(
        `GM Screen's server did not answer (${reasonOf(error)}): is it still running? Start it again with \`npm run web\` or \`npm start\`, then reload the page.`,
      );
    }
    // An answer carrying a file's content has it as the body, the other fields in the header.
    const fields = response.ok ? response.headers.get(BRIDGE_FIELDS_HEADER) : null;
    if (fields !== null) return readContentAnswer(method, fields, response);
    const text = await response.text().catch(() => '');
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      // A refusal before the bridge (the Host check) is one line of plain text.
    }
    if (response.ok && typeof body === 'object' && body !== null && 'value' in body) return body.value;
    const detail =
      typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string'
        ? body.error
        : text.trim() || `HTTP ${response.status}`;
    throw new BridgeError(`GM Screen's server refused ${method} (${response.status}): ${detail}`);
  };
}
