import { createApp } from 'vue';
import { watchPlayerPlacement } from '../platform/player-placement-report';
import PlayerApp from './PlayerApp.vue';
import './player.css';

createApp(PlayerApp).mount('#player');

// In a browser, tells the server where this window is so the next opening puts it back there
// (its own token, good for that only); under Electron main watches the window and this does nothing.
watchPlayerPlacement();
