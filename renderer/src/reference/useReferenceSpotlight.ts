import { nextTick, onBeforeUnmount, ref, watch, type Ref } from 'vue';
import { useReferenceStore } from './reference-store';
import { NAV_ATTRIBUTE } from './useReferenceKeys';

const SPOTLIGHT_MS = 1600;

/**
 * Answers the store's show requests (a rule citation clicked elsewhere): scrolls the summary or
 * table into view, moves focus to its heading so the keyboard lands there too, and marks it for a
 * moment. Also focuses the search box when a command asks for it.
 */
export function useReferenceSpotlight(body: Ref<HTMLElement | null>, search: Ref<HTMLInputElement | null>) {
  const reference = useReferenceStore();
  const marked = ref<string | null>(null);
  const announcement = ref('');
  let timer: ReturnType<typeof setTimeout> | undefined;

  watch(
    () => reference.spotlight,
    async (spotlight) => {
      if (!spotlight) return;
      // Twice: the panel may have just been uncollapsed or switched system, and render in two steps.
      await nextTick();
      await nextTick();
      const element = body.value?.querySelector<HTMLElement>(`[data-ref-key="${CSS.escape(spotlight.key)}"]`);
      if (!element) return;
      element.scrollIntoView({ block: 'nearest' });
      element.querySelector<HTMLElement>(`[${NAV_ATTRIBUTE}]`)?.focus({ preventScroll: true });
      marked.value = spotlight.key;
      announcement.value = `Showing ${element.dataset.refTitle ?? 'it'} in the quick reference.`;
      clearTimeout(timer);
      timer = setTimeout(() => (marked.value = null), SPOTLIGHT_MS);
    },
  );

  watch(
    () => reference.searchFocus,
    async () => {
      await nextTick();
      search.value?.focus();
      search.value?.select();
    },
  );

  onBeforeUnmount(() => clearTimeout(timer));

  return { marked, announcement };
}
