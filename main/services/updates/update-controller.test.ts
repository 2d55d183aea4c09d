import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { updateStatusSchema, type UpdateStatus } from '../../../shared/ipc/update-status';
import { createPreferencesFile } from '../files/preferences';
import { manualTimers } from '../window-state/manual-timers.test-support';
import { FakeUpdater } from './fake-updater.test-support';
import { NOT_INSTALLED_REASON } from './update-availability';
import { createUpdateController, UPDATE_CHECKS_PREFERENCE } from './update-controller';
import { FIRST_CHECK_DELAY_MS, INSTALL_REFUSED_DURING_ENCOUNTER } from './update-service';
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
  expect(unhandledRejections).toBe(0);
});

let folder: string;
let path: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'update-controller-'));
  path = join(folder, 'preferences.json');
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

// 14:02 local time on 2 December 2026, then one minute later at every reading of the clock.
const START = new Date(2026, 11, 2, 14, 2).getTime();

async function setUp(options: { installed?: boolean; preferencesPath?: string } = {}) {
  const updater = new FakeUpdater();
  const timers = manualTimers();
  const logged: string[] = [];
  let clock = START;
  const common = {
    preferences: createPreferencesFile(options.preferencesPath ?? path),
    isOnline: () => true,
    now: () => clock,
    schedule: timers.schedule,
    log: (message: string) => logged.push(message),
  };
  const controller = await createUpdateController(
    options.installed === false ? { ...common, updater: null, unavailableReason: NOT_INSTALLED_REASON } : { ...common, updater },
  );
  const heard: UpdateStatus[] = [];
  controller.subscribe((status) => heard.push(status));
  return { controller, updater, timers, logged, heard, advance: (ms: number) => (clock += ms) };
}

const status = (state: UpdateState, summary: string, lastCheckedAt: string | null = null, checksEnabled = true): UpdateStatus => ({
  state,
  lastCheckedAt,
  checksEnabled,
  summary,
});

const CHECKED_AT = new Date(START).toISOString();

describe('createUpdateController: the checks choice in preferences.json', () => {
  it('turns checks on when there is no preferences file, and schedules the first check 15 s after start', async () => {
    const { controller, timers, updater } = await setUp();
    expect(controller.status()).toEqual(status({ kind: 'idle' }, 'Not checked yet'));
    controller.start();
    expect(updater.checks).toBe(0);
    timers.tick(FIRST_CHECK_DELAY_MS);
    await Promise.resolve();
    expect(updater.checks).toBe(1);
  });

  it('reads checks turned off at start: disabled, and nothing is scheduled', async () => {
    await writeFile(path, JSON.stringify({ [UPDATE_CHECKS_PREFERENCE]: false, gmWindow: { keep: 'me' } }));
    const { controller, timers } = await setUp();
    controller.start();
    expect(timers.pending()).toBe(0);
    expect(controller.status()).toEqual(status({ kind: 'disabled' }, 'Update checks are off', null, false));
  });

  it('reads a damaged value as on', async () => {
    await writeFile(path, JSON.stringify({ [UPDATE_CHECKS_PREFERENCE]: 'no' }));
    expect((await setUp()).controller.status()).toEqual(status({ kind: 'idle' }, 'Not checked yet'));
  });

  it('writes the choice crash-safely, keeping the other preferences, and the next start reads it', async () => {
    await writeFile(path, JSON.stringify({ gmWindow: { keep: 'me' } }));
    const first = await setUp();
    await expect(first.controller.setChecks({ enabled: false })).resolves.toEqual({
      status: 'done',
      update: status({ kind: 'disabled' }, 'Update checks are off', null, false),
    });
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ gmWindow: { keep: 'me' }, [UPDATE_CHECKS_PREFERENCE]: false });
    expect(first.heard).toEqual([status({ kind: 'disabled' }, 'Update checks are off', null, false)]);
    expect((await setUp()).controller.status().checksEnabled).toBe(false);
  });

  it('turned off, cancels the scheduled check; turned back on, schedules one after the same delay', async () => {
    const { controller, timers, updater } = await setUp();
    controller.start();
    await controller.setChecks({ enabled: false });
    expect(timers.pending()).toBe(0);
    await expect(controller.setChecks({ enabled: true })).resolves.toEqual({ status: 'done', update: status({ kind: 'idle' }, 'Not checked yet') });
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ [UPDATE_CHECKS_PREFERENCE]: true });
    expect(timers.pending()).toBe(1);
    timers.tick(FIRST_CHECK_DELAY_MS);
    await Promise.resolve();
    expect(updater.checks).toBe(1);
  });

  it('keeps the choice for the session and logs when preferences.json cannot be written', async () => {
    // A file where the folder should be: no user, root included, can write under it.
    const notAFolder = join(folder, 'not-a-folder');
    await writeFile(notAFolder, 'x');
    const { controller, logged } = await setUp({ preferencesPath: join(notAFolder, 'preferences.json') });
    await expect(controller.setChecks({ enabled: false })).resolves.toEqual({
      status: 'done',
      update: status({ kind: 'disabled' }, 'Update checks are off', null, false),
    });
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^The update checks choice could not be saved: create of .*not-a-folder\/preferences\.json failed: ENOTDIR: not a directory/);
  });
});

