import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HANDOFF_GLOBAL, startPreviewHandoff } from './boot-handoff';
import { SAMPLE_ROW, samplePreview } from './preview.test-support';
import { START_PREVIEW_KEY } from './start-preview';

const preview = samplePreview([{ ...SAMPLE_ROW, name: 'Sam', kind: 'PC', health: 'Unhurt', current: true }], 4);

/** index.html's shell, as the page has it when its first script runs. */
const SHELL =
  '<div id="app"><div class="start-shell"><div class="start-shell-header"><span class="start-shell-name">GM Screen</span></div>' +
  '<p class="start-shell-status" role="status">Opening your screen…</p></div></div>';

/** Runs boot.ts as the page would: once, on the shell. */
async function boot(): Promise<void> {
  vi.resetModules();
  await import('./boot');
}

beforeEach(() => {
  document.body.innerHTML = SHELL;
  localStorage.clear();
  delete (window as unknown as Record<string, unknown>)[HANDOFF_GLOBAL];
});
afterEach(() => vi.restoreAllMocks());

describe('boot.ts', () => {
  it('paints the offer after the header and the order below the status, and hands the preview over', async () => {
    localStorage.setItem(START_PREVIEW_KEY, JSON.stringify(preview));
    await boot();
    const shell = document.querySelector('.start-shell')!;
    expect([...shell.children].map((child) => child.className)).toEqual([
      'start-shell-header',
      'start-preview-banner',
      'start-shell-status',
      'start-preview-panel',
    ]);
    expect(shell.querySelector('.start-preview-question')?.textContent).toBe(preview.question);
    expect(shell.querySelector('.start-preview-name')?.textContent).toBe('Sam');
    expect(shell.querySelector('.start-preview-more')?.textContent).toBe('and 3 more');
    const handoff = startPreviewHandoff();
    expect(handoff?.preview).toEqual(preview);
    expect(handoff?.rowsThatFit(800)).toBe(16);
  });

  it('leaves the shell as it is, and hands over no preview, when none is stored or it is unreadable', async () => {
    for (const stored of [null, '{"version":1,', JSON.stringify({ ...preview, version: 9 })]) {
      document.body.innerHTML = SHELL;
      if (stored === null) localStorage.removeItem(START_PREVIEW_KEY);
      else localStorage.setItem(START_PREVIEW_KEY, stored);
      await boot();
      expect(document.body.innerHTML).toBe(SHELL);
      expect(startPreviewHandoff()?.preview).toBeNull();
    }
  });

  it('still hands over its functions when storage cannot be read', async () => {
    localStorage.setItem(START_PREVIEW_KEY, JSON.stringify(preview));
    // What a page with storage turned off meets: reaching window.localStorage throws.
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    await boot();
    expect(document.body.innerHTML).toBe(SHELL);
    const handoff = startPreviewHandoff()!;
    expect(handoff.preview).toBeNull();
    expect(handoff.renderPreviewList(document, preview, 5).querySelector('.start-preview-name')?.textContent).toBe(
      'Sam',
    );
  });

  it('paints nothing where the app has already replaced the shell', async () => {
    document.body.innerHTML = '<div id="app"><header>the app</header></div>';
    localStorage.setItem(START_PREVIEW_KEY, JSON.stringify(preview));
    await boot();
    expect(document.body.innerHTML).toBe('<div id="app"><header>the app</header></div>');
    expect(startPreviewHandoff()?.preview).toEqual(preview);
  });
});
