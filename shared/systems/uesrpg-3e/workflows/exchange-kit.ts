import type { ExplainStep } from '../../../system-kit/rule-system';
import {
  HIT_LOCATIONS,
  modifyDamage,
  resolveBlock,
  type DefenseInput,
  type DefenseType,
  type HitLocation,
} from '../combat';
import { requireTn, type CritProfile } from '../d100';
import { applyDamage } from '../health';
import type { CombatOdds } from '../odds';
import { RULES } from '../sections';
import type { OddsFigure, Participant } from '../../../system-kit/workflow';
import type { Distribution } from '../../../dice/distribution';
import { accumulate, describeDice, type DamageDice } from './damage';
import { armourAt, armourByLocation, currentHp, woundThreshold } from './participants';
import type { ShieldArm } from './fields';
import { signed } from './workflow-kit';

/**
 * What the attack and the spell share of the combat roll (seed, The combat roll): the defence
 * test's TN, the defence input, damage landing on a location, the Block, and the exact damage
 * distribution after armour.
 */

export interface TargetNumber {
  readonly tn: number;
  readonly steps: ExplainStep[];
  /** The parts in a few words, for the dice prompt ("Combat Style 55, long range −20"). */
  readonly parts: string[];
}

/** A test's TN after the wound penalty and the other modifiers, each as a step and a part. */
export function woundedAndModified(
  start: TargetNumber,
  name: string,
  wounded: boolean,
  modifier: number,
): TargetNumber {
  let tn = start.tn;
  const steps = [...start.steps];
  const parts = [...start.parts];
  if (wounded) {
    tn -= 20;
    steps.push({ text: `${name} is wounded: −20 → ${tn}.`, rule: RULES.woundEffects });
    parts.push('wounded −20');
  }
  if (modifier !== 0) {
    tn += modifier;
    steps.push({ text: `Other modifiers ${signed(modifier)} → ${tn}.`, rule: RULES.tests });
    parts.push(`modifier ${signed(modifier)}`);
  }
  return { tn, steps, parts };
}

/** The defence the defender chose, as the attack and the spell read it. */
export interface DefenceSetup {
  readonly defence: DefenseType;
  readonly defenderUnaware: boolean;
  readonly defenderNoAp: boolean;
  readonly evadeTn: number;
  readonly defenceStyleTn: number;
  readonly defenderWounded: boolean;
  readonly defenceModifier: number;
  readonly leavesArea: boolean;
  readonly area: boolean;
  readonly shieldBr: number;
  readonly shieldBrMagic: boolean;
  readonly shieldArm: ShieldArm;
}

/** The defence test's TN: Evade, or the Combat Style for Parry, Block and Counter-attack. */
export function defenceTn(s: DefenceSetup, target: Participant, label: string): TargetNumber {
  const evade = s.defence === 'evade';
  const base = evade ? s.evadeTn : s.defenceStyleTn;
  const tn = woundedAndModified(
    {
      tn: base,
      parts: [`${evade ? 'Evade' : 'Combat Style'} ${base}`],
      steps: [
        {
          text: `${target.name} ${s.defence === 'counter' ? 'counter-attacks' : `defends with ${label}`}: ${evade ? 'Evade (Ag)' : s.defence === 'block' ? 'Combat Style (Str)' : 'Combat Style'} TN ${base}.`,
          rule: RULES.defend,
        },
      ],
    },
    target.name,
    s.defenderWounded,
    s.defenceModifier,
  );
  requireTn('The defence TN', tn.tn);
  return tn;
}

/** The defence as the combat roll takes it; `defence` null when the defender rolls no test. */
export function defenceInput(
  s: DefenceSetup,
  crits: CritProfile,
  defence: TargetNumber | null,
  roll: number | undefined,
): DefenseInput {
  return {
    type: s.defence,
    ...crits,
    ...(defence === null ? {} : { tn: defence.tn }),
    ...(roll === undefined ? {} : { roll }),
    aware: !s.defenderUnaware,
    ...(s.defenderNoAp ? { ap: 0 } : {}),
    leavesArea: s.leavesArea,
  };
}

/** Whether the defender tests at all: a defence chosen, aware of the attack, with AP left. */
export function defenceRolls(s: DefenceSetup): boolean {
  return s.defence !== 'none' && !s.defenderUnaware && !s.defenderNoAp;
}

