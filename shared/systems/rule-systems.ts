import type { RuleSystem } from '../system-kit/rule-system';
import { loadAllSystems } from './registry';

/** Every system as the conformance runner takes it (profile, tables, operations), in registry order. */
export async function loadRuleSystems(): Promise<readonly RuleSystem[]> {
  const modules = await loadAllSystems();
  return Promise.all(
    modules.map(async (module) => ({ ...module.profile, tables: module.tables, operations: await module.operations() })),
  );
}
