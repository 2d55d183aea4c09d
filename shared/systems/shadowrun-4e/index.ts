import type { RuleSystem } from '../../system-kit/rule-system';
import { shadowrun4eProfile } from './profile';
import { shadowrunOperations } from './operations';
import { shadowrunTables } from './tables';

/** Shadowrun 4th edition: d6 pools, hits on 5–6, opposed tests, Physical/Stun monitors. */
export const shadowrun4eSystem: RuleSystem = {
  ...shadowrun4eProfile,
  tables: shadowrunTables,
  operations: shadowrunOperations,
};

export * from './actions';
export * from './combat';
export * from './derived';
export * from './explosives';
export * from './health';
export * from './initiative';
export * from './modifiers';
export * from './odds';
export * from './tables';
export * from './tests';
export * from './toggles';
export { SECTION } from './sections';
export * from './tracker';
export { shadowrun4eProfile } from './profile';
