import type { SystemProfile } from '../../system-kit/rule-system';
import { electricStateAttributes } from './attributes';
import { electricStateToggles } from './options';

/** Identity, dice, attributes and toggles: all the app needs of this system at start-up. */
export const electricStateProfile: SystemProfile = {
  id: 'electric-state',
  label: 'The Electric State RPG (Year Zero Engine)',
  seedFile: '000_37ea37a29e173e06.txt',
  primaryDie: 6,
  attributes: electricStateAttributes,
  toggles: electricStateToggles,
};
