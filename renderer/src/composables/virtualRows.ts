import type { Virtualizer } from '@tanstack/vue-virtual';

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
