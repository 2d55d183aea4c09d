import { RulesError } from '../../../errors';
import type {
  DiceStage,
  Effect,
  OddsFigure,
  OddsView,
  Participant,
  RolledStage,
  Resolution,
  ResolveContext,
  RollSpend,
  SetupValues,
} from '../../../system-kit/workflow';
import { attackerAction, targetReaction } from '../../../system-kit/spends';
import type { ExplainStep } from '../../../system-kit/rule-system';
import {
  HIT_LOCATIONS,
  LOCATION_LABELS,
  coverEffect,
  modifyDamage,
  type CombatResult,
  type DefenseType,
} from '../combat';
import { resolveTest } from '../d100';
import { combatOdds, testOdds } from '../odds';
import { type Prepared, checked, prepare, attackDefenceInput, exchange } from './attack-prepared';
import { accumulate, damageBeforeArmour, damageTotal, describeDice, swingBonus, type DamageDice } from './damage';
import {
  blocked,
  damageToTarget,
  land,
  mean,
  outcomesOf,
  percent,
  rollStep,
  sumAbove,
  testJson,
  type Landed,
} from './exchange-kit';
import { WEAPON_LABELS, defenceLabel, type AttackMode, type AttackSetup } from './fields';
import { armourByLocation, woundThreshold } from './participants';
import { walkStages, type Faces } from './workflow-kit';

// The melee and ranged attack workflows: problems, stages, resolution and odds. The setup checks and target
// numbers live in attack-checks.ts, the prepared (and cached) attack in attack-prepared.ts.

export function attackProblems(mode: AttackMode, setup: SetupValues, context: ResolveContext): string[] {
  return [...checked(mode, setup, context).problems];
}

// ---------------------------------------------------------------------------------------------
// Stages
// ---------------------------------------------------------------------------------------------

function damageStage(id: string, label: string, roller: string, dice: DamageDice): DiceStage {
  return { id, label, roller, count: dice.count, sides: dice.sides };
}

function weaponLabel(name: string | null, kind: AttackSetup['weapon'], dice: DamageDice): string {
  return `${name ?? WEAPON_LABELS[kind]} ${describeDice(dice)}`;
}

/** The next stage given the faces so far, or null when every needed stage is in. */
function stageAfter(p: Prepared, faces: Faces): DiceStage | null {
  const { s, attacker, target } = p;
  if (!faces.has('attack')) {
    return {
      id: 'attack',
      label: `Attack: d100 against TN ${p.attack.tn} (${p.attack.parts.join(', ')})`,
      roller: attacker.name,
      count: 1,
      sides: 100,
    };
  }
  if (p.defence !== null && !faces.has('defence')) {
    const attackRoll = faces.get('attack')![0]!;
    const attackSucceeds = resolveTest(
      { tn: p.attack.tn, roll: attackRoll, ...p.attackerCrits },
      p.luckyOverTn,
    ).success;
    if (attackSucceeds || !p.noAdvantage) {
      return {
        id: 'defence',
        label: `${defenceLabel(s.defence)}: d100 against TN ${p.defence.tn} (${p.defence.parts.join(', ')})`,
        roller: target.name,
        count: 1,
        sides: 100,
      };
    }
  }
  const { outcome } = exchange(p, faces).combat;
  if (outcome === 'miss') return null;
  if (!faces.has('damage')) {
    return outcome === 'counter'
      ? damageStage(
          'damage',
          `Counter-attack damage: ${weaponLabel(s.counterWeaponName, s.counterWeapon, s.counterDamage)}`,
          target.name,
          s.counterDamage,
        )
      : damageStage('damage', `Damage: ${weaponLabel(s.weaponName, s.weapon, s.damage)}`, attacker.name, s.damage);
  }
  if (outcome !== 'counter' && s.cover === 'penetrable' && !faces.has('damage-again')) {
    return damageStage(
      'damage-again',
      `Penetrable cover: roll the damage again (${describeDice(s.damage)}), the lower counts`,
      attacker.name,
      s.damage,
    );
  }
  return null;
}

export function attackNextStage(
  mode: AttackMode,
  setup: SetupValues,
  context: ResolveContext,
  rolled: readonly RolledStage[],
): DiceStage | null {
  const p = prepare(mode, setup, context);
  return walkStages((faces) => stageAfter(p, faces), rolled).next;
}

// ---------------------------------------------------------------------------------------------
// Resolution
// ---------------------------------------------------------------------------------------------

/** Damage that landed, and on whom: the target, or the attacker hit by a counter-attack. */
interface LandedOn extends Landed {
  readonly side: 'targets' | 'attackers';
  readonly who: Participant;
}

