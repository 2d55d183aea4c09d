import { RulesError } from '../errors';
import type { SystemId, SystemProfile } from './contract';
import { electricStateProfile } from './electric-state/profile';
import { hardwareProfile } from './hardware/profile';
import { shadowrun4eProfile } from './shadowrun-4e/profile';
import { uesrpg3eProfile } from './uesrpg-3e/profile';

/**
 * Every rule system GM Screen knows, light: what the screen needs at start-up. The full
 * systems (reference tables, conformance operations) are in `./index.ts`, loaded when needed.
 * Adding a system means adding a folder and a line here and in `./index.ts`.
 */
export const systemProfiles: readonly SystemProfile[] = [electricStateProfile, uesrpg3eProfile, shadowrun4eProfile, hardwareProfile];

export const systemIds: readonly SystemId[] = systemProfiles.map((system) => system.id);

export function isSystemId(id: string): id is SystemId {
  return (systemIds as readonly string[]).includes(id);
}

export function getSystemProfile(id: string): SystemProfile {
  const system = systemProfiles.find((s) => s.id === id);
  if (!system) {
    throw new RulesError('unknown-system', `Unknown rule system "${id}". Known: ${systemIds.join(', ')}.`, { id });
  }
  return system;
}
