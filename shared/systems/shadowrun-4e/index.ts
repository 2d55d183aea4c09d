import type { RuleSystem } from '../contract';
import { shadowrunAttributes } from './derived';
import { shadowrunOperations } from './operations';
import { shadowrunTables } from './tables';
import { shadowrunToggles } from './toggles';

/** Shadowrun 4th edition: d6 pools, hits on 5–6, opposed tests, Physical/Stun monitors. */
export const shadowrun4eSystem: RuleSystem = {
  id: 'shadowrun-4e',
  label: 'Shadowrun 4th edition',
  seedFile: '002_efc801e1fa6f2480.txt',
  primaryDie: 6,
  attributes: shadowrunAttributes,
  toggles: shadowrunToggles,
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
