import { withSheetSources } from '../../system-kit/sheet-sources';
import type { SystemModule } from '../../system-kit/system-module';
import { hardwarePresets } from './presets';
import { hardwareProfile } from './profile';
import { hardwareSummaries } from './summaries';
import { hardwareTables } from './tables';
import { hardwareTracker } from './tracker';
import { workflows } from './workflows';

/** Hardware RPG (seed 004): everything this system brings to the app, handed out by the registry. */
export const hardwareModule: SystemModule = {
  profile: hardwareProfile,
  tracker: hardwareTracker,
  // The explanation of each roll starts with where its numbers came from, citing the attack procedure.
  workflows: workflows.map((workflow) => withSheetSources(workflow, { section: 'Attacking & Damage', source: 'default' })),
  tables: hardwareTables,
  summaries: hardwareSummaries,
  bookNotes: [],
  presets: hardwarePresets,
  operations: () => import('./operations').then((loaded) => loaded.hardwareOperations),
};
