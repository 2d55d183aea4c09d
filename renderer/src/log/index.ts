// Show to players, on a log line and in the roll panel's outcome, and its palette command.
export { default as ShowRollToPlayers } from './ShowRollToPlayers.vue';
export * from './useShowRoll';
export * from './useShowRollCommands';
