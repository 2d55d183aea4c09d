import type { SheetWeapon, WeaponRules } from '../../system-kit/tracker-rules';
import type { FieldDef, SetupValue } from '../../system-kit/workflow';
import { fieldValueProblem } from '../../system-kit/field-value';
import { BLAST_WEAPONS, SCATTER, type BlastType, type ScatterKind } from './explosives';
import { rule, SECTION } from './sections';
import { DELIVERY_SKILL, RANGE_CATEGORY_SKILL, skillByLabel, skillLabel, WEAPON_SKILLS, type SkillId } from './skills';
import { blastTable } from './tables';
import {
  MELEE_WEAPON_TABLE_ID,
  MELEE_WEAPONS,
  RANGE_CATEGORIES,
  RANGED_WEAPON_TABLE_ID,
  RANGED_WEAPONS,
  apText,
  meleeDamageCode,
  rangedDamageCode,
  type ArmourPenetration,
  type MeleeWeapon,
  type RangeCategoryId,
  type RangedWeapon,
} from './weapons';

/**
 * Weapons on a Shadowrun sheet: a firearm, a melee weapon, or a grenade, rocket or missile, with
 * the numbers the ranged, melee and explosive rolls read (seed: Resolving an Attack, Ranged
 * Combat, Melee Combat, Grenades, Rockets & Missiles). The catalogue is every row of the firearm
 * and melee tables (book) and every blast-table row that has a Damage Value to resist.
 */

export type WeaponKind = 'ranged' | 'melee' | 'explosive';
export type WeaponMode = 'SS' | 'SA' | 'BF' | 'FA';

const KIND_LABELS: Readonly<Record<WeaponKind, string>> = {
  ranged: 'Firearm',
  melee: 'Melee weapon',
  explosive: 'Grenade, rocket or missile',
};

const MODES: readonly WeaponMode[] = ['SS', 'SA', 'BF', 'FA'];
const modeField = (mode: WeaponMode) => `mode${mode}`;
const MODE_LABELS: Readonly<Record<WeaponMode, string>> = {
  SS: 'Single-shot (SS)',
  SA: 'Semi-auto (SA)',
  BF: 'Burst fire (BF)',
  FA: 'Full-auto (FA)',
};

/** Warheads with a Damage Value: what the explosive roll can resolve (Flash-Pak, gas and smoke have none). */
export const DAMAGING_BLASTS: readonly BlastType[] = [
  'flash-bang',
  'fragmentation-grenade',
  'high-explosive-grenade',
  'fragmentation-missile',
  'high-explosive-missile',
  'anti-vehicle-missile',
];

const NONE = 'none';
const MAX_DV = 30;
const MAX_AP = 10;
const seed = (section: (typeof SECTION)[keyof typeof SECTION]) => rule(section, 'seed');
const book = (section: (typeof SECTION)[keyof typeof SECTION]) => rule(section, 'book');

