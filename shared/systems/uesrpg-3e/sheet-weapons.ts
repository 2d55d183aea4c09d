import type { SheetWeapon, WeaponRules } from '../../system-kit/tracker-rules';
import type { FieldDef, SetupValue } from '../../system-kit/workflow';
import { describeDice } from './workflows/damage';
import { RULES } from './sections';
import { unarmedTable } from './tables';

/**
 * What a UESRPG sheet weapon carries: what the melee, ranged and grapple rolls read from it (seed,
 * The combat roll, Melee combat, Ranged combat). Armour is per hit location in the stats.
 */

export type WeaponType = 'melee' | 'ranged' | 'natural' | 'shield';
/** Which of the character's Combat Styles includes the weapon; outside both it suffers −20. */
export type WeaponStyle = 'main' | 'second' | 'none';

export interface UesrpgWeapon {
  readonly type: WeaponType;
  readonly dice: { readonly count: number; readonly sides: number; readonly bonus: number };
  readonly reach: number;
  readonly range: { readonly close: number; readonly effective: number; readonly long: number };
  readonly style: WeaponStyle;
  readonly blockRating: number;
  readonly magicBr: boolean;
}

export const WEAPON_TYPE_LABELS: Readonly<Record<WeaponType, string>> = {
  melee: 'Melee weapon',
  ranged: 'Ranged weapon',
  natural: 'Natural weapon (unarmed)',
  shield: 'Shield',
};

const DIE_OPTIONS = [4, 6, 8, 10, 12].map((sides) => ({ value: String(sides), label: `d${sides}` }));
const MAX_RANGE_METERS = 10000;

const FIELDS: readonly FieldDef[] = [
  {
    id: 'weaponType',
    kind: 'choice',
    label: 'Type',
    options: (['melee', 'ranged', 'natural', 'shield'] as const).map((value) => ({
      value,
      label: WEAPON_TYPE_LABELS[value],
    })),
    group: 'attack',
    help: 'Melee and natural weapons go to the melee attack (natural ones by the unarmed rules), ranged ones to the ranged attack; a shield gives the Block its BR.',
    rule: RULES.attack,
  },
  { id: 'damageDice', kind: 'number', label: 'Damage: dice', min: 1, max: 10, group: 'attack' },
  { id: 'damageDie', kind: 'choice', label: 'Damage: die', options: DIE_OPTIONS, group: 'attack' },
  {
    id: 'damageBonus',
    kind: 'number',
    label: 'Damage: bonus',
    min: -10,
    max: 30,
    group: 'attack',
    help: 'Added to every damage roll (a total below 0 counts as 0).',
    rule: RULES.resolve,
  },
  {
    id: 'reach',
    kind: 'number',
    label: 'Reach (m)',
    min: 0,
    max: 100,
    group: 'attack',
    help: 'Melee reach; a weapon used in a grapple must reach 1 m or less. 0 for ranged weapons.',
    rule: RULES.grappling,
  },
  {
    id: 'rangeClose',
    kind: 'number',
    label: 'Close range (m)',
    min: 0,
    max: MAX_RANGE_METERS,
    group: 'situation',
    help: 'Up to here a ranged attack gets +10. 0 for melee weapons.',
    rule: RULES.rangeBands,
  },
  {
    id: 'rangeEffective',
    kind: 'number',
    label: 'Effective range (m)',
    min: 0,
    max: MAX_RANGE_METERS,
    group: 'situation',
    help: 'Up to here no modifier.',
    rule: RULES.rangeBands,
  },
  {
    id: 'rangeLong',
    kind: 'number',
    label: 'Long range (m)',
    min: 0,
    max: MAX_RANGE_METERS,
    group: 'situation',
    help: 'Up to here −20; beyond it the weapon cannot hit.',
    rule: RULES.rangeBands,
  },
  {
    id: 'style',
    kind: 'choice',
    label: 'Combat Style',
    options: [
      { value: 'main', label: 'In the main Combat Style' },
      { value: 'second', label: 'In the second Combat Style' },
      { value: 'none', label: 'In neither (−20)' },
    ],
    group: 'attack',
    help: 'Weapons outside the Combat Style impose the standard −20 untrained penalty.',
    rule: RULES.attack,
  },
  {
    id: 'blockRating',
    kind: 'number',
    label: 'Block Rating (BR)',
    min: 0,
    max: 100,
    group: 'defence',
    help: 'Shields only (0 for other weapons): a Block stops damage up to the BR.',
    rule: RULES.resolve,
  },
  {
    id: 'magicBr',
    kind: 'flag',
    label: 'Magic BR',
    group: 'defence',
    help: 'A shield with magic BR keeps its full BR against magic damage.',
    rule: RULES.resolve,
  },
];

