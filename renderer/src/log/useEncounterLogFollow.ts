import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/vue-virtual';
import { computed, nextTick, onBeforeUnmount, ref, watch, type Ref } from 'vue';
import { initialListRect, measureWithoutReflow, observeRectAfterLayout, scrollSkippingOpeningWrite } from '../ui/virtualRows';

/** How close to the bottom (px) still counts as "at the newest entry". */
const AT_BOTTOM = 24;
const ROW_ESTIMATE = 26;

/**
 * The rows to draw: the visible window, plus, while following, as many rows from the end, so
 * a new entry is drawn in the same update that adds it, before the list has scrolled to it.
 */
export function followRange(range: Range, following: boolean): number[] {
  const visible = defaultRangeExtractor(range);
  if (!following || range.count === 0) return visible;
  const span = range.endIndex - range.startIndex + 1 + 2 * range.overscan;
  const tailStart = Math.max(0, range.count - span);
  if (visible.length > 0 && visible[0]! >= tailStart) return visible;
  const tail = Array.from({ length: range.count - tailStart }, (_, i) => tailStart + i);
  return [...visible.filter((index) => index < tailStart), ...tail];
}

/**
 * The log's virtualised list, following the newest entry as it arrives unless the GM has
 * scrolled up to read; "latest" scrolls back down and follows again.
 *
 * Following never forces a layout: the list's content is watched by a ResizeObserver, whose
 * callback runs after the browser has laid out the new entry, and scrolls there in that same
 * frame. Scrolling from an animation frame instead made the browser lay the screen out an
 * extra time for every entry.
 */
export function useEncounterLogFollow(
  scroller: Ref<HTMLElement | null>,
  content: Ref<HTMLElement | null>,
  count: Ref<number>,
  keyAt: (row: number) => string | number,
) {
  const following = ref(true);

  // Made once: it remembers the list it has opened.
  const scrollToFn = scrollSkippingOpeningWrite();
  const virtualizer = useVirtualizer(
    computed(() => {
      const follow = following.value;
      return {
        count: count.value,
        getScrollElement: () => scroller.value,
        estimateSize: () => ROW_ESTIMATE,
        overscan: 10,
        measureElement: measureWithoutReflow(ROW_ESTIMATE),
        observeElementRect: observeRectAfterLayout,
        scrollToFn,
        initialRect: initialListRect(),
        getItemKey: keyAt,
        rangeExtractor: (range: Range) => followRange(range, follow),
      };
    }),
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

  function toBottom(): void {
    const element = scroller.value;
    // Inside a ResizeObserver callback layout is done, so this reads and writes without a reflow.
    if (element && following.value) element.scrollTop = element.scrollHeight;
  }

  const grown = new ResizeObserver(toBottom);
  watch(
    content,
    (element, previous) => {
      if (previous) grown.unobserve(previous);
      // Observing reports the first size too, which brings a newly shown list to its end.
      if (element) grown.observe(element);
    },
    { immediate: true },
  );
  onBeforeUnmount(() => grown.disconnect());

  /** Back to the newest entry, following again (the GM asked: one layout is fine here). */
  async function latest(): Promise<void> {
    following.value = true;
    await nextTick();
    toBottom();
  }

  return { virtualizer, following, onScroll, latest };
}
