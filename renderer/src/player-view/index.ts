// The GM's controls for the table's screen that other features place: the header's control and the
// tracker's button.
export { default as PlayerViewControl } from './PlayerViewControl.vue';
export { default as PlayerViewButton } from './PlayerViewButton.vue';
