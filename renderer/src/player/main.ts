import { createApp } from 'vue';
import { installErrorReporting } from '../platform/error-reporting';
import { playerErrorReporter } from '../platform/player-error-report';
import { playerToken, watchPlayerPlacement } from '../platform/player-placement-report';
import PlayerApp from './PlayerApp.vue';
import './player.css';

const app = createApp(PlayerApp);
// In a browser, errors go to the server's log file with the page's own token; under Electron main reads the console.
const reportError = playerErrorReporter(playerToken(document));
if (reportError) installErrorReporting(app, window, reportError);
app.mount('#player');

// In a browser, tells the server where this window is so the next opening puts it back there
// (its own token, good for that and the error log only); under Electron main watches the window and this does nothing.
watchPlayerPlacement();
