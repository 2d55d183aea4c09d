import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeUpdater, networkError } from './fake-updater.test-support';
import { createUpdateService, FIRST_CHECK_DELAY_MS, INSTALL_REFUSED_DURING_ENCOUNTER, type UpdateServiceOptions } from './update-service';
import type { UpdateState } from './update-state';

let unhandledRejections = 0;
const countRejection = (): void => {
  unhandledRejections += 1;
};
beforeAll(() => {
  process.on('unhandledRejection', countRejection);
});
afterAll(() => {
  process.off('unhandledRejection', countRejection);
});

interface Harness {
  updater: FakeUpdater;
  service: ReturnType<typeof createUpdateService>;
  scheduled: { callback: () => void; ms: number; cancelled: boolean }[];
  seen: UpdateState[];
  logs: string[];
  online: { value: boolean };
  settings: { checksEnabled: boolean };
}

function makeService(overrides: Partial<Pick<UpdateServiceOptions, 'settings'>> = {}): Harness {
  const updater = new FakeUpdater();
  const scheduled: Harness['scheduled'] = [];
  const online = { value: true };
  const logs: string[] = [];
  const settings = overrides.settings ?? { checksEnabled: true };
  let clock = 1_000;
  const service = createUpdateService({
    updater,
    isOnline: () => online.value,
    now: () => (clock += 1_000),
    settings,
    schedule: (callback, ms) => {
      const entry = { callback, ms, cancelled: false };
      scheduled.push(entry);
      return () => {
        entry.cancelled = true;
      };
    },
    log: (message) => logs.push(message),
  });
  const seen: UpdateState[] = [];
  service.subscribe((state) => seen.push(state));
  return { updater, service, scheduled, seen, logs, online, settings };
}

const found = (version: string) => async (updater: FakeUpdater) => {
  updater.emit('update-available', { version });
  return { updateInfo: { version } };
};

