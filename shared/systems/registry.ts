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

/** The systems the app knows, and how to load each one's module. */
export interface SystemRegistry {
  readonly entries: readonly SystemEntry[];
  /** A system's module, loaded once (a failed load is tried again next time). */
  load(id: SystemId): Promise<SystemModule>;
  /** Every system's module, in registry order. */
  loadAll(): Promise<readonly SystemModule[]>;
}

/** A registry over these entries; the app has one (`systemRegistry`), tests build their own. */
export function createSystemRegistry(entries: readonly SystemEntry[]): SystemRegistry {
  const ids = entries.map((entry) => entry.profile.id);
  const twice = ids.find((id, index) => ids.indexOf(id) !== index);
  if (twice) throw new RulesError('invalid-input', `The rule system "${twice}" is listed twice.`, { id: twice });
  const loading = new Map<SystemId, Promise<SystemModule>>();

  async function loadEntry(entry: SystemEntry): Promise<SystemModule> {
    const module = await entry.load();
    if (module.profile.id !== entry.profile.id) {
      throw new RulesError(
        'invalid-input',
        `The rules loaded for "${entry.profile.id}" are those of "${module.profile.id}".`,
        { id: entry.profile.id },
      );
    }
    return module;
  }

  function load(id: SystemId): Promise<SystemModule> {
    const entry = entries.find((e) => e.profile.id === id);
    if (!entry) {
      return Promise.reject(new RulesError('unknown-system', `Unknown rule system "${id}". Known: ${ids.join(', ')}.`, { id }));
    }
    let pending = loading.get(id);
    if (!pending) {
      pending = loadEntry(entry).catch((error: unknown) => {
        loading.delete(id);
        throw error;
      });
      loading.set(id, pending);
    }
    return pending;
  }

  return { entries, load, loadAll: () => Promise.all(entries.map((entry) => load(entry.profile.id))) };
}

/**
 * Every game system GM Screen knows, in the order the app lists them. The profile (labels, dice,
 * toggles) is here at once for lists and forms; the module (tracker, workflows, tables…) is loaded
 * on demand, a chunk per system, so a table never waits for another system's rules.
 * Adding a system: its folder under `shared/systems/`, its id in `SYSTEM_IDS`, and one line here.
 */
export const systemRegistry: SystemRegistry = createSystemRegistry([
  { profile: electricStateProfile, load: () => import('./electric-state/module').then((m) => m.electricStateModule) },
  { profile: uesrpg3eProfile, load: () => import('./uesrpg-3e/module').then((m) => m.uesrpg3eModule) },
  { profile: shadowrun4eProfile, load: () => import('./shadowrun-4e/module').then((m) => m.shadowrun4eModule) },
  { profile: hardwareProfile, load: () => import('./hardware/module').then((m) => m.hardwareModule) },
]);

/** A system's module from the app's registry. */
export const loadSystem = (id: SystemId): Promise<SystemModule> => systemRegistry.load(id);

/** Every system's module from the app's registry (tools, tests, the conformance runner). */
export const loadAllSystems = (): Promise<readonly SystemModule[]> => systemRegistry.loadAll();
