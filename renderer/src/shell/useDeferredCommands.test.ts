import { describe, expect, it } from 'vitest';
import { defineComponent, h, nextTick, type Ref } from 'vue';
import { componentHarness } from '../../test/component-harness.test-support';
import { useDeferredCommands } from './useDeferredCommands';

const harness = componentHarness('deferred-commands');

/** Mounts a component using the composable; `listening` stands for AppCommands' shortcut handler. */
function mountWith(firstScreenDrawn: Promise<void>) {
  let state!: { mounted: Readonly<Ref<boolean>>; mountNow: () => void };
  const heard: { key: string; ctrl: boolean; shift: boolean; target: EventTarget | null }[] = [];
  const listen = (event: KeyboardEvent) =>
    heard.push({ key: event.key, ctrl: event.ctrlKey, shift: event.shiftKey, target: event.target });
  const Root = defineComponent({
    setup() {
      state = useDeferredCommands(firstScreenDrawn);
      return () => h('input', { 'data-testid': 'field' });
    },
  });
  harness.mount(Root);
  // What AppCommands does once mounted: listen on the window.
  const startListening = () => window.addEventListener('keydown', listen);
  return { state, heard, startListening, stopListening: () => window.removeEventListener('keydown', listen) };
}

const never = new Promise<void>(() => undefined);

describe('the commands mounted after the first screen', () => {
  it('are not mounted before the first screen is drawn, and are once it is', async () => {
    let drawn!: () => void;
    const { state } = mountWith(new Promise<void>((resolve) => (drawn = resolve)));
    await nextTick();
    expect(state.mounted.value).toBe(false);
    drawn();
    await Promise.resolve();
    expect(state.mounted.value).toBe(true);
  });

  it('are mounted at once when asked for (the palette opened)', () => {
    const { state } = mountWith(never);
    state.mountNow();
    expect(state.mounted.value).toBe(true);
  });

  it('hand a key pressed before them over once mounted, with its modifiers, on the element it was pressed on', async () => {
    const { state, heard, startListening, stopListening } = mountWith(never);
    const field = harness.host.querySelector<HTMLInputElement>('[data-testid="field"]')!;
    field.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, shiftKey: true, bubbles: true }));
    expect(state.mounted.value).toBe(true);
    // The hand-over waits for the commands to be mounted (the next tick), where they listen.
    startListening();
    expect(heard).toEqual([]);
    await nextTick();
    expect(heard).toEqual([{ key: 'k', ctrl: true, shift: true, target: field }]);
    stopListening();
  });

  it('hand over only the first key: later keys reach the mounted commands as they are', async () => {
    const { heard, startListening, stopListening } = mountWith(never);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'n' }));
    startListening();
    await nextTick();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'u' }));
    await nextTick();
    expect(heard.map((k) => k.key)).toEqual(['n', 'u']);
    stopListening();
  });

  it('hand over nothing once mounted by the first screen', async () => {
    const { heard, startListening, stopListening } = mountWith(Promise.resolve());
    await Promise.resolve();
    startListening();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'n' }));
    await nextTick();
    expect(heard.map((k) => k.key)).toEqual(['n']);
    stopListening();
  });
});
