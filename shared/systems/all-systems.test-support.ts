// The real systems for tests, loaded once through the registry (top-level await): the same
// modules the app loads, so a test never reaches into a system folder for what the registry hands out.
import type { PresetTemplate } from '../system-kit/presets';
import type { RuleSystem, SystemId } from '../system-kit/rule-system';
import { lookupOver } from '../system-kit/rules-lookup';
import type { SystemModule } from '../system-kit/system-module';
import type { ResolveWorkflow } from '../system-kit/workflow';
import { loadAllSystems } from './registry';
import { loadRuleSystems } from './rule-systems';

export const allSystems: readonly SystemModule[] = await loadAllSystems();

/** The real rules, as the encounter model takes them. */
export const rulesLookup = lookupOver(allSystems);

export function systemModule(id: SystemId): SystemModule {
  const found = allSystems.find((module) => module.profile.id === id);
  if (!found) throw new Error(`No system "${id}".`);
  return found;
}

export const bestiaryPresets = (id: SystemId): PresetTemplate[] => [...systemModule(id).presets];
export const allPresets: readonly PresetTemplate[] = allSystems.flatMap((module) => module.presets);

/** Every system as the conformance runner takes it. */
export const ruleSystems: readonly RuleSystem[] = await loadRuleSystems();
export function getRuleSystem(id: SystemId): RuleSystem {
  const found = ruleSystems.find((system) => system.id === id);
  if (!found) throw new Error(`No system "${id}".`);
  return found;
}

/** Each system's roll-panel workflows, as the registry's modules hand them out. */
export const resolveWorkflows: Readonly<Record<SystemId, readonly ResolveWorkflow[]>> = Object.fromEntries(
  allSystems.map((module) => [module.profile.id, module.workflows]),
) as Record<SystemId, readonly ResolveWorkflow[]>;
