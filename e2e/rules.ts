// The real rules for specs that read them (Playwright compiles specs as CommonJS, which cannot
// load the registry's per-system chunks with import()). A spec that needs a system takes it here.
import type { SystemId } from '../shared/system-kit/rule-system';
import { lookupOver } from '../shared/system-kit/rules-lookup';
import type { SystemModule } from '../shared/system-kit/system-module';
import { electricStateModule } from '../shared/systems/electric-state/module';
import { hardwareModule } from '../shared/systems/hardware/module';
import { systemIds } from '../shared/systems/profiles';
import { shadowrun4eModule } from '../shared/systems/shadowrun-4e/module';
import { uesrpg3eModule } from '../shared/systems/uesrpg-3e/module';

export const systemModules: Readonly<Record<SystemId, SystemModule>> = {
  'electric-state': electricStateModule,
  'uesrpg-3e': uesrpg3eModule,
  'shadowrun-4e': shadowrun4eModule,
  hardware: hardwareModule,
};

// A system added to the registry but not here would go unchecked by the specs that loop over them.
const missing = systemIds.filter((id) => !Object.hasOwn(systemModules, id));
if (missing.length > 0) throw new Error(`e2e/rules.ts lacks ${missing.join(', ')}: add its module.`);

export const rulesLookup = lookupOver(Object.values(systemModules));