const FIELDS: readonly FieldDef[] = [
  {
    id: 'kind',
    kind: 'choice',
    label: 'Kind',
    help: 'Firearms go to the ranged attack, melee weapons to the melee attack, grenades and rockets to the blast.',
    group: 'attack',
    rule: seed(SECTION.resolvingAttack),
    options: (Object.keys(KIND_LABELS) as WeaponKind[]).map((value) => ({ value, label: KIND_LABELS[value] })),
  },
  {
    id: 'skill',
    kind: 'choice',
    label: 'Skill',
    help: 'The combat skill rolled with Agility (seed: Combat Skill + linked attribute).',
    group: 'attack',
    rule: seed(SECTION.resolvingAttack),
    options: WEAPON_SKILLS.map((value) => ({ value, label: skillLabel(value) })),
  },
  {
    id: 'dv',
    kind: 'number',
    label: 'Damage Value',
    help: "Melee weapons that add Strength: the bonus to ⌈Strength/2⌉. Grenades and rockets: the blast table's DV.",
    group: 'attack',
    rule: seed(SECTION.damage),
    min: 0,
    max: MAX_DV,
  },
  {
    id: 'strengthDamage',
    kind: 'flag',
    label: 'DV adds ⌈Strength/2⌉',
    help: 'Melee weapons written (STR/2+n): the Damage Value above is n.',
    group: 'attack',
    rule: book(SECTION.melee),
  },
  {
    id: 'damageType',
    kind: 'choice',
    label: 'Damage',
    group: 'attack',
    rule: seed(SECTION.damage),
    options: [
      { value: 'P', label: 'Physical (P)' },
      { value: 'S', label: 'Stun (S)' },
    ],
  },
  {
    id: 'electric',
    kind: 'flag',
    label: 'Electricity (e)',
    help: 'Resisted with Impact armour.',
    group: 'attack',
    rule: seed(SECTION.damage),
  },
  {
    id: 'ap',
    kind: 'number',
    label: 'Armor Penetration',
    help: 'Added to the armour: −1 takes a point off, +5 (flechette) adds five.',
    group: 'attack',
    rule: seed(SECTION.damage),
    min: -MAX_AP,
    max: MAX_AP,
  },
  {
    id: 'apHalf',
    kind: 'flag',
    label: 'AP −half',
    help: 'The armour is halved instead (tasers, stun batons); the AP above is not used.',
    group: 'attack',
    rule: book(SECTION.damage),
  },
  ...MODES.map((mode): FieldDef => ({
    id: modeField(mode),
    kind: 'flag',
    label: MODE_LABELS[mode],
    help: 'Firearms: a firing mode the weapon has.',
    group: 'attack',
    rule: seed(SECTION.ranged),
  })),
  {
    id: 'smartlink',
    kind: 'flag',
    label: 'Smartgun, linked',
    help: 'Firearms: a smartgun the wielder is linked to (+2 dice).',
    group: 'attack',
    rule: seed(SECTION.ranged),
  },
  {
    id: 'rc',
    kind: 'number',
    label: 'Recoil compensation',
    group: 'attack',
    rule: seed(SECTION.ranged),
    min: 0,
    max: 10,
  },
  {
    id: 'rangeCategory',
    kind: 'choice',
    label: 'Range table',
    help: 'Firearms: the row of the range table whose Short/Medium/Long/Extreme distances it uses.',
    group: 'attack',
    rule: book(SECTION.ranged),
    options: [
      { value: NONE, label: '— (not a firearm)' },
      ...(Object.keys(RANGE_CATEGORIES) as RangeCategoryId[]).map((value) => ({
        value,
        label: RANGE_CATEGORIES[value].label,
      })),
    ],
  },
  {
    id: 'reach',
    kind: 'number',
    label: 'Reach',
    help: 'Melee weapons: the longer Reach adds the difference to attack or defence.',
    group: 'attack',
    rule: book(SECTION.melee),
    min: 0,
    max: 3,
  },
  {
    id: 'explosive',
    kind: 'choice',
    label: 'Warhead',
    help: 'Grenades and rockets: the blast-table row (its DV falls off with distance).',
    group: 'attack',
    rule: seed(SECTION.explosives),
    options: [
      { value: NONE, label: '— (not an explosive)' },
      ...DAMAGING_BLASTS.map((value) => ({ value, label: BLAST_WEAPONS[value].label })),
    ],
  },
  {
    id: 'delivery',
    kind: 'choice',
    label: 'Delivery',
    help: 'Grenades and rockets: thrown, launched or fired; sets the scatter.',
    group: 'attack',
    rule: seed(SECTION.explosives),
    options: [
      { value: NONE, label: '— (not an explosive)' },
      ...(Object.keys(SCATTER) as ScatterKind[]).map((value) => ({ value, label: SCATTER[value].label })),
    ],
  },
  {
    id: 'sensor',
    kind: 'number',
    label: 'Sensor',
    help: 'Missiles: added to Heavy Weapons and −1 m of scatter per point.',
    group: 'attack',
    rule: seed(SECTION.explosives),
    min: 0,
    max: 10,
  },
];

type Values = Record<string, SetupValue>;

/** Every field at its "does not apply" value; each kind sets its own. */
function blank(kind: WeaponKind, skill: SkillId): Values {
  return {
    kind,
    skill,
    dv: 0,
    strengthDamage: false,
    damageType: 'P',
    electric: false,
    ap: 0,
    apHalf: false,
    ...Object.fromEntries(MODES.map((mode) => [modeField(mode), false])),
    smartlink: false,
    rc: 0,
    rangeCategory: NONE,
    reach: 0,
    explosive: NONE,
    delivery: NONE,
    sensor: 0,
  };
}

function rangedValues(w: RangedWeapon): Values {
  return {
    ...blank('ranged', RANGE_CATEGORY_SKILL[w.category]),
    dv: w.dv,
    damageType: w.damageType,
    electric: w.electric === true,
    ap: w.ap === 'half' ? 0 : w.ap,
    apHalf: w.ap === 'half',
    ...Object.fromEntries(MODES.map((mode) => [modeField(mode), w.modes.includes(mode)])),
    rc: w.rc,
    rangeCategory: w.category,
  };
}

