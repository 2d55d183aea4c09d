import type { RuleSystem } from '../system-kit/rule-system';
import { systemRegistry, type SystemRegistry } from './registry';

/** Every system as the conformance runner takes it (profile, tables, operations), in registry order. */
export async function loadRuleSystems(registry: SystemRegistry = systemRegistry): Promise<readonly RuleSystem[]> {
  const modules = await registry.loadAll();
  return Promise.all(
    modules.map(async (module) => ({ ...module.profile, tables: module.tables, operations: await module.operations() })),
  );
}
