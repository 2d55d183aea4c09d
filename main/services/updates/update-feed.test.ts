import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedUpdater } from './feed-updater.test-support';
import { createUpdateService } from './update-service';

/** What the feed on 127.0.0.1 serves at /<name>/latest.yml. */
const FEEDS: Record<string, { status: number; body: string }> = {
  newer: { status: 200, body: 'version: 0.2.0\nfiles:\n  - url: GM-Screen-Setup-0.2.0.exe\n    sha512: abc\n    size: 1024\npath: GM-Screen-Setup-0.2.0.exe\nsha512: abc\nreleaseDate: "2026-12-01T10:00:00.000Z"\n' },
  same: { status: 200, body: 'version: 0.1.0\npath: GM-Screen-Setup-0.1.0.exe\nsha512: abc\n' },
  malformed: { status: 200, body: 'version: [0.2.0\npath: : :\n\t- nope' },
  'no-version': { status: 200, body: 'path: GM-Screen-Setup.exe\nsha512: abc\n' },
  broken: { status: 500, body: 'Internal Server Error' },
};

let unhandledRejections = 0;
const countRejection = (): void => {
  unhandledRejections += 1;
};
let server: Server;
let base: string;
let closedPortBase: string;
const requested: string[] = [];

function listen(target: Server): Promise<number> {
  return new Promise((resolve) => target.listen(0, '127.0.0.1', () => resolve((target.address() as AddressInfo).port)));
}

beforeAll(async () => {
  process.on('unhandledRejection', countRejection);
  server = createServer((req, res) => {
    requested.push(req.url ?? '');
    const match = /^\/([\w-]+)\/latest\.yml/.exec(req.url ?? '');
    const feed = match ? FEEDS[match[1] ?? ''] : undefined;
    if (!feed) {
      res.writeHead(404).end('Not Found');
      return;
    }
    res.writeHead(feed.status, { 'Content-Type': 'text/yaml' }).end(feed.body);
  });
  base = `http://127.0.0.1:${await listen(server)}`;
  // A port that was open a moment ago and is closed now: nothing listens there.
  const gone = createServer();
  closedPortBase = `http://127.0.0.1:${await listen(gone)}`;
  await new Promise((resolve) => gone.close(resolve));
});

afterAll(async () => {
  process.off('unhandledRejection', countRejection);
  await new Promise((resolve) => server.close(resolve));
});

async function checkAgainst(feedUrl: string) {
  const updater = new FeedUpdater(feedUrl, '0.1.0');
  const logs: string[] = [];
  const service = createUpdateService({ updater, isOnline: () => true, now: () => 0, settings: { checksEnabled: true }, schedule: () => () => {}, log: (line) => logs.push(line) });
  return { result: await service.check(), logs };
}

describe('the update check against a feed on 127.0.0.1 (electron-updater GenericProvider)', () => {
  it('a newer latest.yml: available, with its version', async () => {
    expect(await checkAgainst(`${base}/newer/`)).toEqual({ result: { status: 'done', state: { kind: 'available', version: '0.2.0' } }, logs: [] });
    expect(requested).toContain('/newer/latest.yml');
  });

  it('the same version: idle', async () => {
    expect(await checkAgainst(`${base}/same/`)).toEqual({ result: { status: 'done', state: { kind: 'idle' } }, logs: [] });
  });

  it('a malformed latest.yml: an error in one sentence', async () => {
    expect(await checkAgainst(`${base}/malformed/`)).toEqual({
      result: { status: 'done', state: { kind: 'error', message: 'The update feed could not be read: its latest.yml is malformed.' } },
      logs: [],
    });
  });

  it('a latest.yml without a version: an error in one sentence', async () => {
    expect((await checkAgainst(`${base}/no-version/`)).result).toEqual({ status: 'done', state: { kind: 'error', message: 'The update feed names no valid version.' } });
  });

  it('no latest.yml (404), or a server error (500): an error in one sentence', async () => {
    expect((await checkAgainst(`${base}/missing/`)).result).toEqual({ status: 'done', state: { kind: 'error', message: 'The update feed has no release for this system.' } });
    expect((await checkAgainst(`${base}/broken/`)).result).toEqual({ status: 'done', state: { kind: 'error', message: 'The update server answered HTTP 500.' } });
  });

  it('an unreachable feed: offline, quietly (after the provider retries)', async () => {
    expect(await checkAgainst(`${closedPortBase}/`)).toEqual({ result: { status: 'done', state: { kind: 'offline' } }, logs: [] });
  }, 15_000);

  it('left no unhandled rejection behind', async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(unhandledRejections).toBe(0);
  });
});
