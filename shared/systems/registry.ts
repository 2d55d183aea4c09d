import { RulesError } from '../errors';
import type { SystemId, SystemProfile } from '../system-kit/rule-system';
import type { SystemModule } from '../system-kit/system-module';
import { electricStateProfile } from './electric-state/profile';
import { hardwareProfile } from './hardware/profile';
import { shadowrun4eProfile } from './shadowrun-4e/profile';
import { uesrpg3eProfile } from './uesrpg-3e/profile';

/** A game system as the registry lists it: its light profile at once, its module on demand. */
export interface SystemEntry {
  readonly profile: SystemProfile;
  readonly load: () => Promise<SystemModule>;
}

/**
 * Every game system GM Screen knows, in the order the app lists them. The profile (labels, dice,
 * toggles) is here at once for lists and forms; the module (tracker, workflows, tables…) is loaded
 * by `loadSystem`, a chunk per system, so a table never waits for another system's rules.
 * Adding a system: its folder under `shared/systems/`, its id in `SystemId`, and one line here.
 */
export const systemRegistry: readonly SystemEntry[] = [
  { profile: electricStateProfile, load: () => import('./electric-state/module').then((m) => m.electricStateModule) },
  { profile: uesrpg3eProfile, load: () => import('./uesrpg-3e/module').then((m) => m.uesrpg3eModule) },
  { profile: shadowrun4eProfile, load: () => import('./shadowrun-4e/module').then((m) => m.shadowrun4eModule) },
  { profile: hardwareProfile, load: () => import('./hardware/module').then((m) => m.hardwareModule) },
];

const loading = new Map<SystemId, Promise<SystemModule>>();

/** A system's module, loaded once (a failed load is tried again next time). */
export function loadSystem(id: SystemId): Promise<SystemModule> {
  const entry = systemRegistry.find((e) => e.profile.id === id);
  if (!entry) return Promise.reject(new RulesError('unknown-system', `Unknown rule system "${id}".`, { id }));
  let pending = loading.get(id);
  if (!pending) {
    pending = entry.load().catch((error: unknown) => {
      loading.delete(id);
      throw error;
    });
    loading.set(id, pending);
  }
  return pending;
}

/** Every system's module, in registry order (tools, tests and the conformance runner). */
export function loadAllSystems(): Promise<readonly SystemModule[]> {
  return Promise.all(systemRegistry.map((entry) => loadSystem(entry.profile.id)));
}
