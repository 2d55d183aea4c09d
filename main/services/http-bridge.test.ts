import { request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BackupInfo } from '../../shared/ipc/contract';
import { BRIDGE_PATH_PREFIX, createBridgeToken, createHttpBridge } from './http-bridge';
import type { IpcImplementation } from './ipc/ipc-handler';
import { createLoopbackServer, listenOnLoopback, type Listening } from './loopback-server';
import { contentSecurityPolicy } from './security';
import { BROWSER_UPDATE_IPC_METHODS } from './updates/update-ipc';

const TOKEN = createBridgeToken();
const info = { name: 'GM Screen', version: '0.1.0', shell: 'browser', platform: 'linux', dataDirectory: '/tmp/gm', versions: { app: '0.1.0', node: '22.20.0' } } as const;
const backup: BackupInfo = { name: 'b.gmbackup', createdAt: '2026-12-01T19:00:00.000Z', bytes: 10, encounters: 1, events: 2, reason: 'manual' };

function fakeImplementation(): IpcImplementation {
  return {
    getAppInfo: vi.fn(() => info),
    saveExport: vi.fn(() => ({ status: 'saved' as const, path: '/tmp/gm/exports/x.md', bytes: 3 })),
    beginExport: vi.fn(() => ({ status: 'started' as const, exportId: '2f1d0c44-7d6c-4f5e-9b8a-0c1d2e3f4a5b' })),
    appendExport: vi.fn(() => ({ status: 'appended' as const })),
    finishExport: vi.fn(() => ({ status: 'saved' as const, path: '/tmp/gm/exports/x.md', bytes: 3 })),
    abortExport: vi.fn(() => ({ status: 'aborted' as const })),
    showInFolder: vi.fn(() => ({ opened: false, path: '/tmp/gm/backups' })),
    pickImportFile: vi.fn(() => ({ status: 'cancelled' as const })),
    takeOpenedFile: vi.fn(() => ({ status: 'none' as const })),
    takeRecoveryNotice: vi.fn(() => null),
    writeBackup: vi.fn(() => ({ status: 'saved' as const, backup })),
    listBackups: vi.fn(() => ({ folder: '/tmp/gm/backups', backups: [backup] })),
    readBackup: vi.fn(() => ({ status: 'failed' as const, message: 'the backup is damaged' })),
    findNewestIntactBackup: vi.fn(() => null),
    openPlayerView: vi.fn(() => ({ status: 'failed' as const, message: 'the page opens it' })),
    choosePlayerPlacement: vi.fn(() => ({ displayId: '1', bounds: { x: 0, y: 0, width: 1280, height: 720 }, fullScreen: false })),
    savePlayerPlacement: vi.fn(() => ({ status: 'saved' as const })),
    setMenu: vi.fn(() => ({ status: 'not-shown' as const, message: 'no menu' })),
    logRendererError: vi.fn(() => ({ status: 'logged' as const })),
    openLogFolder: vi.fn(() => ({ opened: false, path: '/tmp/gm/logs' })),
    ...BROWSER_UPDATE_IPC_METHODS,
  };
}

const open: Listening[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((served) => served.close()));
});

async function bridge(implementation = fakeImplementation()) {
  const served = await listenOnLoopback(createLoopbackServer(createHttpBridge({ token: TOKEN, implementation })), { port: 0, strictPort: true });
  open.push(served);
  return { implementation, port: served.port };
}

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

interface Call {
  readonly port: number;
  readonly method?: string;
  readonly path: string;
  readonly headers?: OutgoingHttpHeaders;
  readonly body?: string | Buffer;
  /** Writes the body as chunks and never ends the request: the answer must come while the client is still sending. */
  readonly endless?: { chunk: string; chunks: number };
}

