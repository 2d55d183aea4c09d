import { onScopeDispose, watch } from 'vue';
import { useEncounterStore } from '../encounter/encounter-store';
import type { buildStartPreview } from './build-start-preview';
import { START_PREVIEW_KEY } from './start-preview';
import { previewStorage } from './start-preview-store';

/** Changes within this long are written once: the preview follows the session, not each click. */
export const PREVIEW_WRITE_DELAY_MS = 500;

/**
 * Keeps the start preview (start-preview.ts) of the open encounter in storage: written a moment
 * after each change, and at once when the page is hidden or closed, by the window that holds the
 * encounter (a window following it from elsewhere leaves it to that one); removed when the GM
 * closes the encounter, so the next start offers nothing it would not offer. A failed write
 * (storage full or turned off) costs only the preview.
 */
export function useStartPreviewWriter(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
  delayMs = PREVIEW_WRITE_DELAY_MS,
): void {
  const encounter = useEncounterStore();
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The builder (and the order and progress code it reads) is a chunk of its own, loaded at the
  // first write, well after the encounter is on screen: the start-up script stays the smaller for
  // it and an opening does not wait on it. Null if it could not load.
  let build: typeof buildStartPreview | null = null;
  let builder: Promise<typeof buildStartPreview | null> | null = null;
  const loadBuilder = () =>
    (builder ??= import('./build-start-preview').then(
      (module) => (build = module.buildStartPreview),
      () => null,
    ));

  function write(): void {
    clearTimeout(timer);
    timer = undefined;
    const state = encounter.state;
    const rules = encounter.tracker;
    if (!state || !rules || encounter.elsewhere) return;
    if (!build) {
      void loadBuilder().then((loaded) => loaded && write());
      return;
    }
    try {
      previewStorage().setItem(START_PREVIEW_KEY, JSON.stringify(build(state, rules)));
    } catch {
      // Only the next start's preview is lost; the encounter itself is in IndexedDB.
    }
  }

  function remove(): void {
    clearTimeout(timer);
    timer = undefined;
    try {
      previewStorage().removeItem(START_PREVIEW_KEY);
    } catch {
      // Storage turned off: nothing was stored.
    }
  }

  watch(
    () => [encounter.state, encounter.elsewhere] as const,
    ([state], [before]) => {
      if (state) {
        clearTimeout(timer);
        timer = setTimeout(write, delayMs);
      } else if (before) {
        remove();
      }
    },
  );

  const flush = (): void => {
    if (timer !== undefined) write();
  };
  target.addEventListener('pagehide', flush);
  target.addEventListener('visibilitychange', flush);
  onScopeDispose(() => {
    flush();
    target.removeEventListener('pagehide', flush);
    target.removeEventListener('visibilitychange', flush);
  });
}
