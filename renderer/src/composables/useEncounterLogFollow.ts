import { useVirtualizer } from '@tanstack/vue-virtual';
import { computed, nextTick, ref, watch, type Ref } from 'vue';
import { initialListRect, measureWithoutReflow, observeRectAfterLayout } from './virtualRows';

/** How close to the bottom (px) still counts as "at the newest entry". */
const AT_BOTTOM = 24;
const ROW_ESTIMATE = 26;

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
      estimateSize: () => ROW_ESTIMATE,
      overscan: 10,
      measureElement: measureWithoutReflow(ROW_ESTIMATE),
      observeElementRect: observeRectAfterLayout,
      initialRect: initialListRect(),
      getItemKey: keyAt,
    })),
  );

  let lastTop = 0;

  function onScroll(): void {
    const element = scroller.value;
    if (!element) return;
    const atBottom = element.scrollTop + element.clientHeight >= element.scrollHeight - AT_BOTTOM;
    // Only the GM scrolling up stops the following: the list growing under a scroll event does not.
    if (atBottom) following.value = true;
    else if (element.scrollTop < lastTop) following.value = false;
    lastTop = element.scrollTop;
  }

  let scrollPending = false;

  /**
   * Scrolls to the bottom once per frame, by writing scrollTop past the end (the browser clamps
   * it): scrollToIndex reads the scroll height, which forced a layout on every new entry.
   */
  async function latest(): Promise<void> {
    following.value = true;
    await nextTick();
    if (scrollPending || count.value === 0) return;
    scrollPending = true;
    requestAnimationFrame(() => {
      scrollPending = false;
      const element = scroller.value;
      if (element && following.value) element.scrollTop = virtualizer.value.getTotalSize();
    });
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
