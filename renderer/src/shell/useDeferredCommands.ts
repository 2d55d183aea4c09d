import { nextTick, onBeforeUnmount, ref, type Ref } from 'vue';

/**
 * When the app's commands (app-commands.ts) are mounted: once `firstScreenDrawn` resolves, or at
 * once when the GM reaches for them sooner — the palette asked for (`mountNow`), or a key pressed.
 * A key pressed before then is not lost: the commands are mounted and the key is handed to them
 * again, on the element it was pressed on, once they listen.
 */
export function useDeferredCommands(
  firstScreenDrawn: Promise<void>,
  target: EventTarget = window,
): { mounted: Readonly<Ref<boolean>>; mountNow: () => void } {
  const mounted = ref(false);

  function mountNow(): void {
    target.removeEventListener('keydown', keyBeforeCommands, true);
    mounted.value = true;
  }

  function keyBeforeCommands(event: Event): void {
    if (mounted.value || !(event instanceof KeyboardEvent)) return;
    mountNow();
    const { key, code, location, ctrlKey, shiftKey, altKey, metaKey, repeat } = event;
    const handOver = new KeyboardEvent('keydown', {
      key,
      code,
      location,
      ctrlKey,
      shiftKey,
      altKey,
      metaKey,
      repeat,
      bubbles: true,
      cancelable: true,
      composed: true,
    });
    const pressedOn = event.target as EventTarget | null;
    void nextTick(() => (pressedOn ?? target).dispatchEvent(handOver));
  }

  target.addEventListener('keydown', keyBeforeCommands, true);
  void firstScreenDrawn.then(mountNow);
  onBeforeUnmount(() => target.removeEventListener('keydown', keyBeforeCommands, true));
  return { mounted, mountNow };
}