/** The natural weapons row: Punches/Kicks, 1d4, 1 m (seed, Melee combat › Unarmed combat). */
const PUNCHES_KICKS: SheetWeapon = {
  id: 'punches-kicks',
  name: String(unarmedTable.rows[0]!.cells.weapon),
  row: { tableId: unarmedTable.id, rowIndex: 0 },
  values: {
    weaponType: 'natural',
    damageDice: 1,
    damageDie: '4',
    damageBonus: 0,
    reach: 1,
    rangeClose: 0,
    rangeEffective: 0,
    rangeLong: 0,
    style: 'main',
    blockRating: 0,
    magicBr: false,
  },
};

/** The custom weapon form and the seed's only weapon table (natural weapons). */
export const UESRPG_WEAPONS: WeaponRules = {
  fields: FIELDS,
  catalogue: [PUNCHES_KICKS],
  describe: (weapon) => weaponParts(readWeapon(weapon)).join(' · '),
};

/** A sheet weapon's values, typed (the reducer checked them against the fields when the sheet was saved). */
export function readWeapon(weapon: SheetWeapon): UesrpgWeapon {
  const values: Readonly<Record<string, SetupValue>> = weapon.values;
  const num = (id: string) => (typeof values[id] === 'number' ? (values[id] as number) : 0);
  return {
    type: values.weaponType as WeaponType,
    dice: { count: num('damageDice'), sides: Number(values.damageDie), bonus: num('damageBonus') },
    reach: num('reach'),
    range: { close: num('rangeClose'), effective: num('rangeEffective'), long: num('rangeLong') },
    style: values.style as WeaponStyle,
    blockRating: num('blockRating'),
    magicBr: values.magicBr === true,
  };
}

/** The natural weapons of the table, ready for a sheet. */
export const PUNCHES_KICKS_WEAPON: SheetWeapon = PUNCHES_KICKS;

type WeaponNumbers = Omit<UesrpgWeapon, 'dice' | 'range'> & {
  readonly dice: UesrpgWeapon['dice'];
  readonly range?: UesrpgWeapon['range'];
};

/** A weapon the GM makes up (no table row), every value given. */
export function customWeapon(id: string, name: string, w: WeaponNumbers): SheetWeapon {
  const range = w.range ?? { close: 0, effective: 0, long: 0 };
  return {
    id,
    name,
    values: {
      weaponType: w.type,
      damageDice: w.dice.count,
      damageDie: String(w.dice.sides),
      damageBonus: w.dice.bonus,
      reach: w.reach,
      rangeClose: range.close,
      rangeEffective: range.effective,
      rangeLong: range.long,
      style: w.style,
      blockRating: w.blockRating,
      magicBr: w.magicBr,
    },
  };
}

const STYLE_NOTES: Readonly<Record<WeaponStyle, string[]>> = {
  main: [],
  second: ['second Combat Style'],
  none: ['outside the Combat Styles −20'],
};

/**
 * A weapon's numbers as the seed writes them: "1d8", "1 m" (reach) or "10/30/100 m" (ranges),
 * a shield's "BR 6 (shield)"; the Combat Style only when it is not the main one.
 */
export function weaponParts(w: UesrpgWeapon): string[] {
  if (w.type === 'shield')
    return [`BR ${w.blockRating} (shield${w.magicBr ? ', magic BR' : ''})`, ...STYLE_NOTES[w.style]];
  const reach = w.type === 'ranged' ? `${w.range.close}/${w.range.effective}/${w.range.long} m` : `${w.reach} m`;
  return [describeDice(w.dice), reach, ...STYLE_NOTES[w.style]];
}
