import { useVirtualizer } from '@tanstack/vue-virtual';
import { computed, nextTick, ref, watch, type Ref } from 'vue';

/** How close to the bottom (px) still counts as "at the newest entry". */
const AT_BOTTOM = 24;

/**
 * The log's virtualised list, following the newest entry as it arrives unless the GM has
 * scrolled up to read; "latest" scrolls back down and follows again.
 */
export function useEncounterLogFollow(
  scroller: Ref<HTMLElement | null>,
  count: Ref<number>,
  keyAt: (row: number) => string | number,
) {
  const following = ref(true);

  const virtualizer = useVirtualizer(
    computed(() => ({
      count: count.value,
      getScrollElement: () => scroller.value,
      estimateSize: () => 26,
      overscan: 10,
      getItemKey: keyAt,
    })),
  );

  function onScroll(): void {
    const element = scroller.value;
    if (!element) return;
    following.value = element.scrollTop + element.clientHeight >= element.scrollHeight - AT_BOTTOM;
  }

  async function latest(): Promise<void> {
    following.value = true;
    await nextTick();
    if (count.value > 0) virtualizer.value.scrollToIndex(count.value - 1, { align: 'end' });
  }

  // New entries (or a filter that changes the list) keep the newest in view while following.
  watch(count, () => {
    if (following.value) void latest();
  });
  watch(scroller, (element) => {
    if (element) void latest();
  });

  return { virtualizer, following, onScroll, latest };
}
