import { RulesError } from '../../errors';

/** Range bands in order, nearest first (seed: Range Bands). */
export const RANGE_BANDS = ['engaged', 'short', 'medium', 'long', 'extreme'] as const;
export type RangeBand = (typeof RANGE_BANDS)[number];

export const RANGE_LABELS: Readonly<Record<RangeBand, string>> = {
  engaged: 'Engaged',
  short: 'Short',
  medium: 'Medium',
  long: 'Long',
  extreme: 'Extreme',
};

export const RANGE_DISTANCES: Readonly<Record<RangeBand, string>> = {
  engaged: 'In your face',
  short: 'Same zone',
  medium: 'Adjacent zone',
  long: 'Up to four zones away',
  extreme: 'Further away',
};

export function rangeIndex(band: RangeBand): number {
  return RANGE_BANDS.indexOf(band);
}

export function isRangeBand(value: unknown): value is RangeBand {
  return typeof value === 'string' && (RANGE_BANDS as readonly string[]).includes(value);
}

/**
 * A weapon's gear bonus: a fixed number of dice (0 where the table shows "—"), or the
 * neurocaster's Network attribute (● Fired via neurocaster only).
 */
export type WeaponBonus = { readonly kind: 'dice'; readonly dice: number } | { readonly kind: 'network' };

/**
 * A weapon's damage: a base damage, the taser's ★ (no damage, the target may lose a turn),
 * or an explosive's Blast Power.
 */
export type WeaponDamage =
  | { readonly kind: 'damage'; readonly damage: number }
  | { readonly kind: 'taser' }
  | { readonly kind: 'blast'; readonly blastPower: number };

export interface Weapon {
  readonly id: string;
  readonly name: string;
  readonly bonus: WeaponBonus;
  readonly damage: WeaponDamage;
  readonly minRange: RangeBand;
  readonly maxRange: RangeBand;
  /** Price in dollars; null where the table shows "—" or ‡. */
  readonly price: number | null;
  /** ◆ Capable of fully automatic fire. */
  readonly fullAuto: boolean;
  /** ★ No damage: the target rolls Strength at −2 dice or loses their next turn. */
  readonly taser: boolean;
  /** ● Fired via neurocaster only; the neurocaster's Network attribute is the gear bonus. */
  readonly neurocaster: boolean;
  /** ‡ Cannot be purchased commercially. */
  readonly notForSale: boolean;
  /** A gun: used at Engaged it rolls Strength (seed: "Firearms in close combat"). */
  readonly firearm: boolean;
  /** Explosive: on a hit the whole zone is hit with Blast Power dice. */
  readonly explosive: boolean;
}

function weapon(
  id: string,
  name: string,
  bonus: number | 'network',
  damage: number | 'taser' | { blast: number },
  minRange: RangeBand,
  maxRange: RangeBand,
  price: number | null | 'not-for-sale',
  flags: { firearm?: boolean; fullAuto?: boolean } = {},
): Weapon {
  return {
    id,
    name,
    bonus: bonus === 'network' ? { kind: 'network' } : { kind: 'dice', dice: bonus },
    damage:
      damage === 'taser'
        ? { kind: 'taser' }
        : typeof damage === 'number'
          ? { kind: 'damage', damage }
          : { kind: 'blast', blastPower: damage.blast },
    minRange,
    maxRange,
    price: typeof price === 'number' ? price : null,
    fullAuto: flags.fullAuto ?? false,
    taser: damage === 'taser',
    neurocaster: bonus === 'network',
    notForSale: price === 'not-for-sale',
    firearm: flags.firearm ?? false,
    explosive: typeof damage === 'object',
  };
}

const GUN = { firearm: true };
const AUTO = { firearm: true, fullAuto: true };

