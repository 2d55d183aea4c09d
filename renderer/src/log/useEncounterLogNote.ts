import { computed, ref } from 'vue';
import { useEncounterStore } from '../encounter/encounter-store';

export const MAX_NOTE_LENGTH = 500;

/** Why a note cannot be added as typed, or null when it can. */
export function noteProblem(text: string): string | null {
  if (text.trim() === '') return 'Type the note first.';
  if (text.trim().length > MAX_NOTE_LENGTH)
    return `A note can be at most ${MAX_NOTE_LENGTH} characters; this one has ${text.trim().length}.`;
  return null;
}

/** Why no note can be added to the open encounter at all, or null when one can. */
export function noteUnavailable(encounter: { readonly state: unknown; readonly readOnlyReason: string | null }): string | null {
  if (!encounter.state) return 'Open an encounter first.';
  return encounter.readOnlyReason;
}

/** The "Add note" field: a note goes into the encounter log as a `note-added` event (undoable like any change). */
export function useEncounterLogNote() {
  const encounter = useEncounterStore();
  const draft = ref('');
  const problem = ref<string | null>(null);

  /** Why no note can be added at all right now, or null. */
  const unavailable = computed(() => noteUnavailable(encounter));

  async function add(): Promise<boolean> {
    const why = unavailable.value ?? noteProblem(draft.value);
    problem.value = why;
    if (why) return false;
    const saved = await encounter.dispatch({ type: 'note-added', text: draft.value.trim() });
    if (saved) draft.value = '';
    else problem.value = encounter.error ?? 'The note was not saved.';
    return saved;
  }

  function edited(): void {
    problem.value = null;
  }

  return { draft, problem, unavailable, add, edited };
}
