import { defineStore } from 'pinia';
import { ref } from 'vue';
import { afterNextPaint } from '../ui/afterPaint';

/** Longest the other panels wait for the GM to answer the resume offer. */
export const PANELS_WAIT_MS = 1500;


/**
 * The start-up order. The tracker is built first; the other panels (roll, reference, log, dice)
 * wait while a resume offer is open, so that an encounter resumed at once is drawn without
 * competing with them, and are built as soon as the offer is answered (once the tracker has
 * painted the encounter), turned out not to exist, or after PANELS_WAIT_MS.
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

  return { panelsHeld, releasePanels, holdForOffer, offerAnswered };
});