/** "Damage 1d8: 7." / "Damage 2d6+1: 4 + 3 + 1 = 8." */
export function rollStep(label: string, dice: DamageDice, faces: readonly number[], total: number): ExplainStep {
  const bonus = dice.bonus === 0 ? '' : ` ${dice.bonus > 0 ? '+' : '−'} ${Math.abs(dice.bonus)}`;
  const sum = `${faces.join(' + ')}${bonus}`;
  return {
    text: `${label} ${describeDice(dice)}: ${sum}${faces.length > 1 || bonus ? ` = ${total}` : ''}${total === 0 && dice.bonus < 0 ? ' (never below 0)' : ''}.`,
    rule: RULES.resolve,
  };
}

export interface Landed {
  readonly location: HitLocation | null;
  readonly rolled: number;
  readonly damage: number;
  readonly armour: number;
  readonly afterArmour: number;
  readonly wound: boolean;
}

/** Damage on one location: its AR off, HP down, a wound above the WT. */
export function land(
  who: Participant,
  location: HitLocation,
  rolled: number,
  damage: number,
  steps: ExplainStep[],
): Landed {
  const armour = armourAt(who, location);
  const result = applyDamage({ hp: currentHp(who), damage, ar: armour, wt: woundThreshold(who), location });
  steps.push(...result.steps);
  return { location, rolled, damage, armour, afterArmour: result.damageAfterAr, wound: result.wound };
}

/**
 * A won Block: an area attack's damage halved to the body; else damage above the shield's BR
 * (halved against magic unless the BR is magic) goes in full to the shield arm, the rest stops.
 */
export function blocked(
  s: DefenceSetup,
  magic: boolean,
  target: Participant,
  rolled: number,
  damage: number,
  steps: ExplainStep[],
): Landed {
  if (s.area) {
    const half = modifyDamage({ kind: 'area-block', damage });
    steps.push(...half.steps);
    return land(target, 'body', rolled, half.damage, steps);
  }
  const block = resolveBlock({ damage, br: s.shieldBr, magic, magicBr: s.shieldBrMagic });
  steps.push(...block.steps);
  if (block.damageToShieldArm === 0) return { location: null, rolled, damage, armour: 0, afterArmour: 0, wound: false };
  return land(target, s.shieldArm, rolled, block.damageToShieldArm, steps);
}

/**
 * The exact damage to the target after armour (index = damage): hits by location, blocks by the
 * Block rule, and every other outcome as 0.
 */
export function damageToTarget(
  combat: CombatOdds,
  raw: Distribution,
  target: Participant,
  s: DefenceSetup,
  magic: boolean,
): number[] {
  const armour = armourByLocation(target);
  const toTarget: number[] = [0];
  HIT_LOCATIONS.forEach((location, i) => {
    accumulate(toTarget, raw, combat.hitLocation[location], (v) => Math.max(0, v - armour[i]!));
  });
  if (s.area) {
    const bodyAr = armourAt(target, 'body');
    accumulate(toTarget, raw, combat.blocked, (v) => Math.max(0, Math.ceil(v / 2) - bodyAr));
  } else {
    const br = magic && !s.shieldBrMagic ? Math.ceil(s.shieldBr / 2) : s.shieldBr;
    const armAr = armourAt(target, s.shieldArm);
    accumulate(toTarget, raw, combat.blocked, (v) => (v > br ? Math.max(0, v - armAr) : 0));
  }
  // A miss, and a counter-attack that lands on the attacker, do nothing to the target.
  toTarget[0]! += combat.miss + combat.counter;
  return toTarget;
}

export function percent(label: string, value: number): OddsFigure {
  return { label, value, format: 'percent' };
}

export function mean(dist: readonly number[]): number {
  return dist.reduce((sum, p, v) => sum + p * v, 0);
}

export function sumAbove(dist: readonly number[], threshold: number): number {
  let sum = 0;
  for (let v = threshold + 1; v < dist.length; v++) sum += dist[v]!;
  return sum;
}

/** The damage distribution as the odds view lists it. */
export function outcomesOf(dist: readonly number[]): { label: string; p: number }[] {
  const outcomes: { label: string; p: number }[] = [];
  dist.forEach((p, amount) => {
    if (p > 0) outcomes.push({ label: amount === 0 ? '0 (no damage)' : String(amount), p });
  });
  return outcomes;
}

/** A test as the result JSON records it. */
export function testJson(
  test: { roll: number; tn: number; success: boolean; critical: unknown; degrees: number } | null,
): Record<string, unknown> | null {
  if (test === null) return null;
  return { roll: test.roll, tn: test.tn, success: test.success, critical: test.critical, degrees: test.degrees };
}
