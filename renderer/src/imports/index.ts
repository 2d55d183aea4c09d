// What other features use of importing: the Import button of the encounter and bestiary dialogs.
export { default as ImportButton } from './ImportButton.vue';
