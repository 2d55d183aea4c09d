import { defineStore } from 'pinia';
import { ref } from 'vue';

/** The encounter the Export dialog is for: one dialog, opened from the log panel, the encounter list and the palette. */
export interface ExportTarget {
  readonly encounterId: string;
  readonly name: string;
  /** The last round reached, for the round range (0 = setup, before the start). */
  readonly lastRound: number;
}

export const useExportDialogStore = defineStore('export-dialog', () => {
  const target = ref<ExportTarget | null>(null);
  /** Asked for at least once, so the dialog's code has been loaded; it then stays mounted. */
  const requested = ref(false);

  function open(next: ExportTarget): void {
    requested.value = true;
    target.value = next;
  }

  function close(): void {
    target.value = null;
  }

  return { target, requested, open, close };
});
