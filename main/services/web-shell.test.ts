import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './security';
import {
  describeDataFolder,
  describeWebShell,
  PLAYER_VIEW_OPENS_IN_PAGE,
  startWebShell,
  withBridgeToken,
  withPlayerToken,
  type WebShell,
} from './web-shell';

const PAGE = '<!doctype html><html><head><title>GM Screen</title></head><body></body></html>';
const PLAYER_PAGE = '<!doctype html><html><head><title>GM Screen — Player view</title></head><body></body></html>';

function folders() {
  const root = mkdtempSync(join(tmpdir(), 'gm-web-shell-'));
  const rendererRoot = join(root, 'renderer');
  mkdirSync(join(rendererRoot, 'assets'), { recursive: true });
  writeFileSync(join(rendererRoot, 'index.html'), PAGE);
  writeFileSync(join(rendererRoot, 'player.html'), PLAYER_PAGE);
  writeFileSync(join(rendererRoot, 'assets', 'app.js'), 'export {};\n');
  const dataDirectory = join(root, 'data');
  mkdirSync(dataDirectory);
  return { rendererRoot, dataDirectory };
}

const running: WebShell[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((shell) => shell.close()));
});

async function launch() {
  const { rendererRoot, dataDirectory } = folders();
  const shell = await startWebShell({
    rendererRoot,
    dataDirectory,
    port: 0,
    strictPort: true,
    version: '9.9.9',
    platform: 'linux',
  });
  running.push(shell);
  const page = await fetch(shell.url);
  const html = await page.text();
  const token = /<meta name="gm-bridge-token" content="([A-Za-z0-9_-]{43})" \/>/.exec(html)?.[1] ?? '';
  const call = async (method: string, payload?: unknown, withToken = token) => {
    const response = await fetch(`${shell.url}api/${method}`, {
      method: 'POST',
      headers: { 'X-GM-Token': withToken },
      body: payload === undefined ? '' : JSON.stringify(payload),
    });
    // An answer carrying a file's content has it as the body and the other fields in X-GM-Fields.
    const fields = response.headers.get('x-gm-fields');
    if (fields !== null)
      return {
        status: response.status,
        body: { value: { ...JSON.parse(decodeURIComponent(fields)), content: await response.text() } } as unknown,
      };
    return { status: response.status, body: (await response.json()) as unknown };
  };
  return { shell, page, html, token, call, dataDirectory };
}

