import { EventEmitter } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAppLogger } from './app-logger';
import { logProcessErrors } from './process-errors';

describe('logProcessErrors', () => {
  it("writes main's uncaught exceptions (with their stack) and unhandled rejections (any reason) to the log", () => {
    const events = new EventEmitter();
    const logger = createAppLogger({
      folder: join(mkdtempSync(join(tmpdir(), 'gm-logs-')), 'logs'),
      now: () => new Date(Date.UTC(2026, 11, 2, 9)),
    });
    logProcessErrors(events, logger);
    const error = new Error('disk gone');
    error.stack = 'Error: disk gone\n    at write (main.js:3:4)';
    events.emit('uncaughtException', error);
    events.emit('unhandledRejection', 'a plain reason');
    const bare = new Error('no stack');
    bare.stack = undefined;
    events.emit('unhandledRejection', bare);
    expect(readFileSync(logger.file, 'utf8')).toBe(
      '2026-12-02T09:00:00.000Z ERROR [main] Uncaught exception: Error: disk gone\n        at write (main.js:3:4)\n' +
        '2026-12-02T09:00:00.000Z ERROR [main] Unhandled promise rejection: a plain reason\n' +
        '2026-12-02T09:00:00.000Z ERROR [main] Unhandled promise rejection: Error: no stack\n',
    );
  });
});