describe('createUpdateService', () => {
  it('turns off automatic download and install on quit', () => {
    const { updater } = makeService();
    expect([updater.autoDownload, updater.autoInstallOnAppQuit]).toEqual([false, false]);
  });

  it('checks nothing at start: the first check is scheduled 15 s later and runs then', async () => {
    const { updater, service, scheduled } = makeService();
    updater.onCheck = found('0.2.0');
    service.start();
    service.start();
    expect(updater.checks).toBe(0);
    expect(scheduled.map((entry) => entry.ms)).toEqual([FIRST_CHECK_DELAY_MS]);
    expect(FIRST_CHECK_DELAY_MS).toBe(15_000);
    scheduled[0]?.callback();
    await Promise.resolve();
    expect(updater.checks).toBe(1);
    expect(service.state()).toEqual({ kind: 'available', version: '0.2.0' });
  });

  it('finds an update, downloads it only when asked, reports progress, and is ready', async () => {
    const { updater, service, seen } = makeService();
    updater.onCheck = found('0.2.0');
    updater.onDownload = async (fake) => {
      fake.emit('download-progress', { percent: 12.5 });
      fake.emit('download-progress', { percent: 87.2 });
      fake.emit('update-downloaded', { version: '0.2.0' });
      return ['/tmp/GM Screen 0.2.0.AppImage'];
    };
    expect(await service.check()).toEqual({ status: 'done', state: { kind: 'available', version: '0.2.0' } });
    expect(updater.downloads).toBe(0);
    expect(service.lastCheckedAt()).toBe(2_000);
    expect(await service.download()).toEqual({ status: 'done', state: { kind: 'ready', version: '0.2.0' } });
    expect(seen).toEqual([
      { kind: 'checking' },
      { kind: 'available', version: '0.2.0' },
      { kind: 'downloading', version: '0.2.0', percent: 0 },
      { kind: 'downloading', version: '0.2.0', percent: 13 },
      { kind: 'downloading', version: '0.2.0', percent: 87 },
      { kind: 'ready', version: '0.2.0' },
    ]);
  });

  it('comes back to idle when there is no update, by event or by a check that answers null', async () => {
    const byEvent = makeService();
    byEvent.updater.onCheck = async (fake) => {
      fake.emit('update-not-available', { version: '0.1.0' });
      return null;
    };
    expect(await byEvent.service.check()).toEqual({ status: 'done', state: { kind: 'idle' } });
    expect(byEvent.logs).toEqual([]);

    const byNull = makeService();
    expect(await byNull.service.check()).toEqual({ status: 'done', state: { kind: 'idle' } });
    expect(byNull.service.lastCheckedAt()).toBe(2_000);
  });

  it('stays silent offline: no request, state offline, no error', async () => {
    const harness = makeService();
    harness.online.value = false;
    expect(await harness.service.check()).toEqual({ status: 'done', state: { kind: 'offline' } });
    expect(harness.updater.checks).toBe(0);
    expect(harness.seen).toEqual([{ kind: 'checking' }, { kind: 'offline' }]);
    expect(harness.service.lastCheckedAt()).toBe(2_000);

    // Online by the system's account, but the feed cannot be reached: offline too, both from the event and the rejection.
    const { updater, service, seen } = makeService();
    updater.onCheck = async (fake) => {
      fake.emit('error', networkError('ENOTFOUND'));
      throw networkError('ENOTFOUND');
    };
    expect(await service.check()).toEqual({ status: 'done', state: { kind: 'offline' } });
    expect(seen).toEqual([{ kind: 'checking' }, { kind: 'offline' }]);
  });

  it('treats Chromium network errors as offline', async () => {
    const { updater, service } = makeService();
    updater.onCheck = async () => {
      throw new Error('net::ERR_INTERNET_DISCONNECTED');
    };
    expect(await service.check()).toEqual({ status: 'done', state: { kind: 'offline' } });
  });

  it('turns a failed check into one sentence, from the rejection alone or from the event first', async () => {
    const rejected = makeService();
    rejected.updater.onCheck = async () => {
      throw Object.assign(new Error('HttpError: 500 Internal Server Error\n"method: GET url: http://127.0.0.1/latest.yml"'), { statusCode: 500 });
    };
    expect(await rejected.service.check()).toEqual({ status: 'done', state: { kind: 'error', message: 'The update server answered HTTP 500.' } });

    const emitted = makeService();
    emitted.updater.onCheck = async (fake) => {
      const error = new Error('socket hang up\n    at connResetException (node:internal/errors:720:14)');
      fake.emit('error', error);
      throw error;
    };
    expect(await emitted.service.check()).toEqual({ status: 'done', state: { kind: 'error', message: 'The check for updates failed: socket hang up.' } });
    // The rejection after the event is the same failure: not applied a second time.
    expect(emitted.logs).toEqual([]);
    expect(emitted.seen).toEqual([{ kind: 'checking' }, { kind: 'error', message: 'The check for updates failed: socket hang up.' }]);
  });

  it('turns a failed download into a sentence, and a cut network during a download into offline', async () => {
    const failing = makeService();
    failing.updater.onCheck = found('0.2.0');
    failing.updater.onDownload = async () => {
      throw new Error('sha512 checksum mismatch, expected abc, got def');
    };
    await failing.service.check();
    expect(await failing.service.download()).toEqual({
      status: 'done',
      state: { kind: 'error', message: 'The update download failed: sha512 checksum mismatch, expected abc, got def.' },
    });

    const cut = makeService();
    cut.updater.onCheck = found('0.2.0');
    cut.updater.onDownload = async (fake) => {
      fake.emit('download-progress', { percent: 30 });
      fake.emit('error', networkError('ECONNRESET'));
      throw networkError('ECONNRESET');
    };
    await cut.service.check();
    expect(await cut.service.download()).toEqual({ status: 'done', state: { kind: 'offline' } });
  });

  it('refuses a download with nothing found, and a second check while one runs', async () => {
    const { updater, service } = makeService();
    expect(await service.download()).toEqual({ status: 'refused', message: 'No update has been found to download.', state: { kind: 'idle' } });
    let finish: () => void = () => {};
    updater.onCheck = (fake) =>
      new Promise((resolve) => {
        finish = () => {
          fake.emit('update-not-available', {});
          resolve(null);
        };
      });
    const first = service.check();
    expect(await service.check()).toEqual({ status: 'refused', message: 'A check for updates is already running.', state: { kind: 'checking' } });
    finish();
    expect(await first).toEqual({ status: 'done', state: { kind: 'idle' } });
    expect(updater.checks).toBe(1);
  });

  it('never installs during an open encounter, nor with nothing downloaded', async () => {
    const { updater, service } = makeService();
    expect(service.install(false)).toEqual({ status: 'refused', message: 'No update is downloaded and ready to install.', state: { kind: 'idle' } });
    updater.onCheck = found('0.2.0');
    updater.onDownload = async (fake) => {
      fake.emit('update-downloaded', {});
      return [];
    };
    await service.check();
    await service.download();
    expect(service.install(true)).toEqual({ status: 'refused', message: INSTALL_REFUSED_DURING_ENCOUNTER, state: { kind: 'ready', version: '0.2.0' } });
    expect(INSTALL_REFUSED_DURING_ENCOUNTER).toBe('Installing restarts GM Screen: close the open encounter first, then install.');
    expect(updater.installs).toBe(0);
    expect(service.install(false)).toEqual({ status: 'done', state: { kind: 'ready', version: '0.2.0' } });
    expect(updater.installs).toBe(1);
  });

  it('with checks off: starts disabled, schedules nothing, refuses a check; turned on, checks again', async () => {
    const { updater, service, scheduled } = makeService({ settings: { checksEnabled: false } });
    expect(service.state()).toEqual({ kind: 'disabled' });
    service.start();
    expect(scheduled).toEqual([]);
    expect(await service.check()).toEqual({ status: 'refused', message: 'Update checks are turned off in Settings.', state: { kind: 'disabled' } });
    expect(updater.checks).toBe(0);
    expect(service.setChecksEnabled(true)).toEqual({ kind: 'idle' });
    expect(await service.check()).toEqual({ status: 'done', state: { kind: 'idle' } });
    expect(updater.checks).toBe(1);
  });

  it('turning checks off cancels the scheduled first check and keeps the setting', () => {
    const { service, scheduled, settings } = makeService();
    service.start();
    expect(service.setChecksEnabled(false)).toEqual({ kind: 'disabled' });
    expect(settings.checksEnabled).toBe(false);
    expect(scheduled.map((entry) => entry.cancelled)).toEqual([true]);
  });

  it('keeps a downloaded update when checks are turned off', async () => {
    const { updater, service } = makeService();
    updater.onCheck = found('0.2.0');
    updater.onDownload = async (fake) => {
      fake.emit('update-downloaded', {});
      return [];
    };
    await service.check();
    await service.download();
    expect(service.setChecksEnabled(false)).toEqual({ kind: 'ready', version: '0.2.0' });
  });

  it('ignores a stray updater event, logging why', () => {
    const { updater, service, logs, seen } = makeService();
    updater.emit('update-downloaded', {});
    expect(service.state()).toEqual({ kind: 'idle' });
    expect(seen).toEqual([]);
    expect(logs).toEqual(['Update event downloaded ignored in state idle: A download finished but nothing was downloading.']);
  });

  it('dispose cancels the first check', () => {
    const { service, scheduled } = makeService();
    service.start();
    service.dispose();
    expect(scheduled.map((entry) => entry.cancelled)).toEqual([true]);
  });

  it('left no unhandled rejection behind', async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(unhandledRejections).toBe(0);
  });
});

