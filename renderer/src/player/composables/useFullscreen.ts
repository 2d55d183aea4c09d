import { onBeforeUnmount, onMounted, ref } from 'vue';

/** How long the full-screen button stays after the mouse stops. */
export const CONTROLS_IDLE_MS = 2000;

/**
 * Full screen on the table's display: a button that shows while the mouse moves (gone 2 s after
 * it stops), the F key, and a double-click, all through the Fullscreen API (in Electron too).
 */
export function useFullscreen() {
  const isFullscreen = ref(false);
  const controlsShown = ref(false);
  let idle: ReturnType<typeof setTimeout> | undefined;

  const toggle = async (): Promise<void> => {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await document.documentElement.requestFullscreen();
    } catch (error) {
      // Refused (no user gesture, or a policy): the page stays as it was; say why in the console.
      console.warn(`Player view: full screen was refused (${error instanceof Error ? error.message : String(error)}).`);
    }
  };

  const onFullscreenChange = (): void => {
    isFullscreen.value = document.fullscreenElement !== null;
  };

  const onMouseMove = (): void => {
    controlsShown.value = true;
    clearTimeout(idle);
    idle = setTimeout(() => (controlsShown.value = false), CONTROLS_IDLE_MS);
  };

  const onKeyDown = (event: KeyboardEvent): void => {
    if (event.repeat || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === 'f' || event.key === 'F') void toggle();
  };

  const onDoubleClick = (): void => void toggle();

  onMounted(() => {
    document.addEventListener('fullscreenchange', onFullscreenChange);
    window.addEventListener('mousemove', onMouseMove);
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('dblclick', onDoubleClick);
  });

  onBeforeUnmount(() => {
    clearTimeout(idle);
    document.removeEventListener('fullscreenchange', onFullscreenChange);
    window.removeEventListener('mousemove', onMouseMove);
    window.removeEventListener('keydown', onKeyDown);
    window.removeEventListener('dblclick', onDoubleClick);
  });

  return { isFullscreen, controlsShown, toggle };
}
