import { computed, ref, useId, watch } from 'vue';
import { formatCount } from './formatting';

/**
 * Text fields with a `maxlength`: the browser stops typing there and cuts a paste without a
 * word. These helpers say so instead: a counter once the text is near the limit, and a
 * sentence when a paste was cut.
 */

/** From this share of the limit on, the counter shows. */
const NEAR_SHARE = 0.9;

/** "72 / 80 characters." near the limit, "80 / 80 characters, the most this field holds." at it, else null. */
export function lengthCounter(length: number, max: number): string | null {
  if (length < Math.ceil(max * NEAR_SHARE)) return null;
  const figures = `${formatCount(Math.min(length, max))} / ${formatCount(max)} characters`;
  return length >= max ? `${figures}, the most this field holds.` : `${figures}.`;
}

/** Line breaks as a text field counts them: one character each. */
function insertedLength(text: string): number {
  return text.replace(/\r\n?/g, '\n').length;
}

/**
 * How many pasted characters the field left out: the text kept outside the selection plus
 * the pasted text, beyond the limit (0 when it all fits).
 */
export function charactersCut(current: string, selected: number, pasted: string, max: number): number {
  return Math.max(0, current.length - selected + insertedLength(pasted) - max);
}

/** "Pasted text was cut to fit the 2,000-character limit: 100 characters left out." */
export function pasteCutMessage(cut: number, max: number): string {
  return `Pasted text was cut to fit the ${formatCount(max)}-character limit: ${formatCount(cut)} ${cut === 1 ? 'character' : 'characters'} left out.`;
}

type TextControl = HTMLInputElement | HTMLTextAreaElement;

/**
 * One text field's limit. Bind `attrs` on the input or textarea (it sets `maxlength` and
 * listens for pastes), add `hintId` to its aria-describedby, and show `counter` and `cut`
 * with LengthLimitHint.
 */
export function useLengthLimit(value: () => string, max: number) {
  const hintId = `${useId()}-length`;
  const cut = ref<string | null>(null);
  const counter = computed(() => lengthCounter(value().length, max));
  const atLimit = computed(() => value().length >= max);

  // Once the text is shorter than the limit again, what was said about the paste no longer holds.
  watch(value, (text) => {
    if (text.length < max) cut.value = null;
  });

  function onPaste(event: ClipboardEvent): void {
    const control = event.target as TextControl;
    const pasted = event.clipboardData?.getData('text/plain') ?? '';
    const selected = Math.abs((control.selectionEnd ?? 0) - (control.selectionStart ?? 0));
    const lost = charactersCut(control.value, selected, pasted, max);
    cut.value = lost > 0 ? pasteCutMessage(lost, max) : null;
  }

  return { hintId, attrs: { maxlength: max, onPaste }, counter, cut, atLimit };
}

export type LengthLimit = ReturnType<typeof useLengthLimit>;
