import { afterEach, describe, expect, it } from 'vitest';
import { createApp, defineComponent, h, nextTick, ref, withDirectives, vModelText, type App } from 'vue';
import LengthLimitHint from './LengthLimitHint.vue';
import { charactersCut, lengthCounter, pasteCutMessage, useLengthLimit } from './useLengthLimit';

describe('lengthCounter', () => {
  it('stays quiet below nine tenths of the limit', () => {
    expect(lengthCounter(0, 80)).toBeNull();
    expect(lengthCounter(71, 80)).toBeNull();
    expect(lengthCounter(1799, 2000)).toBeNull();
  });

  it('counts near the limit, with digit grouping', () => {
    expect(lengthCounter(72, 80)).toBe('72 / 80 characters.');
    expect(lengthCounter(1800, 2000)).toBe('1,800 / 2,000 characters.');
  });

  it('says when the field is full', () => {
    expect(lengthCounter(80, 80)).toBe('80 / 80 characters, the most this field holds.');
    expect(lengthCounter(2000, 2000)).toBe('2,000 / 2,000 characters, the most this field holds.');
  });
});

describe('charactersCut and pasteCutMessage', () => {
  it('counts what did not fit: the text kept plus the paste, beyond the limit', () => {
    expect(charactersCut('', 0, 'x'.repeat(2100), 2000)).toBe(100);
    expect(charactersCut('abc', 0, 'x'.repeat(2000), 2000)).toBe(3);
    expect(charactersCut('x'.repeat(10), 0, 'y'.repeat(70), 80)).toBe(0);
  });

  it('does not count the selection the paste replaces, and counts a line break once', () => {
    expect(charactersCut('x'.repeat(80), 80, 'y'.repeat(80), 80)).toBe(0);
    expect(charactersCut('x'.repeat(80), 5, 'y'.repeat(10), 80)).toBe(5);
    expect(charactersCut('', 0, 'a\r\nb\rc\n', 5)).toBe(1);
  });

  it('says how many characters were left out', () => {
    expect(pasteCutMessage(100, 2000)).toBe('Pasted text was cut to fit the 2,000-character limit: 100 characters left out.');
    expect(pasteCutMessage(1, 80)).toBe('Pasted text was cut to fit the 80-character limit: 1 character left out.');
  });
});

describe('useLengthLimit with LengthLimitHint', () => {
  let app: App | null = null;
  let host: HTMLElement;

  afterEach(() => {
    app?.unmount();
    host.remove();
  });

  function mount(max: number, initial = '') {
    const text = ref(initial);
    const Field = defineComponent(() => {
      const limit = useLengthLimit(() => text.value, max);
      return () => [
        withDirectives(
          h('textarea', {
            ...limit.attrs,
            'data-testid': 'field',
            'aria-describedby': limit.hintId,
            'onUpdate:modelValue': (v: string) => (text.value = v),
          }),
          [[vModelText, text.value]],
        ),
        h(LengthLimitHint, { limit, testid: 'hint', label: 'Notes' }),
      ];
    });
    host = document.createElement('div');
    document.body.appendChild(host);
    app = createApp(Field);
    app.mount(host);
    const field = host.querySelector('textarea')!;
    const hint = () => host.querySelector<HTMLElement>('[data-testid="hint"]')!;
    return { text, field, hint };
  }

  /** A paste as the browser does it: the event first, then the text cut to the limit. */
  async function paste(field: HTMLTextAreaElement, pasted: string, max: number): Promise<void> {
    const event = new Event('paste') as ClipboardEvent;
    Object.defineProperty(event, 'clipboardData', { value: { getData: () => pasted } });
    field.dispatchEvent(event);
    const start = field.selectionStart ?? field.value.length;
    const end = field.selectionEnd ?? start;
    field.value = (field.value.slice(0, start) + pasted + field.value.slice(end)).slice(0, max);
    field.dispatchEvent(new Event('input'));
    await nextTick();
  }

  it('sets the maxlength and points the field at its hint', async () => {
    const { field, hint } = mount(2000);
    await nextTick();
    expect(field.getAttribute('maxlength')).toBe('2000');
    expect(field.getAttribute('aria-describedby')).toBe(hint().id);
    expect(hint().textContent).toBe('');
  });

  it('says a paste was cut, with the counter, and forgets it once the text is shorter again', async () => {
    const { text, field, hint } = mount(2000);
    await paste(field, 'x'.repeat(2100), 2000);
    expect(text.value.length).toBe(2000);
    expect(hint().textContent).toBe(
      'Notes: 2,000 / 2,000 characters, the most this field holds. Pasted text was cut to fit the 2,000-character limit: 100 characters left out.',
    );
    expect(hint().classList.contains('at-limit')).toBe(true);
    text.value = 'x'.repeat(1850);
    await nextTick();
    expect(hint().textContent).toBe('Notes: 1,850 / 2,000 characters.');
    expect(hint().classList.contains('at-limit')).toBe(false);
  });

  it('says nothing of a paste that fits', async () => {
    const { field, hint } = mount(80);
    await paste(field, 'Ambush at the docks', 80);
    expect(hint().textContent).toBe('');
  });
});
