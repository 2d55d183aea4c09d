import { createApp } from 'vue';
import PlayerApp from './PlayerApp.vue';
import './player.css';

createApp(PlayerApp).mount('#player');
