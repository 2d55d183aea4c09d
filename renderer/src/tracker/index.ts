import { defineAsyncComponent } from 'vue';

// What other features use of the tracker: its commands (run from the application menu too) and the
// round and turn shown in the header. TrackerPanel.vue is imported by itself.
export * from './useTrackerCommands';

/**
 * The header's round and turn. Its own chunk, loaded beside the tracker panel's: it follows the
 * same schedule as the panel's rows (useTrackerProgress), and nothing of it shows before an
 * encounter opens, so none of that is part of the start-up script.
 */
export const EncounterStatus = defineAsyncComponent(() => import('./EncounterStatus.vue'));