describe('createUpdateService without an updater (a copy that cannot update itself)', () => {
  const REASON = 'Updates are checked only in the installed app.';
  function makeUnavailable(settings = { checksEnabled: true }) {
    const scheduled: number[] = [];
    const service = createUpdateService({
      updater: null,
      unavailableReason: REASON,
      isOnline: () => true,
      now: () => 5_000,
      settings,
      schedule: (_callback, ms) => {
        scheduled.push(ms);
        return () => {};
      },
    });
    return { service, scheduled, settings };
  }

  it('stays unavailable with its reason, schedules nothing at start and refuses every action with the reason', async () => {
    const { service, scheduled } = makeUnavailable();
    const seen: UpdateState[] = [];
    service.subscribe((state) => seen.push(state));
    service.start();
    const unavailable = { kind: 'unavailable', reason: REASON };
    expect(scheduled).toEqual([]);
    expect(service.state()).toEqual(unavailable);
    await expect(service.check()).resolves.toEqual({ status: 'refused', message: REASON, state: unavailable });
    await expect(service.download()).resolves.toEqual({ status: 'refused', message: REASON, state: unavailable });
    expect(service.install(false)).toEqual({ status: 'refused', message: REASON, state: unavailable });
    expect(service.lastCheckedAt()).toBeUndefined();
    expect(seen).toEqual([]);
    service.dispose();
  });

  it('turns checks neither on nor off: the settings are left as they were', () => {
    const { service, settings } = makeUnavailable();
    expect(service.setChecksEnabled(false)).toEqual({ kind: 'unavailable', reason: REASON });
    expect(settings.checksEnabled).toBe(true);
  });
});

describe('createUpdateService: the time of the check as listeners hear its end', () => {
  type OnCheck = FakeUpdater['onCheck'];
  it.each<[string, OnCheck, UpdateState['kind']]>([
    ['an update found', found('0.2.0'), 'available'],
    [
      'no update',
      async (updater) => {
        updater.emit('update-not-available', {});
        return null;
      },
      'idle',
    ],
    ['a failed check', async () => Promise.reject(new Error('socket hang up')), 'error'],
    ['a check cut by the network', async () => Promise.reject(networkError('ENOTFOUND')), 'offline'],
  ])('%s: the listener already sees the new time', async (_name, onCheck, kind) => {
    const { updater, service } = makeService();
    updater.onCheck = onCheck;
    const heard: [string, number | undefined][] = [];
    service.subscribe((state) => heard.push([state.kind, service.lastCheckedAt()]));
    await service.check();
    expect(heard).toEqual([
      ['checking', undefined],
      [kind, 2_000],
    ]);
  });

  it('offline before the check starts: the listener sees the time too', async () => {
    const { service, online } = makeService();
    online.value = false;
    const heard: [string, number | undefined][] = [];
    service.subscribe((state) => heard.push([state.kind, service.lastCheckedAt()]));
    await service.check();
    expect(heard).toEqual([
      ['checking', undefined],
      ['offline', 2_000],
    ]);
  });
});
