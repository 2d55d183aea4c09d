import type { SystemProfile } from '../contract';
import { shadowrunAttributes } from './derived';
import { shadowrunToggles } from './toggles';

/** Identity, dice, attributes and toggles: all the app needs of this system at start-up. */
export const shadowrun4eProfile: SystemProfile = {
  id: 'shadowrun-4e',
  label: 'Shadowrun 4th edition',
  seedFile: '002_efc801e1fa6f2480.txt',
  primaryDie: 6,
  attributes: shadowrunAttributes,
  toggles: shadowrunToggles,
};
