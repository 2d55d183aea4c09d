import { withSheetSources } from '../../system-kit/sheet-sources';
import type { SystemModule } from '../../system-kit/system-module';
import { uesrpg3ePresets } from './presets';
import { uesrpg3eProfile } from './profile';
import { uesrpg3eSummaries } from './summaries';
import { uesrpgTables } from './tables';
import { uesrpg3eTracker } from './tracker';
import { workflows } from './workflows';

/** UESRPG 3e v4 (seed 001): everything this system brings to the app, handed out by the registry. */
export const uesrpg3eModule: SystemModule = {
  profile: uesrpg3eProfile,
  tracker: uesrpg3eTracker,
  // The explanation of each roll starts with where its numbers came from, citing the attack procedure.
  workflows: workflows.map((workflow) => withSheetSources(workflow, { section: 'The combat roll › Step 1: Attack', source: 'seed' })),
  tables: uesrpgTables,
  summaries: uesrpg3eSummaries,
  bookNotes: [],
  presets: uesrpg3ePresets,
  operations: () => import('./operations').then((loaded) => loaded.uesrpgOperations),
};
