import { withSheetSources } from '../../system-kit/sheet-sources';
import type { SystemModule } from '../../system-kit/system-module';
import { shadowrun4eBookNotes } from './book-notes';
import { shadowrun4ePresets } from './presets';
import { shadowrun4eProfile } from './profile';
import { shadowrun4eSummaries } from './summaries';
import { shadowrunTables } from './tables';
import { shadowrun4eTracker } from './tracker';
import { workflows } from './workflows';

/** Shadowrun 4th edition (seed 002): everything this system brings to the app, handed out by the registry. */
export const shadowrun4eModule: SystemModule = {
  profile: shadowrun4eProfile,
  tracker: shadowrun4eTracker,
  // The explanation of each roll starts with where its numbers came from, citing the attack procedure.
  workflows: workflows.map((workflow) => withSheetSources(workflow, { section: 'Resolving an Attack', source: 'default' })),
  tables: shadowrunTables,
  summaries: shadowrun4eSummaries,
  bookNotes: shadowrun4eBookNotes,
  presets: shadowrun4ePresets,
  operations: () => import('./operations').then((loaded) => loaded.shadowrunOperations),
};
