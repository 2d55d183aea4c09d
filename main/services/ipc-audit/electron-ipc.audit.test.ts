// The Electron shell's IPC (main/electron/ipc.ts) against the whole contract, with Electron
// replaced by recording stand-ins: every call to it, and every file in the data folder, is a side
// effect that a refused call must not have.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ipcContract } from '../../../shared/ipc/contract';
import { createIpcHandler, type IpcImplementation } from '../ipc/ipc-handler';
import { createTrustedUrlCheck } from '../security';
import {
  auditAnswerChecks,
  auditRegistrations,
  contractMethods,
  createProbes,
  createRegistry,
  type RegisteredHandler,
} from './contract-audit.test-support';

const shell = vi.hoisted(() => {
  let calls = 0;
  const handlers = new Map<string, unknown[]>();
  /** Any Electron API: each call or construction counted; what it returns is another stand-in (never a thenable). */
  const stand = (): unknown =>
    new Proxy(function standIn() {}, {
      apply: () => (calls++, stand()),
      construct: () => (calls++, stand() as object),
      get: (_target, key) => (key === 'then' ? undefined : stand()),
    });
  /** An Electron object whose named members are real and whose others are stand-ins. */
  const withStandIns = (members: Record<string, unknown>) =>
    new Proxy(members, { get: (target, key) => (typeof key === 'string' && key in target ? target[key] : stand()), has: () => true });
  const dataDirectory = { path: '' };
  // Electron's main-process modules: a real object for the two the audit reads, counted stand-ins for the rest.
  const modules = ['autoUpdater', 'BaseWindow', 'BrowserView', 'BrowserWindow', 'clipboard', 'crashReporter', 'dialog', 'globalShortcut'];
  modules.push('Menu', 'MenuItem', 'nativeImage', 'nativeTheme', 'net', 'Notification', 'powerMonitor', 'protocol', 'safeStorage');
  modules.push('screen', 'session', 'shell', 'systemPreferences', 'Tray', 'utilityProcess', 'webContents', 'WebContentsView');
  const electron: Record<string, unknown> = {
    ...Object.fromEntries(modules.map((name) => [name, stand()])),
    app: withStandIns({
      getPath: () => (calls++, dataDirectory.path),
      getName: () => (calls++, 'GM Screen'),
      getVersion: () => (calls++, '0.1.0'),
    }),
    ipcMain: withStandIns({ handle: (channel: string, handler: unknown) => handlers.set(channel, [...(handlers.get(channel) ?? []), handler]) }),
  };
  return { electron, stand, handlers, dataDirectory, calls: () => calls };
});
vi.mock('electron', () => ({ ...shell.electron, default: shell.electron }));
// The real wrapper, watched: which handler it made for which method.
vi.mock('../ipc/ipc-handler', async (importOriginal) => {
  const real = await importOriginal<typeof import('../ipc/ipc-handler')>();
  return { ...real, createIpcHandler: vi.fn(real.createIpcHandler) };
});

shell.dataDirectory.path = mkdtempSync(join(tmpdir(), 'gm-ipc-audit-'));
afterAll(() => rmSync(shell.dataDirectory.path, { recursive: true, force: true }));

const appPage = 'file:///opt/gm-screen/resources/app.asar/out/renderer/index.html';
const isTrusted = createTrustedUrlCheck(appPage);

/** Every file under the data folder with its size and time: a write anywhere changes it. */
function filesIn(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true }).map((entry) => {
    const path = join(entry.parentPath, entry.name);
    const stats = statSync(path);
    return `${path}:${stats.size}:${stats.mtimeMs}`;
  });
}
const sideEffects = () => `${shell.calls()} calls to Electron; ${filesIn(shell.dataDirectory.path).sort().join(', ')}`;

/** registerIpcHandlers with the shell's own trust check and stand-ins for whatever else it takes (windows, menus, callbacks). */
async function registerTheElectronShell(): Promise<void> {
  // Imported by a computed name: main/electron belongs to another TypeScript project than this test, and
  // its parameters after the first change as the shell grows (all but the trust check are stand-ins here).
  const glue = '../../electron/ipc';
  const { registerIpcHandlers } = (await import(glue)) as { registerIpcHandlers: (...args: unknown[]) => void };
  const others = Array.from({ length: Math.max(0, registerIpcHandlers.length - 1) }, () => shell.stand());
  registerIpcHandlers(isTrusted, ...others);
}

