import { createPinia } from 'pinia';
import { createApp } from 'vue';
import App from './App.vue';
import { gm } from './platform/gm';
import { createErrorReporter, installErrorReporting } from './platform/error-reporting';
import { ensureAllSystems } from './systems/loaded-systems';
import './styles/theme.css';

const pinia = createPinia();
const app = createApp(App);
// Before mounting, so an error while mounting reaches the log file too.
installErrorReporting(
  app,
  window,
  createErrorReporter({ send: (report) => gm.logRendererError(report), source: 'gm' }),
);
// Every game system's rules before the screen mounts (each system is its own chunk).
await ensureAllSystems();
app.use(pinia).mount('#app');

// Test hook for bench/tracker-browser.bench.ts, and nothing else: only when the page is
// opened with `?bench=1` is the Pinia instance exposed, so the benchmark can reach the real
// stores (e.g. the encounter store's dispatch). Without that query the app is unchanged.
if (new URLSearchParams(window.location.search).get('bench') === '1') {
  (window as Window & { __gmScreen?: { pinia: typeof pinia } }).__gmScreen = { pinia };
}
