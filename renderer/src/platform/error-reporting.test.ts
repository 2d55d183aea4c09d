import { describe, expect, it, vi } from 'vitest';
import { rendererErrorSchema, type RendererError } from '../../../shared/ipc/contract';
import { createErrorReporter, describeForLog, installErrorReporting, MAX_REPORTS_PER_MINUTE } from './error-reporting';

function reporter(start = 0) {
  let time = start;
  const sent: RendererError[] = [];
  const send = vi.fn(async (report: RendererError) => {
    sent.push(report);
    return { status: 'logged' as const };
  });
  const report = createErrorReporter({ send, source: 'gm', now: () => time });
  return { report, sent, send, advance: (ms: number) => (time += ms) };
}

describe('describeForLog', () => {
  it("gives an Error's name and message, where it happened, and its stack", () => {
    const error = new TypeError('Cannot read x');
    error.stack = 'TypeError: Cannot read x\n    at roll (app.js:1:2)';
    expect(describeForLog(error, 'Vue: render function')).toEqual({
      message: 'TypeError: Cannot read x (Vue: render function)',
      stack: 'TypeError: Cannot read x\n    at roll (app.js:1:2)',
    });
  });

  it('puts any other rejection reason in words, with no stack', () => {
    expect(describeForLog('timeout')).toEqual({ message: 'timeout' });
    expect(describeForLog({ code: 42 })).toEqual({ message: '{"code":42}' });
    expect(describeForLog(undefined, 'unhandled rejection')).toEqual({ message: 'undefined (unhandled rejection)' });
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(describeForLog(circular)).toEqual({ message: '[object Object]' });
    expect(describeForLog('')).toEqual({ message: '(no message)' });
  });

  it("cuts a message and a stack to the contract's bounds, marked as cut, so the report is never refused", () => {
    const error = new Error('m'.repeat(5000));
    error.stack = 's'.repeat(20_000);
    const { message, stack } = describeForLog(error);
    expect([message.length, message.at(-1), stack?.length, stack?.at(-1)]).toEqual([4000, '…', 16_000, '…']);
    expect(rendererErrorSchema.safeParse({ level: 'error', source: 'gm', message, stack }).success).toBe(true);
  });
});

describe('createErrorReporter', () => {
  it('sends a report the contract accepts, marked as the GM page', () => {
    const { report, sent } = reporter();
    expect(report('warn', new Error('slow'), 'here')).toBe(true);
    expect(sent).toHaveLength(1);
    expect(rendererErrorSchema.parse(sent[0])).toEqual({
      level: 'warn',
      source: 'gm',
      message: 'Error: slow (here)',
      stack: sent[0]!.stack,
    });
  });

  it(`sends at most ${MAX_REPORTS_PER_MINUTE} a minute and drops the rest silently; a minute later it sends again`, () => {
    const { report, sent, advance } = reporter(1_000_000);
    const answers = Array.from({ length: 25 }, (_, index) => {
      advance(1000);
      return report('error', `loop ${index}`);
    });
    expect(answers.filter(Boolean)).toHaveLength(20);
    expect(sent.map((entry) => entry.message)).toEqual(Array.from({ length: 20 }, (_, index) => `loop ${index}`));
    // The first report was sent at +1 s; at +61 s it has left the minute, and one more goes.
    advance(61_000 - 25_000);
    expect(report('error', 'after a minute')).toBe(true);
    expect(report('error', 'still full')).toBe(false);
    expect(sent.at(-1)!.message).toBe('after a minute');
  });

  it('drops a report whose sending fails, raising nothing of its own', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    const report = createErrorReporter({ send: () => Promise.reject(new Error('bridge down')), source: 'player' });
    expect(report('error', 'x')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});

describe('installErrorReporting', () => {
  function installed() {
    const listeners: Record<string, (event: never) => void> = {};
    const target = {
      addEventListener: (type: string, listener: (event: never) => void) => (listeners[type] = listener),
    };
    const app = { config: {} as { errorHandler?: (error: unknown, instance: unknown, info: string) => void } };
    const report = vi.fn(() => true);
    installErrorReporting(app as never, target as never, report);
    return { listeners, app, report };
  }

  it('reports window errors with where they happened, or their message when there is no error object', () => {
    const { listeners, report } = installed();
    const error = new Error('boom');
    listeners.error!({ error, message: 'Uncaught Error: boom', filename: 'app.js', lineno: 3, colno: 9 } as never);
    listeners.error!({ error: null, message: 'Script error.', filename: '', lineno: 0, colno: 0 } as never);
    expect(report.mock.calls).toEqual([
      ['error', error, 'app.js:3:9'],
      ['error', 'Script error.', undefined],
    ]);
  });

  it("leaves out the browser's ResizeObserver loop note (no error object), but not an error saying the same", () => {
    const { listeners, report } = installed();
    for (const message of ['ResizeObserver loop completed with undelivered notifications.', 'ResizeObserver loop limit exceeded']) {
      listeners.error!({ error: null, message, filename: '', lineno: 0, colno: 0 } as never);
    }
    expect(report).not.toHaveBeenCalled();
    const thrown = new Error('ResizeObserver loop completed with undelivered notifications.');
    listeners.error!({ error: thrown, message: `Uncaught ${thrown.message}`, filename: 'app.js', lineno: 1, colno: 2 } as never);
    listeners.error!({ error: null, message: 'Uncaught ResizeObserver loop', filename: '', lineno: 0, colno: 0 } as never);
    expect(report.mock.calls).toEqual([
      ['error', thrown, 'app.js:1:2'],
      ['error', 'Uncaught ResizeObserver loop', undefined],
    ]);
  });

  it('reports unhandled rejections with their reason', () => {
    const { listeners, report } = installed();
    listeners.unhandledrejection!({ reason: 'timeout' } as never);
    expect(report.mock.calls).toEqual([['error', 'timeout', 'unhandled rejection']]);
  });

  it("reports Vue's errors with Vue's word for where, and still shows them in the console", () => {
    const { app, report } = installed();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = new Error('render failed');
    app.config.errorHandler!(error, null, 'render function');
    expect(report.mock.calls).toEqual([['error', error, 'Vue: render function']]);
    expect(consoleError.mock.calls).toEqual([[error]]);
    consoleError.mockRestore();
  });
});
