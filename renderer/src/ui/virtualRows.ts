import { elementScroll, type VirtualizerOptions, type Virtualizer } from '@tanstack/vue-virtual';
import { ref, watch, type Ref } from 'vue';
import { afterNextPaint } from './afterPaint';

/**
 * A `measureElement` for @tanstack/vue-virtual that never forces a layout: row heights come from
 * the virtualizer's ResizeObserver, which reports them after the browser has laid the rows out.
 * The default reads offsetHeight as each row mounts, which forces one layout per row — with a
 * screenful of rows that costs more than the rendering itself.
 */
export function measureWithoutReflow(estimate: number) {
  return (
    element: Element,
    entry: ResizeObserverEntry | undefined,
    instance: Virtualizer<HTMLElement, Element>,
  ): number => {
    const box = entry?.borderBoxSize?.[0];
    if (box) return Math.round(box.blockSize);
    const index = instance.indexFromElement(element);
    return instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? estimate;
  };
}

/**
 * An `observeElementRect` that takes the list's size from its ResizeObserver only. The default
 * also reads clientWidth/clientHeight as the list mounts, which forces a layout of the whole
 * screen at the moment every panel has just changed (an encounter opening). Until the observer
 * reports, the list assumes `initialListRect()`.
 */
export function observeRectAfterLayout(
  instance: Virtualizer<HTMLElement, Element>,
  report: (rect: { width: number; height: number }) => void,
): () => void {
  const element = instance.scrollElement;
  if (!element) return () => undefined;
  // Inside the observer's callback layout is already done, so reading the size costs nothing.
  const observer = new ResizeObserver(() => report({ width: element.clientWidth, height: element.clientHeight }));
  observer.observe(element);
  return () => observer.disconnect();
}

/**
 * The list's assumed size before its first measurement: the window, less what is known to be
 * above the list (`above`, in CSS pixels; never less than a quarter of the window). A list
 * assumed too tall builds rows no one sees at start-up; one assumed too short gets its other rows
 * when its size is first reported, after layout and before that frame is painted.
 */
export function initialListRect(above = 0): { width: number; height: number } {
  const height = window.innerHeight;
  return { width: window.innerWidth, height: Math.max(height - above, Math.round(height / 4)) };
}

/**
 * A `scrollToFn` that skips the virtualizer's opening scroll of a newly mounted list to the top:
 * the list is already there, and writing scrollTop forces a layout of the whole screen at the
 * moment every panel has just been built (35 ms when an encounter with 200 combatants opens).
 */
export function scrollSkippingOpeningWrite(): VirtualizerOptions<HTMLElement, Element>['scrollToFn'] {
  let opened: Element | null = null;
  return (offset, options, instance) => {
    const element = instance.scrollElement;
    if (element !== opened) {
      opened = element;
      if (offset + (options.adjustments ?? 0) === 0) return;
    }
    elementScroll(offset, options, instance);
  };
}

/**
 * A list's overscan (rows built beyond the window): none until its first rows are painted, so an
 * opening builds only what the GM sees (the four more rows of a 200-combatant encounter cost about
 * 7 ms of its 600 ms start), then `overscan`, built in the frame after. Once raised it stays.
 */
export function useOpeningOverscan(hasRows: () => boolean, overscan: number, painted: () => Promise<void> = afterNextPaint): Readonly<Ref<number>> {
  const current = ref(0);
  let raising = false;
  watch(
    hasRows,
    async (rows) => {
      if (!rows || raising) return;
      raising = true;
      await painted();
      current.value = overscan;
    },
    { immediate: true },
  );
  return current;
}
