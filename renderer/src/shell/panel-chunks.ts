import { defineAsyncComponent, type Component } from 'vue';

let trackerPanel: Component | null = null;

/**
 * The tracker panel's chunk. Like every panel it is not part of the page's start-up script, but
 * main.ts starts fetching it before the screen mounts, so it has arrived by the time a resumed
 * encounter's rows are drawn and the header is painted without waiting for it.
 */
export const loadTrackerPanel = () =>
  import('../tracker/TrackerPanel.vue').then((module) => {
    trackerPanel = module.default;
    return module;
  });

/**
 * The tracker panel for a layout slot: the component itself once its chunk has arrived, so it is
 * built in the same update as the layout (an async component waits a task more for an import()
 * already done, and the start preview it takes over from would be gone for a frame or two).
 */
export function trackerPanelComponent(): Component {
  return trackerPanel ?? defineAsyncComponent(loadTrackerPanel);
}
