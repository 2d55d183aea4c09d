import { computed, type Ref } from 'vue';
import type { ReferenceTable } from '../../../shared/system-kit/rule-system';
import { useReferenceStore } from './reference-store';

/** What both row layouts (grid and stacked) need: which rows can go to the roll panel, and the last send's note. */
export function useReferenceRows(table: Ref<ReferenceTable>, rows: Ref<readonly number[]>) {
  const reference = useReferenceStore();
  const sendable = computed(() => new Set(rows.value.filter((index) => reference.canSendRow(table.value, index))));
  const hasSend = computed(() => sendable.value.size > 0);
  const firstColumn = computed(() => table.value.columns[0]?.key ?? '');
  const note = computed(() => (reference.sendNote?.tableId === table.value.id ? reference.sendNote : null));

  function cell(rowIndex: number, key: string): string {
    return String(table.value.rows[rowIndex]?.cells[key] ?? '');
  }

  function send(rowIndex: number): void {
    reference.sendRow(table.value, rowIndex);
  }

  return { sendable, hasSend, firstColumn, note, cell, send };
}
