import type { RuleSystem } from '../../system-kit/rule-system';
import { hardwareProfile } from './profile';
import { hardwareOperations } from './operations';
import { hardwareTables } from './tables';

/** Hardware RPG (playtest v0.1), a Cairn-style cyberpunk game. Seed: 004_4f030c793f7fe0c7.txt. */
export const hardwareSystem: RuleSystem = {
  ...hardwareProfile,
  tables: hardwareTables,
  operations: hardwareOperations,
};

export * from './combat';
export * from './derived';
export * from './health';
export * from './odds';
export * from './rounds';
export * from './saves';
export { SECTIONS } from './rules';
export { hardwareOperations } from './operations';
export { hardwareToggles } from './toggles';
export * from './tables';
export * from './tracker';
export { hardwareProfile } from './profile';
