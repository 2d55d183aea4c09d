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

  function open(next: ExportTarget): void {
    target.value = next;
  }

  function close(): void {
    target.value = null;
  }

  return { target, open, close };
});
