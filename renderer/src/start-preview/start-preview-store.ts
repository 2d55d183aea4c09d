import { defineStore } from 'pinia';
import { computed, shallowRef, watch } from 'vue';
import type { EncounterState } from '../../../shared/encounter/state';
import { useEncounterStore } from '../encounter/encounter-store';
import { rulesLookup } from '../systems/loaded-systems';
import { startPreviewHandoff } from './boot-handoff';
import { START_PREVIEW_KEY, type PreviewStorage, type StartPreview } from './start-preview';

/** The page's storage; tests replace it (setPreviewStorage). */
let storage: () => PreviewStorage = () => window.localStorage;

/** For tests: the storage the preview is written to and removed from (boot.ts alone reads it). */
export function setPreviewStorage(next: () => PreviewStorage): void {
  storage = next;
}

export function previewStorage(): PreviewStorage {
  return storage();
}

/**
 * The start preview boot.ts read and painted at this start-up (see start-preview.ts), shown by the
 * resume banner and the tracker panel until the database has answered: kept while the offer is
 * being looked for, and while the offer found is for the encounter it shows; dropped (and removed
 * from storage, so the next start does not paint it either) when there is no offer or one for
 * another encounter, and gone once the offer is answered.
 */
export const useStartPreviewStore = defineStore('start-preview', () => {
  const encounter = useEncounterStore();
  const handoff = startPreviewHandoff();
  const preview = shallowRef<StartPreview | null>(handoff?.preview ?? null);
  const shown = computed(() => preview.value !== null && encounter.state === null);
  // Any encounter opened (the offer's or another, from the dialog) ends the preview for good.
  watch(
    () => encounter.state !== null,
    (open) => {
      if (open) preview.value = null;
    },
  );

  /** The offer was looked for: `offeredId` is the encounter it offers, null for none. */
  function offerFound(offeredId: string | null): void {
    if (preview.value && preview.value.encounterId !== offeredId) {
      preview.value = null;
      try {
        storage().removeItem(START_PREVIEW_KEY);
      } catch {
        // Storage turned off: there is nothing to remove either.
      }
    }
  }

  /**
   * The offer's encounter as the database has it (read ahead while the GM reads the offer): where
   * it differs from the stored picture (a change the picture missed, the app killed before it was
   * written), the picture shown and stored becomes the database's.
   */
  async function refresh(state: EncounterState): Promise<void> {
    if (preview.value?.encounterId !== state.id) return;
    const { buildStartPreview } = await import('./build-start-preview');
    if (!shown.value || preview.value?.encounterId !== state.id) return;
    const fresh = buildStartPreview(state, rulesLookup.tracker(state.systemId));
    const stored = JSON.stringify(fresh);
    if (stored === JSON.stringify(preview.value)) return;
    preview.value = fresh;
    try {
      storage().setItem(START_PREVIEW_KEY, stored);
    } catch {
      // Shown all the same; the next start paints the older picture, then this again.
    }
  }

  /** Resumed or declined: the real screen (or the empty one) takes its place. */
  function offerAnswered(): void {
    preview.value = null;
  }

  /** The preview drawn as boot.ts drew it: its list alone, or (`framed`) in its panel; null when none is shown. */
  function render(framed: boolean): HTMLElement | null {
    if (!handoff || !preview.value) return null;
    const draw = framed ? handoff.renderPreviewPanel : handoff.renderPreviewList;
    return draw(document, preview.value, handoff.rowsThatFit(window.innerHeight));
  }

  return { preview, shown, offerFound, refresh, offerAnswered, render };
});
