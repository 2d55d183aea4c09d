// One attack's dice stages in table order, the push follow-up, and the result so far.
import {
  SECTION,
  countSixes,
  isOpposed,
  plural,
  pushRoll,
  rerollableCount,
  resolveAttack,
  resolveTaser,
  rule,
  type AttackResult,
  type DicePool,
  type PushResult,
} from './rules';
import type { DiceStage, FollowUp } from '../../../system-kit/workflow';
import { d6Stage } from './stages';
import type { ShotPlan } from './shot-plan';

export type ShotStageKind = 'attack' | 'defence' | 'cover' | 'armour' | 'attacker-armour' | 'push';

export interface ShotState {
  readonly attack: { readonly base: readonly number[]; readonly gear: readonly number[] } | null;
  readonly push: PushResult | null;
  readonly defence: readonly number[] | null;
  readonly cover: readonly number[] | null;
  readonly armour: readonly number[] | null;
  readonly attackerArmour: readonly number[] | null;
}

export const EMPTY_SHOT: ShotState = {
  attack: null,
  push: null,
  defence: null,
  cover: null,
  armour: null,
  attackerArmour: null,
};

/** Stage ids: plain for a single attack, "<kind>-<shot>" in a full-auto burst. */
export function shotStageId(kind: ShotStageKind, shot?: number): string {
  return shot === undefined ? kind : `${kind}-${shot}`;
}

export function finalAttackDice(state: ShotState): number[] {
  if (state.push) return [...state.push.base, ...state.push.gear];
  return state.attack ? [...state.attack.base, ...state.attack.gear] : [];
}

function defenceDice(plan: ShotPlan, state: ShotState): number[] | undefined {
  if (!isOpposed(plan.defense)) return undefined;
  // A defender left with no dice rolls nothing: 0 sixes.
  return state.defence ? [...state.defence] : [];
}

/** The attack settled without protection dice: who won and how much damage each side faces. */
export function shotCore(plan: ShotPlan, state: ShotState): AttackResult {
  return shotResult(plan, { ...state, cover: null, armour: null, attackerArmour: null });
}

/** The full result of the attack with every die rolled so far. */
export function shotResult(plan: ShotPlan, state: ShotState): AttackResult {
  const input = {
    defense: plan.defense,
    attackDice: finalAttackDice(state),
    defenseDice: defenceDice(plan, state),
    defenderWeaponDamage: plan.defense === 'fight-back' ? plan.defenderWeaponDamage : undefined,
    coverDice: state.cover ? [...state.cover] : undefined,
    armorDice: state.armour ? [...state.armour] : undefined,
    attackerArmorDice: state.attackerArmour ? [...state.attackerArmour] : undefined,
    targetAware: plan.aware,
  };
  return plan.taser ? resolveTaser(input).attack : resolveAttack({ ...input, weaponDamage: plan.weaponDamage });
}

function attributeName(a: string): string {
  return a[0]!.toUpperCase() + a.slice(1);
}

function poolLabel(pool: DicePool, gearName: string): string {
  const attr = attributeName(pool.attribute);
  if (pool.gear === 0) return `${plural(pool.dice, 'die', 'dice')} (${attr})`;
  return `${plural(pool.dice, 'die', 'dice')} (${attr} ${pool.base} + ${pool.gear} gear, ${gearName})`;
}

