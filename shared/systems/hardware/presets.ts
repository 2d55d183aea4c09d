import { armed, preset, type PresetTemplate } from '../../system-kit/presets';
import { plainWeapon } from './sheet-weapons';

/**
 * Hardware: attack modifiers, armour, cover and the hardened rule (seed 004).
 */
export const hardwarePresets: readonly PresetTemplate[] = [
  armed(preset('hardware', 'street-punk', 'Street punk', 'npc', { BOD: 8, AGL: 10, CTR: 7, stamina: 3, armor: 0, weaponDie: 6 }, 'Handgun (d6).'), plainWeapon('w1', 'Handgun', 6)),
  armed(preset('hardware', 'corp-enforcer', 'Corp enforcer', 'npc', { BOD: 12, AGL: 11, CTR: 10, stamina: 6, armor: 1, weaponDie: 8 }, 'Rifle (d8), helmet (+1 Armor).'), plainWeapon('w1', 'Rifle', 8)),
  preset('hardware', 'security-drone', 'Security drone', 'npc', { BOD: 14, AGL: 8, CTR: 14, stamina: 8, armor: 2, weaponDie: 8, hardened: true }, 'Hardened: attacks affected by armour are Impaired against it.'),
  armed(preset('hardware', 'runner', 'Runner', 'pc', { BOD: 10, AGL: 12, CTR: 11, stamina: 5, armor: 1, weaponDie: 6 }, 'Pistol (d6), armoured jacket.'), plainWeapon('w1', 'Pistol', 6)),
];
