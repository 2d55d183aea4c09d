import { computed, onBeforeUnmount, onMounted, ref, type Ref } from 'vue';
import { fitRows, type RowFit } from '../row-fit';

/** The rem height of the element the rows go in, followed as the window changes size. */
export function useRowFit(list: Ref<HTMLElement | null>, count: Ref<number>, acting: Ref<number>) {
  const available = ref(Number.POSITIVE_INFINITY);
  let observer: ResizeObserver | undefined;

  const measure = (): void => {
    const element = list.value;
    if (!element) return;
    const rootPx = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    available.value = element.clientHeight / rootPx;
  };

  onMounted(() => {
    measure();
    observer = new ResizeObserver(measure);
    if (list.value) observer.observe(list.value);
  });
  onBeforeUnmount(() => observer?.disconnect());

  return computed<RowFit>(() => fitRows(count.value, acting.value, available.value));
}
