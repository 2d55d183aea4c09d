import { describe, expect, it, vi } from 'vitest';
import { createAppInfo } from './app-info';
import { createIpcHandler } from './ipc-handler';

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
