import { beforeEach, describe, expect, it, vi } from 'vitest';

const ensureSystem = vi.fn<(id: string) => Promise<unknown>>();
vi.mock('./loaded-systems', () => ({ ensureSystem: (id: string) => ensureSystem(id) }));

describe('loadStartSystem', () => {
  beforeEach(() => {
    vi.resetModules();
    ensureSystem.mockReset();
  });

  it('loads the settings, then the system they name, and only then says the start system settled', async () => {
    const { loadStartSystem, startSystemSettled } = await import('./start-system');
    const settings = { systemId: 'electric-state' as const, load: vi.fn(async () => void (settings.systemId = 'hardware' as never)) };
    let release!: () => void;
    ensureSystem.mockReturnValue(new Promise<void>((done) => (release = done)));
    const started = loadStartSystem(settings);
    await vi.waitFor(() => expect(ensureSystem).toHaveBeenCalledWith('hardware'));
    expect(startSystemSettled.value).toBe(false);
    release();
    await started;
    expect(settings.load).toHaveBeenCalledTimes(1);
    expect(startSystemSettled.value).toBe(true);
  });

  it('settles when the chunk cannot be loaded, so the panels still mount', async () => {
    const { loadStartSystem, startSystemSettled } = await import('./start-system');
    ensureSystem.mockRejectedValue(new Error('chunk missing'));
    await expect(loadStartSystem({ systemId: 'hardware', load: async () => undefined })).resolves.toBeUndefined();
    expect(startSystemSettled.value).toBe(true);
  });

  it('settles when the settings cannot be read', async () => {
    const { loadStartSystem, startSystemSettled } = await import('./start-system');
    await loadStartSystem({ systemId: 'hardware', load: () => Promise.reject(new Error('no database')) });
    expect(ensureSystem).not.toHaveBeenCalled();
    expect(startSystemSettled.value).toBe(true);
  });
});
