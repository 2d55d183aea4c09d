import { inject, onBeforeUnmount, provide, reactive, readonly, type InjectionKey } from 'vue';
import { PANEL_IDS, type PanelId } from '../layout';
import { useLayoutStore } from '../layout/layout-store';

/** How far the pointer moves before a press on a header becomes a drag (a click stays a click). */
const DRAG_THRESHOLD_PX = 6;

/** Where a drag from a panel header can start: the header row, never a control in it. */
const INTERACTIVE =
  'button, input, select, textarea, a, label, summary, [contenteditable], [role="button"], [tabindex]:not([tabindex="-1"])';

export interface LayoutDragState {
  /** The panel being dragged, once the pointer has moved far enough. */
  readonly source: PanelId | null;
  /** The panel whose place it would take if dropped now. */
  readonly target: PanelId | null;
  readonly x: number;
  readonly y: number;
}

export interface LayoutDrag {
  readonly state: LayoutDragState;
  /** Call from a slot's pointerdown; starts watching for a drag when the press is on its header. */
  press(panel: PanelId, event: PointerEvent, slotElement: HTMLElement): void;
  /** True right after a drop, so the press's click does not also open a menu. */
  consumeClick(): boolean;
}

const KEY: InjectionKey<LayoutDrag> = Symbol('layout-drag');

const isPanelId = (value: string | undefined): value is PanelId =>
  (PANEL_IDS as readonly (string | undefined)[]).includes(value);

/** The panel slot under a point, read from the `data-layout-slot` attribute the slots carry. */
function slotAt(x: number, y: number): PanelId | null {
  for (const element of document.elementsFromPoint(x, y)) {
    const panel = (element as HTMLElement).closest<HTMLElement>('[data-layout-slot]')?.dataset.layoutSlot;
    if (isPanelId(panel)) return panel;
  }
  return null;
}

/** Whether a press at `target` is on the slot's header (its first heading row) or a drag handle. */
export function isHeaderPress(target: Element, slotElement: HTMLElement): boolean {
  if (target.closest('[data-layout-drag-handle]')) return true;
  if (target.closest(INTERACTIVE)) return false;
  const header = slotElement.querySelector('.collapsed-bar, .panel-header, .panel-title, h2');
  return header !== null && header.contains(target);
}

/**
 * Drag a panel by its header onto another panel to swap their places. Pointer events, so it
 * works with a mouse, a pen or a finger; Esc cancels. Provided once by the layout view and
 * injected by every slot, so all slots see the same drag.
 */
export function provideLayoutDrag(): LayoutDrag {
  const layout = useLayoutStore();
  const state = reactive<{ source: PanelId | null; target: PanelId | null; x: number; y: number }>({
    source: null,
    target: null,
    x: 0,
    y: 0,
  });
  let pending: { panel: PanelId; x: number; y: number; pointerId: number } | null = null;
  let dropped = false;

  function stop(): void {
    pending = null;
    state.source = null;
    state.target = null;
    document.body.classList.remove('layout-dragging');
    window.removeEventListener('pointermove', onMove);
    window.removeEventListener('pointerup', onUp);
    window.removeEventListener('pointercancel', stop);
    window.removeEventListener('keydown', onKey, true);
  }

  function onMove(event: PointerEvent): void {
    if (!pending || event.pointerId !== pending.pointerId) return;
    if (!state.source) {
      if (Math.hypot(event.clientX - pending.x, event.clientY - pending.y) < DRAG_THRESHOLD_PX) return;
      state.source = pending.panel;
      document.body.classList.add('layout-dragging');
    }
    state.x = event.clientX;
    state.y = event.clientY;
    const over = slotAt(event.clientX, event.clientY);
    state.target = over && over !== state.source ? over : null;
  }

  function onUp(event: PointerEvent): void {
    if (!pending || event.pointerId !== pending.pointerId) return;
    const { source, target } = state;
    if (source) {
      // The press ends in a click on the handle; that click must not open the Move menu.
      dropped = true;
      setTimeout(() => (dropped = false), 0);
    }
    stop();
    if (source && target) layout.swap(source, target);
  }

  function onKey(event: KeyboardEvent): void {
    if (event.key !== 'Escape' || !state.source) return;
    event.preventDefault();
    event.stopPropagation();
    dropped = true;
    setTimeout(() => (dropped = false), 0);
    stop();
  }

  const drag: LayoutDrag = {
    state: readonly(state),
    press(panel, event, slotElement) {
      if (event.button !== 0 || layout.maximised || pending) return;
      if (!(event.target instanceof Element) || !isHeaderPress(event.target, slotElement)) return;
      pending = { panel, x: event.clientX, y: event.clientY, pointerId: event.pointerId };
      window.addEventListener('pointermove', onMove);
      window.addEventListener('pointerup', onUp);
      window.addEventListener('pointercancel', stop);
      window.addEventListener('keydown', onKey, true);
    },
    consumeClick() {
      const was = dropped;
      dropped = false;
      return was;
    },
  };
  provide(KEY, drag);
  onBeforeUnmount(stop);
  return drag;
}

export function useLayoutDrag(): LayoutDrag {
  const drag = inject(KEY);
  if (!drag) throw new Error('useLayoutDrag needs provideLayoutDrag in an ancestor (the layout view).');
  return drag;
}
