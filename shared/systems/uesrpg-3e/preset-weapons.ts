import type { SheetWeapon } from '../../system-kit/tracker-rules';
import { customWeapon, PUNCHES_KICKS_WEAPON } from './sheet-weapons';

/**
 * The weapons the ready-made UESRPG bestiary entries carry. The seed's only weapon table is the
 * natural weapons (Punches/Kicks); the sword, gladius and shield its entries name are custom, with
 * the Block Rating the legionary's notes give.
 */
const plain = { reach: 1, style: 'main', blockRating: 0, magicBr: false } as const;

export const BANDIT_WEAPONS: readonly SheetWeapon[] = [
  customWeapon('sword', 'Sword', { ...plain, type: 'melee', dice: { count: 1, sides: 8, bonus: 0 } }),
];

export const LEGIONARY_WEAPONS: readonly SheetWeapon[] = [
  customWeapon('gladius', 'Gladius', { ...plain, type: 'melee', dice: { count: 1, sides: 6, bonus: 0 } }),
  customWeapon('shield', 'Shield', {
    ...plain,
    type: 'shield',
    dice: { count: 1, sides: 4, bonus: 0 },
    blockRating: 6,
  }),
];

export const BRAWLER_WEAPONS: readonly SheetWeapon[] = [PUNCHES_KICKS_WEAPON];
