import { describe, expect, it, vi } from 'vitest';
import { loadTrackerPanel, trackerPanelComponent } from './panel-chunks';

describe('trackerPanelComponent', () => {
  it('waits for the chunk until it has arrived, then is the panel itself', async () => {
    const early = trackerPanelComponent();
    // Vue's async component wrapper, which renders nothing until its import() settles.
    expect(Object.keys(early)).toContain('__asyncLoader');
    // The build defines it; the panel's imports reach platform/gm.ts, which reads it.
    vi.stubGlobal('__APP_VERSION__', '0.0.0-test');
    const module = await loadTrackerPanel();
    expect(trackerPanelComponent()).toBe(module.default);
    expect(Object.keys(trackerPanelComponent())).not.toContain('__asyncLoader');
  });
});
