import type { Ref } from 'vue';

/** Marks the elements arrow keys move between: each table's and summary's heading button. */
export const NAV_ATTRIBUTE = 'data-ref-nav';

function navItems(root: HTMLElement): HTMLElement[] {
  // Hidden items (a collapsed panel) cannot take focus; offsetParent is null for them.
  return [...root.querySelectorAll<HTMLElement>(`[${NAV_ATTRIBUTE}]`)].filter((el) => el.offsetParent !== null);
}

/**
 * Keyboard movement in the quick reference: Enter or ↓ in the search box goes to the first result,
 * ↑/↓ move between result headings, ↑ from the first goes back to the search box, and Esc in the
 * search box clears it. Tab keeps its usual order through every control.
 */
export function useReferenceKeys(
  body: Ref<HTMLElement | null>,
  search: Ref<HTMLInputElement | null>,
  clear: () => void,
) {
  function focusFirst(): boolean {
    const first = body.value ? navItems(body.value)[0] : undefined;
    first?.focus();
    return first !== undefined;
  }

  function onSearchKeydown(event: KeyboardEvent): void {
    if (event.key === 'ArrowDown' || event.key === 'Enter') {
      if (focusFirst()) event.preventDefault();
    } else if (event.key === 'Escape' && search.value?.value) {
      event.preventDefault();
      clear();
    }
  }

  function onBodyKeydown(event: KeyboardEvent): void {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const target = event.target as HTMLElement | null;
    if (!body.value || !target?.hasAttribute(NAV_ATTRIBUTE)) return;
    const items = navItems(body.value);
    const at = items.indexOf(target);
    if (at < 0) return;
    event.preventDefault();
    const next = event.key === 'ArrowDown' ? items[at + 1] : items[at - 1];
    if (next) next.focus();
    else if (event.key === 'ArrowUp') search.value?.focus();
  }

  return { onSearchKeydown, onBodyKeydown, focusFirst };
}
