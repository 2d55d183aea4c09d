import type { StatField, Stats } from '../../system-kit/tracker-rules';
import type { ScatterKind } from './explosives';
import { PERSON_ONLY } from './vehicles';
import type { RangeCategoryId } from './weapons';

/**
 * The combat skills a Shadowrun sheet carries as stats (group "skill"). The seed names them where
 * it builds a pool: firearms ("Combat Skill + linked attribute"), Throwing Weapons and Heavy
 * Weapons for grenades and rockets, Gunnery for mounted weapons and missiles from a vehicle,
 * parry/block/dodge for melee defence, and the vehicle skill of the Vehicle Test. The firearm
 * groups and the Pilot skills by craft are the book's. A rating of 0 means the sheet does not
 * have the skill.
 */

/** The highest rating the sheet and the roll panel accept (book: 12 with augmentation). */
export const MAX_SKILL = 12;

export type SkillId =
  | 'pistols'
  | 'automatics'
  | 'longarms'
  | 'heavyWeapons'
  | 'blades'
  | 'clubs'
  | 'unarmedCombat'
  | 'throwingWeapons'
  | 'dodge'
  | 'gunnery'
  | 'pilotGroundCraft'
  | 'pilotAircraft'
  | 'pilotWatercraft';

export interface SkillDef {
  readonly id: SkillId;
  readonly label: string;
  readonly short: string;
  readonly help: string;
}

export const SHADOWRUN_SKILLS: readonly SkillDef[] = [
  { id: 'pistols', label: 'Pistols', short: 'PIS', help: 'Tasers, light and heavy pistols (with Agility).' },
  {
    id: 'automatics',
    label: 'Automatics',
    short: 'AUT',
    help: 'Machine pistols, SMGs and assault rifles (with Agility).',
  },
  { id: 'longarms', label: 'Longarms', short: 'LNG', help: 'Shotguns and sniper rifles (with Agility).' },
  {
    id: 'heavyWeapons',
    label: 'Heavy Weapons',
    short: 'HVY',
    help: 'Machine guns, grenade launchers, rockets and missiles (with Agility; a missile: + Sensor).',
  },
  { id: 'blades', label: 'Blades', short: 'BLD', help: 'Knives, swords and axes (with Agility); also parries.' },
  { id: 'clubs', label: 'Clubs', short: 'CLB', help: 'Clubs, batons and staffs (with Agility); also parries.' },
  { id: 'unarmedCombat', label: 'Unarmed Combat', short: 'UNA', help: 'Fists and kicks (with Agility); also blocks.' },
  {
    id: 'throwingWeapons',
    label: 'Throwing Weapons',
    short: 'THR',
    help: 'Thrown grenades and knives (with Agility).',
  },
  { id: 'dodge', label: 'Dodge', short: 'DOD', help: 'Dodges melee attacks; added to any defence on Full Defense.' },
  {
    id: 'gunnery',
    label: 'Gunnery',
    short: 'GUN',
    help: 'Vehicle-mounted weapons; Gunnery + Sensor for missiles from a vehicle.',
  },
  {
    id: 'pilotGroundCraft',
    label: 'Pilot Ground Craft',
    short: 'PGC',
    help: 'Cars, bikes and trucks: the Vehicle Test (with Reaction).',
  },
  {
    id: 'pilotAircraft',
    label: 'Pilot Aircraft',
    short: 'PAC',
    help: 'Planes, rotorcraft and aerial drones: the Vehicle Test.',
  },
  { id: 'pilotWatercraft', label: 'Pilot Watercraft', short: 'PWC', help: 'Boats and submarines: the Vehicle Test.' },
];

/**
 * The skills as stat fields of the tracker's stat block: 0 to 12, 0 = not on the sheet. Only a
 * person has them: a vehicle's sheet shows none, and a drone aims with its Pilot.
 */
export const SKILL_FIELDS: readonly StatField[] = SHADOWRUN_SKILLS.map((skill) => ({
  id: skill.id,
  label: skill.label,
  short: skill.short,
  type: 'number',
  min: 0,
  max: MAX_SKILL,
  defaultValue: 0,
  group: 'skill',
  help: skill.help,
  onlyWhen: PERSON_ONLY,
}));

export function skillLabel(id: SkillId): string {
  return SHADOWRUN_SKILLS.find((s) => s.id === id)!.label;
}

/** The skill a weapon table names by its label ("Heavy Weapons"), or undefined for a name it does not know. */
export function skillByLabel(label: string): SkillId | undefined {
  return SHADOWRUN_SKILLS.find((s) => s.label === label)?.id;
}

/** The skills a weapon can be used with: every combat skill but Dodge and the Pilot skills. */
export const WEAPON_SKILLS: readonly SkillId[] = [
  'pistols',
  'automatics',
  'longarms',
  'heavyWeapons',
  'blades',
  'clubs',
  'unarmedCombat',
  'throwingWeapons',
  'gunnery',
];

/** Which firearm skill fires each category of the range table (book). */
export const RANGE_CATEGORY_SKILL: Readonly<Record<RangeCategoryId, SkillId>> = {
  taser: 'pistols',
  'light-pistol': 'pistols',
  'heavy-pistol': 'pistols',
  'machine-pistol': 'automatics',
  smg: 'automatics',
  'assault-rifle': 'automatics',
  shotgun: 'longarms',
  'sniper-rifle': 'longarms',
  lmg: 'heavyWeapons',
};

/** Seed (Grenades, Rockets & Missiles): thrown grenades use Throwing Weapons, everything launched Heavy Weapons. */
export const DELIVERY_SKILL: Readonly<Record<ScatterKind, SkillId>> = {
  standard: 'throwingWeapons',
  aerodynamic: 'throwingWeapons',
  airburst: 'heavyWeapons',
  launcher: 'heavyWeapons',
  rocket: 'heavyWeapons',
  missile: 'heavyWeapons',
};

/**
 * A skill's rating on a sheet, or null when the sheet does not have it (absent, 0, or not a
 * rating the sheet could hold — the stat editor refuses those, so a roll does not guess).
 */
export function sheetSkill(stats: Stats | undefined, id: SkillId): number | null {
  const value = stats?.[id];
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_SKILL ? value : null;
}
