import type { RuleSystem, SystemId } from './contract';
import { RulesError } from '../errors';
import { electricStateSystem } from './electric-state';
import { uesrpg3eSystem } from './uesrpg-3e';
import { shadowrun4eSystem } from './shadowrun-4e';
import { hardwareSystem } from './hardware';
import { systemIds } from './profiles';

/** Every rule system GM Screen knows, in full. Adding a system means adding a folder and a line here and in `./profiles.ts`. */
export const ruleSystems: readonly RuleSystem[] = [electricStateSystem, uesrpg3eSystem, shadowrun4eSystem, hardwareSystem];

export function getRuleSystem(id: string): RuleSystem {
  const system = ruleSystems.find((s) => s.id === id);
  if (!system) {
    throw new RulesError('unknown-system', `Unknown rule system "${id}". Known: ${systemIds.join(', ')}.`, { id });
  }
  return system;
}

export { getSystemProfile, isSystemId, systemIds, systemProfiles } from './profiles';
export type { RuleSystem, SystemId };
