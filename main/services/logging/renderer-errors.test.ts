import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { MAX_LOGGED_MESSAGE_CHARS, MAX_LOGGED_STACK_CHARS } from '../../../shared/ipc/limits';
import { IpcRejection, runContractMethod } from '../ipc/ipc-handler';
import { createAppLogger } from './app-logger';
import { logRendererError } from './renderer-errors';

function logger() {
  let tick = 0;
  return createAppLogger({
    folder: join(mkdtempSync(join(tmpdir(), 'gm-logs-')), 'logs'),
    now: () => new Date(Date.UTC(2026, 11, 2, 8, 0, tick++)),
  });
}

describe('logRendererError', () => {
  it('writes each page report marked with its page and level, the stack under the message', () => {
    const log = logger();
    expect(
      logRendererError(log, {
        level: 'error',
        message: 'Cannot read x',
        stack: 'TypeError: Cannot read x\n    at roll (app.js:1:2)',
        source: 'gm',
      }),
    ).toEqual({ status: 'logged' });
    logRendererError(log, { level: 'warn', message: 'Full screen refused', source: 'player' });
    logRendererError(log, {
      level: 'error',
      message: 'Rejected: timeout',
      stack: 'at fetch (bridge.js:9:1)',
      source: 'gm',
    });
    logRendererError(log, {
      level: 'error',
      message: 'TypeError: boom (app.js:3:9)',
      stack: 'TypeError: boom\n    at draw (app.js:3:9)',
      source: 'gm',
    });
    expect(readFileSync(log.file, 'utf8')).toBe(
      '2026-12-02T08:00:00.000Z ERROR [gm page] TypeError: Cannot read x\n        at roll (app.js:1:2)\n' +
        '2026-12-02T08:00:01.000Z WARN  [player page] Full screen refused\n' +
        '2026-12-02T08:00:02.000Z ERROR [gm page] Rejected: timeout\n    at fetch (bridge.js:9:1)\n' +
        // The page's message already holds the stack's first line: written once.
        '2026-12-02T08:00:03.000Z ERROR [gm page] TypeError: boom (app.js:3:9)\n        at draw (app.js:3:9)\n',
    );
  });

  it('is refused by the contract past its bounds, before anything is written', async () => {
    const write = vi.fn(() => ({ status: 'logged' as const }));
    const report = { level: 'error', message: 'boom', source: 'gm' };
    const cases: [unknown, string][] = [
      [
        { ...report, message: 'x'.repeat(MAX_LOGGED_MESSAGE_CHARS + 1) },
        'message: Too big: expected string to have <=4000 characters',
      ],
      [
        { ...report, stack: 'x'.repeat(MAX_LOGGED_STACK_CHARS + 1) },
        'stack: Too big: expected string to have <=16000 characters',
      ],
      [{ ...report, message: '' }, 'message: Too small: expected string to have >=1 characters'],
      [{ ...report, level: 'info' }, 'level: Invalid option: expected one of "error"|"warn"'],
      [{ ...report, source: 'main' }, 'source: Invalid option: expected one of "gm"|"player"'],
    ];
    for (const [payload, problem] of cases) {
      const refused = runContractMethod('logRendererError', write, payload);
      await expect(refused).rejects.toBeInstanceOf(IpcRejection);
      await expect(refused).rejects.toThrow(`gm:log:renderer-error: invalid payload (${problem}).`);
    }
    expect(write).not.toHaveBeenCalled();
    await expect(
      runContractMethod('logRendererError', write, { ...report, message: 'x'.repeat(MAX_LOGGED_MESSAGE_CHARS) }),
    ).resolves.toEqual({ status: 'logged' });
  });
});
