// The real rules for the benchmarks, loaded once through the registry by `run.ts` before any
// suite is built (the suites are CommonJS under tsx, which has no top-level await).
import type { RulesLookup } from '../shared/system-kit/rules-lookup';
import { lookupOver } from '../shared/system-kit/rules-lookup';
import type { SystemModule } from '../shared/system-kit/system-module';
import { loadAllSystems } from '../shared/systems/registry';

let modules: readonly SystemModule[] | null = null;
let loaded: RulesLookup | null = null;

export async function loadBenchRules(): Promise<void> {
  modules ??= await loadAllSystems();
  loaded ??= lookupOver(modules);
}

/** The loaded system modules (presets, workflows), for suites that build realistic logs. */
export function benchModules(): readonly SystemModule[] {
  if (!modules) throw new Error('bench/run.ts loads the rules (loadBenchRules) before building a suite.');
  return modules;
}

function rules(): RulesLookup {
  if (!loaded) throw new Error('bench/run.ts loads the rules (loadBenchRules) before building a suite.');
  return loaded;
}

export const rulesLookup: RulesLookup = {
  system: (id) => rules().system(id),
  tracker: (id) => rules().tracker(id),
};
