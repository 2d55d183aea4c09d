import { defineStore } from 'pinia';
import { ref, watch } from 'vue';
import { afterNextPaint } from '../ui/afterPaint';

/** Longest the other panels wait for the GM to answer the resume offer. */
export const PANELS_WAIT_MS = 1500;

/**
 * The start-up order. The tracker is built first; the other panels (roll, reference, log, dice)
 * wait while a resume offer is open, so that an encounter resumed at once is drawn without
 * competing with them, and are built as soon as the offer is answered (once the tracker has
 * painted the encounter), turned out not to exist, or after PANELS_WAIT_MS. The start-up reads
 * the first screen does not show (the roll log, the bestiary, the encounter list, the player
 * view's options) wait for the same release (whenPanelsReleased).
 */
export const useStartupStore = defineStore('startup', () => {
  const panelsHeld = ref(true);
  let timer: ReturnType<typeof setTimeout> | undefined;

  function releasePanels(): void {
    clearTimeout(timer);
    panelsHeld.value = false;
  }

  /** The resume offer is open: hold the other panels, but never for long. */
  function holdForOffer(): void {
    if (!panelsHeld.value) return;
    clearTimeout(timer);
    timer = setTimeout(releasePanels, PANELS_WAIT_MS);
  }

  /** The offer was answered: the other panels follow once what it opened is on screen. */
  async function offerAnswered(): Promise<void> {
    if (!panelsHeld.value) return;
    await afterNextPaint();
    releasePanels();
  }

  /** Resolves once the other panels may be built (at once when they already may). */
  function whenPanelsReleased(): Promise<void> {
    if (!panelsHeld.value) return Promise.resolve();
    return new Promise((resolve) => {
      const stop = watch(panelsHeld, (held) => {
        if (held) return;
        stop();
        resolve();
      });
    });
  }

  return { panelsHeld, releasePanels, holdForOffer, offerAnswered, whenPanelsReleased };
});
