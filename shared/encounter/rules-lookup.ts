import { RulesError } from '../errors';
import type { SystemId } from '../systems/contract';
import { electricStateTracker } from '../systems/electric-state/tracker';
import { hardwareTracker } from '../systems/hardware/tracker';
import { getSystemProfile } from '../systems/profiles';
import { shadowrun4eTracker } from '../systems/shadowrun-4e/tracker';
import { uesrpg3eTracker } from '../systems/uesrpg-3e/tracker';
import type { RulesLookup } from './reducer';
import type { TrackerRules } from './tracker-rules';

const trackers: Readonly<Record<SystemId, TrackerRules>> = {
  'electric-state': electricStateTracker,
  'uesrpg-3e': uesrpg3eTracker,
  'shadowrun-4e': shadowrun4eTracker,
  hardware: hardwareTracker,
};

/** The real rule systems, for the app and for integration tests. Imports only what the tracker needs, so the screen loads without the reference tables. */
export const rulesLookup: RulesLookup = {
  system: (id) => getSystemProfile(id),
  tracker(id) {
    const tracker = Object.hasOwn(trackers, id) ? trackers[id] : undefined;
    if (!tracker) throw new RulesError('unknown-system', `The encounter tracker does not know the rule system "${id}".`);
    return tracker;
  },
};
