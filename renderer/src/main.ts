import { createPinia } from 'pinia';
import { createApp } from 'vue';
import App from './App.vue';
import { gm } from './platform/gm';
import { createErrorReporter, installErrorReporting } from './platform/error-reporting';
import { markStartup } from './platform/startup-timeline';
import { stylesheetLoaded } from './platform/stylesheet-loaded';
import { useSettingsStore } from './settings/settings-store';
import { startAutomaticBackups } from './backups/auto-backup';
import { loadTrackerPanel } from './shell/panel-chunks';
import { loadStartSystem } from './systems/start-system';
import './styles/theme.css';

markStartup('scripts-run');
const pinia = createPinia();
const app = createApp(App);
// Before mounting, so an error while mounting reaches the log file too.
installErrorReporting(
  app,
  window,
  createErrorReporter({ send: (report) => gm.logRendererError(report), source: 'gm' }),
);
app.use(pinia);
// Before anything opens the database: the backups' write watch is part of the connection.
startAutomaticBackups(pinia);
// The screen mounts at once; the last-used system's rules load beside it, and only the panels
// wait for them (startSystemSettled). Every other system is its own chunk, loaded when an
// encounter of it opens.
void loadStartSystem(useSettingsStore(pinia));
// Fetched beside the start-up work rather than after it; a failure shows where the panel is built.
loadTrackerPanel().catch(() => undefined);
// Mounted in a task of its own, once the stylesheet (after index.html's shell, see
// renderer/vite.config.mts) has loaded: the screen is never drawn unstyled.
void stylesheetLoaded().then(() =>
  setTimeout(() => {
    app.mount('#app');
    markStartup('screen-mounted');
  }, 0),
);

// Test hook for bench/tracker-browser.bench.ts, and nothing else: only when the page is
// opened with `?bench=1` is the Pinia instance exposed, so the benchmark can reach the real
// stores (e.g. the encounter store's dispatch). Without that query the app is unchanged.
if (new URLSearchParams(window.location.search).get('bench') === '1') {
  (window as Window & { __gmScreen?: { pinia: typeof pinia } }).__gmScreen = { pinia };
}
