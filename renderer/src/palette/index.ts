// What other features use of the command palette: registering commands, the app-wide commands and the
// keyboard shortcuts that run them. The palette and the overlay themselves are mounted by App.vue.
export * from './useCommand';
export * from './useAppCommands';
export * from './useShortcuts';
