import { defineComponent, type PropType } from 'vue';
import { useBackupCommands } from './backups/useBackupCommands';
import { useExportCommands } from './exports/useExportCommands';
import { useImportCommands } from './imports/useImportCommands';
import { useApplicationMenu } from './menu/useApplicationMenu';
import { useAppCommands, type AppCommandHooks } from './palette/useAppCommands';
import { useShortcuts } from './palette/useShortcuts';
import { usePlayerViewBroadcast } from './player-view/usePlayerViewBroadcast';
import { usePlayerViewCommands, type PlayerViewHooks } from './player-view/usePlayerViewCommands';
import { useLayoutCommands, type ShellHooks } from './shell/useLayoutCommands';
import { useTrackerCommands, type TrackerCommandHooks } from './tracker/useTrackerCommands';

/** What the app's commands need of the root component (its dialogs, its header, its panels). */
export interface AppCommandSet {
  readonly app: AppCommandHooks;
  readonly tracker: TrackerCommandHooks;
  readonly shell: ShellHooks;
  readonly playerView: PlayerViewHooks;
  openBackups(): void;
}

/**
 * The app's commands, the keyboard's shortcuts to them, the desktop menu bar built from them and
 * the player view's broadcast, for as long as this is mounted. App.vue mounts it once the first
 * screen is drawn (shell/useDeferredCommands.ts): registering them took about 45 ms of a cold
 * start's 630, before the GM has anything to press but the resume offer's buttons. Draws nothing.
 */
export const AppCommands = defineComponent({
  name: 'AppCommands',
  props: { hooks: { type: Object as PropType<AppCommandSet>, required: true } },
  setup(props) {
    useShortcuts();
    useAppCommands(props.hooks.app);
    useTrackerCommands(props.hooks.tracker);
    useExportCommands();
    useImportCommands({ openEncounters: props.hooks.tracker.openEncounters });
    useLayoutCommands(props.hooks.shell);
    useBackupCommands(props.hooks.openBackups);
    // Every open player view follows the encounter from here, in the same tick as the GM's screen.
    usePlayerViewBroadcast();
    usePlayerViewCommands(props.hooks.playerView);
    // The desktop app's menu bar follows the commands registered above and by the panels.
    useApplicationMenu();
    return () => null;
  },
});
