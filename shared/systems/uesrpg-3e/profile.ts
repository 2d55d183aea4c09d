import type { SystemProfile } from '../../system-kit/rule-system';
import { uesrpgAttributes } from './derived';
import { uesrpgToggleDefs } from './toggles';

/** Identity, dice, attributes and toggles: all the app needs of this system at start-up. */
export const uesrpg3eProfile: SystemProfile = {
  id: 'uesrpg-3e',
  label: 'UESRPG 3e v4',
  seedFile: '001_2f7eae2f19ba3a3c.txt',
  primaryDie: 100,
  attributes: uesrpgAttributes,
  toggles: uesrpgToggleDefs,
};
