import type { RuleSystem } from '../../system-kit/rule-system';
import { electricStateProfile } from './profile';
import { electricStateOperations } from './operations';
import { electricStateTables } from './tables';

/** The Electric State RPG (Year Zero Engine), from seeds/000_37ea37a29e173e06.txt. */
export const electricStateSystem: RuleSystem = {
  ...electricStateProfile,
  tables: electricStateTables,
  operations: electricStateOperations,
};

export * from './sections';
export * from './options';
export * from './dice';
export * from './equipment';
export * from './pool';
export * from './combat';
export * from './health';
export * from './initiative';
export * from './injuries';
export * from './derived';
export * from './odds';
export * from './tables';
export { electricStateOperations } from './operations';
export * from './tracker';
export { electricStateProfile } from './profile';
