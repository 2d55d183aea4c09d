import { describe, expect, it } from 'vitest';
import { nextTick, ref } from 'vue';
import { useFirstOpened } from './useFirstOpened';

describe('useFirstOpened', () => {
  it('is false until the flag is first true, then stays true when it closes again', async () => {
    const open = ref(false);
    const opened = useFirstOpened(() => open.value);
    expect(opened.value).toBe(false);
    open.value = true;
    await nextTick();
    expect(opened.value).toBe(true);
    open.value = false;
    await nextTick();
    expect(opened.value).toBe(true);
  });

  it('is true at once when the flag starts true', () => {
    expect(useFirstOpened(() => true).value).toBe(true);
  });
});
