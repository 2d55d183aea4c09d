// The header's encounter picker, which opens the encounter dialog when asked.
export { default as EncounterPicker } from './EncounterPicker.vue';
// The resume offer's sentence, which the start preview repeats.
export * from './resume-offer-text';
