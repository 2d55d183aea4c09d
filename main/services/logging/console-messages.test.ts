import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_LOGGED_MESSAGE_CHARS } from '../../../shared/ipc/limits';
import { createAppLogger } from './app-logger';
import {
  consoleMessageReport,
  createConsoleMessageLogger,
  MAX_CONSOLE_REPORTS_PER_MINUTE,
  type ConsoleMessage,
} from './console-messages';

const at = (message: string, level: ConsoleMessage['level'] = 'error'): ConsoleMessage => ({
  level,
  message,
  sourceId: 'file:///app/out/renderer/assets/player.js',
  lineNumber: 12,
});

function logger() {
  let tick = 0;
  return createAppLogger({
    folder: join(mkdtempSync(join(tmpdir(), 'gm-console-')), 'logs'),
    now: () => new Date(Date.UTC(2026, 11, 2, 9, 0, tick++)),
  });
}

describe('consoleMessageReport', () => {
  it('turns a console error into an error report of the page, with where it was written', () => {
    expect(consoleMessageReport(at('Uncaught TypeError: x is undefined'), 'player')).toEqual({
      level: 'error',
      source: 'player',
      message: 'Uncaught TypeError: x is undefined (file:///app/out/renderer/assets/player.js:12)',
    });
  });

  it('turns a warning into a warn report, and leaves out the place when the console gives none', () => {
    expect(
      consoleMessageReport({ level: 'warning', message: 'Full screen refused', sourceId: '', lineNumber: 0 }, 'player'),
    ).toEqual({
      level: 'warn',
      source: 'player',
      message: 'Full screen refused',
    });
  });

  it('ignores info and debug lines', () => {
    expect(consoleMessageReport(at('painted', 'info'), 'player')).toBeNull();
    expect(consoleMessageReport(at('frame', 'debug'), 'player')).toBeNull();
  });

  it('names an empty message, and cuts a huge one to the contract’s bound', () => {
    expect(
      consoleMessageReport({ level: 'error', message: '  ', sourceId: '', lineNumber: 0 }, 'player')?.message,
    ).toBe('(no message)');
    const huge = consoleMessageReport(at('x'.repeat(10_000)), 'player')!.message;
    expect(huge).toHaveLength(MAX_LOGGED_MESSAGE_CHARS);
    expect(huge.endsWith('…')).toBe(true);
  });
});

describe('createConsoleMessageLogger', () => {
  it('writes the player page’s console errors to the log file as the player page’s', () => {
    const log = logger();
    const write = createConsoleMessageLogger({ logger: log, source: 'player', now: () => 0 });
    expect(write(at('Uncaught Error: boom'))).toBe(true);
    expect(write(at('painted', 'info'))).toBe(false);
    expect(readFileSync(log.file, 'utf8')).toBe(
      '2026-12-02T09:00:00.000Z ERROR [player page] Uncaught Error: boom (file:///app/out/renderer/assets/player.js:12)\n',
    );
  });

  it(`writes at most ${MAX_CONSOLE_REPORTS_PER_MINUTE} a minute, then again once the minute has passed`, () => {
    const log = logger();
    let time = 0;
    const write = createConsoleMessageLogger({ logger: log, source: 'player', now: () => time });
    const written = Array.from({ length: 25 }, (_, index) => write(at(`error ${index}`)));
    expect(written.filter(Boolean)).toHaveLength(MAX_CONSOLE_REPORTS_PER_MINUTE);
    expect(written.slice(MAX_CONSOLE_REPORTS_PER_MINUTE)).toEqual([false, false, false, false, false]);
    time = 59_999;
    expect(write(at('still throttled'))).toBe(false);
    time = 60_000;
    expect(write(at('a new minute'))).toBe(true);
    const lines = readFileSync(log.file, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(MAX_CONSOLE_REPORTS_PER_MINUTE + 1);
    expect(lines.at(-1)).toContain('a new minute');
  });
});
