import { RulesError } from '../errors';
import type { SystemId, SystemProfile } from './rule-system';
import type { SystemModule } from './system-module';
import type { TrackerRules } from './tracker-rules';

/**
 * What the encounter model needs of the rules, handed to it by injection (`reduce(state, event,
 * lookup)`): the encounter model never imports a system.
 */
export interface RulesLookup {
  system(id: SystemId): SystemProfile;
  tracker(id: SystemId): TrackerRules;
}

/** A lookup over these system modules; asking for any other system is a `RulesError` that names it. */
export function lookupOver(modules: readonly SystemModule[]): RulesLookup {
  const byId = new Map<string, SystemModule>(modules.map((module) => [module.profile.id, module]));
  const find = (id: string): SystemModule => {
    const module = byId.get(id);
    if (!module) throw new RulesError('unknown-system', `The rules of "${id}" are not loaded.`, { id });
    return module;
  };
  return { system: (id) => find(id).profile, tracker: (id) => find(id).tracker };
}