describe('createUpdateController: statuses with their Settings line', () => {
  it('follows a check, a download and its progress, each status valid for the contract', async () => {
    const { controller, updater, heard, advance } = await setUp();
    updater.onCheck = async (fake) => {
      fake.emit('update-available', { version: '0.2.0' });
      return null;
    };
    updater.onDownload = async (fake) => {
      fake.emit('download-progress', { percent: 41.6 });
      fake.emit('update-downloaded', {});
      return [];
    };
    await expect(controller.check()).resolves.toEqual({
      status: 'done',
      update: status({ kind: 'available', version: '0.2.0' }, 'GM Screen 0.2.0 is available', CHECKED_AT),
    });
    advance(60_000);
    await controller.download();
    expect(heard).toEqual([
      status({ kind: 'checking' }, 'Checking for updates…'),
      status({ kind: 'available', version: '0.2.0' }, 'GM Screen 0.2.0 is available', CHECKED_AT),
      status({ kind: 'downloading', version: '0.2.0', percent: 0 }, 'Downloading 0.2.0 · 0 %', CHECKED_AT),
      status({ kind: 'downloading', version: '0.2.0', percent: 42 }, 'Downloading 0.2.0 · 42 %', CHECKED_AT),
      status({ kind: 'ready', version: '0.2.0' }, '0.2.0 is ready: install when no encounter is open', CHECKED_AT),
    ]);
    for (const each of heard) expect(updateStatusSchema.parse(each)).toEqual(each);
  });

  it('an update-free check reads "Up to date" with the time it finished', async () => {
    const { controller, updater } = await setUp();
    updater.onCheck = async (fake) => {
      fake.emit('update-not-available', {});
      return null;
    };
    await expect(controller.check()).resolves.toEqual({ status: 'done', update: status({ kind: 'idle' }, 'Up to date · checked 14:02', CHECKED_AT) });
  });

  it('refuses to install during an open encounter with the service’s sentence, and installs once it is closed', async () => {
    const { controller, updater } = await setUp();
    updater.onCheck = async (fake) => {
      fake.emit('update-available', { version: '0.2.0' });
      return null;
    };
    updater.onDownload = async (fake) => {
      fake.emit('update-downloaded', {});
      return [];
    };
    await controller.check();
    await controller.download();
    const ready = status({ kind: 'ready', version: '0.2.0' }, '0.2.0 is ready: install when no encounter is open', CHECKED_AT);
    expect(controller.install({ encounterOpen: true })).toEqual({ status: 'refused', message: INSTALL_REFUSED_DURING_ENCOUNTER, update: ready });
    expect(updater.installs).toBe(0);
    expect(controller.install({ encounterOpen: false })).toEqual({ status: 'done', update: ready });
    expect(updater.installs).toBe(1);
  });

  it('refuses a download with nothing found, with the machine’s sentence', async () => {
    const { controller } = await setUp();
    await expect(controller.download()).resolves.toEqual({
      status: 'refused',
      message: 'No update has been found to download.',
      update: status({ kind: 'idle' }, 'Not checked yet'),
    });
  });
});

describe('createUpdateController: a copy that cannot update (not installed)', () => {
  const unavailable = status({ kind: 'unavailable', reason: NOT_INSTALLED_REASON }, NOT_INSTALLED_REASON, null, false);

  it('reports the reason as its state and line, checks nothing, and refuses every action with it', async () => {
    const { controller, timers, updater } = await setUp({ installed: false });
    controller.start();
    expect(timers.pending()).toBe(0);
    expect(controller.status()).toEqual(unavailable);
    const refused = { status: 'refused', message: NOT_INSTALLED_REASON, update: unavailable };
    await expect(controller.check()).resolves.toEqual(refused);
    await expect(controller.download()).resolves.toEqual(refused);
    expect(controller.install({ encounterOpen: false })).toEqual(refused);
    await expect(controller.setChecks({ enabled: false })).resolves.toEqual(refused);
    expect(updater.checks).toBe(0);
    expect(updateStatusSchema.parse(unavailable)).toEqual(unavailable);
  });

  it('writes nothing to preferences.json', async () => {
    const { controller } = await setUp({ installed: false });
    await controller.setChecks({ enabled: false });
    await expect(readFile(path, 'utf8')).rejects.toThrow(/ENOENT/);
  });
});
