import type { ReferenceTable, TableRow } from '../../system-kit/rule-system';
import { SECTION } from './sections';
import { FIRING_MODES, type FiringMode } from './modifiers';
import type { DamageType } from './combat';

/**
 * Weapons for the roll panel. The seed names no firearm or melee weapon (only the blast table of
 * grenades and rockets, which is the scatter-and-blast procedure, not these workflows), and the
 * system's reference tables have no weapon table, so the common weapons of the SR4 core book are
 * kept here as data, marked "(book)". A weapon not listed is handled by picking the nearest one
 * and the "other modifier" / called-shot fields, as at the table.
 */

/** The SR4 weapon range table: the upper bound in metres of Short, Medium, Long and Extreme. */
export interface RangeCategory {
  readonly label: string;
  readonly bands: readonly [short: number, medium: number, long: number, extreme: number];
}

export const RANGE_CATEGORIES = {
  taser: { label: 'Taser', bands: [5, 10, 15, 20] },
  'light-pistol': { label: 'Light pistol', bands: [5, 15, 30, 50] },
  'heavy-pistol': { label: 'Heavy pistol', bands: [5, 20, 40, 60] },
  'machine-pistol': { label: 'Machine pistol', bands: [5, 15, 30, 50] },
  smg: { label: 'SMG', bands: [10, 40, 80, 150] },
  'assault-rifle': { label: 'Assault rifle', bands: [50, 150, 350, 550] },
  shotgun: { label: 'Shotgun (slug)', bands: [10, 40, 80, 150] },
  'sniper-rifle': { label: 'Sniper rifle', bands: [50, 350, 800, 1500] },
  lmg: { label: 'Light machine gun', bands: [75, 200, 400, 800] },
} as const satisfies Readonly<Record<string, RangeCategory>>;

export type RangeCategoryId = keyof typeof RANGE_CATEGORIES;

/** Armour Penetration as printed: a number, or "−half" (the armour is halved, electricity weapons). */
export type ArmourPenetration = number | 'half';

export interface RangedWeapon {
  readonly id: string;
  readonly name: string;
  readonly category: RangeCategoryId;
  /** The combat skill it is fired with. */
  readonly skill: string;
  readonly dv: number;
  readonly damageType: DamageType;
  readonly ap: ArmourPenetration;
  /** Fire mode letters as printed: SS, SA, BF, FA. */
  readonly modes: readonly ('SS' | 'SA' | 'BF' | 'FA')[];
  /** Recoil compensation built into the weapon. */
  readonly rc: number;
  /** (e): electricity damage, resisted with Impact armour. */
  readonly electric?: boolean;
}

export interface MeleeWeapon {
  readonly id: string;
  readonly name: string;
  readonly skill: string;
  readonly reach: number;
  /** DV = ⌈Strength / 2⌉ + bonus, or a fixed DV (stun baton). */
  readonly dv: { readonly strengthPlus: number } | { readonly fixed: number };
  readonly damageType: DamageType;
  readonly ap: ArmourPenetration;
  readonly electric?: boolean;
}

