/**
 * The rules package's Electric State modules this folder uses, imported one by one rather than
 * through the system's index, so the roll panel never pulls in the reference tables or the
 * zod-validated conformance operations (see docs/architecture.md, "Rule systems").
 */
export * from '../sections';
export * from '../options';
export * from '../dice';
export * from '../equipment';
export * from '../pool';
export * from '../combat';
export * from '../health';
export * from '../injuries';
export * from '../derived';
export * from '../odds';
export * from '../tracker';
