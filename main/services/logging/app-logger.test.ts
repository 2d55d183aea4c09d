import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppLogger, KEPT_ARCHIVES, LOG_FILE_NAME, MAX_LOG_BYTES } from './app-logger';
import { archivePath, rotateLogFile } from './log-rotation';

function logsFolder() {
  return join(mkdtempSync(join(tmpdir(), 'gm-logs-')), 'logs');
}

/** A clock that moves one second per entry, from a fixed instant. */
function steppingClock(start = Date.UTC(2026, 11, 2, 7, 30, 0)) {
  let tick = 0;
  return () => new Date(start + 1000 * tick++);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the log file', () => {
  it('is <data>/logs/gm-screen.log, its folder created at the first entry, one line per entry, UTC times, main marked', () => {
    const folder = logsFolder();
    const logger = createAppLogger({ folder, now: steppingClock() });
    expect(logger.file).toBe(join(folder, 'gm-screen.log'));
    expect(existsSync(folder)).toBe(false);
    logger.error('The preferences file could not be written: EACCES.');
    logger.warn('A display went away.');
    logger.info('Started.');
    expect(readFileSync(logger.file, 'utf8')).toBe(
      '2026-12-02T07:30:00.000Z ERROR [main] The preferences file could not be written: EACCES.\n' +
        '2026-12-02T07:30:01.000Z WARN  [main] A display went away.\n' +
        '2026-12-02T07:30:02.000Z INFO  [main] Started.\n',
    );
  });

  it('appends to the file an earlier run left', () => {
    const folder = logsFolder();
    createAppLogger({ folder, now: steppingClock() }).error('first run');
    createAppLogger({ folder, now: steppingClock(Date.UTC(2026, 11, 3)) }).error('second run');
    expect(readFileSync(join(folder, LOG_FILE_NAME), 'utf8')).toBe(
      '2026-12-02T07:30:00.000Z ERROR [main] first run\n2026-12-03T00:00:00.000Z ERROR [main] second run\n',
    );
  });

  it('indents the later lines of an entry, so a message cannot pass for an entry of its own', () => {
    const logger = createAppLogger({ folder: logsFolder(), now: steppingClock() });
    logger.write('error', 'gm page', 'boom\n2026-12-02T07:30:00.000Z ERROR [main] forged\r\n  at x');
    expect(readFileSync(logger.file, 'utf8')).toBe(
      '2026-12-02T07:30:00.000Z ERROR [gm page] boom\n    2026-12-02T07:30:00.000Z ERROR [main] forged\n      at x\n',
    );
  });

  it('rotates past its size: the full file becomes gm-screen.1.log, older archives shift, only the last 5 are kept', () => {
    const folder = logsFolder();
    const logger = createAppLogger({ folder, now: steppingClock(), maxBytes: 200 });
    // Each entry is 47 bytes ("<24-char time> ERROR [main] entry NN\n").
    for (let entry = 1; entry <= 30; entry++) logger.error(`entry ${String(entry).padStart(2, '0')}`);
    const files = [
      'gm-screen.5.log',
      'gm-screen.4.log',
      'gm-screen.3.log',
      'gm-screen.2.log',
      'gm-screen.1.log',
      'gm-screen.log',
    ];
    expect(readdirSync(folder).sort()).toEqual([...files].sort());
    const entries = (name: string) =>
      [...readFileSync(join(folder, name), 'utf8').matchAll(/entry (\d\d)/g)].map((match) => Number(match[1]));
    // Oldest to newest, the files hold one unbroken run of the latest entries; the earliest are gone with the deleted archives.
    const kept = files.flatMap(entries);
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, index) => 31 - kept.length + index));
    expect(kept).not.toContain(1);
    // electron-log archives a file once it has passed maxSize, so none holds more than 200 bytes and one entry;
    // it counts the first line after a rotation twice, so a rotated file is cut an entry early (4 entries, not 5).
    for (const name of files.slice(0, -1)) expect(entries(name)).toHaveLength(4);
    for (const name of files) expect(readFileSync(join(folder, name)).length).toBeLessThanOrEqual(200 + 47);
  });

  it('defaults to 1 MiB and 5 archives', () => {
    expect([MAX_LOG_BYTES, KEPT_ARCHIVES]).toEqual([1_048_576, 5]);
  });

  it('rotates a file that was already too big when the app started', () => {
    const folder = logsFolder();
    createAppLogger({ folder, now: steppingClock() }).error('x'.repeat(300));
    createAppLogger({ folder, now: steppingClock(), maxBytes: 200 }).error('after restart');
    expect(readdirSync(folder).sort()).toEqual(['gm-screen.1.log', 'gm-screen.log']);
    expect(readFileSync(join(folder, 'gm-screen.log'), 'utf8')).toBe(
      '2026-12-02T07:30:00.000Z ERROR [main] after restart\n',
    );
  });

  it('writes to the file only: nothing on the console, no IPC, no network transport at all', () => {
    const request = vi.spyOn(http, 'request');
    const secureRequest = vi.spyOn(https, 'request');
    const connect = vi.spyOn(net, 'connect');
    const consoleCalls = ['log', 'info', 'warn', 'error', 'debug'].map((name) =>
      vi.spyOn(console, name as 'log').mockImplementation(() => undefined),
    );
    const logger = createAppLogger({ folder: logsFolder(), now: steppingClock() });
    logger.error('quiet');
    logger.write('warn', 'player page', 'quiet too');
    expect(readFileSync(logger.file, 'utf8').split('\n')).toHaveLength(3);
    expect([request, secureRequest, connect, ...consoleCalls].map((spy) => spy.mock.calls.length)).toEqual([
      0, 0, 0, 0, 0, 0, 0, 0,
    ]);
  });
});

describe('rotateLogFile', () => {
  it('names archives <name>.<n>.log and steps over a gap left by a deleted archive', () => {
    const folder = mkdtempSync(join(tmpdir(), 'gm-rotate-'));
    const file = join(folder, 'gm-screen.log');
    expect(archivePath(file, 3)).toBe(join(folder, 'gm-screen.3.log'));
    writeFileSync(archivePath(file, 1), 'one');
    writeFileSync(archivePath(file, 3), 'three');
    writeFileSync(file, 'current');
    rotateLogFile(file, 5);
    expect(
      Object.fromEntries(
        readdirSync(folder)
          .sort()
          .map((name) => [name, readFileSync(join(folder, name), 'utf8')]),
      ),
    ).toEqual({
      'gm-screen.1.log': 'current',
      'gm-screen.2.log': 'one',
      'gm-screen.4.log': 'three',
    });
  });

  it('deletes the oldest archive when all are there', () => {
    const folder = mkdtempSync(join(tmpdir(), 'gm-rotate-'));
    const file = join(folder, 'gm-screen.log');
    for (let index = 1; index <= 2; index++) writeFileSync(archivePath(file, index), `archive ${index}`);
    writeFileSync(file, 'current');
    rotateLogFile(file, 2);
    expect(
      readdirSync(folder)
        .sort()
        .map((name) => [name, readFileSync(join(folder, name), 'utf8')]),
    ).toEqual([
      ['gm-screen.1.log', 'current'],
      ['gm-screen.2.log', 'archive 1'],
    ]);
  });
});
