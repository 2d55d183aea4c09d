import type { SystemProfile } from '../../system-kit/rule-system';
import { shadowrunAttributes } from './attributes';
import { shadowrunToggles } from './toggles';

/** Identity, dice, attributes and toggles: all the app needs of this system at start-up. */
export const shadowrun4eProfile: SystemProfile = {
  id: 'shadowrun-4e',
  label: 'Shadowrun 4th edition',
  seedFile: '002_efc801e1fa6f2480.txt',
  primaryDie: 6,
  attributes: shadowrunAttributes,
  toggles: shadowrunToggles,
  // The seed's own words: a Combat Turn of Initiative Passes, each an Action Phase per character.
  terms: { round: 'Combat Turn', pass: 'Initiative Pass', turn: 'Action Phase', initiative: 'Initiative Score' },
};
