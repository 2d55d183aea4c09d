import { describe, expect, it, vi } from 'vitest';
import { createAppInfo } from './app-info';
import { createIpcHandler, IpcRejection, runContractMethod } from './ipc-handler';

const trusted = (url: string) => url === 'file:///app/index.html';
const info = createAppInfo({ name: 'GM Screen', version: '0.1.0', platform: 'linux', dataDirectory: '/tmp/gm' });

describe('createIpcHandler', () => {
  it('answers a trusted sender with a valid payload', async () => {
    const handler = createIpcHandler('getAppInfo', () => info, trusted);
    await expect(handler({ senderFrame: { url: 'file:///app/index.html' } }, undefined)).resolves.toEqual(info);
  });

  it('refuses an untrusted or missing sender without running the handler', async () => {
    const implementation = vi.fn(() => info);
    const handler = createIpcHandler('getAppInfo', implementation, trusted);
    await expect(handler({ senderFrame: { url: 'https://evil.example/' } }, undefined)).rejects.toThrow(/untrusted sender/);
    await expect(handler({ senderFrame: null }, undefined)).rejects.toThrow(/untrusted sender/);
    expect(implementation).not.toHaveBeenCalled();
  });

  it('refuses a payload the contract does not allow', async () => {
    const implementation = vi.fn(() => info);
    const handler = createIpcHandler('getAppInfo', implementation, trusted);
    await expect(handler({ senderFrame: { url: 'file:///app/index.html' } }, { path: '/etc' })).rejects.toThrow(/invalid payload/);
    expect(implementation).not.toHaveBeenCalled();
  });

  it('refuses to send an answer that breaks the contract', async () => {
    const handler = createIpcHandler('getAppInfo', () => ({ ...info, version: 3 }) as never, trusted);
    await expect(handler({ senderFrame: { url: 'file:///app/index.html' } }, undefined)).rejects.toThrow();
  });
});

describe('runContractMethod (both transports)', () => {
  it('runs the implementation with the parsed payload and returns its checked answer', async () => {
    const implementation = vi.fn(() => ({ status: 'failed' as const, message: 'damaged' }));
    await expect(runContractMethod('readBackup', implementation, { name: 'a.gmbackup' })).resolves.toEqual({ status: 'failed', message: 'damaged' });
    expect(implementation).toHaveBeenCalledWith({ name: 'a.gmbackup' });
  });

  it('refuses a payload with an IpcRejection naming the channel, the field and the schema\'s sentence', async () => {
    const implementation = vi.fn(() => ({ status: 'failed' as const, message: 'x' }));
    const refused = runContractMethod('readBackup', implementation, { name: 'a/b' });
    await expect(refused).rejects.toBeInstanceOf(IpcRejection);
    await expect(refused).rejects.toThrow('gm:backups:read: invalid payload (name: a file name without folders).');
    await expect(runContractMethod('getAppInfo', () => info, 3)).rejects.toThrow(
      'gm:app:get-info: invalid payload (Invalid input: expected undefined, received number).',
    );
    expect(implementation).not.toHaveBeenCalled();
  });

  it('refuses an answer that breaks the contract with a plain Error, not an IpcRejection', async () => {
    const refused = runContractMethod('getAppInfo', () => ({ ...info, version: 3 }) as never, undefined);
    await expect(refused).rejects.toThrow('gm:app:get-info: the answer breaks the contract (version: Invalid input: expected string, received number).');
    await expect(refused).rejects.not.toBeInstanceOf(IpcRejection);
  });
});
