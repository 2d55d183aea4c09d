import { RulesError } from '../errors';
import type { SystemId, SystemProfile } from '../system-kit/rule-system';
import { systemRegistry } from './registry';

/** Every rule system's profile, light: what the screen needs at start-up, in registry order. */
export const systemProfiles: readonly SystemProfile[] = systemRegistry.entries.map((entry) => entry.profile);

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