export function shotNeeded(plan: ShotPlan, state: ShotState, shot?: number): DiceStage | null {
  const id = (k: ShotStageKind) => shotStageId(k, shot);
  const prefix = shot === undefined ? '' : `Shot ${shot}: `;
  if (!state.attack) {
    return d6Stage(
      id('attack'),
      `${prefix}${plan.attacker.name} attacks ${plan.target.name}: ${poolLabel(plan.pool, plan.weapon.name.toLowerCase())}`,
      plan.attacker.name,
      plan.pool.base,
      plan.pool.gear,
      `Gear dice (${plan.weapon.name.toLowerCase()})`,
    );
  }
  const dp = plan.defencePool;
  if (dp && dp.dice > 0 && !state.defence) {
    return d6Stage(
      id('defence'),
      `${prefix}${plan.target.name} ${plan.defense === 'dodge' ? 'dodges' : 'fights back'}: ${poolLabel(dp, plan.defenderWeapon?.name.toLowerCase() ?? 'gear')}`,
      plan.target.name,
      dp.base,
      dp.gear,
      `Gear dice (${plan.defenderWeapon?.name.toLowerCase() ?? 'gear'})`,
    );
  }
  const core = shotCore(plan, state);
  if (core.damageBeforeProtection > 0) {
    if (plan.cover.level > 0 && !state.cover) {
      return d6Stage(
        id('cover'),
        `${prefix}${plan.target.name}'s cover (${plan.cover.name}): ${plural(plan.cover.level, 'die', 'dice')}, each 6 blocks 1 damage`,
        plan.target.name,
        plan.cover.level,
      );
    }
    const afterCover =
      core.damageBeforeProtection - Math.min(countSixes(state.cover ?? []), core.damageBeforeProtection);
    if (plan.armorLevel > 0 && afterCover > 0 && !state.armour) {
      return d6Stage(
        id('armour'),
        `${prefix}${plan.target.name}'s armour: Armor Level ${plan.armorLevel}, each 6 removes 1 damage`,
        plan.target.name,
        plan.armorLevel,
      );
    }
  }
  if (core.damageToAttackerBeforeArmor > 0 && plan.attackerArmorLevel > 0 && !state.attackerArmour) {
    return d6Stage(
      id('attacker-armour'),
      `${prefix}${plan.attacker.name}'s armour against the fight-back: Armor Level ${plan.attackerArmorLevel}`,
      plan.attacker.name,
      plan.attackerArmorLevel,
    );
  }
  return null;
}

/** The push follow-up: player characters only, once, when some die shows neither 6 nor 1. */
export function pushOffer(plan: ShotPlan, state: ShotState, shot?: number, onlyIfMissed = false): FollowUp | null {
  if (plan.attacker.kind !== 'pc' || !state.attack || state.push) return null;
  if (onlyIfMissed && shotCore(plan, state).hit) return null;
  const base = state.attack.base.filter((f) => f !== 6 && f !== 1).length;
  const gear = state.attack.gear.filter((f) => f !== 6 && f !== 1).length;
  if (rerollableCount(state.attack.base, state.attack.gear) === 0) return null;
  const id = shotStageId('push', shot);
  const label = `Push${shot === undefined ? '' : ` shot ${shot}`}: reroll ${plural(base + gear, 'die', 'dice')}`;
  return {
    id,
    label,
    description: `${plan.attacker.name} rerolls every die showing neither 6 nor 1 (${plural(base, 'base die', 'base dice')}, ${plural(gear, 'gear die', 'gear dice')}). Afterwards each 1 on a base die costs 1 Hope and each 1 on a gear die lowers the ${plan.weapon.name.toLowerCase()}'s bonus by 1.`,
    rule: rule(SECTION.pushing, 'book'),
    stage: d6Stage(id, label, plan.attacker.name, base, gear, `Gear dice (${plan.weapon.name.toLowerCase()})`),
  };
}

export function applyShotStage(
  plan: ShotPlan,
  state: ShotState,
  kind: ShotStageKind,
  groups: readonly (readonly number[])[],
): ShotState {
  const main = groups[0] ?? [];
  switch (kind) {
    case 'attack':
      return { ...state, attack: { base: [...main], gear: [...(groups[1] ?? [])] } };
    case 'defence':
      return { ...state, defence: [...main, ...(groups[1] ?? [])] };
    case 'cover':
      return { ...state, cover: [...main] };
    case 'armour':
      return { ...state, armour: [...main] };
    case 'attacker-armour':
      return { ...state, attackerArmour: [...main] };
    case 'push': {
      const attack = state.attack!;
      const push = pushRoll(
        {
          base: attack.base,
          gear: attack.gear,
          reroll: [...main, ...(groups[1] ?? [])],
          gearBonus: plan.gearBonus,
          kind: 'attack',
          roller: 'pc',
        },
        plan.options,
      );
      return { ...state, push };
    }
  }
}
