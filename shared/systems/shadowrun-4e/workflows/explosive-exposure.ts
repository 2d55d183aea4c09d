import { armorAfterAp, damageTypeAfterArmor } from '../combat';
import type { DamageType } from '../combat';
import { blast } from '../explosives';
import type { ExplosivePlan, PlacedTarget } from './explosive-plan';
import { hitOn } from './vehicle-engine';
import type { Resister } from './vehicle-engine';

// What one target in the blast faces: DV, type, AP and the dice it resists with.

/** DV, type and AP at a distance, and the resistance pool: what one target faces. */
export interface Exposure {
  readonly distance: number;
  readonly dv: number;
  readonly damageType: DamageType;
  readonly ap: number;
  readonly armour: number;
  /** 0 when nothing is rolled: out of reach, or a vehicle the hit cannot harm (Stun, or its Armor stops it). */
  readonly resistDice: number;
}

/** A vehicle in the blast, as the vehicle rules read it. */
export const resisterOf = (target: PlacedTarget, ap: number): Resister => ({
  name: target.fighter.name,
  vehicle: true,
  body: target.body,
  armourName: 'Armor',
  armour: target.impact,
  ap,
});

export function exposure(plan: ExplosivePlan, target: PlacedTarget, distance: number): Exposure {
  // An anti-vehicle warhead has its own AP against a vehicle (book).
  const b = blast({ type: plan.explosive, distance, vsVehicle: target.vehicle });
  if (target.vehicle) {
    // Book: no Stun, and a DV its Armor (after AP) stops does nothing; else Body + Armor, Physical.
    const hit = b.dv > 0 ? hitOn(resisterOf(target, b.ap), b.dv, b.damageType, plan.rules.stunWhenEqual) : null;
    return {
      distance,
      dv: b.dv,
      damageType: hit?.type ?? b.damageType,
      ap: b.ap,
      armour: armorAfterAp(target.impact, b.ap),
      resistDice: hit?.roll ? hit.dice : 0,
    };
  }
  const armour = armorAfterAp(target.impact, b.ap);
  return {
    distance,
    dv: b.dv,
    damageType: damageTypeAfterArmor(b.damageType, b.dv, armour, plan.rules.stunWhenEqual),
    ap: b.ap,
    armour,
    resistDice: target.body + armour,
  };
}