export const RANGED_WEAPONS: readonly RangedWeapon[] = [
  {
    id: 'defiance-super-shock',
    name: 'Defiance Super Shock',
    category: 'taser',
    skill: 'Pistols',
    dv: 6,
    damageType: 'S',
    ap: 'half',
    modes: ['SS'],
    rc: 0,
    electric: true,
  },
  {
    id: 'ares-light-fire-70',
    name: 'Ares Light Fire 70',
    category: 'light-pistol',
    skill: 'Pistols',
    dv: 4,
    damageType: 'P',
    ap: 0,
    modes: ['SA'],
    rc: 0,
  },
  {
    id: 'colt-america-l36',
    name: 'Colt America L36',
    category: 'light-pistol',
    skill: 'Pistols',
    dv: 4,
    damageType: 'P',
    ap: 0,
    modes: ['SA'],
    rc: 0,
  },
  {
    id: 'ares-predator-iv',
    name: 'Ares Predator IV',
    category: 'heavy-pistol',
    skill: 'Pistols',
    dv: 5,
    damageType: 'P',
    ap: -1,
    modes: ['SA'],
    rc: 0,
  },
  {
    id: 'ruger-super-warhawk',
    name: 'Ruger Super Warhawk',
    category: 'heavy-pistol',
    skill: 'Pistols',
    dv: 6,
    damageType: 'P',
    ap: -2,
    modes: ['SS'],
    rc: 0,
  },
  {
    id: 'ceska-black-scorpion',
    name: 'Ceska Black Scorpion',
    category: 'machine-pistol',
    skill: 'Automatics',
    dv: 4,
    damageType: 'P',
    ap: 0,
    modes: ['SA', 'BF'],
    rc: 1,
  },
  {
    id: 'uzi-iv',
    name: 'Uzi IV',
    category: 'smg',
    skill: 'Automatics',
    dv: 5,
    damageType: 'P',
    ap: 0,
    modes: ['BF'],
    rc: 1,
  },
  {
    id: 'hk-227x',
    name: 'HK-227X',
    category: 'smg',
    skill: 'Automatics',
    dv: 5,
    damageType: 'P',
    ap: 0,
    modes: ['SA', 'BF', 'FA'],
    rc: 1,
  },
  {
    id: 'ingram-smartgun-x',
    name: 'Ingram Smartgun X',
    category: 'smg',
    skill: 'Automatics',
    dv: 5,
    damageType: 'P',
    ap: 0,
    modes: ['BF', 'FA'],
    rc: 2,
  },
  {
    id: 'ak-97',
    name: 'AK-97',
    category: 'assault-rifle',
    skill: 'Automatics',
    dv: 6,
    damageType: 'P',
    ap: -1,
    modes: ['SA', 'BF', 'FA'],
    rc: 0,
  },
  {
    id: 'ares-alpha',
    name: 'Ares Alpha',
    category: 'assault-rifle',
    skill: 'Automatics',
    dv: 6,
    damageType: 'P',
    ap: -1,
    modes: ['SA', 'BF', 'FA'],
    rc: 2,
  },
  {
    id: 'remington-990',
    name: 'Remington 990',
    category: 'shotgun',
    skill: 'Longarms',
    dv: 7,
    damageType: 'P',
    ap: -1,
    modes: ['SA'],
    rc: 0,
  },
  {
    id: 'ranger-arms-sm-4',
    name: 'Ranger Arms SM-4',
    category: 'sniper-rifle',
    skill: 'Longarms',
    dv: 8,
    damageType: 'P',
    ap: -3,
    modes: ['SA'],
    rc: 0,
  },
  {
    id: 'ingram-white-knight',
    name: 'Ingram White Knight',
    category: 'lmg',
    skill: 'Heavy Weapons',
    dv: 6,
    damageType: 'P',
    ap: -1,
    modes: ['BF', 'FA'],
    rc: 5,
  },
];

export const MELEE_WEAPONS: readonly MeleeWeapon[] = [
  {
    id: 'unarmed',
    name: 'Unarmed',
    skill: 'Unarmed Combat',
    reach: 0,
    dv: { strengthPlus: 0 },
    damageType: 'S',
    ap: 0,
  },
  { id: 'knife', name: 'Knife', skill: 'Blades', reach: 0, dv: { strengthPlus: 1 }, damageType: 'P', ap: 0 },
  {
    id: 'forearm-snap-blades',
    name: 'Forearm snap-blades',
    skill: 'Blades',
    reach: 0,
    dv: { strengthPlus: 2 },
    damageType: 'P',
    ap: 0,
  },
  { id: 'katana', name: 'Katana', skill: 'Blades', reach: 1, dv: { strengthPlus: 3 }, damageType: 'P', ap: -1 },
  { id: 'combat-axe', name: 'Combat axe', skill: 'Blades', reach: 2, dv: { strengthPlus: 4 }, damageType: 'P', ap: -1 },
  { id: 'club', name: 'Club', skill: 'Clubs', reach: 1, dv: { strengthPlus: 1 }, damageType: 'P', ap: 0 },
  {
    id: 'extendable-baton',
    name: 'Extendable baton',
    skill: 'Clubs',
    reach: 1,
    dv: { strengthPlus: 1 },
    damageType: 'P',
    ap: 0,
  },
  { id: 'staff', name: 'Staff', skill: 'Clubs', reach: 2, dv: { strengthPlus: 2 }, damageType: 'P', ap: 0 },
  {
    id: 'stun-baton',
    name: 'Stun baton',
    skill: 'Clubs',
    reach: 1,
    dv: { fixed: 6 },
    damageType: 'S',
    ap: 'half',
    electric: true,
  },
];

export function findRangedWeapon(id: string): RangedWeapon | undefined {
  return RANGED_WEAPONS.find((w) => w.id === id);
}

