import type { ExplainStep } from '../../../../system-kit/rule-system';
import type { DamageType } from '../../combat';
import type { ShadowrunRules } from '../../toggles';
import { personHit, vehicleHit } from '../../vehicle-combat';

// The vehicle plan: who resists a hit and with what, the stages, and how a hit lands on the numbers.

/** Who resists a hit, and with what. */
export interface Resister {
  readonly name: string;
  readonly vehicle: boolean;
  readonly body: number;
  /** "Armor" (a vehicle), "Ballistic armour", "Impact armour". */
  readonly armourName: string;
  readonly armour: number;
  readonly ap: number;
}

export interface ComponentShot {
  readonly label: string;
  readonly conditionId: string;
  readonly conditionLabel: string;
  readonly effect: string;
}

export interface VehiclePlan {
  readonly kind: 'gunnery' | 'ramming';
  readonly attacker: string;
  readonly target: string;
  /** "Mounted LMG", "a ram at 80 m/turn". */
  readonly weapon: string;
  readonly attackDice: number;
  readonly attackLabel: string;
  readonly attackSteps: readonly ExplainStep[];
  readonly defenceDice: number;
  readonly defenceLabel: string;
  readonly defenceSteps: readonly ExplainStep[];
  /** DV before net hits. */
  readonly dv: number;
  readonly dvSteps: readonly ExplainStep[];
  readonly damageType: DamageType;
  readonly targetResists: Resister;
  /** Ramming: the ramming vehicle's own damage, the same whatever the net hits. */
  readonly rammer: { readonly resists: Resister; readonly dv: number } | null;
  readonly component: ComponentShot | null;
  readonly rules: ShadowrunRules;
  /** The attacker's action, or null when its controller's is spent instead (a crewed vehicle). */
  readonly action: 'simple' | 'complex' | null;
  readonly verb: string;
}

export const VEHICLE_STAGE = {
  attack: 'attack',
  defence: 'defence',
  soak: 'soak',
  rammerSoak: 'rammer-soak',
} as const;

type HitPlan =
  | {
      readonly roll: false;
      readonly type: DamageType;
      readonly why: 'stun-ignored' | 'armor-stops';
      readonly armour: number;
    }
  | { readonly roll: true; readonly type: DamageType; readonly armour: number; readonly dice: number };

/** How a hit of `dv` lands on one resister: no roll (vehicle rules), or a resistance roll. */
export function hitOn(resists: Resister, dv: number, type: DamageType, stunWhenEqual: boolean): HitPlan {
  if (resists.vehicle) {
    const hit = vehicleHit(resists.body, resists.armour, resists.ap, dv, type);
    if (hit.outcome === 'stun-ignored') return { roll: false, type, why: 'stun-ignored', armour: 0 };
    if (hit.outcome === 'armor-stops') return { roll: false, type: 'P', why: 'armor-stops', armour: hit.armor };
    return { roll: true, type: 'P', armour: hit.armor, dice: hit.dice };
  }
  const hit = personHit(resists.body, resists.armour, resists.ap, dv, type, stunWhenEqual);
  return { roll: true, type: hit.type, armour: hit.armor, dice: hit.dice };
}
