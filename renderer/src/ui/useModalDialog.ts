import { onMounted, watch, type Ref } from 'vue';

/**
 * Keeps a native <dialog> in step with an `open` flag: shown modally (the browser traps
 * focus and closes it on Escape) and closed again. `onClosed` runs when the browser or
 * the user closed it while the flag still said open, so the owner can update the flag.
 */
export function useModalDialog(
  dialog: Ref<HTMLDialogElement | null>,
  isOpen: () => boolean,
  onClosed: () => void,
): { handleClose: () => void } {
  function sync(): void {
    const element = dialog.value;
    if (!element) return;
    if (isOpen() && !element.open) element.showModal();
    else if (!isOpen() && element.open) element.close();
  }

  watch([isOpen, dialog], sync, { flush: 'post' });
  onMounted(sync);

  function handleClose(): void {
    if (isOpen()) onClosed();
  }

  return { handleClose };
}
