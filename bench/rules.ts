// The real rules for the benchmarks, loaded once through the registry by `run.ts` before any
// suite is built (the suites are CommonJS under tsx, which has no top-level await).
import type { RulesLookup } from '../shared/system-kit/rules-lookup';
import { lookupOver } from '../shared/system-kit/rules-lookup';
import { loadAllSystems } from '../shared/systems/registry';

let loaded: RulesLookup | null = null;

export async function loadBenchRules(): Promise<void> {
  loaded ??= lookupOver(await loadAllSystems());
}

function rules(): RulesLookup {
  if (!loaded) throw new Error('bench/run.ts loads the rules (loadBenchRules) before building a suite.');
  return loaded;
}

export const rulesLookup: RulesLookup = {
  system: (id) => rules().system(id),
  tracker: (id) => rules().tracker(id),
};
