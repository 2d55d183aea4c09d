import type { SystemId } from '../systems/contract';
import { BANDIT_WEAPONS, BRAWLER_WEAPONS, LEGIONARY_WEAPONS } from '../systems/uesrpg-3e/preset-weapons';
import { electricStateWeapons } from '../systems/electric-state/sheet-weapons';
import { plainWeapon } from '../systems/hardware/sheet-weapons';
import { shadowrunWeapons } from '../systems/shadowrun-4e/sheet-weapons';
import type { CombatantKind, SheetWeapon, Stats, WeaponRules } from './tracker-rules';

/**
 * Ready-made combatant templates, a few per system, armed and armoured from the seeds'
 * tables (weapons, body armour, grenades). Their ids start with "preset:" so the
 * bestiary can tell them from the GM's own.
 */
export interface PresetTemplate {
  readonly id: string;
  readonly systemId: SystemId;
  readonly name: string;
  readonly kind: CombatantKind;
  readonly stats: Stats;
  /** The sheet's weapons; absent on templates saved before sheets carried weapons. */
  readonly weapons?: readonly SheetWeapon[];
  readonly notes: string;
  readonly updatedAt: string;
}

const preset = (systemId: SystemId, slug: string, name: string, kind: CombatantKind, stats: Stats, notes: string): PresetTemplate => ({
  id: `preset:${systemId}:${slug}`,
  systemId,
  name,
  kind,
  stats,
  notes,
  updatedAt: '2026-01-01T00:00:00.000Z',
});

/** A template with the weapons its notes name on its sheet. */
const armed = (template: PresetTemplate, ...weapons: SheetWeapon[]): PresetTemplate => ({ ...template, weapons });

/** The catalogue row named `row` of a system's weapon table, as weapon `id` of a sheet (renamed when `name` is given). */
function tableWeapon(rules: WeaponRules, row: string, id: string, name = row): SheetWeapon {
  const entry = rules.catalogue.find((c) => c.name === row);
  if (!entry) throw new Error(`The weapon catalogue has no "${row}".`);
  return { ...entry, id, name };
}
const es = (row: string, id: string, name?: string) => tableWeapon(electricStateWeapons, row, id, name);
const sr = (row: string, id: string, name?: string) => tableWeapon(shadowrunWeapons, row, id, name);
/** A Shadowrun firearm with a smartgun its wielder is linked to. */
const smartlinked = (weapon: SheetWeapon): SheetWeapon => ({ ...weapon, values: { ...weapon.values, smartlink: true } });

