import { describe, expect, it } from 'vitest';
import { nextUpdateState, type UpdateEvent, type UpdateState, type UpdateTransition } from './update-state';

const idle: UpdateState = { kind: 'idle' };
const checking: UpdateState = { kind: 'checking' };
const available: UpdateState = { kind: 'available', version: '0.2.0' };
const downloading: UpdateState = { kind: 'downloading', version: '0.2.0', percent: 40 };
const ready: UpdateState = { kind: 'ready', version: '0.2.0' };
const error: UpdateState = { kind: 'error', message: 'The update server answered HTTP 500.' };
const offline: UpdateState = { kind: 'offline' };
const disabled: UpdateState = { kind: 'disabled' };
const unavailable: UpdateState = { kind: 'unavailable', reason: 'Updates are checked only in the installed app.' };
const ALL_STATES = { idle, checking, available, downloading, ready, error, offline, disabled, unavailable } as const;
type StateName = keyof typeof ALL_STATES;

const EVENTS = {
  'check-requested': { type: 'check-requested' },
  'update-found': { type: 'update-found', version: '0.3.0' },
  'no-update': { type: 'no-update' },
  'download-requested': { type: 'download-requested' },
  progress: { type: 'progress', percent: 62.4 },
  downloaded: { type: 'downloaded' },
  failed: { type: 'failed', message: 'The check for updates failed: socket hang up.' },
  'network-unavailable': { type: 'network-unavailable' },
  'checks-disabled': { type: 'checks-disabled' },
  'checks-enabled': { type: 'checks-enabled' },
} as const satisfies Record<UpdateEvent['type'], UpdateEvent>;
type EventName = keyof typeof EVENTS;

const ok = (state: UpdateState): UpdateTransition => ({ ok: true, state });
const no = (name: StateName, reason: string): UpdateTransition => ({ ok: false, state: ALL_STATES[name], reason });

const BUSY = {
  checking: 'A check for updates is already running.',
  downloading: 'Version 0.2.0 is already downloading.',
  ready: 'Version 0.2.0 is downloaded and ready to install.',
  disabled: 'Update checks are turned off in Settings.',
  nothing: 'No update has been found to download.',
};
const NO_CHECK_FOUND = 'An update was reported but no check is running.';
const NO_CHECK_RESULT = 'A check result arrived but no check is running.';
const NO_DOWNLOAD_PROGRESS = 'Download progress arrived but nothing is downloading.';
const NO_DOWNLOAD_DONE = 'A download finished but nothing was downloading.';
const NOTHING_TO_FAIL = 'An update error arrived but no check or download is running.';
const NOTHING_TO_CUT = 'The network went away but no check or download is running.';

