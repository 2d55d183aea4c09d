import { beforeEach, describe, expect, it, vi } from 'vitest';

const startupMarks = () =>
  performance
    .getEntriesByType('mark')
    .map((entry) => entry.name)
    .filter((name) => name.startsWith('gm-startup:'));

describe('markStartup', () => {
  // The module remembers what it marked: each test starts with a fresh copy of it.
  let markStartup: typeof import('./startup-timeline').markStartup;
  beforeEach(async () => {
    performance.clearMarks();
    vi.resetModules();
    ({ markStartup } = await import('./startup-timeline'));
  });

  it('marks each milestone under the prefix, in the order reached', () => {
    markStartup('scripts-run');
    markStartup('offer-found');
    expect(startupMarks()).toEqual(['gm-startup:scripts-run', 'gm-startup:offer-found']);
  });

  it('marks only the first time: a later opening is not the start-up', () => {
    markStartup('encounter-shown');
    const first = performance.getEntriesByName('gm-startup:encounter-shown')[0]!.startTime;
    markStartup('encounter-shown');
    expect(startupMarks()).toEqual(['gm-startup:encounter-shown']);
    expect(performance.getEntriesByName('gm-startup:encounter-shown')[0]!.startTime).toBe(first);
  });

});
