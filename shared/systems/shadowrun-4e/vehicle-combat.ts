import { RulesError, requireInteger } from '../../errors';
import { armorAfterAp, damageTypeAfterArmor, type DamageType } from './combat';
import { MAX_ATTRIBUTE } from './attributes';

/**
 * Vehicle combat numbers the seed names without giving (Vehicles & Chase Combat: "Ramming, called
 * shots on components (like tires), Gunnery for mounted weapons"), from the SR4 book: how a vehicle
 * takes a hit, the ramming damage by speed, and what a called shot on a component costs.
 */

/** One bracket of the book's ramming damage table (speed in metres per Combat Turn). */
export interface RammingBracket {
  readonly from: number;
  /** Inclusive; Infinity for the last. */
  readonly to: number;
  readonly label: string;
  readonly dv: (body: number) => number;
}

export const RAMMING_DAMAGE: readonly RammingBracket[] = [
  { from: 1, to: 10, label: 'Body ÷ 2', dv: (body) => Math.ceil(body / 2) },
  { from: 11, to: 60, label: 'Body', dv: (body) => body },
  { from: 61, to: 200, label: 'Body × 2', dv: (body) => body * 2 },
  { from: 201, to: 300, label: 'Body × 3', dv: (body) => body * 3 },
  { from: 301, to: 500, label: 'Body × 5', dv: (body) => body * 5 },
  { from: 501, to: Infinity, label: 'Body × 10', dv: (body) => body * 10 },
];

export const MAX_RAM_SPEED = 1000;

export interface RammingDamage {
  readonly bracket: RammingBracket;
  /** The DV the rammed target takes before net hits. */
  readonly dv: number;
  /** The ramming vehicle's own DV: half of that, rounded down. */
  readonly rammerDv: number;
}

/** Book: the ramming vehicle's Body by its speed gives the DV; the rammer takes half (round down). */
export function rammingDamage(body: number, speed: number): RammingDamage {
  requireInteger('Body', body, 1, MAX_ATTRIBUTE);
  requireInteger('Speed', speed, 0, MAX_RAM_SPEED);
  const bracket = RAMMING_DAMAGE.find((b) => speed >= b.from && speed <= b.to);
  if (!bracket) throw new RulesError('not-allowed', 'A vehicle at Speed 0 cannot ram: it must be moving.');
  const dv = bracket.dv(body);
  return { bracket, dv, rammerDv: Math.floor(dv / 2) };
}

/** How a hit lands on a vehicle: nothing (Stun, or a DV its Armor stops), or a resistance roll. */
export type VehicleHit =
  | { readonly outcome: 'stun-ignored' }
  | { readonly outcome: 'armor-stops'; readonly armor: number }
  | { readonly outcome: 'resist'; readonly armor: number; readonly dice: number };

/**
 * Book: vehicles take no Stun damage; a modified DV that does not exceed the vehicle's Armor
 * (after AP) does no damage at all; otherwise the vehicle resists with Body + Armor, and what
 * gets through is Physical.
 */
export function vehicleHit(body: number, armor: number, ap: number, modifiedDv: number, damageType: DamageType): VehicleHit {
  if (damageType === 'S') return { outcome: 'stun-ignored' };
  const after = armorAfterAp(armor, ap);
  if (modifiedDv <= after) return { outcome: 'armor-stops', armor: after };
  return { outcome: 'resist', armor: after, dice: body + after };
}

/** A person's hit, as any attack: damage type against the armour, Body + armour to resist. */
export function personHit(
  body: number,
  armor: number,
  ap: number,
  modifiedDv: number,
  damageType: DamageType,
  stunWhenEqual: boolean,
): { readonly type: DamageType; readonly armor: number; readonly dice: number } {
  const after = armorAfterAp(armor, ap);
  return { type: damageTypeAfterArmor(damageType, modifiedDv, after, stunWhenEqual), armor: after, dice: body + after };
}

/** The book's called-shot penalty; which component and what its loss does is the GM's ruling. */
export const COMPONENT_SHOT_PENALTY = -4;

export interface Component {
  readonly label: string;
  readonly conditionLabel: string;
  readonly effect: string;
}

export const COMPONENTS = {
  tires: {
    label: 'Tires',
    conditionLabel: 'Tires shot out',
    effect: 'a tire blows: the driver makes a Vehicle Test to keep control, at a threshold the GM sets',
  },
  weapon: {
    label: 'Weapon mount',
    conditionLabel: 'Weapon mount out',
    effect: 'the mounted weapon cannot fire until repaired',
  },
  sensors: {
    label: 'Sensors',
    conditionLabel: 'Sensors damaged',
    effect: 'the GM lowers the Sensor rating (or blinds it) until repaired',
  },
  engine: {
    label: 'Engine',
    conditionLabel: 'Engine damaged',
    effect: 'the vehicle slows; the GM says by how much, or whether it stops',
  },
} as const satisfies Readonly<Record<string, Component>>;
export type ComponentId = keyof typeof COMPONENTS;