/** Every state × every event: the exact result, refusals with their sentence and the state kept. */
const TABLE: Record<StateName, Record<EventName, UpdateTransition>> = {
  idle: {
    'check-requested': ok(checking),
    'update-found': no('idle', NO_CHECK_FOUND),
    'no-update': no('idle', NO_CHECK_RESULT),
    'download-requested': no('idle', BUSY.nothing),
    progress: no('idle', NO_DOWNLOAD_PROGRESS),
    downloaded: no('idle', NO_DOWNLOAD_DONE),
    failed: no('idle', NOTHING_TO_FAIL),
    'network-unavailable': no('idle', NOTHING_TO_CUT),
    'checks-disabled': ok(disabled),
    'checks-enabled': ok(idle),
  },
  checking: {
    'check-requested': no('checking', BUSY.checking),
    'update-found': ok({ kind: 'available', version: '0.3.0' }),
    'no-update': ok(idle),
    'download-requested': no('checking', BUSY.checking),
    progress: no('checking', NO_DOWNLOAD_PROGRESS),
    downloaded: no('checking', NO_DOWNLOAD_DONE),
    failed: ok({ kind: 'error', message: 'The check for updates failed: socket hang up.' }),
    'network-unavailable': ok(offline),
    'checks-disabled': ok(disabled),
    'checks-enabled': ok(checking),
  },
  available: {
    'check-requested': ok(checking),
    'update-found': no('available', NO_CHECK_FOUND),
    'no-update': no('available', NO_CHECK_RESULT),
    'download-requested': ok({ kind: 'downloading', version: '0.2.0', percent: 0 }),
    progress: no('available', NO_DOWNLOAD_PROGRESS),
    downloaded: no('available', NO_DOWNLOAD_DONE),
    failed: no('available', NOTHING_TO_FAIL),
    'network-unavailable': no('available', NOTHING_TO_CUT),
    'checks-disabled': ok(disabled),
    'checks-enabled': ok(available),
  },
  downloading: {
    'check-requested': no('downloading', BUSY.downloading),
    'update-found': no('downloading', NO_CHECK_FOUND),
    'no-update': no('downloading', NO_CHECK_RESULT),
    'download-requested': no('downloading', BUSY.downloading),
    progress: ok({ kind: 'downloading', version: '0.2.0', percent: 62 }),
    downloaded: ok(ready),
    failed: ok({ kind: 'error', message: 'The check for updates failed: socket hang up.' }),
    'network-unavailable': ok(offline),
    'checks-disabled': ok(downloading),
    'checks-enabled': ok(downloading),
  },
  ready: {
    'check-requested': no('ready', BUSY.ready),
    'update-found': no('ready', NO_CHECK_FOUND),
    'no-update': no('ready', NO_CHECK_RESULT),
    'download-requested': no('ready', BUSY.ready),
    progress: no('ready', NO_DOWNLOAD_PROGRESS),
    downloaded: no('ready', NO_DOWNLOAD_DONE),
    failed: no('ready', NOTHING_TO_FAIL),
    'network-unavailable': no('ready', NOTHING_TO_CUT),
    'checks-disabled': ok(ready),
    'checks-enabled': ok(ready),
  },
  error: {
    'check-requested': ok(checking),
    'update-found': no('error', NO_CHECK_FOUND),
    'no-update': no('error', NO_CHECK_RESULT),
    'download-requested': no('error', BUSY.nothing),
    progress: no('error', NO_DOWNLOAD_PROGRESS),
    downloaded: no('error', NO_DOWNLOAD_DONE),
    failed: no('error', NOTHING_TO_FAIL),
    'network-unavailable': no('error', NOTHING_TO_CUT),
    'checks-disabled': ok(disabled),
    'checks-enabled': ok(error),
  },
  offline: {
    'check-requested': ok(checking),
    'update-found': no('offline', NO_CHECK_FOUND),
    'no-update': no('offline', NO_CHECK_RESULT),
    'download-requested': no('offline', BUSY.nothing),
    progress: no('offline', NO_DOWNLOAD_PROGRESS),
    downloaded: no('offline', NO_DOWNLOAD_DONE),
    failed: no('offline', NOTHING_TO_FAIL),
    'network-unavailable': no('offline', NOTHING_TO_CUT),
    'checks-disabled': ok(disabled),
    'checks-enabled': ok(offline),
  },
  disabled: {
    'check-requested': no('disabled', BUSY.disabled),
    'update-found': no('disabled', NO_CHECK_FOUND),
    'no-update': no('disabled', NO_CHECK_RESULT),
    'download-requested': no('disabled', BUSY.disabled),
    progress: no('disabled', NO_DOWNLOAD_PROGRESS),
    downloaded: no('disabled', NO_DOWNLOAD_DONE),
    failed: no('disabled', NOTHING_TO_FAIL),
    'network-unavailable': no('disabled', NOTHING_TO_CUT),
    'checks-disabled': ok(disabled),
    'checks-enabled': ok(idle),
  },
  unavailable: {
    'check-requested': no('unavailable', 'Updates are checked only in the installed app.'),
    'update-found': no('unavailable', NO_CHECK_FOUND),
    'no-update': no('unavailable', NO_CHECK_RESULT),
    'download-requested': no('unavailable', 'Updates are checked only in the installed app.'),
    progress: no('unavailable', NO_DOWNLOAD_PROGRESS),
    downloaded: no('unavailable', NO_DOWNLOAD_DONE),
    failed: no('unavailable', NOTHING_TO_FAIL),
    'network-unavailable': no('unavailable', NOTHING_TO_CUT),
    'checks-disabled': ok(unavailable),
    'checks-enabled': ok(unavailable),
  },
};

const CASES = Object.entries(TABLE).flatMap(([stateName, row]) =>
  Object.entries(row).map(([eventName, expected]) => [stateName as StateName, eventName as EventName, expected] as const),
);

describe('nextUpdateState', () => {
  it('has a row for every state and a cell for every event (9 × 10)', () => {
    expect(CASES).toHaveLength(90);
  });

  it.each(CASES)('%s + %s', (stateName, eventName, expected) => {
    expect(nextUpdateState(ALL_STATES[stateName], EVENTS[eventName])).toEqual(expected);
  });

  it.each([
    [-5, 0],
    [0.4, 0],
    [99.6, 100],
    [100.4, 100],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
  ])('keeps a reported percent of %s as %s', (percent, expected) => {
    expect(nextUpdateState(downloading, { type: 'progress', percent })).toEqual(ok({ kind: 'downloading', version: '0.2.0', percent: expected }));
  });

  it('never throws, whatever the order of events', () => {
    const events = Object.values(EVENTS);
    let state: UpdateState = idle;
    for (let step = 0; step < 500; step += 1) {
      // A fixed walk (no Math.random): every event after every event, several times over.
      const event = events[(step * 7 + Math.floor(step / events.length)) % events.length] as UpdateEvent;
      state = nextUpdateState(state, event).state;
    }
    expect(Object.keys(ALL_STATES)).toContain(state.kind);
  });
});
