import { ref, watch, type Ref } from 'vue';

/**
 * True from the first time `isOpen` is, and then for good: a dialog whose code is loaded on
 * demand is built when it first opens (not with the screen) and kept, so later openings are instant
 * and keep their state as before.
 */
export function useFirstOpened(isOpen: () => boolean): Readonly<Ref<boolean>> {
  const opened = ref(isOpen());
  const stop = watch(isOpen, (open) => {
    if (!open) return;
    opened.value = true;
    stop();
  });
  return opened;
}
