import { describe, expect, it, vi } from 'vitest';
import { createAppInfo } from '../app-info';
import { createIpcHandler, IpcRejection, runContractMethod } from './ipc-handler';
import { createTrustedUrlCheck } from '../security';

const trusted = (url: string) => url === 'file:///app/index.html';
const info = createAppInfo({ name: 'GM Screen', version: '0.1.0', platform: 'linux', dataDirectory: '/tmp/gm' }, { node: '22.20.0' });

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

describe('the player view methods', () => {
  const gmPage = { senderFrame: { url: 'file:///app/index.html' } };
  const isTrusted = createTrustedUrlCheck('file:///app/index.html');
  const placement = { displayId: '2', bounds: { x: 1440, y: 0, width: 1280, height: 720 }, fullScreen: false };
  const display = { id: '1', bounds: { x: 0, y: 0, width: 1920, height: 1080 }, workArea: { x: 0, y: 0, width: 1920, height: 1040 }, primary: true };

  it('opens the player view for the GM page, and refuses the player page itself (same folder, other file)', async () => {
    const open = vi.fn(() => ({ status: 'opened' as const }));
    const handler = createIpcHandler('openPlayerView', open, isTrusted);
    await expect(handler(gmPage, undefined)).resolves.toEqual({ status: 'opened' });
    await expect(handler({ senderFrame: { url: 'file:///app/player.html' } }, undefined)).rejects.toThrow(
      'gm:player:open: refused a call from an untrusted sender (file:///app/player.html).',
    );
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('refuses a payload to openPlayerView and an answer that is neither opened nor failed', async () => {
    const open = vi.fn(() => ({ status: 'opened' as const }));
    await expect(createIpcHandler('openPlayerView', open, isTrusted)(gmPage, { url: 'https://evil.example/' })).rejects.toThrow(
      'gm:player:open: invalid payload (Invalid input: expected undefined, received object).',
    );
    expect(open).not.toHaveBeenCalled();
    await expect(runContractMethod('openPlayerView', () => ({ status: 'maybe' }) as never, undefined)).rejects.toThrow(/gm:player:open: the answer breaks the contract/);
  });

  it('passes a valid placement through, and refuses absurd or malformed ones before they are saved', async () => {
    const save = vi.fn(() => ({ status: 'saved' as const }));
    await expect(runContractMethod('savePlayerPlacement', save, placement)).resolves.toEqual({ status: 'saved' });
    expect(save).toHaveBeenCalledWith(placement);
    for (const [payload, sentence] of [
      [{ ...placement, bounds: { ...placement.bounds, width: 1e9 } }, 'bounds.width: Too big: expected number to be <=100000'],
      [{ ...placement, bounds: { ...placement.bounds, height: 0 } }, 'bounds.height: Too small: expected number to be >=1'],
      [{ ...placement, bounds: { ...placement.bounds, x: 1.5 } }, 'bounds.x: Invalid input: expected int, received number'],
      [{ ...placement, displayId: '' }, 'displayId: Too small: expected string to have >=1 characters'],
    ] as const) {
      await expect(runContractMethod('savePlayerPlacement', save, payload)).rejects.toThrow(`gm:player:save-placement: invalid payload (${sentence}).`);
    }
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('chooses for at most 32 displays', async () => {
    const choose = vi.fn(() => placement);
    await expect(runContractMethod('choosePlayerPlacement', choose, { displays: [display] })).resolves.toEqual(placement);
    await expect(runContractMethod('choosePlayerPlacement', choose, { displays: Array(33).fill(display) })).rejects.toThrow(
      'gm:player:choose-placement: invalid payload (displays: Too big: expected array to have <=32 items).',
    );
    expect(choose).toHaveBeenCalledTimes(1);
  });
});