describe('startWebShell: the page and the bridge on one loopback server', () => {
  it('hands the page a fresh token in a meta tag, in a page that is never cached', async () => {
    const first = await launch();
    expect(first.shell.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(first.token).toHaveLength(43);
    expect(first.html).toBe(withBridgeToken(PAGE, first.token));
    expect([first.page.headers.get('cache-control'), first.page.headers.get('etag')]).toEqual(['no-store', null]);
    const asset = await fetch(`${first.shell.url}assets/app.js`);
    expect([asset.status, asset.headers.get('cache-control'), await asset.text()]).toEqual([
      200,
      'no-cache',
      'export {};\n',
    ]);
    const second = await launch();
    expect(second.token).not.toBe(first.token);
    // One launch's token opens no other launch.
    expect(await second.call('listBackups', undefined, first.token)).toEqual({
      status: 403,
      body: { error: "Forbidden: the X-GM-Token header is not this launch's token; reload the page." },
    });
  });

  it('answers getAppInfo as the browser shell with its data folder', async () => {
    const { call, dataDirectory } = await launch();
    expect(await call('getAppInfo')).toEqual({
      status: 200,
      body: {
        value: {
          name: 'GM Screen',
          version: '9.9.9',
          shell: 'browser',
          platform: 'linux',
          dataDirectory,
          versions: { app: '9.9.9', node: process.versions.node },
        },
      },
    });
  });

  it('answers setMenu with the sentence that a browser page has no menu, after checking the model', async () => {
    const { call } = await launch();
    const model = {
      sections: [
        { name: 'Help', items: [{ kind: 'command', id: 'help.shortcuts', label: 'Shortcuts', enabled: true }] },
      ],
    };
    expect(await call('setMenu', model)).toEqual({
      status: 200,
      body: {
        value: {
          status: 'not-shown',
          message: 'A browser page has no application menu: every command is in the command palette (Ctrl+K).',
        },
      },
    });
    expect(await call('setMenu', { sections: [{ name: 'Tools', items: [] }] })).toEqual({
      status: 400,
      body: {
        error:
          'gm:menu:set: invalid payload (sections.0.name: Invalid option: expected one of "File"|"Edit"|"View"|"Help").',
      },
    });
    const huge = {
      sections: [
        {
          name: 'View',
          items: [{ kind: 'command', id: 'x', label: 'x', enabled: true, padding: 'x'.repeat(256 * 1024) }],
        },
      ],
    };
    expect(await call('setMenu', huge)).toEqual({
      status: 413,
      body: { error: 'Payload too large: setMenu accepts at most 262144 bytes.' },
    });
  });

  it("writes the page's errors to <data>/logs/gm-screen.log, marked as the page's, and gives the logs folder's path", async () => {
    const { call, dataDirectory } = await launch();
    const report = {
      level: 'error',
      message: 'Cannot read x',
      stack: 'TypeError: Cannot read x\n    at roll (app.js:1:2)',
      source: 'gm',
    };
    expect(await call('logRendererError', report)).toEqual({ status: 200, body: { value: { status: 'logged' } } });
    expect(readFileSync(join(dataDirectory, 'logs', 'gm-screen.log'), 'utf8')).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z ERROR \[gm page\] TypeError: Cannot read x\n {8}at roll \(app\.js:1:2\)\n$/,
    );
    expect(await call('logRendererError', { ...report, message: 'x'.repeat(4001) })).toEqual({
      status: 400,
      body: {
        error: 'gm:log:renderer-error: invalid payload (message: Too big: expected string to have <=4000 characters).',
      },
    });
    expect(await call('openLogFolder')).toEqual({
      status: 200,
      body: { value: { opened: false, path: join(dataDirectory, 'logs') } },
    });
  });

  it("saves an export into the data folder's exports/ (no save dialog in a browser)", async () => {
    const { call, dataDirectory } = await launch();
    const content = '# The fight at the mall\n\nRound 1 — Ana hits the drone.\n';
    const answer = await call('saveExport', { fileName: 'mall.md', format: 'markdown', content });
    const path = join(dataDirectory, 'exports', 'mall.md');
    expect(answer).toEqual({
      status: 200,
      body: { value: { status: 'saved', path, bytes: Buffer.byteLength(content) } },
    });
    expect(readFileSync(path, 'utf8')).toBe(content);
  });

  it('writes an export as it is made: each part as the request body, the file in place only when finished', async () => {
    const { shell, token, call, dataDirectory } = await launch();
    const begun = (await call('beginExport', { fileName: 'mall.csv', format: 'csv' })) as { body: { value: { status: string; exportId: string } } };
    expect(begun.body.value.status).toBe('started');
    const { exportId } = begun.body.value;
    // As the page sends it: the part is the body, the export's id rides in X-GM-Fields.
    const append = (content: string) =>
      fetch(`${shell.url}api/appendExport`, {
        method: 'POST',
        headers: { 'X-GM-Token': token, 'Content-Type': 'text/plain;charset=utf-8', 'X-GM-Fields': encodeURIComponent(JSON.stringify({ exportId })) },
        body: content,
      }).then(async (response) => [response.status, await response.json()]);
    expect(await append('Round,Entry\r\n')).toEqual([200, { value: { status: 'appended' } }]);
    expect(await append('1,Zoë hits\r\n')).toEqual([200, { value: { status: 'appended' } }]);
    const path = join(dataDirectory, 'exports', 'mall.csv');
    expect(existsSync(path)).toBe(false);
    expect(await call('finishExport', { exportId })).toEqual({ status: 200, body: { value: { status: 'saved', path, bytes: 26 } } });
    expect(readFileSync(path, 'utf8')).toBe('Round,Entry\r\n1,Zoë hits\r\n');
    expect(await append('late')).toEqual([200, { value: { status: 'failed', message: expect.stringContaining('That export is no longer open') } }]);
    // A part is bytes: text in a JSON body is not a part.
    expect(await call('appendExport', { exportId, content: 'late' })).toEqual({
      status: 400,
      body: { error: expect.stringMatching(/^gm:files:append-export: invalid payload \(content: /) },
    });
    expect(await call('abortExport', { exportId: 'not-an-id' })).toEqual({
      status: 400,
      body: { error: expect.stringMatching(/^gm:files:abort-export: invalid payload \(exportId: /) },
    });
  });

  it('drops an export still being written when the server closes: no temporary file is left', async () => {
    const { shell, token, call, dataDirectory } = await launch();
    const begun = (await call('beginExport', { fileName: 'cut.md', format: 'markdown' })) as { body: { value: { exportId: string } } };
    const appended = await fetch(`${shell.url}api/appendExport`, {
      method: 'POST',
      headers: { 'X-GM-Token': token, 'X-GM-Fields': encodeURIComponent(JSON.stringify({ exportId: begun.body.value.exportId })) },
      body: '# Half',
    });
    expect(await appended.json()).toEqual({ value: { status: 'appended' } });
    expect(readdirSync(join(dataDirectory, 'exports')).length).toBe(1);
    await shell.close();
    expect(readdirSync(join(dataDirectory, 'exports'))).toEqual([]);
  });

  it("writes, lists and reads back a backup in the data folder's backups/", async () => {
    const { call, dataDirectory } = await launch();
    const content = '{"tables":{}}';
    const written = (await call('writeBackup', { reason: 'manual', encounters: 2, events: 7, content })) as {
      status: number;
      body: { value: { status: string; backup: { name: string } } };
    };
    expect([written.status, written.body.value.status]).toEqual([200, 'saved']);
    const listed = (await call('listBackups')) as {
      body: { value: { folder: string; backups: { name: string; encounters: number; events: number }[] } };
    };
    expect(listed.body.value.folder).toBe(join(dataDirectory, 'backups'));
    expect(listed.body.value.backups.map(({ name, encounters, events }) => ({ name, encounters, events }))).toEqual([
      { name: written.body.value.backup.name, encounters: 2, events: 7 },
    ]);
    const read = (await call('readBackup', { name: written.body.value.backup.name })) as {
      body: { value: { status: string; content: string } };
    };
    expect([read.body.value.status, read.body.value.content]).toEqual(['read', content]);
  });

  it('leaves picking an import file to the page', async () => {
    const { call } = await launch();
    const answer = (await call('pickImportFile', { kind: 'encounter' })) as {
      status: number;
      body: { value: { status: string } };
    };
    expect([answer.status, answer.body.value.status]).toEqual([200, 'failed']);
  });

  it('has no file opened with the app and no recovery notice: a page is never opened with files nor reloaded by the server', async () => {
    const { call } = await launch();
    expect(await call('takeOpenedFile')).toEqual({ status: 200, body: { value: { status: 'none' } } });
    expect(await call('takeRecoveryNotice')).toEqual({ status: 200, body: { value: null } });
  });
});

describe('the player page', () => {
  const placement = {
    displayId: 'screen 0,0 1920x1080',
    bounds: { x: 1000, y: 100, width: 800, height: 450 },
    fullScreen: false,
  };
  const display = {
    id: 'screen 0,0 1920x1080',
    bounds: { x: 0, y: 0, width: 1920, height: 1080 },
    workArea: { x: 0, y: 0, width: 1920, height: 1040 },
    primary: true,
  };

  async function playerPage(shell: WebShell) {
    const page = await fetch(`${shell.url}player.html`);
    const html = await page.text();
    const token = /<meta name="gm-player-token" content="([A-Za-z0-9_-]{43})" \/>/.exec(html)?.[1] ?? '';
    return { page, html, token };
  }

  it("is served with the same policy, never cached, carrying its own token and never the GM page's", async () => {
    const gm = await launch();
    const player = await playerPage(gm.shell);
    expect(player.page.status).toBe(200);
    expect(player.token).toHaveLength(43);
    expect(player.token).not.toBe(gm.token);
    expect(player.html).toBe(withPlayerToken(PLAYER_PAGE, player.token));
    expect(player.html).not.toContain(gm.token);
    expect(player.html).not.toContain('gm-bridge-token');
    expect([
      player.page.headers.get('content-security-policy'),
      player.page.headers.get('x-frame-options'),
      player.page.headers.get('cache-control'),
    ]).toEqual([contentSecurityPolicy(), 'DENY', 'no-store']);
  });

  it('may report its placement with its token, which the GM page reads back to open it there; nothing else', async () => {
    const gm = await launch();
    const { token } = await playerPage(gm.shell);
    expect(await gm.call('savePlayerPlacement', placement, token)).toEqual({
      status: 200,
      body: { value: { status: 'saved' } },
    });
    expect(JSON.parse(readFileSync(join(gm.dataDirectory, 'preferences.json'), 'utf8'))).toEqual({
      playerWindowInBrowser: placement,
    });
    expect(await gm.call('choosePlayerPlacement', { displays: [display] })).toEqual({
      status: 200,
      body: { value: placement },
    });
    for (const method of ['getAppInfo', 'listBackups', 'readBackup', 'choosePlayerPlacement', 'openPlayerView']) {
      expect(await gm.call(method, undefined, token)).toEqual({
        status: 403,
        body: {
          error: `Forbidden: the player page may call savePlayerPlacement, logRendererError only, not ${method}.`,
        },
      });
    }
  });

  it('is opened by the page, not the server, and refuses an absurd placement', async () => {
    const { call } = await launch();
    expect(await call('openPlayerView')).toEqual({
      status: 200,
      body: { value: { status: 'failed', message: PLAYER_VIEW_OPENS_IN_PAGE } },
    });
    expect(await call('savePlayerPlacement', { ...placement, bounds: { ...placement.bounds, width: -1 } })).toEqual({
      status: 400,
      body: {
        error: 'gm:player:save-placement: invalid payload (bounds.width: Too small: expected number to be >=1).',
      },
    });
  });
});

describe('withBridgeToken and the start-up lines', () => {
  it('adds the meta tag just before </head>, and refuses a page without a head', () => {
    expect(withBridgeToken('<html><head><title>x</title></head></html>', 'T0k-_')).toBe(
      '<html><head><title>x</title>  <meta name="gm-bridge-token" content="T0k-_" />\n  </head></html>',
    );
    expect(() => withBridgeToken('<html><body></body></html>', 'T')).toThrow(
      'index.html has no </head> to carry its token.',
    );
  });

  it('prints where to open the screen and where its files go', () => {
    expect(describeWebShell({ url: 'http://127.0.0.1:5180/', dataDirectory: '/home/gm/.config/GM Screen' })).toBe(
      'GM Screen is served at http://127.0.0.1:5180/ — open it in your browser (Ctrl+C to stop).\n' +
        'Exports and backups are saved in /home/gm/.config/GM Screen (set GM_SCREEN_DATA_DIR to use another folder).',
    );
    expect(describeDataFolder('/srv/gm')).toBe(
      'Exports and backups are saved in /srv/gm (set GM_SCREEN_DATA_DIR to use another folder).',
    );
  });
});
