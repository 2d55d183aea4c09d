import { nextTick, ref } from 'vue';

/**
 * The in-row "Delete? [Delete] [Cancel]" step shared by list rows: asking moves focus to the
 * confirm button, cancelling returns it to the delete button, confirming calls `remove`.
 */
export function useConfirmRemove(remove: () => void) {
  const confirmingDelete = ref(false);
  const deleteButton = ref<HTMLButtonElement | null>(null);
  const confirmButton = ref<HTMLButtonElement | null>(null);

  async function askRemove(): Promise<void> {
    confirmingDelete.value = true;
    await nextTick();
    confirmButton.value?.focus();
  }

  async function cancelRemove(): Promise<void> {
    confirmingDelete.value = false;
    await nextTick();
    deleteButton.value?.focus();
  }

  function confirmRemove(): void {
    confirmingDelete.value = false;
    remove();
  }

  return { confirmingDelete, deleteButton, confirmButton, askRemove, cancelRemove, confirmRemove };
}