export function findMeleeWeapon(id: string): MeleeWeapon | undefined {
  return MELEE_WEAPONS.find((w) => w.id === id);
}

/** The firing modes a weapon's mode letters allow (SA, BF, FA → semi-auto, burst, long and full bursts). */
export function firingModesOf(weapon: RangedWeapon): FiringMode[] {
  return (Object.keys(FIRING_MODES) as FiringMode[]).filter((mode) =>
    weapon.modes.includes(FIRING_MODES[mode].weaponMode),
  );
}

export function apText(ap: ArmourPenetration): string {
  if (ap === 'half') return '−half';
  if (ap === 0) return '0';
  return ap > 0 ? `+${ap}` : `−${Math.abs(ap)}`;
}

/** "5P", "6S(e)": the damage code as printed. */
export function rangedDamageCode(weapon: RangedWeapon): string {
  return `${weapon.dv}${weapon.damageType}${weapon.electric ? '(e)' : ''}`;
}

/** "(STR/2+3)P", "6S(e)". */
export function meleeDamageCode(weapon: MeleeWeapon): string {
  const dv =
    'fixed' in weapon.dv
      ? String(weapon.dv.fixed)
      : weapon.dv.strengthPlus === 0
        ? '(STR/2)'
        : `(STR/2+${weapon.dv.strengthPlus})`;
  return `${dv}${weapon.damageType}${weapon.electric ? '(e)' : ''}`;
}

/** Melee DV from Strength: ⌈Strength / 2⌉ + the weapon's bonus (SR4 rounds fractions up). */
export function meleeDv(weapon: MeleeWeapon, strength: number): number {
  return 'fixed' in weapon.dv ? weapon.dv.fixed : Math.ceil(strength / 2) + weapon.dv.strengthPlus;
}

export function rangesText(category: RangeCategoryId): string {
  const [s, m, l, e] = RANGE_CATEGORIES[category].bands;
  return `${s}/${m}/${l}/${e} m`;
}

function row(cells: Record<string, string | number>, keywords: readonly string[]): TableRow {
  return { cells, keywords };
}

export const RANGED_WEAPON_TABLE_ID = 'sr4-ranged-weapons';
export const MELEE_WEAPON_TABLE_ID = 'sr4-melee-weapons';

/**
 * The weapon lists as reference tables, so the GM can look a weapon up and send its row to the
 * roll panel. Row order is the weapon list order: row i is weapon i.
 */
export const rangedWeaponTable: ReferenceTable = {
  id: RANGED_WEAPON_TABLE_ID,
  system: 'shadowrun-4e',
  title: 'Firearms (book)',
  section: SECTION.ranged,
  columns: [
    { key: 'weapon', label: 'Weapon' },
    { key: 'type', label: 'Type' },
    { key: 'damage', label: 'DV' },
    { key: 'ap', label: 'AP' },
    { key: 'modes', label: 'Modes' },
    { key: 'rc', label: 'RC', numeric: true },
    { key: 'ranges', label: 'Ranges S/M/L/E' },
  ],
  rows: RANGED_WEAPONS.map((w) =>
    row(
      {
        weapon: w.name,
        type: RANGE_CATEGORIES[w.category].label,
        damage: rangedDamageCode(w),
        ap: apText(w.ap),
        modes: w.modes.join('/'),
        rc: w.rc,
        ranges: rangesText(w.category),
      },
      [w.name.toLowerCase(), RANGE_CATEGORIES[w.category].label.toLowerCase(), w.skill.toLowerCase()],
    ),
  ),
  footnotes: ['Core book weapons; the seed lists none.'],
};

export const meleeWeaponTable: ReferenceTable = {
  id: MELEE_WEAPON_TABLE_ID,
  system: 'shadowrun-4e',
  title: 'Melee weapons (book)',
  section: SECTION.melee,
  columns: [
    { key: 'weapon', label: 'Weapon' },
    { key: 'skill', label: 'Skill' },
    { key: 'reach', label: 'Reach', numeric: true },
    { key: 'damage', label: 'DV' },
    { key: 'ap', label: 'AP' },
  ],
  rows: MELEE_WEAPONS.map((w) =>
    row({ weapon: w.name, skill: w.skill, reach: w.reach, damage: meleeDamageCode(w), ap: apText(w.ap) }, [
      w.name.toLowerCase(),
      w.skill.toLowerCase(),
    ]),
  ),
  footnotes: ['Core book weapons; the seed lists none. STR/2 rounds up.'],
};