/** Damage before armour: the roll, then penetrable cover, swinging in, and water, in that order. */
function damageBeforeAr(
  p: Prepared,
  faces: Faces,
  counter: boolean,
  steps: ExplainStep[],
): { rolled: number; damage: number } {
  const s = p.s;
  const dice = counter ? s.counterDamage : s.damage;
  const first = faces.get('damage')!;
  const rolled = damageTotal(dice, first);
  steps.push(rollStep(counter ? 'Counter-attack damage' : 'Damage', dice, first, rolled));
  let damage = rolled;
  const again = faces.get('damage-again');
  if (!counter && again !== undefined) {
    const second = damageTotal(dice, again);
    steps.push(rollStep('Second damage roll', dice, again, second));
    const cover = modifyDamage({ kind: 'penetrable-cover', rolls: [damage, second] });
    steps.push(...cover.steps);
    damage = cover.damage;
  }
  if (!counter && s.swingMeters > 0) {
    const swing = modifyDamage({ kind: 'swing', damage, meters: s.swingMeters });
    steps.push(...swing.steps);
    damage = swing.damage;
  }
  if (s.swimming) {
    const water = modifyDamage({ kind: 'swimming', damage });
    steps.push(...water.steps);
    damage = water.damage;
  }
  return { rolled, damage };
}

function resolveDamage(p: Prepared, faces: Faces, combat: CombatResult, steps: ExplainStep[]): LandedOn | null {
  const { s, attacker, target } = p;
  if (combat.outcome === 'miss') return null;
  if (combat.outcome === 'counter') {
    const { rolled, damage } = damageBeforeAr(p, faces, true, steps);
    return { side: 'attackers', who: attacker, ...land(attacker, combat.location!, rolled, damage, steps) };
  }
  const { rolled, damage } = damageBeforeAr(p, faces, false, steps);
  const landed =
    combat.outcome === 'hit'
      ? land(target, combat.location!, rolled, damage, steps)
      : blocked(s, s.magicDamage, target, rolled, damage, steps);
  return { side: 'targets', who: target, ...landed };
}

function summaryOf(p: Prepared, combat: CombatResult, landed: LandedOn | null): string {
  const { attacker, target, s } = p;
  const weapon = weaponLabel(s.weaponName, s.weapon, s.damage);
  const head = `${attacker.name} → ${target.name} (${weapon}, ${combat.attack.roll} vs TN ${combat.attack.tn})`;
  const advantage =
    combat.advantages > 0 && combat.advantageTo
      ? `; ${combat.advantageTo === 'attacker' ? attacker.name : target.name} gains ${combat.advantages} Advantage${combat.advantages === 1 ? '' : 's'}`
      : '';
  if (landed === null) {
    const why = !combat.attack.success
      ? 'the attack fails'
      : combat.winner === 'defender'
        ? `${defenceLabel(combat.effectiveDefense).toLowerCase()} succeeds`
        : combat.winner === null
          ? 'nothing resolves'
          : 'no damage';
    return `${head}: miss, ${why}${advantage}.`;
  }
  if (landed.location === null)
    return `${head}: blocked, ${landed.damage} damage does not beat the shield's BR${advantage}.`;
  const where = LOCATION_LABELS[landed.location];
  const damage = `${landed.damage} − AR ${landed.armour} = ${landed.afterArmour} damage${landed.wound ? ', a wound' : ''}`;
  if (landed.side === 'attackers')
    return `${head}: ${target.name}'s counter-attack hits ${attacker.name}'s ${where}, ${damage}${advantage}.`;
  const verb =
    combat.outcome === 'blocked'
      ? s.area
        ? 'blocked (half damage), body'
        : `blocked, through to the ${where}`
      : `hit, ${where}`;
  return `${head}: ${verb}, ${damage}${advantage}.`;
}

/** The tracker's reaction for each defence (a Counter-attack is its own, counting as an attack when the toggle says so). */
const REACTION_ACTION: Readonly<Record<Exclude<DefenseType, 'none'>, string>> = {
  evade: 'evade',
  parry: 'parry',
  block: 'block',
  counter: 'counter-attack',
};

/** The attack (1 AP, one of the round's 2 attacks) and the defence the defender made (1 AP), if any. */
function spendsOf(s: Prepared['s']): RollSpend[] {
  if (s.defence === 'none' || s.defenderUnaware || s.defenderNoAp) return [attackerAction('attack')];
  return [attackerAction('attack'), targetReaction(REACTION_ACTION[s.defence])];
}

