// What other features use of the tracker: its commands (run from the application menu too) and the
// round and turn shown in the header. TrackerPanel.vue is imported by itself.
export * from './useTrackerCommands';
export * from './useTrackerProgress';
