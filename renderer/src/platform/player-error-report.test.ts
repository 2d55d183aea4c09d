import { describe, expect, it } from 'vitest';
import type { Fetch } from './bridge-transport';
import { playerErrorReporter } from './player-error-report';

function recordingFetch() {
  const calls: { url: string; token: string; body: unknown }[] = [];
  const fetch: Fetch = async (input, init) => {
    calls.push({
      url: input,
      token: (init.headers as Record<string, string>)['X-GM-Token']!,
      body: JSON.parse(init.body as string),
    });
    return new Response('{"value":{"status":"logged"}}', { status: 200 });
  };
  return { calls, fetch };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the player page’s error reporter', () => {
  it('sends an error to logRendererError with the player page’s own token, marked as the player page’s', async () => {
    const { calls, fetch } = recordingFetch();
    const report = playerErrorReporter('player-token-1', fetch)!;
    expect(report('error', new TypeError('row is undefined'), 'Vue: render function')).toBe(true);
    await flush();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/logRendererError');
    expect(calls[0]!.token).toBe('player-token-1');
    expect(calls[0]!.body).toMatchObject({
      level: 'error',
      source: 'player',
      message: 'TypeError: row is undefined (Vue: render function)',
    });
  });

  it('is absent without a token (the desktop app, where main reads the console instead): nothing is sent', () => {
    expect(playerErrorReporter(null, recordingFetch().fetch)).toBeNull();
    expect(playerErrorReporter('', recordingFetch().fetch)).toBeNull();
  });
});
