import type { RuleSystem } from '../../system-kit/rule-system';
import { uesrpg3eProfile } from './profile';
import { uesrpgOperations } from './operations';
import { uesrpgTables } from './tables';

/** UESRPG 3e v4: d100 roll-under tests, the combat roll, hit locations, wounds and Action Points. */
export const uesrpg3eSystem: RuleSystem = {
  ...uesrpg3eProfile,
  tables: uesrpgTables,
  operations: uesrpgOperations,
};

export * from './d100';
export * from './combat';
export * from './health';
export * from './derived';
export * from './initiative';
export * from './actions';
export * from './odds';
export * from './toggles';
export { RULES as UESRPG_RULES } from './sections';
export { uesrpgTables } from './tables';
export { uesrpgOperations } from './operations';
export * from './tracker';
export { uesrpg3eProfile } from './profile';
