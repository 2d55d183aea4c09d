import { onBeforeUnmount, ref, watch, type Ref } from 'vue';

/**
 * An element's border-box size, from a ResizeObserver alone: 0 until the first report, which
 * the browser makes after laying the element out and before painting it. Unlike VueUse's
 * useElementSize it reads nothing as the element mounts, where a read forces a layout of the
 * whole screen while it is still being built.
 */
export function useObservedSize(target: Ref<HTMLElement | null>): { width: Ref<number>; height: Ref<number> } {
  const width = ref(0);
  const height = ref(0);
  const observer = new ResizeObserver(([entry]) => {
    const box = entry?.borderBoxSize?.[0];
    if (!box) return;
    width.value = box.inlineSize;
    height.value = box.blockSize;
  });
  watch(
    target,
    (element, previous) => {
      if (previous) observer.unobserve(previous);
      if (element) observer.observe(element);
    },
    { immediate: true },
  );
  onBeforeUnmount(() => observer.disconnect());
  return { width, height };
}
