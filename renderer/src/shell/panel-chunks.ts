/**
 * The tracker panel's chunk. Like every panel it is not part of the page's start-up script, but
 * main.ts starts fetching it before the screen mounts, so it has arrived by the time a resumed
 * encounter's rows are drawn and the header is painted without waiting for it.
 */
export const loadTrackerPanel = () => import('../tracker/TrackerPanel.vue');
