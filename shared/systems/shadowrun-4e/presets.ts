import type { SheetWeapon } from '../../system-kit/tracker-rules';
import { armed, preset, tableWeapon, type PresetTemplate } from '../../system-kit/presets';
import { shadowrunWeapons } from './sheet-weapons';

const sr = (row: string, id: string, name?: string) => tableWeapon(shadowrunWeapons, row, id, name);
/** A Shadowrun firearm with a smartgun its wielder is linked to. */
const smartlinked = (weapon: SheetWeapon): SheetWeapon => ({ ...weapon, values: { ...weapon.values, smartlink: true } });

/**
 * Shadowrun 4e: combat skills the seed names (Resolving an Attack, Melee Combat), the book's
 * firearm and melee weapons, grenades from the seed's blast table (seed 002).
 * Shadowrun 4e vehicles (seed: Vehicles & Chase Combat; the book's drone and car ratings).
 */
export const shadowrun4ePresets: readonly PresetTemplate[] = [
  armed(preset('shadowrun-4e', 'ganger', 'Ganger', 'npc', { body: 3, agility: 3, reaction: 3, strength: 3, charisma: 2, intuition: 3, logic: 2, willpower: 2, edge: 1, passes: 1, ballistic: 4, impact: 2, pistols: 3, blades: 3, clubs: 2, unarmedCombat: 2, dodge: 2 }, 'Heavy pistol, knife. Armour vest.'), sr('Ares Predator IV', 'w1'), sr('Knife', 'w2')),
  armed(preset('shadowrun-4e', 'corp-security', 'Corporate security', 'npc', { body: 4, agility: 4, reaction: 4, strength: 3, charisma: 2, intuition: 3, logic: 3, willpower: 3, edge: 2, passes: 1, ballistic: 6, impact: 4, automatics: 4, pistols: 3, clubs: 3, unarmedCombat: 3, throwingWeapons: 3, dodge: 3 }, 'SMG, stun baton, two fragmentation grenades (12P(f), AP +5, −1 DV/m).'), sr('HK-227X', 'w1'), sr('Stun baton', 'w2'), sr('Fragmentation (grenade)', 'w3', 'Fragmentation grenades (2)')),
  armed(preset('shadowrun-4e', 'street-samurai', 'Street samurai', 'pc', { body: 5, agility: 6, reaction: 5, strength: 4, charisma: 2, intuition: 4, logic: 2, willpower: 3, edge: 3, passes: 2, ballistic: 8, impact: 6, automatics: 5, pistols: 4, blades: 4, unarmedCombat: 3, dodge: 3 }, 'Wired reflexes: 2 Initiative Passes. Smartlinked assault rifle, katana.'), smartlinked(sr('Ares Alpha', 'w1')), sr('Katana', 'w2')),
  armed(preset('shadowrun-4e', 'combat-mage', 'Combat mage', 'pc', { body: 3, agility: 3, reaction: 4, strength: 2, charisma: 4, intuition: 5, logic: 4, willpower: 5, edge: 4, passes: 1, ballistic: 4, impact: 2, pistols: 2, unarmedCombat: 1, dodge: 3 }, 'Light pistol. Lined coat.'), sr('Colt America L36', 'w1')),
  armed(preset('shadowrun-4e', 'patrol-drone', 'Patrol drone', 'npc', { vehicle: true, autonomous: true, body: 3, vehicleArmor: 3, handling: 0, speed: 60, pilot: 3, sensor: 3, response: 3 }, 'Autonomous medium drone (Doberman-like): Initiative Pilot + Response. Mounted light machine gun 6P, AP −1, fired sensor-based (Pilot 3 + Sensor 3).')),
  armed(preset('shadowrun-4e', 'sedan', 'Sedan', 'npc', { vehicle: true, autonomous: false, body: 10, vehicleArmor: 6, handling: 0, speed: 90, pilot: 1, sensor: 1, response: 1 }, 'Family car (Americar-like), crewed: it acts on its driver\'s Initiative. Rams for Body 10 by speed.')),
];