/** The seed's Weapons Table, row by row, with its footnotes (★ ◆ ● ‡) as flags. */
export const WEAPONS: readonly Weapon[] = [
  weapon('unarmed', 'Unarmed', 0, 1, 'engaged', 'engaged', null),
  weapon('improvised-club', 'Improvised club', 1, 1, 'engaged', 'engaged', null),
  weapon('knife', 'Knife', 1, 2, 'engaged', 'engaged', 25),
  weapon('baseball-bat', 'Baseball bat', 2, 1, 'engaged', 'engaged', 50),
  weapon('axe', 'Axe', 2, 2, 'engaged', 'engaged', 100),
  weapon('chainsaw', 'Chainsaw', 1, 3, 'engaged', 'engaged', 250),
  weapon('rock', 'Rock', 0, 1, 'engaged', 'medium', null),
  weapon('taser', 'Taser', 3, 'taser', 'engaged', 'short', 500),
  weapon('derringer', 'Derringer', 2, 2, 'engaged', 'short', 250, GUN),
  weapon('handgun', 'Handgun', 2, 2, 'short', 'medium', 300, GUN),
  weapon('magnum-revolver', 'Magnum revolver', 2, 3, 'short', 'medium', 400, GUN),
  weapon('crossbow', 'Crossbow', 2, 1, 'medium', 'long', 150),
  weapon('hunting-rifle', 'Hunting rifle', 2, 2, 'medium', 'long', 500, GUN),
  weapon('shotgun', 'Shotgun', 3, 2, 'short', 'medium', 350, GUN),
  weapon('sniper-rifle', 'Sniper rifle', 2, 2, 'medium', 'extreme', 'not-for-sale', GUN),
  weapon('submachinegun', 'Submachinegun', 2, 2, 'short', 'medium', 'not-for-sale', AUTO),
  weapon('assault-rifle', 'Assault rifle', 3, 2, 'short', 'long', 'not-for-sale', AUTO),
  weapon('heavy-machinegun', 'Heavy machinegun', 3, 3, 'short', 'long', 'not-for-sale', AUTO),
  weapon('neodymium-cannon', 'Neodymium cannon', 'network', 4, 'medium', 'long', 'not-for-sale'),
  weapon('molotov-cocktail', 'Molotov cocktail', 0, { blast: 6 }, 'engaged', 'medium', null),
  weapon('hand-grenade', 'Hand grenade', 0, { blast: 8 }, 'engaged', 'medium', 'not-for-sale'),
  weapon('mortar', 'Mortar', 2, { blast: 12 }, 'medium', 'extreme', 'not-for-sale'),
];

export const WEAPON_FOOTNOTES = {
  taser: '★ No damage — target rolls Strength at −2 dice or loses their next turn.',
  fullAuto: '◆ Capable of fully automatic fire.',
  neurocaster: "● Fired via neurocaster only; uses the neurocaster's Network attribute as gear bonus.",
  notForSale: '‡ Cannot be purchased commercially.',
} as const;

export function getWeapon(id: string): Weapon {
  const found = WEAPONS.find((w) => w.id === id);
  if (!found) {
    throw new RulesError(
      'unknown-entry',
      `Unknown weapon "${id}". Known weapons: ${WEAPONS.map((w) => w.id).join(', ')}.`,
      { id },
    );
  }
  return found;
}

/** The weapon's gear bonus in dice; neurocaster weapons need the neurocaster's Network attribute. */
export function weaponGearBonus(w: Weapon, networkRating?: number): number {
  if (w.bonus.kind === 'dice') return w.bonus.dice;
  if (networkRating === undefined) {
    throw new RulesError(
      'invalid-input',
      `The ${w.name} is fired via a neurocaster: give the neurocaster's Network attribute as its gear bonus.`,
    );
  }
  if (!Number.isInteger(networkRating) || networkRating < 0 || networkRating > 10) {
    throw new RulesError(
      'out-of-range',
      `The neurocaster's Network attribute must be a whole number from 0 to 10, got ${networkRating}.`,
    );
  }
  return networkRating;
}

export interface ArmorItem {
  readonly id: string;
  readonly name: string;
  readonly armorLevel: number;
  /** Written as a negative number; applies to Agility rolls only. */
  readonly agilityModifier: number;
  readonly price: number;
}

/** The seed's Body Armor table. */
export const BODY_ARMOR: readonly ArmorItem[] = [
  { id: 'soft-vest', name: 'Soft vest', armorLevel: 2, agilityModifier: -1, price: 150 },
  { id: 'plate-vest', name: 'Plate vest', armorLevel: 4, agilityModifier: -2, price: 300 },
  { id: 'riot-gear', name: 'Riot gear', armorLevel: 6, agilityModifier: -3, price: 500 },
];

export function getArmor(id: string): ArmorItem {
  const found = BODY_ARMOR.find((a) => a.id === id);
  if (!found) {
    throw new RulesError(
      'unknown-entry',
      `Unknown body armour "${id}". Known: ${BODY_ARMOR.map((a) => a.id).join(', ')}.`,
      { id },
    );
  }
  return found;
}

export interface CoverItem {
  readonly id: string;
  readonly name: string;
  readonly armorLevel: number;
}

/** The seed's cover table (Ranged Combat). */
export const COVER: readonly CoverItem[] = [
  { id: 'shrubbery', name: 'Shrubbery', armorLevel: 2 },
  { id: 'furniture', name: 'Furniture', armorLevel: 3 },
  { id: 'car-door', name: 'Car Door', armorLevel: 4 },
  { id: 'brick-wall', name: 'Brick Wall', armorLevel: 6 },
  { id: 'sandbag', name: 'Sandbag', armorLevel: 8 },
];

export function getCover(id: string): CoverItem {
  const found = COVER.find((c) => c.id === id);
  if (!found) {
    throw new RulesError('unknown-entry', `Unknown cover "${id}". Known: ${COVER.map((c) => c.id).join(', ')}.`, {
      id,
    });
  }
  return found;
}