describe('the Electron shell registers every contract method through createIpcHandler', () => {
  it('one handler per channel, each refusing an untrusted sender and an invalid payload before anything runs', async () => {
    await registerTheElectronShell();
    const problems = await auditRegistrations(shell.handlers as Map<string, RegisteredHandler[]>, { trustedUrl: appPage, sideEffects });
    expect(problems).toEqual([]);
    expect([...shell.handlers.keys()].sort()).toEqual(contractMethods().map((method) => ipcContract[method].channel).sort());
  });

  it('each registered handler is the one createIpcHandler made for that method, with the shell trust check', () => {
    const made = vi.mocked(createIpcHandler).mock;
    for (const method of contractMethods()) {
      const index = made.calls.findIndex(([name]) => name === method);
      expect(index, method).toBeGreaterThanOrEqual(0);
      expect(made.calls[index]![2], method).toBe(isTrusted);
      expect(shell.handlers.get(ipcContract[method].channel), method).toEqual([made.results[index]!.value]);
    }
  });

  it("and createIpcHandler refuses, for every method, an answer that breaks the method's response schema", async () => {
    const probes = createProbes();
    const registry = createRegistry();
    for (const method of contractMethods()) registry.handle(ipcContract[method].channel, createIpcHandler(method, probes.implementation[method], isTrusted));
    expect(await auditAnswerChecks(registry.handlers, probes, appPage)).toEqual([]);
  });
});

describe('the same audit catches a planted violation', () => {
  /** The contract's wrapper over probes for every method, then `plant` changes the registrations. */
  function registrations(plant: (registry: ReturnType<typeof createRegistry>, implementation: IpcImplementation) => void) {
    const probes = createProbes();
    const registry = createRegistry();
    plant(registry, probes.implementation);
    return { probes, handlers: registry.handlers, sideEffects: () => `${probes.calls.length}` };
  }
  const wrapAllBut = (skip: string[]) => (registry: ReturnType<typeof createRegistry>, implementation: IpcImplementation) => {
    for (const method of contractMethods()) {
      if (!skip.includes(method)) registry.handle(ipcContract[method].channel, createIpcHandler(method, implementation[method], isTrusted));
    }
  };

  it('a raw handler that bypasses createIpcHandler', async () => {
    const planted = registrations((registry, implementation) => {
      wrapAllBut(['readBackup'])(registry, implementation);
      registry.handle(ipcContract.readBackup.channel, (_event, payload) => implementation.readBackup(payload as never));
    });
    expect(await auditRegistrations(planted.handlers, { trustedUrl: appPage, sideEffects: planted.sideEffects })).toEqual([
      'readBackup: a call from https://evil.example/ was not refused with an IpcRejection (it answered).',
      'readBackup: its implementation ran for a call from https://evil.example/.',
      'readBackup: a call with no sender frame was not refused with an IpcRejection (it answered).',
      'readBackup: its implementation ran for a call with no sender frame.',
      'readBackup: the invalid payload 42 was not refused with an IpcRejection (it answered).',
      'readBackup: its implementation ran for the invalid payload 42.',
    ]);
    expect(await auditAnswerChecks(planted.handlers, planted.probes, appPage)).toEqual([
      'readBackup: an answer outside the contract was not refused (it answered).',
    ]);
  });

  it('a handler that checks its sender itself but trusts the payload', async () => {
    const planted = registrations((registry, implementation) => {
      wrapAllBut(['listBackups'])(registry, implementation);
      registry.handle(ipcContract.listBackups.channel, (event, payload) => {
        if (!isTrusted(event.senderFrame?.url ?? '')) throw new Error('untrusted sender');
        return implementation.listBackups(payload as never);
      });
    });
    expect(await auditRegistrations(planted.handlers, { trustedUrl: appPage, sideEffects: planted.sideEffects })).toEqual([
      'listBackups: a call from https://evil.example/ was not refused with an IpcRejection (Error: untrusted sender).',
      'listBackups: a call with no sender frame was not refused with an IpcRejection (Error: untrusted sender).',
      'listBackups: the invalid payload 42 was not refused with an IpcRejection (it answered).',
      'listBackups: its implementation ran for the invalid payload 42.',
    ]);
  });

  it('a method left unregistered, one registered twice, and a channel outside the contract', async () => {
    const planted = registrations((registry, implementation) => {
      wrapAllBut(['getAppInfo'])(registry, implementation);
      registry.handle(ipcContract.openPlayerView.channel, createIpcHandler('openPlayerView', implementation.openPlayerView, isTrusted));
      registry.handle('gm:debug:eval', () => undefined);
    });
    expect(await auditRegistrations(planted.handlers, { trustedUrl: appPage, sideEffects: planted.sideEffects })).toEqual([
      'gm:debug:eval: a handler on a channel the contract does not have.',
      'getAppInfo: 0 handlers on gm:app:get-info, not 1.',
      'openPlayerView: 2 handlers on gm:player:open, not 1.',
    ]);
  });
});
