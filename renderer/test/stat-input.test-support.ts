import { nextTick } from 'vue';

const VALID_FLOAT = /^-?(\d+(\.\d+)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Types into a number input one key at a time, the way Chromium reports it: the text while
 * it is a valid floating-point number, else "" with validity.badInput ("1e", "1.", "-").
 * happy-dom keeps no badInput of its own, so it is set here.
 */
export async function typeIntoNumber(input: HTMLInputElement, text: string): Promise<void> {
  const steps = ['', ...Array.from(text, (_, i) => text.slice(0, i + 1))];
  for (const prefix of steps) {
    const readable = prefix === '' || VALID_FLOAT.test(prefix);
    Object.defineProperty(input, 'validity', { value: { badInput: !readable }, configurable: true });
    input.value = readable ? prefix : '';
    input.dispatchEvent(new Event('input'));
    await nextTick();
  }
}
