// One settled attack: its steps, effects and plain JSON; and its odds before the dice.
import type { ExplainStep } from '../../../system-kit/rule-system';
import {
  SECTION,
  attackOdds,
  countSixes,
  isOpposed,
  plural,
  step,
  type AttackOdds,
  type AttackResult,
  type PushPolicy,
} from './rules';
import type { Effect } from '../../../system-kit/workflow';
import { HOPE_LOSS, UNAWARE_CONDITION } from './common';
import { landHit } from './damage';
import type { ShotPlan } from './shot-plan';
import { shotResult, type ShotState } from './shot-stages';

function faces(list: readonly number[]): string {
  return list.length === 0 ? 'none' : list.join(' ');
}

export interface ShotOutcome {
  readonly result: AttackResult;
  readonly steps: ExplainStep[];
  readonly effects: Effect[];
  readonly hopeLost: number;
  /** The amount recorded on the target (raised to the instant-kill threshold under "before armour"). */
  readonly recordedDamage: number;
  readonly instantKill: boolean;
  /** The target's Health after this attack (for the next shot of a burst). */
  readonly targetHealthAfter: number;
  readonly json: Record<string, unknown>;
}

/** Steps, effects and plain JSON of one settled attack. `health` is the target's Health before it. */
export function shotOutcome(plan: ShotPlan, state: ShotState, targetHealth: number, label = ''): ShotOutcome {
  const result = shotResult(plan, state);
  const section = plan.range === 'engaged' ? SECTION.closeCombat : SECTION.rangedCombat;
  const steps: ExplainStep[] = [];
  const attack = state.attack!;
  steps.push(
    step(
      `${label}Attack roll: ${faces(attack.base)}${attack.gear.length ? ` + gear ${faces(attack.gear)}` : ''} — ${plural(countSixes([...attack.base, ...attack.gear]), 'six', 'sixes')}.`,
      section,
    ),
  );
  if (state.defence && state.defence.length > 0) {
    steps.push(
      step(
        `${label}${plan.target.name}'s roll: ${faces(state.defence)} — ${plural(countSixes(state.defence), 'six', 'sixes')}.`,
        section,
      ),
    );
  } else if (isOpposed(plan.defense)) {
    steps.push(step(`${label}${plan.target.name} has no dice to roll: 0 sixes.`, section));
  }
  let hopeLost = 0;
  if (state.push) {
    steps.push(...state.push.steps.map((s) => ({ ...s, text: `${label}${s.text}` })));
    hopeLost = state.push.hopeLost;
  }
  steps.push(...result.steps.map((s) => ({ ...s, text: `${label}${s.text}` })));
  if (state.attackerArmour && result.damageToAttackerBeforeArmor === 0) {
    steps.push(
      step(
        `${label}${plan.attacker.name}'s armour roll no longer matters: the fight-back did not win after the push.`,
        SECTION.bodyArmor,
      ),
    );
  }
  const effects: Effect[] = [];
  const t = plan.target;
  let recorded = 0;
  let instantKill = false;
  let targetHealthAfter = targetHealth;
  if (result.damageBeforeProtection > 0) {
    const landed = landHit(t, targetHealth, result.damageToTarget, result.damageBeforeProtection, plan.options, label);
    steps.push(...landed.steps);
    if (landed.effect) effects.push(landed.effect);
    recorded = landed.recorded;
    instantKill = landed.instantKill;
    targetHealthAfter = landed.healthAfter;
  }
  if (result.damageToAttacker > 0) {
    const a = plan.attacker;
    const landed = landHit(
      a,
      a.health,
      result.damageToAttacker,
      result.damageToAttackerBeforeArmor,
      plan.options,
      label,
    );
    steps.push(...landed.steps);
    if (landed.effect) effects.push(landed.effect);
  }
  if (hopeLost > 0) {
    effects.push({
      on: { side: 'attackers', index: plan.attacker.index },
      harm: { kind: HOPE_LOSS, amount: hopeLost },
    });
  }
  if (!plan.aware && t.conditionIds.includes(UNAWARE_CONDITION)) {
    // The ambush is over once it is sprung: the target is in active combat from now on.
    effects.push({ on: { side: 'targets', index: t.index }, removeConditions: [UNAWARE_CONDITION] });
    steps.push(step(`${t.name} is no longer unaware: the ambush is sprung.`, SECTION.ambushes));
  }
  const json: Record<string, unknown> = {
    weapon: plan.weapon.id,
    range: plan.range,
    target: t.name,
    defence: plan.defense,
    attribute: plan.pool.attribute,
    baseDice: plan.pool.base,
    gearDice: plan.pool.gear,
    attackFaces: { base: [...attack.base], gear: [...attack.gear] },
    defenceFaces: state.defence ? [...state.defence] : null,
    pushed: state.push
      ? {
          base: state.push.base,
          gear: state.push.gear,
          hopeLost: state.push.hopeLost,
          gearDamage: state.push.gearDamage,
          gearBonusAfter: state.push.gearBonusAfter,
        }
      : null,
    coverFaces: state.cover ? [...state.cover] : null,
    armourFaces: state.armour ? [...state.armour] : null,
    attackerArmourFaces: state.attackerArmour ? [...state.attackerArmour] : null,
    hit: result.hit,
    winner: result.winner,
    attackerSixes: result.attackerSixes,
    defenderSixes: result.defenderSixes,
    damageBeforeProtection: result.damageBeforeProtection,
    coverBlocked: result.coverBlocked,
    armorBlocked: result.armorBlocked,
    damageToTarget: result.damageToTarget,
    damageRecorded: recorded,
    instantKill,
    damageToAttacker: result.damageToAttacker,
    defenderForfeitsNextTurn: result.defenderForfeitsNextTurn,
  };
  return { result, steps, effects, hopeLost, recordedDamage: recorded, instantKill, targetHealthAfter, json };
}

// ---------------------------------------------------------------------------------------------
// Odds
// ---------------------------------------------------------------------------------------------

export function shotOdds(plan: ShotPlan, push: PushPolicy): AttackOdds {
  const opposed = isOpposed(plan.defense);
  return attackOdds({
    defense: plan.defense,
    attackDice: plan.pool.dice,
    weaponDamage: plan.weaponDamage,
    defenseDice: opposed ? (plan.defencePool?.dice ?? 0) : undefined,
    defenderWeaponDamage: plan.defense === 'fight-back' ? plan.defenderWeaponDamage : undefined,
    coverLevel: plan.cover.level,
    armorLevel: plan.armorLevel,
    attackerArmorLevel: plan.attackerArmorLevel,
    push,
  });
}
