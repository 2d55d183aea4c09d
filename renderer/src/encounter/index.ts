// The encounter list's actions over the two stores (encounter-store.ts, encounters-store.ts), each
// remembering where its error belongs; used by the encounter dialog and the opened-file notice.
export * from './useEncounterActions';
