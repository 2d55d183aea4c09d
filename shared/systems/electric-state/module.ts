import { withSheetSources } from '../../system-kit/sheet-sources';
import type { SystemModule } from '../../system-kit/system-module';
import { electricStatePresets } from './presets';
import { electricStateProfile } from './profile';
import { electricStateSummaries } from './summaries';
import { electricStateTables } from './tables';
import { electricStateTracker } from './tracker';
import { workflows } from './workflows';

/** The Electric State RPG (seed 000): everything this system brings to the app, handed out by the registry. */
export const electricStateModule: SystemModule = {
  profile: electricStateProfile,
  tracker: electricStateTracker,
  // The explanation of each roll starts with where its numbers came from, citing the attack procedure.
  workflows: workflows.map((workflow) => withSheetSources(workflow, { section: 'Weapons Table', source: 'default' })),
  tables: electricStateTables,
  summaries: electricStateSummaries,
  bookNotes: [],
  presets: electricStatePresets,
  operations: () => import('./operations').then((loaded) => loaded.electricStateOperations),
};
