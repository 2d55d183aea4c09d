// The header's encounter picker, which opens the encounter dialog when asked.
export { default as EncounterPicker } from './EncounterPicker.vue';
