// A combatant's sheet, shared by the tracker, the bestiary and the roll panel's ad hoc combatant: the
// stat editor and its parts, the weapon list, and the bestiary's templates (its store is bestiary-store.ts).
export { default as StatEditor } from './StatEditor.vue';
export { default as StatFieldInput } from './StatFieldInput.vue';
export { default as StatSaveHint } from './StatSaveHint.vue';
export { default as WeaponList } from './WeaponList.vue';
export * from './useStatDraft';
export * from './useWeaponList';
export * from './useBestiary';
