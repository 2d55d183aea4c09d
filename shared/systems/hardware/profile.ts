import type { SystemProfile } from '../../system-kit/rule-system';
import { hardwareAttributes } from './derived';
import { hardwareToggles } from './toggles';

/** Identity, dice, attributes and toggles: all the app needs of this system at start-up. */
export const hardwareProfile: SystemProfile = {
  id: 'hardware',
  label: 'Hardware RPG (playtest v0.1)',
  seedFile: '004_4f030c793f7fe0c7.txt',
  /** Saves are d20; damage dice run d4–d12. */
  primaryDie: 20,
  attributes: hardwareAttributes,
  toggles: hardwareToggles,
};
