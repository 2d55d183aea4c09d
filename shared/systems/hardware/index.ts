import type { RuleSystem } from '../contract';
import { hardwareAttributes } from './derived';
import { hardwareOperations, hardwareToggles } from './operations';
import { hardwareTables } from './tables';

/** Hardware RPG (playtest v0.1), a Cairn-style cyberpunk game. Seed: 004_4f030c793f7fe0c7.txt. */
export const hardwareSystem: RuleSystem = {
  id: 'hardware',
  label: 'Hardware RPG (playtest v0.1)',
  seedFile: '004_4f030c793f7fe0c7.txt',
  /** Saves are d20; damage dice run d4–d12. */
  primaryDie: 20,
  attributes: hardwareAttributes,
  toggles: hardwareToggles,
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
export { hardwareOperations, hardwareToggles } from './operations';
export * from './tables';
export * from './tracker';
