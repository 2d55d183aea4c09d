import { defineStore } from 'pinia';
import { computed, shallowRef, watch } from 'vue';
import { useEncounterStore } from '../encounter/encounter-store';
import { startPreviewHandoff } from './boot-handoff';
import { START_PREVIEW_KEY, type PreviewStorage, type StartPreview } from './start-preview';

/** The page's storage; tests replace it (setPreviewStorage). */
let storage: () => PreviewStorage = () => window.localStorage;

/** For tests: the storage the preview is read from and written to. */
export function setPreviewStorage(next: () => PreviewStorage): void {
  storage = next;
}

export function previewStorage(): PreviewStorage {
  return storage();
}

/**
 * The start preview boot.ts read and painted at this start-up (see start-preview.ts), shown by the resume banner and the
 * tracker panel until the database has answered: kept while the offer is being looked for, and
 * while the offer found is for the encounter it shows; dropped (and removed from storage, so the
 * next start does not paint it either) when there is no offer or one for another encounter, and
 * gone once the offer is answered.
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

  return { preview, shown, offerFound, offerAnswered, render };
});
