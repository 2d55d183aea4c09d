import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BROWSER_UPDATES_SENTENCE } from '../../../shared/ipc/browser-updates';
import { createPreferencesFile } from '../files/preferences';
import { IpcRejection, runContractMethod } from '../ipc/ipc-handler';
import { startWebShell, type WebShell } from '../web-shell';
import { FakeUpdater } from './fake-updater.test-support';
import { createUpdateController } from './update-controller';
import { BROWSER_UPDATE_IPC_METHODS, createUpdateIpcMethods } from './update-ipc';
import { INSTALL_REFUSED_DURING_ENCOUNTER } from './update-service';

const browserStatus = {
  state: { kind: 'unavailable', reason: BROWSER_UPDATES_SENTENCE },
  lastCheckedAt: null,
  checksEnabled: false,
  summary: 'Updates come with the desktop app; this browser version updates with the project (git pull, npm start).',
};
const browserRefusal = { status: 'refused', message: BROWSER_UPDATES_SENTENCE, update: browserStatus };

function dataFolder(): string {
  return mkdtempSync(join(tmpdir(), 'update-ipc-'));
}

async function electronMethods() {
  const updater = new FakeUpdater();
  let made = 0;
  const folder = dataFolder();
  const controller = createUpdateController({
    preferences: createPreferencesFile(join(folder, 'preferences.json')),
    updater,
    isOnline: () => true,
    now: () => new Date(2026, 11, 2, 14, 2).getTime(),
    schedule: () => () => {},
    log: () => {},
  });
  const methods = createUpdateIpcMethods(() => {
    made += 1;
    return controller;
  });
  return { methods, updater, made: () => made };
}

describe('createUpdateIpcMethods (Electron shell), through the contract as IPC runs them', () => {
  it('answers each method from the controller, every answer valid for the contract', async () => {
    const { methods, updater } = await electronMethods();
    updater.onCheck = async (fake) => {
      fake.emit('update-available', { version: '0.2.0' });
      return null;
    };
    updater.onDownload = async (fake) => {
      fake.emit('update-downloaded', {});
      return [];
    };
    const checkedAt = new Date(new Date(2026, 11, 2, 14, 2).getTime()).toISOString();
    await expect(runContractMethod('getUpdateStatus', methods.getUpdateStatus, undefined)).resolves.toEqual({
      state: { kind: 'idle' },
      lastCheckedAt: null,
      checksEnabled: true,
      summary: 'Not checked yet',
    });
    await expect(runContractMethod('checkForUpdates', methods.checkForUpdates, undefined)).resolves.toEqual({
      status: 'done',
      update: { state: { kind: 'available', version: '0.2.0' }, lastCheckedAt: checkedAt, checksEnabled: true, summary: 'GM Screen 0.2.0 is available' },
    });
    await runContractMethod('downloadUpdate', methods.downloadUpdate, undefined);
    const ready = { state: { kind: 'ready', version: '0.2.0' }, lastCheckedAt: checkedAt, checksEnabled: true, summary: '0.2.0 is ready: install when no encounter is open' };
    await expect(runContractMethod('installUpdate', methods.installUpdate, { encounterOpen: true })).resolves.toEqual({
      status: 'refused',
      message: INSTALL_REFUSED_DURING_ENCOUNTER,
      update: ready,
    });
    await expect(runContractMethod('setUpdateChecks', methods.setUpdateChecks, { enabled: false })).resolves.toEqual({
      status: 'done',
      update: { ...ready, checksEnabled: false },
    });
  });

  it('refuses payloads the contract does not allow before the controller is asked', async () => {
    const { methods, made } = await electronMethods();
    await expect(runContractMethod('installUpdate', methods.installUpdate, {})).rejects.toThrow(IpcRejection);
    await expect(runContractMethod('installUpdate', methods.installUpdate, { encounterOpen: 'no' })).rejects.toThrow(
      'gm:updates:install: invalid payload (encounterOpen: Invalid input: expected boolean, received string).',
    );
    await expect(runContractMethod('setUpdateChecks', methods.setUpdateChecks, { enabled: true, extra: 1 })).rejects.toThrow(IpcRejection);
    await expect(runContractMethod('checkForUpdates', methods.checkForUpdates, { now: true })).rejects.toThrow(IpcRejection);
    expect(made()).toBe(0);
  });
});

describe('BROWSER_UPDATE_IPC_METHODS', () => {
  it('answers the browser sentence to every method, valid for the contract', async () => {
    await expect(runContractMethod('getUpdateStatus', BROWSER_UPDATE_IPC_METHODS.getUpdateStatus, undefined)).resolves.toEqual(browserStatus);
    for (const method of ['checkForUpdates', 'downloadUpdate'] as const) {
      await expect(runContractMethod(method, BROWSER_UPDATE_IPC_METHODS[method], undefined)).resolves.toEqual(browserRefusal);
    }
    await expect(runContractMethod('installUpdate', BROWSER_UPDATE_IPC_METHODS.installUpdate, { encounterOpen: false })).resolves.toEqual(browserRefusal);
    await expect(runContractMethod('setUpdateChecks', BROWSER_UPDATE_IPC_METHODS.setUpdateChecks, { enabled: true })).resolves.toEqual(browserRefusal);
  });
});

describe('the browser fallback’s server answers the update methods over the loopback bridge', () => {
  const running: WebShell[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((shell) => shell.close()));
  });

  it('with the browser sentence, and writes nothing in the data folder', async () => {
    const root = dataFolder();
    const rendererRoot = join(root, 'renderer');
    mkdirSync(rendererRoot);
    writeFileSync(join(rendererRoot, 'index.html'), '<!doctype html><html><head><title>GM</title></head><body></body></html>');
    const dataDirectory = join(root, 'data');
    mkdirSync(dataDirectory);
    const shell = await startWebShell({ rendererRoot, dataDirectory, port: 0, strictPort: true, version: '9.9.9', platform: 'linux' });
    running.push(shell);
    const html = await (await fetch(shell.url)).text();
    const token = /<meta name="gm-bridge-token" content="([A-Za-z0-9_-]{43})" \/>/.exec(html)?.[1] ?? '';
    const call = async (method: string, payload?: unknown) => {
      const response = await fetch(`${shell.url}api/${method}`, {
        method: 'POST',
        headers: { 'X-GM-Token': token },
        body: payload === undefined ? '' : JSON.stringify(payload),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    };
    expect(await call('getUpdateStatus')).toEqual({ status: 200, body: { value: browserStatus } });
    expect(await call('checkForUpdates')).toEqual({ status: 200, body: { value: browserRefusal } });
    expect(await call('downloadUpdate')).toEqual({ status: 200, body: { value: browserRefusal } });
    expect(await call('installUpdate', { encounterOpen: false })).toEqual({ status: 200, body: { value: browserRefusal } });
    expect(await call('setUpdateChecks', { enabled: false })).toEqual({ status: 200, body: { value: browserRefusal } });
    expect(readdirSync(dataDirectory)).toEqual([]);
  });
});
