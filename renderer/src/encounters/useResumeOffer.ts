import { ref } from 'vue';
import { getDatabase } from '../db/database';
import { loadEncounter } from '../db/encounter-repository';
import { openStoredHistory, useEncounterStore } from '../encounter/encounter-store';
import { useEncountersStore } from '../encounter/encounters-store';
import { markStartup } from '../platform/startup-timeline';
import type { EncounterState } from '../../../shared/encounter/state';
import type { ResumeOffer } from './resume-offer-text';

/**
 * The encounter that was open when the app last closed, with the round it had reached,
 * or null when there is none (or it was deleted since).
 */
export async function findResumeOffer(): Promise<ResumeOffer | null> {
  const row = await useEncountersStore().lastOpen();
  if (!row) return null;
  if (row.round !== undefined) return { id: row.id, name: row.name, systemId: row.systemId, round: row.round };
  // Rows written before the round was kept with them: replay once to find it.
  let round: number | null = null;
  try {
    const stored = await loadEncounter(getDatabase(), row.id);
    if (!stored) return null;
    round = openStoredHistory(stored.events, stored.cursor).history.state.round;
  } catch {
    // A damaged log still opens read-only; the offer just does not name the round.
  }
  return { id: row.id, name: row.name, systemId: row.systemId, round };
}

/** The start-up offer: check once, then resume (opens it) or dismiss. */
export function useResumeOffer() {
  const encounter = useEncounterStore();
  const offer = ref<ResumeOffer | null>(null);
  const error = ref<string | null>(null);
  const busy = ref(false);

  /** The offer's encounter as read ahead (null until there is an offer, or if it could not be read). */
  let readAhead: Promise<EncounterState | null> = Promise.resolve(null);

  async function check(): Promise<ResumeOffer | null> {
    offer.value = await findResumeOffer();
    // It is read, with its rules, while the GM reads the offer, so Resume only has to show it;
    // what fails here is tried again, and reported, when it opens.
    if (offer.value) {
      markStartup('offer-found');
      readAhead = encounter.readAheadOf(offer.value.id);
    }
    return offer.value;
  }

  /** Resolves with the offer's encounter once it has been read ahead (see check). */
  const offeredState = (): Promise<EncounterState | null> => readAhead;

  async function resume(): Promise<boolean> {
    const current = offer.value;
    if (!current || busy.value) return false;
    busy.value = true;
    try {
      const opened = await encounter.open(current.id);
      if (opened) {
        offer.value = null;
        error.value = null;
      } else {
        error.value = encounter.error ?? 'The encounter could not be opened.';
      }
      return opened;
    } finally {
      busy.value = false;
    }
  }

  function dismiss(): void {
    encounter.forgetReadAhead();
    offer.value = null;
    error.value = null;
  }

  return { offer, error, busy, check, offeredState, resume, dismiss };
}