export function attackResolve(
  mode: AttackMode,
  setup: SetupValues,
  context: ResolveContext,
  rolled: readonly RolledStage[],
): Resolution {
  const p = prepare(mode, setup, context);
  const { faces, next } = walkStages((f) => stageAfter(p, f), rolled);
  if (next !== null) throw new RulesError('not-allowed', `Roll the next stage first: ${next.label}.`);
  const steps: ExplainStep[] = [...p.attack.steps];
  if (p.defence !== null && faces.has('defence')) steps.push(...p.defence.steps);
  if (p.s.cover === 'penetrable') steps.push(...coverEffect('penetrable').steps);
  const { combat, steps: combatSteps } = exchange(p, faces);
  steps.push(...combatSteps);
  const landed = resolveDamage(p, faces, combat, steps);
  const effects: Effect[] = [];
  if (landed !== null && landed.location !== null && landed.afterArmour > 0) {
    // The tracker's applyHarm records a wound and adds its conditions (Wounded, Crippled, Stunned) itself.
    effects.push({
      on: { side: landed.side, index: 0 },
      harm: { kind: 'damage', amount: landed.afterArmour, location: landed.location },
    });
  }
  return {
    steps,
    summary: summaryOf(p, combat, landed),
    effects,
    // The seed offers no re-roll or spend after an attack (no Luck or Stamina rule in it).
    followUps: [],
    spends: spendsOf(p.s),
    result: {
      workflow: mode === 'melee' ? 'melee-attack' : 'ranged-attack',
      attack: testJson(combat.attack),
      defence: testJson(combat.defense),
      chosenDefence: p.s.defence,
      effectiveDefence: combat.effectiveDefense,
      outcome: combat.outcome,
      winner: combat.winner,
      advantages: combat.advantages,
      advantageTo: combat.advantageTo,
      location: landed?.location ?? combat.location ?? null,
      damage:
        landed === null
          ? null
          : {
              to: landed.side === 'targets' ? 'target' : 'attacker',
              rolled: landed.rolled,
              beforeArmour: landed.damage,
              armour: landed.armour,
              afterArmour: landed.afterArmour,
              wound: landed.wound,
              stoppedByShield: landed.location === null,
            },
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Odds
// ---------------------------------------------------------------------------------------------

function computeOdds(p: Prepared): OddsView {
  const { s, attacker, target } = p;
  const ranged = s.mode === 'ranged';
  const combat = combatOdds(
    { tn: p.attack.tn, ...p.attackerCrits, ranged, area: s.area },
    attackDefenceInput(p, undefined),
    p.luckyOverTn,
  );
  const situation = { lowerOfTwo: s.cover === 'penetrable', swingMeters: s.swingMeters, swimming: s.swimming };
  const raw = damageBeforeArmour(s.damage, situation);
  const toTarget = damageToTarget(combat, raw, target, s, s.magicDamage);
  const wt = woundThreshold(target);
  const attackTest = testOdds({ tn: p.attack.tn, ...p.attackerCrits }, p.luckyOverTn);

  const figures: OddsFigure[] = [
    percent('Attack test succeeds', attackTest.success),
    percent(`Hits ${target.name}${s.area ? ' (body)' : ''}`, combat.hit),
  ];
  if (s.defence === 'block')
    figures.push(percent(s.area ? 'Blocked (half damage to the body)' : 'Blocked by the shield', combat.blocked));
  figures.push(
    percent('Damage gets through armour', 1 - toTarget[0]!),
    { label: 'Expected damage after AR', value: mean(toTarget), format: 'number' },
    percent(`Wound (more than WT ${wt} after AR)`, sumAbove(toTarget, wt)),
  );
  if (!ranged) {
    figures.push(
      percent(`${attacker.name} gains Advantage`, combat.attackerAdvantages[1]! + combat.attackerAdvantages[2]!),
      percent(`${target.name} gains Advantage`, combat.defenderAdvantages[1]! + combat.defenderAdvantages[2]!),
    );
  }
  if (s.defence === 'counter') {
    const attackerArmour = armourByLocation(attacker);
    const counterRaw = damageBeforeArmour(s.counterDamage, { lowerOfTwo: false, swingMeters: 0, swimming: s.swimming });
    const toAttacker: number[] = [0];
    HIT_LOCATIONS.forEach((location, i) => {
      accumulate(toAttacker, counterRaw, combat.counterLocation[location], (v) => Math.max(0, v - attackerArmour[i]!));
    });
    toAttacker[0]! += 1 - combat.counter;
    const attackerWt = woundThreshold(attacker);
    figures.push(
      percent(`Counter-attack hits ${attacker.name}`, combat.counter),
      { label: `Expected damage to ${attacker.name}`, value: mean(toAttacker), format: 'number' },
      percent(`${attacker.name} wounded (more than WT ${attackerWt})`, sumAbove(toAttacker, attackerWt)),
    );
  }
  figures.push(
    percent('Attack critical success', attackTest.criticalSuccess),
    percent('Attack critical failure', attackTest.criticalFailure),
  );
  const swing = swingBonus(s.swingMeters);
  return {
    figures,
    distribution: { label: `Damage to ${target.name} after AR`, outcomes: outcomesOf(toTarget) },
    note: `Exact: every attack and defence roll pair and every damage roll counted, for the ${defenceLabel(s.defence).toLowerCase()} chosen${
      s.defenderUnaware || s.defenderNoAp ? ' (which fails automatically)' : ''
    }${swing > 0 ? `, +${swing} damage for swinging in` : ''}.`,
  };
}

export function attackOdds(mode: AttackMode, setup: SetupValues, context: ResolveContext): OddsView {
  const entry = checked(mode, setup, context);
  if (entry.prepared === null) return { figures: [], note: `No odds until this is fixed: ${entry.problems[0]}` };
  entry.odds ??= computeOdds(entry.prepared);
  return entry.odds;
}
