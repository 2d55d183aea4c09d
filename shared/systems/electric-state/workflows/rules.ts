/**
 * The rules package's Electric State modules this folder uses, imported one by one rather than
 * through the system's index, so the roll panel never pulls in the reference tables or the
 * zod-validated conformance operations (see docs/architecture.md, "Rule systems").
 */
export * from '../../systems/electric-state/sections';
export * from '../../systems/electric-state/options';
export * from '../../systems/electric-state/dice';
export * from '../../systems/electric-state/equipment';
export * from '../../systems/electric-state/pool';
export * from '../../systems/electric-state/combat';
export * from '../../systems/electric-state/health';
export * from '../../systems/electric-state/injuries';
export * from '../../systems/electric-state/derived';
export * from '../../systems/electric-state/odds';
export * from '../../systems/electric-state/tracker';