const PRESETS: readonly PresetTemplate[] = [
  // The Electric State: Weapons Table and Body Armor (seed 000).
  armed(preset('electric-state', 'drone-guard', 'Drone guard', 'npc', { strength: 3, agility: 3, wits: 2, empathy: 1, armor: 2 }, 'Handgun: +2, damage 2, Short–Medium. Soft vest (Armor Level 2, Agility −1).'), es('Handgun', 'w1')),
  armed(preset('electric-state', 'scavenger', 'Scavenger', 'npc', { strength: 2, agility: 3, wits: 3, empathy: 2, armor: 0 }, 'Knife: +1, damage 2, Engaged. Rocks: damage 1, Engaged–Medium.'), es('Knife', 'w1'), es('Rock', 'w2', 'Rocks')),
  armed(preset('electric-state', 'militia-soldier', 'Militia soldier', 'npc', { strength: 4, agility: 3, wits: 2, empathy: 2, armor: 4 }, 'Assault rifle ◆: +3, damage 2, Short–Long, full auto. Plate vest (Armor Level 4, Agility −2).'), es('Assault rifle', 'w1')),
  armed(preset('electric-state', 'drifter', 'Drifter', 'pc', { strength: 3, agility: 4, wits: 3, empathy: 3, armor: 0, hopeLost: 0 }, 'Derringer: +2, damage 2, Engaged–Short.'), es('Derringer', 'w1')),
  // UESRPG 3e: natural weapons and the combat-style rules (seed 001).
  armed(preset('uesrpg-3e', 'bandit', 'Bandit', 'npc', { strength: 35, endurance: 30, agility: 35, intelligence: 25, willpower: 25, perception: 30, luck: 40, combatStyle: 45, evade: 35, arBody: 2, arRightLeg: 1, arLeftLeg: 1, arRightArm: 1, arLeftArm: 1, arHead: 0 }, 'Sword and leather armour.'), ...BANDIT_WEAPONS),
  armed(preset('uesrpg-3e', 'legionary', 'Imperial legionary', 'npc', { strength: 40, endurance: 40, agility: 35, intelligence: 30, willpower: 35, perception: 35, luck: 40, combatStyle: 55, evade: 30, arBody: 5, arRightLeg: 4, arLeftLeg: 4, arRightArm: 4, arLeftArm: 4, arHead: 4 }, 'Gladius and shield (Block Rating 6).'), ...LEGIONARY_WEAPONS),
  armed(preset('uesrpg-3e', 'brawler', 'Tavern brawler', 'npc', { strength: 40, endurance: 35, agility: 30, intelligence: 20, willpower: 25, perception: 25, luck: 30, combatStyle: 40, evade: 25, arBody: 0, arRightLeg: 0, arLeftLeg: 0, arRightArm: 0, arLeftArm: 0, arHead: 0 }, 'Unarmed: punches and kicks 1d4, 1 m.'), ...BRAWLER_WEAPONS),
  preset('uesrpg-3e', 'adventurer', 'Adventurer', 'pc', { strength: 40, endurance: 40, agility: 45, intelligence: 35, willpower: 35, perception: 40, luck: 40, combatStyle: 55, evade: 45, arBody: 3, arRightLeg: 2, arLeftLeg: 2, arRightArm: 2, arLeftArm: 2, arHead: 2, lucky: [7, 17, 27, 37], unlucky: [96] }, 'Luck Bonus 4: four lucky numbers, one unlucky.'),
  // Shadowrun 4e: combat skills the seed names (Resolving an Attack, Melee Combat), the book's
  // firearm and melee weapons, grenades from the seed's blast table (seed 002).
  armed(preset('shadowrun-4e', 'ganger', 'Ganger', 'npc', { body: 3, agility: 3, reaction: 3, strength: 3, charisma: 2, intuition: 3, logic: 2, willpower: 2, edge: 1, passes: 1, ballistic: 4, impact: 2, pistols: 3, blades: 3, clubs: 2, unarmedCombat: 2, dodge: 2 }, 'Heavy pistol, knife. Armour vest.'), sr('Ares Predator IV', 'w1'), sr('Knife', 'w2')),
  armed(preset('shadowrun-4e', 'corp-security', 'Corporate security', 'npc', { body: 4, agility: 4, reaction: 4, strength: 3, charisma: 2, intuition: 3, logic: 3, willpower: 3, edge: 2, passes: 1, ballistic: 6, impact: 4, automatics: 4, pistols: 3, clubs: 3, unarmedCombat: 3, throwingWeapons: 3, dodge: 3 }, 'SMG, stun baton, two fragmentation grenades (12P(f), AP +5, −1 DV/m).'), sr('HK-227X', 'w1'), sr('Stun baton', 'w2'), sr('Fragmentation (grenade)', 'w3', 'Fragmentation grenades (2)')),
  armed(preset('shadowrun-4e', 'street-samurai', 'Street samurai', 'pc', { body: 5, agility: 6, reaction: 5, strength: 4, charisma: 2, intuition: 4, logic: 2, willpower: 3, edge: 3, passes: 2, ballistic: 8, impact: 6, automatics: 5, pistols: 4, blades: 4, unarmedCombat: 3, dodge: 3 }, 'Wired reflexes: 2 Initiative Passes. Smartlinked assault rifle, katana.'), smartlinked(sr('Ares Alpha', 'w1')), sr('Katana', 'w2')),
  armed(preset('shadowrun-4e', 'combat-mage', 'Combat mage', 'pc', { body: 3, agility: 3, reaction: 4, strength: 2, charisma: 4, intuition: 5, logic: 4, willpower: 5, edge: 4, passes: 1, ballistic: 4, impact: 2, pistols: 2, unarmedCombat: 1, dodge: 3 }, 'Light pistol. Lined coat.'), sr('Colt America L36', 'w1')),
  // Shadowrun 4e vehicles (seed: Vehicles & Chase Combat; the book's drone and car ratings).
  armed(preset('shadowrun-4e', 'patrol-drone', 'Patrol drone', 'npc', { vehicle: true, autonomous: true, body: 3, vehicleArmor: 3, handling: 0, speed: 60, pilot: 3, sensor: 3, response: 3 }, 'Autonomous medium drone (Doberman-like): Initiative Pilot + Response. Mounted light machine gun 6P, AP −1, fired sensor-based (Pilot 3 + Sensor 3).')),
  armed(preset('shadowrun-4e', 'sedan', 'Sedan', 'npc', { vehicle: true, autonomous: false, body: 10, vehicleArmor: 6, handling: 0, speed: 90, pilot: 1, sensor: 1, response: 1 }, 'Family car (Americar-like), crewed: it acts on its driver\'s Initiative. Rams for Body 10 by speed.')),
  // Hardware: attack modifiers, armour, cover and the hardened rule (seed 004).
  armed(preset('hardware', 'street-punk', 'Street punk', 'npc', { BOD: 8, AGL: 10, CTR: 7, stamina: 3, armor: 0, weaponDie: 6 }, 'Handgun (d6).'), plainWeapon('w1', 'Handgun', 6)),
  armed(preset('hardware', 'corp-enforcer', 'Corp enforcer', 'npc', { BOD: 12, AGL: 11, CTR: 10, stamina: 6, armor: 1, weaponDie: 8 }, 'Rifle (d8), helmet (+1 Armor).'), plainWeapon('w1', 'Rifle', 8)),
  preset('hardware', 'security-drone', 'Security drone', 'npc', { BOD: 14, AGL: 8, CTR: 14, stamina: 8, armor: 2, weaponDie: 8, hardened: true }, 'Hardened: attacks affected by armour are Impaired against it.'),
  armed(preset('hardware', 'runner', 'Runner', 'pc', { BOD: 10, AGL: 12, CTR: 11, stamina: 5, armor: 1, weaponDie: 6 }, 'Pistol (d6), armoured jacket.'), plainWeapon('w1', 'Pistol', 6)),
];

export function bestiaryPresets(systemId: SystemId): PresetTemplate[] {
  return PRESETS.filter((p) => p.systemId === systemId);
}

export const allPresets = PRESETS;
