import { describe, expect, it } from 'vitest';
import { describeCheckTime, describeUpdateState } from './update-summary';
import type { UpdateState } from './update-state';

// Local times, as the main process formats them: built with the local-time constructor so the test holds in any time zone.
const at = (day: number, hours: number, minutes: number): number => new Date(2026, 11, day, hours, minutes).getTime();
const NOW = at(2, 16, 30);

describe('describeUpdateState', () => {
  it.each<[string, UpdateState, number | undefined, string]>([
    ['idle after a check today', { kind: 'idle' }, at(2, 14, 2), 'Up to date · checked 14:02'],
    ['idle after a check on an earlier day', { kind: 'idle' }, at(1, 9, 5), 'Up to date · checked 1 Dec 09:05'],
    ['idle before any check', { kind: 'idle' }, undefined, 'Not checked yet'],
    ['checking', { kind: 'checking' }, undefined, 'Checking for updates…'],
    ['available', { kind: 'available', version: '0.2.0' }, at(2, 14, 2), 'GM Screen 0.2.0 is available'],
    ['downloading', { kind: 'downloading', version: '0.2.0', percent: 42 }, at(2, 14, 2), 'Downloading 0.2.0 · 42 %'],
    ['ready', { kind: 'ready', version: '0.2.0' }, at(2, 14, 2), '0.2.0 is ready: install when no encounter is open'],
    ['error', { kind: 'error', message: 'The update server answered HTTP 500.' }, at(2, 14, 2), 'The update server answered HTTP 500.'],
    ['offline', { kind: 'offline' }, at(2, 14, 2), 'Offline · updates can be checked when the laptop is online'],
    ['disabled', { kind: 'disabled' }, undefined, 'Update checks are off'],
    ['unavailable', { kind: 'unavailable', reason: 'Updates are checked only in the installed app.' }, undefined, 'Updates are checked only in the installed app.'],
  ])('%s', (_name, state, lastCheckedAt, expected) => {
    expect(describeUpdateState(state, lastCheckedAt, NOW)).toBe(expected);
  });
});

describe('describeCheckTime', () => {
  it.each([
    [at(2, 0, 0), '00:00'],
    [at(2, 23, 59), '23:59'],
    [at(1, 23, 59), '1 Dec 23:59'],
    [new Date(2025, 11, 2, 8, 7).getTime(), '2 Dec 08:07'],
    [new Date(2026, 0, 15, 12, 30).getTime(), '15 Jan 12:30'],
  ])('%s reads as %s', (checkedAt, expected) => {
    expect(describeCheckTime(checkedAt, NOW)).toBe(expected);
  });
});