function meleeValues(w: MeleeWeapon): Values {
  return {
    ...blank('melee', skillByLabel(w.skill)!),
    dv: 'fixed' in w.dv ? w.dv.fixed : w.dv.strengthPlus,
    strengthDamage: !('fixed' in w.dv),
    damageType: w.damageType,
    electric: w.electric === true,
    ap: w.ap === 'half' ? 0 : w.ap,
    apHalf: w.ap === 'half',
    reach: w.reach,
  };
}

/** Grenades are thrown as standard grenades, rockets fired as rockets; the sheet may change either. */
function explosiveValues(type: BlastType): Values {
  const def = BLAST_WEAPONS[type];
  const delivery: ScatterKind = type.endsWith('missile') ? 'rocket' : 'standard';
  return {
    ...blank('explosive', DELIVERY_SKILL[delivery]),
    dv: def.dv!,
    damageType: def.damageType!,
    ap: def.ap!,
    explosive: type,
    delivery,
  };
}

const blastRow = (type: BlastType): number =>
  blastTable.rows.findIndex((r) => r.cells.type === BLAST_WEAPONS[type].label);

export const shadowrunWeapons: WeaponRules = {
  fields: FIELDS,
  describe: describeWeapon,
  catalogue: [
    ...RANGED_WEAPONS.map((w, rowIndex) => ({
      id: w.id,
      name: w.name,
      row: { tableId: RANGED_WEAPON_TABLE_ID, rowIndex },
      values: rangedValues(w),
    })),
    ...MELEE_WEAPONS.map((w, rowIndex) => ({
      id: w.id,
      name: w.name,
      row: { tableId: MELEE_WEAPON_TABLE_ID, rowIndex },
      values: meleeValues(w),
    })),
    ...DAMAGING_BLASTS.map((type) => ({
      id: type,
      name: BLAST_WEAPONS[type].label,
      row: { tableId: blastTable.id, rowIndex: blastRow(type) },
      values: explosiveValues(type),
    })),
  ],
};

/** A catalogue weapon by its id, ready for a sheet (the bestiary presets use it). */
export function catalogueWeapon(id: string, sheetId = id, name?: string): SheetWeapon {
  const found = shadowrunWeapons.catalogue.find((w) => w.id === id);
  if (!found) throw new Error(`No Shadowrun catalogue weapon "${id}".`);
  return { ...found, id: sheetId, name: name ?? found.name };
}

// ---------------------------------------------------------------------------------------------
// Reading a sheet weapon for a roll
// ---------------------------------------------------------------------------------------------

/** The weapon's kind, or null when its values do not name one. */
export function weaponKind(sheet: SheetWeapon): WeaponKind | null {
  const kind = sheet?.values?.kind;
  return kind === 'ranged' || kind === 'melee' || kind === 'explosive' ? kind : null;
}

/** The first value that does not fit its field, as a sentence naming the weapon; null when all fit. */
function valuesProblem(sheet: SheetWeapon): string | null {
  const values = typeof sheet.values === 'object' && sheet.values !== null ? sheet.values : {};
  for (const field of FIELDS) {
    const problem = fieldValueProblem(field, values[field.id]);
    if (problem) return `${sheet.name}: ${problem}`;
  }
  return null;
}

export type Read<T> = { readonly weapon: T; readonly skill: SkillId } | { readonly problem: string };

/** A sheet firearm as the ranged attack uses it (`id` is the panel's choice value). */
export function rangedOfSheet(sheet: SheetWeapon, id: string): Read<RangedWeapon> {
  const bad = valuesProblem(sheet);
  if (bad) return { problem: bad };
  const weapon = rangedWeaponOf(sheet, id);
  if (sheet.values.rangeCategory === NONE)
    return { problem: `${sheet.name} has no range table row: choose one on the sheet to fire it.` };
  if (weapon.modes.length === 0)
    return { problem: `${sheet.name} has no firing mode: choose one on the sheet to fire it.` };
  return { skill: sheet.values.skill as SkillId, weapon };
}

const apOf = (v: SheetWeapon['values']): ArmourPenetration => (v.apHalf === true ? 'half' : (v.ap as number));

/** A sheet firearm's values as a table row, unchecked (rangedOfSheet checks them first). */
function rangedWeaponOf(sheet: SheetWeapon, id: string): RangedWeapon {
  const v = sheet.values;
  return {
    id,
    name: sheet.name,
    category: v.rangeCategory as RangeCategoryId,
    skill: skillLabel(v.skill as SkillId),
    dv: v.dv as number,
    damageType: v.damageType as 'P' | 'S',
    ap: apOf(v),
    modes: MODES.filter((mode) => v[modeField(mode)] === true),
    rc: v.rc as number,
    ...(v.electric === true ? { electric: true } : {}),
  };
}