/** One request through node:http, which (unlike fetch) may send any Host and Origin. */
function call({ port, method = 'POST', path, headers = {}, body, endless }: Call): Promise<Answer> {
  return new Promise((ok, fail) => {
    const request = httpRequest({ hostname: '127.0.0.1', port, path, method, headers: { Host: `127.0.0.1:${port}`, ...headers } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => ok({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      response.on('error', () => ok({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    // The server closes the connection on a refusal; the client's further writes may then fail.
    request.on('error', (error) => (endless ? undefined : fail(error)));
    if (endless) {
      request.flushHeaders();
      for (let index = 0; index < endless.chunks; index++) request.write(endless.chunk);
      return;
    }
    request.end(body);
  });
}

const withToken = (extra: OutgoingHttpHeaders = {}): OutgoingHttpHeaders => ({ 'X-GM-Token': TOKEN, ...extra });
const json = (answer: Answer): unknown => JSON.parse(answer.body);

describe('http bridge: answers', () => {
  it('answers a valid call with {"value": …}, never cached, with the security headers', async () => {
    const { implementation, port } = await bridge();
    const answer = await call({ port, path: `${BRIDGE_PATH_PREFIX}getAppInfo`, headers: withToken({ Origin: `http://127.0.0.1:${port}` }) });
    expect([answer.status, json(answer)]).toEqual([200, { value: info }]);
    expect({
      type: answer.headers['content-type'],
      cache: answer.headers['cache-control'],
      csp: answer.headers['content-security-policy'],
      frame: answer.headers['x-frame-options'],
      referrer: answer.headers['referrer-policy'],
      sniff: answer.headers['x-content-type-options'],
    }).toEqual({
      type: 'application/json; charset=utf-8',
      cache: 'no-store',
      csp: contentSecurityPolicy(),
      frame: 'DENY',
      referrer: 'no-referrer',
      sniff: 'nosniff',
    });
    expect(implementation.getAppInfo).toHaveBeenCalledTimes(1);
  });

  it('hands the parsed payload to the implementation and its answer back, null and failures included', async () => {
    const { implementation, port } = await bridge();
    const read = await call({ port, path: '/api/readBackup', headers: withToken({ Origin: `http://localhost:${port}` }), body: '{"name":"b.gmbackup"}' });
    expect([read.status, json(read)]).toEqual([200, { value: { status: 'failed', message: 'the backup is damaged' } }]);
    expect(implementation.readBackup).toHaveBeenCalledWith({ name: 'b.gmbackup' });
    const newest = await call({ port, path: '/api/findNewestIntactBackup', headers: withToken() });
    expect([newest.status, newest.body]).toEqual([200, '{"value":null}']);
  });

  it("answers with a file's content as the text body itself and the other fields URI-encoded in X-GM-Fields", async () => {
    const implementation = fakeImplementation();
    const content = '{"format":"gm-screen-database","tables":{"x":"é \\" ✓"}}';
    implementation.readBackup = vi.fn(() => ({ status: 'read' as const, backup, content }));
    const { port } = await bridge(implementation);
    const read = await call({ port, path: '/api/readBackup', headers: withToken(), body: '{"name":"b.gmbackup"}' });
    expect([read.status, read.body, read.headers['content-type'], read.headers['content-length'], read.headers['cache-control']]).toEqual([
      200,
      content,
      'text/plain; charset=utf-8',
      String(Buffer.byteLength(content)),
      'no-store',
    ]);
    expect(JSON.parse(decodeURIComponent(read.headers['x-gm-fields'] as string))).toEqual({ status: 'read', backup });
  });

  it('takes a file call\'s content as a text body and its other fields from X-GM-Fields', async () => {
    const { implementation, port } = await bridge();
    const content = '\uFEFFposition,summary\r\n1,"Zoë ""hits"""\n';
    const fields = encodeURIComponent(JSON.stringify({ fileName: 'Zoë.csv', format: 'csv' }));
    const answer = await call({ port, path: '/api/saveExport', headers: withToken({ 'Content-Type': 'text/plain;charset=utf-8', 'X-GM-Fields': fields }), body: content });
    expect([answer.status, json(answer)]).toEqual([200, { value: { status: 'saved', path: '/tmp/gm/exports/x.md', bytes: 3 } }]);
    expect(implementation.saveExport).toHaveBeenCalledWith({ fileName: 'Zoë.csv', format: 'csv', content });
  });

  it("hands an export part's body on as the bytes that came, never decoded (a damaged byte included: the store refuses it)", async () => {
    const { implementation, port } = await bridge();
    const exportId = '2f1d0c44-7d6c-4f5e-9b8a-0c1d2e3f4a5b';
    const fields = encodeURIComponent(JSON.stringify({ exportId }));
    const body = Buffer.from([0x5a, 0x6f, 0xc3, 0xab, 0xc3]);
    const answer = await call({ port, path: '/api/appendExport', headers: withToken({ 'Content-Type': 'text/plain;charset=utf-8', 'X-GM-Fields': fields }), body });
    expect([answer.status, json(answer)]).toEqual([200, { value: { status: 'appended' } }]);
    const payload = vi.mocked(implementation.appendExport).mock.calls[0]![0];
    expect([payload.exportId, payload.content instanceof Uint8Array, [...payload.content]]).toEqual([exportId, true, [0x5a, 0x6f, 0xc3, 0xab, 0xc3]]);
  });

  it('refuses a content body with empty fields, content in the fields, or fields that are not a JSON object (400); without the header a text body is JSON', async () => {
    const { implementation, port } = await bridge();
    const text = (fields: string | undefined) =>
      call({ port, path: '/api/saveExport', headers: withToken({ 'Content-Type': 'text/plain', ...(fields === undefined ? {} : { 'X-GM-Fields': fields }) }), body: 'x' });
    const cases: [string | undefined, string][] = [
      ['', 'Bad request: X-GM-Fields is empty: a content body needs its other fields there.'],
      [encodeURIComponent('{"fileName":"a.md","format":"markdown","content":"y"}'), 'Bad request: X-GM-Fields may not carry the content: the body is the content.'],
      [encodeURIComponent('[1]'), 'Bad request: X-GM-Fields must be a JSON object.'],
      ['x'.repeat(4097), 'Bad request: X-GM-Fields is longer than 4096 characters.'],
    ];
    for (const [fields, error] of cases) {
      const answer = await text(fields);
      expect([answer.status, json(answer)]).toEqual([400, { error }]);
    }
    // Without X-GM-Fields the body is the JSON payload, whatever its type says (fetch calls a string body text/plain).
    const plain = await text(undefined);
    expect([plain.status, (json(plain) as { error: string }).error.startsWith('Bad request: the body is not JSON (')]).toEqual([400, true]);
    const proto = await text(encodeURIComponent('{"__proto__":{"polluted":true}}'));
    expect(proto.status).toBe(400);
    expect((json(proto) as { error: string }).error).toMatch(/^Bad request: X-GM-Fields is not URI-encoded JSON \(/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(implementation.saveExport).not.toHaveBeenCalled();
  });

  it('accepts a body of exactly the method\'s cap', async () => {
    const { port } = await bridge();
    const payload = '{"name":"b.gmbackup"}';
    const body = payload + ' '.repeat(64 * 1024 - payload.length);
    const answer = await call({ port, path: '/api/readBackup', headers: withToken({ 'Content-Length': String(body.length) }), body });
    expect(answer.status).toBe(200);
  });

  it('refuses an answer that breaks the contract with 500 and the reason', async () => {
    const implementation = { ...fakeImplementation(), listBackups: vi.fn(() => ({ folder: 7, backups: [] }) as never) };
    const { port } = await bridge(implementation);
    const answer = await call({ port, path: '/api/listBackups', headers: withToken() });
    expect([answer.status, json(answer)]).toEqual([
      500,
      { error: 'The GM Screen server failed: gm:backups:list: the answer breaks the contract (folder: Invalid input: expected string, received number).' },
    ]);
  });
});

describe('http bridge: refusals', () => {
  it('refuses a call without the token (403), without running anything', async () => {
    const { implementation, port } = await bridge();
    for (const headers of [{}, { 'X-GM-Token': '' }]) {
      const answer = await call({ port, path: '/api/listBackups', headers });
      expect([answer.status, json(answer)]).toEqual([403, { error: "Forbidden: a call needs the token GM Screen's page was given at launch (header X-GM-Token)." }]);
    }
    expect(implementation.listBackups).not.toHaveBeenCalled();
  });

  it('refuses a wrong token (403): another launch\'s, a prefix, one with a character more', async () => {
    const { implementation, port } = await bridge();
    for (const wrong of [createBridgeToken(), TOKEN.slice(0, -1), `${TOKEN}x`]) {
      const answer = await call({ port, path: '/api/listBackups', headers: { 'X-GM-Token': wrong } });
      expect([answer.status, json(answer)]).toEqual([403, { error: "Forbidden: the X-GM-Token header is not this launch's token; reload the page." }]);
    }
    expect(implementation.listBackups).not.toHaveBeenCalled();
  });

  it('refuses a foreign Origin (403) even with the right token', async () => {
    const { implementation, port } = await bridge();
    for (const origin of ['https://evil.example', `http://127.0.0.1:${port + 1}`, `https://127.0.0.1:${port}`, 'null', `http://evil.localhost:${port}`]) {
      const answer = await call({ port, path: '/api/listBackups', headers: withToken({ Origin: origin }) });
      expect([answer.status, json(answer)]).toEqual([
        403,
        { error: `Forbidden: only this server's own pages (http://127.0.0.1:${port} or http://localhost:${port}) may call it, not ${origin}.` },
      ]);
    }
    expect(implementation.listBackups).not.toHaveBeenCalled();
  });

  it('refuses a rebinding Host (421) even with the right token and a matching Origin', async () => {
    const { implementation, port } = await bridge();
    const answer = await call({ port, path: '/api/listBackups', headers: withToken({ Host: `evil.example:${port}`, Origin: `http://evil.example:${port}` }) });
    expect([answer.status, answer.body]).toEqual([421, `Misdirected request: this server answers only to 127.0.0.1:${port} or localhost:${port}.\n`]);
    expect(implementation.listBackups).not.toHaveBeenCalled();
  });

  it('refuses a declared oversized body (413) before it is sent', async () => {
    const { implementation, port } = await bridge();
    // Headers only: the answer comes without the server waiting for a byte of the body.
    const answer = await call({ port, path: '/api/readBackup', headers: withToken({ 'Content-Length': String(64 * 1024 + 1) }), endless: { chunk: '', chunks: 0 } });
    expect([answer.status, json(answer), answer.headers.connection]).toEqual([413, { error: 'Payload too large: readBackup accepts at most 65536 bytes.' }, 'close']);
    expect(implementation.readBackup).not.toHaveBeenCalled();
  }, 5_000);

  it('refuses an undeclared oversized body (413) as soon as it passes the cap, while it is still coming', async () => {
    const { implementation, port } = await bridge();
    // Chunked, no Content-Length, and never ended: only stopping at the cap can answer it.
    const answer = await call({ port, path: '/api/readBackup', headers: withToken({ 'Transfer-Encoding': 'chunked' }), endless: { chunk: 'x'.repeat(8 * 1024), chunks: 9 } });
    expect([answer.status, json(answer)]).toEqual([413, { error: 'Payload too large: readBackup accepts at most 65536 bytes.' }]);
    expect(implementation.readBackup).not.toHaveBeenCalled();
  }, 5_000);

  it('reads no more than a Content-Length under the cap declares, however much follows', async () => {
    const { implementation, port } = await bridge();
    const payload = '{"name":"b.gmbackup"}';
    // 20 bytes declared: the closing brace and 100 KB after it are not this body. The truncated
    // body is not JSON (400), and Node's parser refuses the rest as a malformed next request (400);
    // whichever answer comes first, nothing runs.
    const answer = await call({ port, path: '/api/readBackup', headers: withToken({ 'Content-Length': '20' }), endless: { chunk: payload + 'x'.repeat(100 * 1024), chunks: 1 } });
    expect(answer.status).toBe(400);
    expect(implementation.readBackup).not.toHaveBeenCalled();
  }, 5_000);

  it('refuses a payload the contract does not allow (400) with the schema\'s sentence', async () => {
    const { implementation, port } = await bridge();
    const answer = await call({ port, path: '/api/readBackup', headers: withToken(), body: '{"name":"../secrets"}' });
    expect([answer.status, json(answer)]).toEqual([400, { error: 'gm:backups:read: invalid payload (name: a file name without folders).' }]);
    const missing = await call({ port, path: '/api/readBackup', headers: withToken() });
    expect([missing.status, json(missing)]).toEqual([400, { error: 'gm:backups:read: invalid payload (Invalid input: expected object, received undefined).' }]);
    expect(implementation.readBackup).not.toHaveBeenCalled();
  });

  it('refuses a body that is not JSON, or that carries prototype keys (400), leaving Object.prototype alone', async () => {
    const { implementation, port } = await bridge();
    const broken = await call({ port, path: '/api/readBackup', headers: withToken(), body: '{"name":' });
    expect([broken.status, (json(broken) as { error: string }).error]).toEqual([400, expect.stringMatching(/^Bad request: the body is not JSON \(.+\)\.$/)]);
    for (const body of ['{"name":"b.gmbackup","__proto__":{"polluted":true}}', '{"name":"b.gmbackup","constructor":{"prototype":{"polluted":true}}}']) {
      const hostile = await call({ port, path: '/api/readBackup', headers: withToken(), body });
      expect([hostile.status, json(hostile)]).toEqual([400, { error: 'Bad request: the body is not JSON (Object contains forbidden prototype property).' }]);
    }
    expect(({} as Record<string, unknown>).polluted).toBe(undefined);
    expect(implementation.readBackup).not.toHaveBeenCalled();
  });

  it('refuses other HTTP methods (405) and names that are not contract methods (404)', async () => {
    const { implementation, port } = await bridge();
    const get = await call({ port, method: 'GET', path: '/api/listBackups', headers: withToken() });
    expect([get.status, json(get), get.headers.allow]).toEqual([405, { error: 'Method not allowed: the bridge answers POST only.' }, 'POST']);
    for (const name of ['deleteEverything', '__proto__', 'constructor', 'toString', '']) {
      const answer = await call({ port, path: `/api/${name}`, headers: withToken() });
      expect([answer.status, json(answer)]).toEqual([404, { error: `Not found: "${name}" is not a method of GM Screen's contract.` }]);
    }
    expect(implementation.listBackups).not.toHaveBeenCalled();
  });
});

describe('createBridgeToken', () => {
  it('gives 32 random bytes as base64url, different at every launch', () => {
    const tokens = new Set(Array.from({ length: 50 }, () => createBridgeToken()));
    expect(tokens.size).toBe(50);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url').length).toBe(32);
    }
  });
});
