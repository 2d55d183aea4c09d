import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Fetch } from './bridge-transport';
import { createHttpGm, type HttpGmHost } from './http-gm';
import { DOWNLOAD_URL_LIFETIME_MS, MAX_IMPORT_BYTES } from './page-files';

const TOKEN = 'token-of-this-launch-0123456789abcdefghijklm';
const backup = { name: 'b.gmbackup', createdAt: '2026-12-01T19:00:00.000Z', bytes: 10, encounters: 1, events: 2, reason: 'manual' as const };

type Recorded = { input: string; init: RequestInit };

/** A fetch answering each call from `answer`, recording what was sent. */
function fakeFetch(answer: (method: string) => Response | Promise<Response>) {
  const calls: Recorded[] = [];
  const fetch: Fetch = async (input, init) => {
    calls.push({ input, init });
    return answer(input.replace('/api/', ''));
  };
  return { calls, fetch };
}

const ok = (value: unknown) => new Response(JSON.stringify({ value }), { status: 200, headers: { 'Content-Type': 'application/json' } });
/** An answer carrying a file's content as its body and the other fields in X-GM-Fields, as the bridge sends it. */
const contentAnswer = (fields: unknown, content: string, header = encodeURIComponent(JSON.stringify(fields))) =>
  new Response(content, { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-GM-Fields': header } });
const refused = (status: number, error: string) => new Response(JSON.stringify({ error }), { status });

function host(fetch: Fetch) {
  const created: Blob[] = [];
  const revoked: string[] = [];
  const clicked: { href: string; download: string; attached: boolean }[] = [];
  const popups: { url: string; name: string; features: string }[] = [];
  const onClick = (event: MouseEvent) => {
    const link = event.target as HTMLAnchorElement;
    clicked.push({ href: link.href, download: link.download, attached: document.body.contains(link) });
    event.preventDefault();
  };
  document.addEventListener('click', onClick, true);
  const gmHost: HttpGmHost = {
    fetch,
    document,
    createObjectURL: (blob) => {
      created.push(blob);
      return `blob:http://127.0.0.1/${created.length}`;
    },
    revokeObjectURL: (url) => revoked.push(url),
    popups: {
      pageUrl: 'http://127.0.0.1:5180/',
      screen: { width: 1920, height: 1080, availWidth: 1920, availHeight: 1040, availLeft: 0, availTop: 0 },
      open: (url, name, features) => {
        popups.push({ url, name, features });
        return { closed: false, opener: {}, focus: () => undefined } as unknown as Window;
      },
    },
  };
  return { gmHost, created, revoked, clicked, popups, stop: () => document.removeEventListener('click', onClick, true) };
}

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe('createHttpGm: calls over the bridge', () => {
  it('posts each method to /api/<method> with the token, the payload as JSON, and returns the value', async () => {
    const { calls, fetch } = fakeFetch((method) => (method === 'readBackup' ? contentAnswer({ status: 'read', backup }, '{"é":"✓"}') : ok(null)));
    const gm = createHttpGm(TOKEN, host(fetch).gmHost);
    await expect(gm.readBackup({ name: 'b.gmbackup' })).resolves.toEqual({ status: 'read', backup, content: '{"é":"✓"}' });
    await expect(gm.findNewestIntactBackup()).resolves.toBe(null);
    expect(calls).toEqual([
      {
        input: '/api/readBackup',
        init: { method: 'POST', headers: { 'X-GM-Token': TOKEN, 'Content-Type': 'application/json' }, body: '{"name":"b.gmbackup"}', cache: 'no-store' },
      },
      {
        input: '/api/findNewestIntactBackup',
        init: { method: 'POST', headers: { 'X-GM-Token': TOKEN, 'Content-Type': 'application/json' }, body: '', cache: 'no-store' },
      },
    ]);
  });

  it('turns a refusal into a failed answer for methods that have one, with the server\'s sentence', async () => {
    const { fetch } = fakeFetch(() => refused(403, "Forbidden: the X-GM-Token header is not this launch's token; reload the page."));
    const gm = createHttpGm(TOKEN, host(fetch).gmHost);
    const message = "GM Screen's server refused writeBackup (403): Forbidden: the X-GM-Token header is not this launch's token; reload the page.";
    await expect(gm.writeBackup({ reason: 'manual', encounters: 0, events: 0, content: '{}' })).resolves.toEqual({ status: 'failed', message });
    await expect(gm.readBackup({ name: 'b.gmbackup' })).resolves.toEqual({
      status: 'failed',
      message: message.replace('writeBackup', 'readBackup'),
    });
  });

  it('throws the same sentence for methods without a failed answer', async () => {
    const { fetch } = fakeFetch(() => refused(500, 'The GM Screen server failed: boom'));
    const gm = createHttpGm(TOKEN, host(fetch).gmHost);
    await expect(gm.listBackups()).rejects.toThrow("GM Screen's server refused listBackups (500): The GM Screen server failed: boom");
    await expect(gm.getAppInfo()).rejects.toThrow("GM Screen's server refused getAppInfo (500): The GM Screen server failed: boom");
    await expect(gm.showInFolder({ folder: 'backups' })).rejects.toThrow("GM Screen's server refused showInFolder (500)");
    await expect(gm.findNewestIntactBackup()).rejects.toThrow("GM Screen's server refused findNewestIntactBackup (500)");
  });

  it('reads a plain-text refusal (the Host check) and an empty one', async () => {
    const gm = createHttpGm(TOKEN, host(fakeFetch(() => new Response('Misdirected request: this server answers only to 127.0.0.1:1.\n', { status: 421 })).fetch).gmHost);
    await expect(gm.readBackup({ name: 'b' })).resolves.toEqual({
      status: 'failed',
      message: "GM Screen's server refused readBackup (421): Misdirected request: this server answers only to 127.0.0.1:1.",
    });
    const empty = createHttpGm(TOKEN, host(fakeFetch(() => new Response('', { status: 502 })).fetch).gmHost);
    await expect(empty.readBackup({ name: 'b' })).resolves.toEqual({ status: 'failed', message: "GM Screen's server refused readBackup (502): HTTP 502" });
    // A 200 without a value is not an answer either.
    const odd = createHttpGm(TOKEN, host(fakeFetch(() => new Response('{"other":1}', { status: 200 })).fetch).gmHost);
    await expect(odd.listBackups()).rejects.toThrow(`GM Screen's server refused listBackups (200): {"other":1}`);
  });

  it('fails with a sentence on a content answer whose X-GM-Fields header cannot be read', async () => {
    const answers = [
      ['%E0%A4%A', "GM Screen's server answered readBackup with an unreadable X-GM-Fields header (URI malformed)."],
      [encodeURIComponent('{"status":'), "GM Screen's server answered readBackup with an unreadable X-GM-Fields header (Unexpected end of JSON input)."],
      [encodeURIComponent('[1]'), "GM Screen's server answered readBackup with an X-GM-Fields header that is not an object."],
      [encodeURIComponent('null'), "GM Screen's server answered readBackup with an X-GM-Fields header that is not an object."],
    ] as const;
    for (const [header, message] of answers) {
      const gm = createHttpGm(TOKEN, host(fakeFetch(() => contentAnswer(null, '{}', header)).fetch).gmHost);
      await expect(gm.readBackup({ name: 'b.gmbackup' })).resolves.toEqual({ status: 'failed', message });
    }
  });

  it('says the server is not answering when the request cannot be made', async () => {
    const gm = createHttpGm(TOKEN, host(fakeFetch(() => Promise.reject(new TypeError('Failed to fetch'))).fetch).gmHost);
    const message =
      "GM Screen's server did not answer (Failed to fetch): is it still running? Start it again with `npm run web` or `npm start`, then reload the page.";
    await expect(gm.writeBackup({ reason: 'settled', encounters: 1, events: 1, content: '{}' })).resolves.toEqual({ status: 'failed', message });
    await expect(gm.listBackups()).rejects.toThrow(message);
  });
});

describe('createHttpGm: saveExport saves on the server and offers a download', () => {
  it('offers the same content as a download named like the file, revoked a minute later, and answers with the server\'s answer', async () => {
    vi.useFakeTimers();
    const { calls, fetch } = fakeFetch(() => ok({ status: 'saved', path: '/data/exports/fight.csv', bytes: 9 }));
    const page = host(fetch);
    const gm = createHttpGm(TOKEN, page.gmHost);
    const request = { fileName: 'fight.csv', format: 'csv' as const, content: '\uFEFFa,b\r\né,2' };
    await expect(gm.saveExport(request)).resolves.toEqual({ status: 'saved', path: '/data/exports/fight.csv', bytes: 9 });
    // The content is the body as it is; the other fields ride URI-encoded in a header.
    expect(calls).toEqual([
      {
        input: '/api/saveExport',
        init: {
          method: 'POST',
          headers: { 'X-GM-Token': TOKEN, 'Content-Type': 'text/plain;charset=utf-8', 'X-GM-Fields': encodeURIComponent('{"fileName":"fight.csv","format":"csv"}') },
          body: expect.any(Blob),
          cache: 'no-store',
        },
      },
    ]);
    // Sent as a Blob of the content's UTF-8 bytes (Chromium uploads a Blob faster than a string).
    const sent = calls[0]!.init.body as Blob;
    expect([sent.type, new Uint8Array(await sent.arrayBuffer())]).toEqual(['text/plain;charset=utf-8', new TextEncoder().encode(request.content)]);
    expect(page.clicked).toEqual([{ href: 'blob:http://127.0.0.1/1', download: 'fight.csv', attached: true }]);
    expect(page.created[0]!.type).toBe('text/csv;charset=utf-8');
    expect(new Uint8Array(await page.created[0]!.arrayBuffer())).toEqual(new TextEncoder().encode(request.content));
    expect(document.querySelectorAll('a').length).toBe(0);
    vi.advanceTimersByTime(DOWNLOAD_URL_LIFETIME_MS - 1);
    expect(page.revoked).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(page.revoked).toEqual(['blob:http://127.0.0.1/1']);
    page.stop();
  });

  it('still offers the download when the server cannot save, and answers failed', async () => {
    const page = host(fakeFetch(() => refused(413, 'Payload too large: saveExport accepts at most 1073741824 bytes.')).fetch);
    const gm = createHttpGm(TOKEN, page.gmHost);
    await expect(gm.saveExport({ fileName: 'r.md', format: 'markdown', content: '# Fight' })).resolves.toEqual({
      status: 'failed',
      message: "GM Screen's server refused saveExport (413): Payload too large: saveExport accepts at most 1073741824 bytes.",
    });
    expect(page.clicked.map((c) => c.download)).toEqual(['r.md']);
    expect(page.created.map((blob) => blob.type)).toEqual(['text/markdown;charset=utf-8']);
    page.stop();
  });

  it('types each format\'s download', async () => {
    const page = host(fakeFetch(() => ok({ status: 'cancelled' })).fetch);
    const gm = createHttpGm(TOKEN, page.gmHost);
    for (const format of ['html', 'json'] as const) await gm.saveExport({ fileName: `f.${format}`, format, content: 'x' });
    expect(page.created.map((blob) => blob.type)).toEqual(['text/html;charset=utf-8', 'application/json;charset=utf-8']);
    page.stop();
  });
});

describe('createHttpGm: an export written as it is made', () => {
  const EXPORT_ID = '2f1d0c44-7d6c-4f5e-9b8a-0c1d2e3f4a5b';

  it('sends each part as a body, and offers the whole file as one download once the server has saved it', async () => {
    const { calls, fetch } = fakeFetch((method) =>
      ok(
        method === 'beginExport'
          ? { status: 'started', exportId: EXPORT_ID }
          : method === 'appendExport'
            ? { status: 'appended' }
            : { status: 'saved', path: '/data/exports/fight.md', bytes: 21 },
      ),
    );
    const page = host(fetch);
    const gm = createHttpGm(TOKEN, page.gmHost);
    expect(await gm.beginExport({ fileName: 'fight.md', format: 'markdown' })).toEqual({ status: 'started', exportId: EXPORT_ID });
    const utf8 = (text: string) => new TextEncoder().encode(text);
    await gm.appendExport({ exportId: EXPORT_ID, content: utf8('# Fight\n') });
    await gm.appendExport({ exportId: EXPORT_ID, content: utf8('Zoë hits.\n') });
    // Nothing is offered before the file is saved whole.
    expect(page.clicked).toEqual([]);
    expect(await gm.finishExport({ exportId: EXPORT_ID })).toEqual({ status: 'saved', path: '/data/exports/fight.md', bytes: 21 });
    expect(calls.map((call) => call.input)).toEqual(['/api/beginExport', '/api/appendExport', '/api/appendExport', '/api/finishExport']);
    const firstPart = calls[1]!.init;
    expect([firstPart.headers, await (firstPart.body as Blob).text()]).toEqual([
      { 'X-GM-Token': TOKEN, 'Content-Type': 'text/plain;charset=utf-8', 'X-GM-Fields': encodeURIComponent(`{"exportId":"${EXPORT_ID}"}`) },
      '# Fight\n',
    ]);
    expect(page.clicked).toEqual([{ href: 'blob:http://127.0.0.1/1', download: 'fight.md', attached: true }]);
    expect([page.created[0]!.type, await page.created[0]!.text()]).toEqual(['text/markdown;charset=utf-8', '# Fight\nZoë hits.\n']);
    page.stop();
  });

  it('offers no download of an export the server could not save, or one that was aborted', async () => {
    const { fetch } = fakeFetch((method) =>
      method === 'beginExport'
        ? ok({ status: 'started', exportId: EXPORT_ID })
        : method === 'abortExport'
          ? ok({ status: 'aborted' })
          : ok({ status: 'failed', message: 'Could not save /data/exports/r.md: the disk is full.' }),
    );
    const page = host(fetch);
    const gm = createHttpGm(TOKEN, page.gmHost);
    await gm.beginExport({ fileName: 'r.md', format: 'markdown' });
    expect(await gm.appendExport({ exportId: EXPORT_ID, content: new TextEncoder().encode('# R') })).toEqual({
      status: 'failed',
      message: 'Could not save /data/exports/r.md: the disk is full.',
    });
    expect(await gm.finishExport({ exportId: EXPORT_ID })).toEqual({ status: 'failed', message: 'Could not save /data/exports/r.md: the disk is full.' });
    await gm.beginExport({ fileName: 'r.md', format: 'markdown' });
    expect(await gm.abortExport({ exportId: EXPORT_ID })).toEqual({ status: 'aborted' });
    expect(page.clicked).toEqual([]);
    page.stop();
  });
});

describe('createHttpGm: pickImportFile picks in the page', () => {
  function pickerInput(): HTMLInputElement {
    const inputs = document.querySelectorAll<HTMLInputElement>('input[type="file"]');
    expect(inputs.length).toBe(1);
    return inputs[0]!;
  }

  function choose(input: HTMLInputElement, files: File[]) {
    Object.defineProperty(input, 'files', { value: files });
    input.dispatchEvent(new Event('change'));
  }

  it('opens a hidden JSON file input and reads the chosen file as text, byte-order mark stripped, without the server', async () => {
    const { calls, fetch } = fakeFetch(() => ok(null));
    const gm = createHttpGm(TOKEN, host(fetch).gmHost);
    const picked = gm.pickImportFile({ kind: 'encounter' });
    const input = pickerInput();
    expect([input.accept, input.hidden]).toEqual(['.json,application/json', true]);
    choose(input, [new File(['\uFEFF{"format":"gm-screen-encounter"}'], 'fight.json', { type: 'application/json' })]);
    await expect(picked).resolves.toEqual({ status: 'picked', name: 'fight.json', text: '{"format":"gm-screen-encounter"}' });
    expect(document.querySelectorAll('input').length).toBe(0);
    expect(calls).toEqual([]);
  });

  it('keeps a text without a byte-order mark as it is', async () => {
    const gm = createHttpGm(TOKEN, host(fakeFetch(() => ok(null)).fetch).gmHost);
    const picked = gm.pickImportFile({ kind: 'bestiary' });
    choose(pickerInput(), [new File(['[1,\uFEFF2]'], 'b.json')]);
    await expect(picked).resolves.toEqual({ status: 'picked', name: 'b.json', text: '[1,\uFEFF2]' });
  });

  it('answers cancelled when the picker is closed, or changes with no file', async () => {
    const gm = createHttpGm(TOKEN, host(fakeFetch(() => ok(null)).fetch).gmHost);
    const closed = gm.pickImportFile({ kind: 'encounter' });
    pickerInput().dispatchEvent(new Event('cancel'));
    await expect(closed).resolves.toEqual({ status: 'cancelled' });
    const empty = gm.pickImportFile({ kind: 'encounter' });
    choose(pickerInput(), []);
    await expect(empty).resolves.toEqual({ status: 'cancelled' });
    expect(document.querySelectorAll('input').length).toBe(0);
  });

  it('refuses a file over the import cap without reading it, in sizes a GM reads (bytes when rounding hides the difference)', async () => {
    const gm = createHttpGm(TOKEN, host(fakeFetch(() => ok(null)).fetch).gmHost);
    for (const [size, message] of [
      [200 * 1024 * 1024, 'huge.json is 200 MB; an import may be at most 128 MB.'],
      [MAX_IMPORT_BYTES + 1, `huge.json is ${(MAX_IMPORT_BYTES + 1).toLocaleString()} bytes; an import may be at most ${MAX_IMPORT_BYTES.toLocaleString()} bytes.`],
    ] as const) {
      const arrayBuffer = vi.fn(async () => new TextEncoder().encode('{}').buffer);
      const picked = gm.pickImportFile({ kind: 'encounter' });
      choose(pickerInput(), [{ name: 'huge.json', size, arrayBuffer } as unknown as File]);
      await expect(picked).resolves.toEqual({ status: 'failed', message });
      expect(arrayBuffer).not.toHaveBeenCalled();
    }
    // Exactly the cap is allowed.
    const atCap = gm.pickImportFile({ kind: 'encounter' });
    choose(pickerInput(), [{ name: 'cap.json', size: MAX_IMPORT_BYTES, arrayBuffer: async () => new TextEncoder().encode('[]').buffer } as unknown as File]);
    await expect(atCap).resolves.toEqual({ status: 'picked', name: 'cap.json', text: '[]' });
  });

  it('says when the chosen file cannot be read', async () => {
    const gm = createHttpGm(TOKEN, host(fakeFetch(() => ok(null)).fetch).gmHost);
    const picked = gm.pickImportFile({ kind: 'encounter' });
    const unreadable = { name: 'gone.json', size: 10, arrayBuffer: () => Promise.reject(new Error('The file was moved')) };
    choose(pickerInput(), [unreadable as unknown as File]);
    await expect(picked).resolves.toEqual({ status: 'failed', message: 'gone.json could not be read: The file was moved.' });
  });

  it('refuses a file that is not UTF-8, naming the kind of file asked for', async () => {
    const gm = createHttpGm(TOKEN, host(fakeFetch(() => ok(null)).fetch).gmHost);
    const picked = gm.pickImportFile({ kind: 'bestiary' });
    // "café" in Latin-1: 0xE9 alone is not UTF-8.
    choose(pickerInput(), [new File([new Uint8Array([0x63, 0x61, 0x66, 0xe9])], 'latin1.json')]);
    await expect(picked).resolves.toEqual({ status: 'failed', message: 'latin1.json is not UTF-8 text, so it is not a GM Screen bestiary file.' });
  });
});

describe('createHttpGm: openPlayerView opens a pop-up in the page', () => {
  it('asks the server where (naming the page\'s screen) and opens player.html there', async () => {
    const placement = { displayId: 'screen 0,0 1920x1080', bounds: { x: 600, y: 200, width: 1000, height: 560 }, fullScreen: false };
    const { calls, fetch } = fakeFetch(() => ok(placement));
    const { gmHost, popups } = host(fetch);
    await expect(createHttpGm(TOKEN, gmHost).openPlayerView()).resolves.toEqual({ status: 'opened' });
    expect(calls.map(({ input, init }) => [input, JSON.parse(init.body as string)])).toEqual([
      [
        '/api/choosePlayerPlacement',
        {
          displays: [
            { id: 'screen 0,0 1920x1080', bounds: { x: 0, y: 0, width: 1920, height: 1080 }, workArea: { x: 0, y: 0, width: 1920, height: 1040 }, primary: true },
          ],
        },
      ],
    ]);
    expect(popups).toEqual([{ url: 'http://127.0.0.1:5180/player.html', name: 'gm-screen-player', features: 'popup,left=600,top=200,width=1000,height=560' }]);
  });

  it('asks the server for a file opened with the app and a recovery notice; a bridge failure is a failed answer', async () => {
    const answers = [ok({ status: 'none' }), ok(null), new Response('{"error":"bad"}', { status: 500 })];
    const { calls, fetch } = fakeFetch(() => answers.shift()!);
    const gm = createHttpGm(TOKEN, host(fetch).gmHost);
    await expect(gm.takeOpenedFile()).resolves.toEqual({ status: 'none' });
    await expect(gm.takeRecoveryNotice()).resolves.toBeNull();
    await expect(gm.takeOpenedFile()).resolves.toEqual({ status: 'failed', message: "GM Screen's server refused takeOpenedFile (500): bad" });
    expect(calls.map(({ input }) => input)).toEqual(['/api/takeOpenedFile', '/api/takeRecoveryNotice', '/api/takeOpenedFile']);
  });

  it('answers a failed save of the placement with the bridge\'s sentence', async () => {
    const { fetch } = fakeFetch(() => new Response('{"error":"bad"}', { status: 400 }));
    const placement = { displayId: 'd', bounds: { x: 0, y: 0, width: 800, height: 600 }, fullScreen: false };
    await expect(createHttpGm(TOKEN, host(fetch).gmHost).savePlayerPlacement(placement)).resolves.toEqual({
      status: 'failed',
      message: "GM Screen's server refused savePlayerPlacement (400): bad",
    });
  });
});