/** A sheet melee weapon's values as a table row, unchecked (meleeOfSheet checks them first). */
function meleeWeaponOf(sheet: SheetWeapon, id: string): MeleeWeapon {
  const v = sheet.values;
  return {
    id,
    name: sheet.name,
    skill: skillLabel(v.skill as SkillId),
    reach: v.reach as number,
    dv: v.strengthDamage === true ? { strengthPlus: v.dv as number } : { fixed: v.dv as number },
    damageType: v.damageType as 'P' | 'S',
    ap: apOf(v),
    ...(v.electric === true ? { electric: true } : {}),
  };
}

/** A sheet melee weapon as the melee attack uses it. */
export function meleeOfSheet(sheet: SheetWeapon, id: string): Read<MeleeWeapon> {
  const bad = valuesProblem(sheet);
  if (bad) return { problem: bad };
  return { skill: sheet.values.skill as SkillId, weapon: meleeWeaponOf(sheet, id) };
}

export interface SheetExplosive {
  readonly explosive: BlastType;
  readonly delivery: ScatterKind;
  readonly sensor: number;
}

/** A sheet grenade, rocket or missile as the blast uses it: the warhead sets DV, AP and falloff. */
export function explosiveOfSheet(sheet: SheetWeapon): Read<SheetExplosive> {
  const bad = valuesProblem(sheet);
  if (bad) return { problem: bad };
  const v = sheet.values;
  if (v.explosive === NONE) return { problem: `${sheet.name} has no warhead: choose a blast-table row on the sheet.` };
  if (v.delivery === NONE)
    return { problem: `${sheet.name} has no delivery: choose how it is thrown or fired on the sheet.` };
  return {
    skill: v.skill as SkillId,
    weapon: { explosive: v.explosive as BlastType, delivery: v.delivery as ScatterKind, sensor: v.sensor as number },
  };
}

// ---------------------------------------------------------------------------------------------
// A weapon in the book's notation
// ---------------------------------------------------------------------------------------------

/** "AP −1", "AP −half"; nothing for a weapon that leaves armour as it is. */
const apPart = (ap: ArmourPenetration): string[] => (ap === 0 ? [] : [`AP ${apText(ap)}`]);

/** "Pistols · 5P · AP −1 · SA · RC 0": a firearm as the book's weapon lines write it. */
export function rangedLine(w: RangedWeapon, smartlink = false): string {
  const modes = w.modes.length ? [w.modes.join('/')] : [];
  return [w.skill, rangedDamageCode(w), ...apPart(w.ap), ...modes, `RC ${w.rc}`, ...(smartlink ? ['smartlink'] : [])].join(' · ');
}

/** "Blades · (STR/2+3)P · Reach 1", "Clubs · 6S(e) · AP −half · Reach 1". */
export function meleeLine(w: MeleeWeapon): string {
  return [w.skill, meleeDamageCode(w), ...apPart(w.ap), `Reach ${w.reach}`].join(' · ');
}

/**
 * "Throwing Weapons · 10P(f) · AP +5 · Standard thrown grenade": the warhead's blast-table DV and
 * AP, its name when the weapon is called otherwise, the delivery, and a missile's Sensor.
 */
function explosiveLine(sheet: SheetWeapon): string {
  const v = sheet.values;
  const warhead = v.explosive === NONE ? null : BLAST_WEAPONS[v.explosive as BlastType];
  const code = warhead
    ? `${warhead.dv}${warhead.damageType}${warhead.flechette ? '(f)' : ''}`
    : `${String(v.dv)}${String(v.damageType)}`;
  return [
    skillLabel(v.skill as SkillId),
    ...(warhead && warhead.label !== sheet.name ? [warhead.label] : []),
    code,
    ...apPart(warhead ? warhead.ap! : apOf(v)),
    ...(v.delivery === NONE ? [] : [SCATTER[v.delivery as ScatterKind].label]),
    ...(v.delivery === 'missile' ? [`Sensor ${String(v.sensor)}`] : []),
  ].join(' · ');
}

/** A sheet weapon in the book's notation, by its kind (the weapon list's line). */
export function describeWeapon(sheet: SheetWeapon): string {
  switch (weaponKind(sheet)) {
    case 'ranged':
      return rangedLine(rangedWeaponOf(sheet, sheet.id), sheet.values.smartlink === true);
    case 'melee':
      return meleeLine(meleeWeaponOf(sheet, sheet.id));
    case 'explosive':
      return explosiveLine(sheet);
    default:
      return '';
  }
}
