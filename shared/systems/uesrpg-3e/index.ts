import type { RuleSystem } from '../contract';
import { uesrpgAttributes } from './derived';
import { uesrpgOperations } from './operations';
import { uesrpgTables } from './tables';
import { uesrpgToggleDefs } from './toggles';

/** UESRPG 3e v4: d100 roll-under tests, the combat roll, hit locations, wounds and Action Points. */
export const uesrpg3eSystem: RuleSystem = {
  id: 'uesrpg-3e',
  label: 'UESRPG 3e v4',
  seedFile: '001_2f7eae2f19ba3a3c.txt',
  primaryDie: 100,
  attributes: uesrpgAttributes,
  toggles: uesrpgToggleDefs,
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
