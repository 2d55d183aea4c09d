import type { Effect } from '../../../../system-kit/workflow';
import type { ExplainStep } from '../../../../system-kit/rule-system';
import { armorAfterAp } from '../../combat';
import type { DamageType } from '../../combat';
import type { ShadowrunRules } from '../../toggles';
import type { ComponentShot, Resister } from '../vehicle-engine';

// The attack plan: the numbers a ranged or melee setup is turned into, and the armour and soak read from it.
export interface AttackPlan {
  readonly kind: 'ranged' | 'melee';
  readonly attacker: string;
  readonly target: string;
  readonly weapon: string;
  /** Dice of the attack before Edge: attribute + skill + modifiers (at least 0). */
  readonly attackDice: number;
  /** Edge dice added before the roll (push the limit: they and every 6 explode); 0 when not. */
  readonly edgeDice: number;
  /** Short account of the pool for the dice prompt: "Agility 4 + Pistols 3, modifiers −1". */
  readonly attackLabel: string;
  /** How the attack pool was built, each modifier with its rule. */
  readonly attackSteps: readonly ExplainStep[];
  readonly defenceDice: number;
  readonly defenceLabel: string;
  readonly defenceSteps: readonly ExplainStep[];
  /** DV before net hits: the weapon's, with narrow bursts and called shots. */
  readonly dv: number;
  readonly dvSteps: readonly ExplainStep[];
  readonly damageType: DamageType;
  /** "Ballistic armour", "Impact armour". */
  readonly armourName: string;
  /** The armour rating before AP. */
  readonly armour: number;
  /** The AP as a number ("−half" already turned into minus half the armour). */
  readonly ap: number;
  /** The weapon's AP is "−half" (for the explanation). */
  readonly apHalf: boolean;
  /** A called shot past the armour: the target resists with Body alone and the DV is compared with 0. */
  readonly armourBypassed: boolean;
  readonly body: number;
  /** A disarm called shot: no damage; the modified DV is compared with this Strength. */
  readonly disarmStrength: number | null;
  /** The attacker may spend Edge after the roll (has Edge and did not spend it on this test). */
  readonly secondChance: boolean;
  readonly rules: ShadowrunRules;
  /** Effects the setup itself has on the target (going on Full Defense). */
  readonly targetConditions: Effect['conditions'];
  /** The attacker's action (seed, Actions): a shot Simple, full-auto fire and a melee attack Complex. */
  readonly attackAction: 'simple' | 'complex';
  /**
   * The target is a vehicle or drone: `body`, `armour` and `ap` are its Body and Armor, and the
   * hit lands under the vehicle rules (vehicle-engine.ts); a called shot may name a component.
   */
  readonly vehicleTarget?: { readonly component: ComponentShot | null };
}

/** The vehicle target as the vehicle rules read it, or null for a person. */
export function vehicleResister(plan: AttackPlan): Resister | null {
  if (!plan.vehicleTarget) return null;
  return {
    name: plan.target,
    vehicle: true,
    body: plan.body,
    armourName: plan.armourName,
    armour: plan.armour,
    ap: plan.ap,
  };
}

export const STAGE = {
  attack: 'attack',
  six: 'attack-six-',
  defence: 'defence',
  soak: 'soak',
  secondChance: 'second-chance',
} as const;

export function armourAfter(plan: AttackPlan): number {
  return plan.armourBypassed ? 0 : armorAfterAp(plan.armour, plan.ap);
}

export function soakDice(plan: AttackPlan): number {
  return plan.body + armourAfter(plan);
}
