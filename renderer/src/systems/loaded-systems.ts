// The game systems this page has loaded, from the registry (shared/systems/registry.ts): each
// system's module arrives as its own chunk. What needs a system's rules asks for it with
// `ensureSystem` first; the sync readers below then find it. Reading them inside a computed
// re-runs it when a system arrives.
import { shallowRef } from 'vue';
import { RulesError } from '../../../shared/errors';
import type { RulesLookup } from '../../../shared/system-kit/rules-lookup';
import type { SystemId } from '../../../shared/system-kit/rule-system';
import type { SystemModule } from '../../../shared/system-kit/system-module';
import type { ResolveWorkflow } from '../../../shared/system-kit/workflow';
import { getSystemProfile, systemIds } from '../../../shared/systems/profiles';
import { loadSystem } from '../../../shared/systems/registry';

const loaded = shallowRef<ReadonlyMap<SystemId, SystemModule>>(new Map());

/** The system's module, loading its chunk the first time. */
export async function ensureSystem(id: SystemId): Promise<SystemModule> {
  const present = loaded.value.get(id);
  if (present) return present;
  const module = await loadSystem(id);
  if (!loaded.value.has(id)) loaded.value = new Map([...loaded.value, [id, module]]);
  return module;
}

/** Every system's module (the quick reference's search across systems, tools). */
export function ensureAllSystems(): Promise<readonly SystemModule[]> {
  return Promise.all(systemIds.map((id) => ensureSystem(id)));
}

/** The module of a system already loaded; a `RulesError` naming it when it is not. */
export function loadedSystem(id: SystemId): SystemModule {
  const module = loaded.value.get(id);
  if (!module) throw new RulesError('unknown-system', `The rules of "${id}" are not loaded yet.`, { id });
  return module;
}

/** Whether a system's module is here (reactive). */
export function isSystemLoaded(id: SystemId): boolean {
  return loaded.value.has(id);
}

/** The loaded modules, in the order they arrived (reactive). */
export function loadedSystems(): readonly SystemModule[] {
  return [...loaded.value.values()];
}

/** The roll panel's workflows of a system: none until its module is loaded. */
export function workflowsOf(id: SystemId): readonly ResolveWorkflow[] {
  return loaded.value.get(id)?.workflows ?? [];
}

/** The rules as the encounter model takes them: profiles always, trackers of loaded systems. */
export const rulesLookup: RulesLookup = {
  system: (id) => getSystemProfile(id),
  tracker: (id) => loadedSystem(id).tracker,
};
