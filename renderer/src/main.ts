import { createPinia } from 'pinia';
import { createApp } from 'vue';
import App from './App.vue';
import './styles/theme.css';

const pinia = createPinia();
createApp(App).use(pinia).mount('#app');

// Test hook for bench/tracker-browser.bench.ts, and nothing else: only when the page is
// opened with `?bench=1` is the Pinia instance exposed, so the benchmark can reach the real
// stores (e.g. the encounter store's dispatch). Without that query the app is unchanged.
if (new URLSearchParams(window.location.search).get('bench') === '1') {
  (window as Window & { __gmScreen?: { pinia: typeof pinia } }).__gmScreen = { pinia };
}
