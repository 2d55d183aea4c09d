import { RulesError, problemOf } from '../../../errors';
import type { ExplainStep } from '../../../system-kit/rule-system';
import {
  LOCATION_LABELS,
  coverEffect,
  modifyDamage,
  resolveCombat,
  type AttackInput,
  type CombatResult,
  type DefenseInput,
} from '../combat';
import { requireTn, resolveTest, type CritProfile } from '../d100';
import { combatOdds, testOdds } from '../odds';
import { RULES } from '../sections';
import { readToggles, type LuckyOverTn } from '../toggles';
import type {
  DiceStage,
  Effect,
  OddsFigure,
  OddsView,
  Participant,
  Resolution,
  ResolveContext,
  RollSpend,
  RolledStage,
  SetupValues,
} from '../../../system-kit/workflow';
import { attackerAction, targetReaction } from '../../../system-kit/spends';
import { damageBeforeArmour, damageTotal, describeDice } from './damage';
import {
  blocked,
  damageToTarget,
  defenceInput,
  defenceRolls,
  defenceTn,
  land,
  mean,
  outcomesOf,
  percent,
  rollStep,
  sumAbove,
  testJson,
  woundedAndModified,
  type Landed,
  type TargetNumber,
} from './exchange-kit';
import { critProfile, isDown, isStunned, woundThreshold } from './participants';
import { SPELL_DEFENCE_LABELS, readSpellSetup, type SpellSetup } from './spell-fields';
import {
  checkKey,
  contentCache,
  oneOnOneProblems,
  oddsOnce,
  preparedOrThrow,
  walkStages,
  type Checked,
  type Faces,
} from './workflow-kit';

/**
 * A spell attack (seed, The combat roll): the caster tests the spell's school skill; the defender
 * may Evade or Block (Parry is melee only). Spells never gain Advantage, so a failed cast needs no
 * defence roll. The spell's damage is magic damage: a Block's shield counts its BR as half
 * (round up) unless the BR is magic. It is one of the caster's 2 attacks a round.
 */

const WORDS = { actor: 'who casts the spell', target: 'the target of the spell', act: 'cast a spell' };

interface Prepared {
  readonly s: SpellSetup;
  readonly caster: Participant;
  readonly target: Participant;
  readonly luckyOverTn: LuckyOverTn;
  readonly cast: TargetNumber;
  /** null when the defender makes no defence test (none chosen, unaware, out of AP). */
  readonly defence: TargetNumber | null;
  readonly casterCrits: CritProfile;
  readonly targetCrits: CritProfile;
}

function castTn(s: SpellSetup, caster: Participant): TargetNumber {
  const cast = woundedAndModified(
    {
      tn: s.schoolTn,
      steps: [{ text: `${caster.name} casts with the spell's school skill: TN ${s.schoolTn}.`, rule: RULES.attack }],
      parts: [`school skill ${s.schoolTn}`],
    },
    caster.name,
    s.casterWounded,
    s.castModifier,
  );
  requireTn('The casting TN', cast.tn);
  return cast;
}

function spellDefenceTn(s: SpellSetup, target: Participant): TargetNumber {
  return defenceTn(s, target, SPELL_DEFENCE_LABELS[s.defence]);
}

// ---------------------------------------------------------------------------------------------
// Problems and the prepared spell
// ---------------------------------------------------------------------------------------------

function ruleProblems(s: SpellSetup, target: Participant): string[] {
  const problems: string[] = [];
  if (s.cover === 'impenetrable') problems.push(coverEffect('impenetrable').steps[0]!.text);
  if (s.defence !== 'none') {
    if (isDown(target)) {
      problems.push(`${target.name} is down (HP 0 or less) and can make no reactions: choose No defence.`);
    } else if (isStunned(target)) {
      problems.push(`${target.name} is stunned (head wound) and can make no reactions: choose No defence.`);
    }
  }
  if (s.defence === 'block' && s.shieldBr === 0) {
    problems.push("A Block needs a shield: enter the shield's Block Rating (BR).");
  }
  return problems;
}

const checkedCache = contentCache<Checked<Prepared>>();

function check(setup: SetupValues, context: ResolveContext): Checked<Prepared> {
  return checkedCache(checkKey(setup, context), () => {
    const who = oneOnOneProblems(context, WORDS);
    if (who.length > 0) return { problems: who, prepared: null };
    const read = readSpellSetup(setup, context);
    if (!read.setup) return { problems: read.problems, prepared: null };
    const s = read.setup;
    const caster = context.attackers[0]!;
    const target = context.targets[0]!;
    const problems = ruleProblems(s, target);
    const castProblem = problemOf(() => castTn(s, caster));
    if (castProblem) problems.push(castProblem);
    const rolls = defenceRolls(s);
    const defenceProblem = rolls ? problemOf(() => spellDefenceTn(s, target)) : null;
    if (defenceProblem) problems.push(defenceProblem);
    if (problems.length > 0) return { problems, prepared: null };
    return {
      problems,
      prepared: {
        s,
        caster,
        target,
        luckyOverTn: readToggles(context.toggles).luckyOverTnDegrees,
        cast: castTn(s, caster),
        defence: rolls ? spellDefenceTn(s, target) : null,
        casterCrits: critProfile(caster),
        targetCrits: critProfile(target),
      },
    };
  });
}

function prepare(setup: SetupValues, context: ResolveContext): Prepared {
  return preparedOrThrow(check(setup, context));
}

export function spellProblems(setup: SetupValues, context: ResolveContext): string[] {
  return [...check(setup, context).problems];
}

// ---------------------------------------------------------------------------------------------
// The exchange and the stages
// ---------------------------------------------------------------------------------------------

function attackInput(p: Prepared, roll: number): AttackInput {
  return { tn: p.cast.tn, roll, ...p.casterCrits, spell: true, area: p.s.area };
}

function spellDefenceInput(p: Prepared, roll: number | undefined): DefenseInput {
  return defenceInput(p.s, p.targetCrits, p.defence, roll);
}

function castSucceeds(p: Prepared, roll: number): boolean {
  return resolveTest({ tn: p.cast.tn, roll, ...p.casterCrits }, p.luckyOverTn).success;
}

/** The combat roll on the faces so far; a failed cast skips the defence roll (no Advantage at stake). */
function exchange(p: Prepared, faces: Faces): { combat: CombatResult; steps: ExplainStep[] } {
  const castRoll = faces.get('cast')![0]!;
  const defenceRoll = faces.get('defence')?.[0];
  if (p.defence !== null && defenceRoll === undefined) {
    const combat = resolveCombat(attackInput(p, castRoll), { type: 'none' }, p.luckyOverTn);
    return {
      combat: { ...combat, effectiveDefense: p.s.defence },
      steps: [
        combat.steps[0]!,
        {
          text: `A failed spell misses whatever the defence, and spells gain no Advantage: ${p.target.name} need not roll the ${SPELL_DEFENCE_LABELS[p.s.defence]}.`,
          rule: RULES.advantage,
        },
      ],
    };
  }
  const combat = resolveCombat(attackInput(p, castRoll), spellDefenceInput(p, defenceRoll), p.luckyOverTn);
  return { combat, steps: combat.steps };
}

function damageStage(id: string, label: string, p: Prepared): DiceStage {
  return { id, label, roller: p.caster.name, count: p.s.damage.count, sides: p.s.damage.sides };
}

function stageAfter(p: Prepared, faces: Faces): DiceStage | null {
  if (!faces.has('cast')) {
    return {
      id: 'cast',
      label: `Spell: d100 against TN ${p.cast.tn} (${p.cast.parts.join(', ')})`,
      roller: p.caster.name,
      count: 1,
      sides: 100,
    };
  }
  if (p.defence !== null && !faces.has('defence') && castSucceeds(p, faces.get('cast')![0]!)) {
    return {
      id: 'defence',
      label: `${SPELL_DEFENCE_LABELS[p.s.defence]}: d100 against TN ${p.defence.tn} (${p.defence.parts.join(', ')})`,
      roller: p.target.name,
      count: 1,
      sides: 100,
    };
  }
  if (exchange(p, faces).combat.outcome === 'miss') return null;
  if (!faces.has('damage')) return damageStage('damage', `Spell damage: ${describeDice(p.s.damage)} (magic)`, p);
  if (p.s.cover === 'penetrable' && !faces.has('damage-again')) {
    return damageStage(
      'damage-again',
      `Penetrable cover: roll the damage again (${describeDice(p.s.damage)}), the lower counts`,
      p,
    );
  }
  return null;
}

export function spellNextStage(
  setup: SetupValues,
  context: ResolveContext,
  rolled: readonly RolledStage[],
): DiceStage | null {
  const p = prepare(setup, context);
  return walkStages((faces) => stageAfter(p, faces), rolled).next;
}

// ---------------------------------------------------------------------------------------------
// Resolution
// ---------------------------------------------------------------------------------------------

function damageBeforeAr(p: Prepared, faces: Faces, steps: ExplainStep[]): { rolled: number; damage: number } {
  const dice = p.s.damage;
  const first = faces.get('damage')!;
  const rolled = damageTotal(dice, first);
  steps.push(rollStep('Spell damage', dice, first, rolled));
  const again = faces.get('damage-again');
  if (again === undefined) return { rolled, damage: rolled };
  const second = damageTotal(dice, again);
  steps.push(rollStep('Second damage roll', dice, again, second));
  const cover = modifyDamage({ kind: 'penetrable-cover', rolls: [rolled, second] });
  steps.push(...cover.steps);
  return { rolled, damage: cover.damage };
}

function resolveDamage(p: Prepared, faces: Faces, combat: CombatResult, steps: ExplainStep[]): Landed | null {
  if (combat.outcome === 'miss') return null;
  const { rolled, damage } = damageBeforeAr(p, faces, steps);
  if (combat.outcome === 'hit') return land(p.target, combat.location!, rolled, damage, steps);
  // A spell's damage is magic damage: the Block halves a plain shield's BR.
  return blocked(p.s, true, p.target, rolled, damage, steps);
}

function summaryOf(p: Prepared, combat: CombatResult, landed: Landed | null): string {
  const head = `${p.caster.name} casts at ${p.target.name} (${describeDice(p.s.damage)} magic, ${combat.attack.roll} vs TN ${combat.attack.tn})`;
  if (landed === null) {
    const why = !combat.attack.success
      ? 'the spell fails'
      : combat.winner === null
        ? 'nothing resolves'
        : `${SPELL_DEFENCE_LABELS[p.s.defence].toLowerCase()} succeeds`;
    return `${head}: miss, ${why}.`;
  }
  if (landed.location === null) return `${head}: blocked, ${landed.damage} damage does not beat the shield's BR.`;
  const damage = `${landed.damage} − AR ${landed.armour} = ${landed.afterArmour} damage${landed.wound ? ', a wound' : ''}`;
  const where = LOCATION_LABELS[landed.location];
  const verb =
    combat.outcome === 'blocked'
      ? p.s.area
        ? 'blocked (half damage), body'
        : `blocked, through to the ${where}`
      : `hit, ${where}`;
  return `${head}: ${verb}, ${damage}.`;
}

/** The cast (1 AP, one of the round's 2 attacks) and the defender's Evade or Block (1 AP), if made. */
function spendsOf(s: SpellSetup): RollSpend[] {
  if (s.defence === 'none' || s.defenderUnaware || s.defenderNoAp) return [attackerAction('attack')];
  return [attackerAction('attack'), targetReaction(s.defence)];
}

export function spellResolve(setup: SetupValues, context: ResolveContext, rolled: readonly RolledStage[]): Resolution {
  const p = prepare(setup, context);
  const { faces, next } = walkStages((f) => stageAfter(p, f), rolled);
  if (next !== null) throw new RulesError('not-allowed', `Roll the next stage first: ${next.label}.`);
  const steps: ExplainStep[] = [
    { text: `A spell attack is one of ${p.caster.name}'s 2 attacks this round.`, rule: RULES.attackLimit },
    ...p.cast.steps,
  ];
  if (p.defence !== null && faces.has('defence')) steps.push(...p.defence.steps);
  if (p.s.cover === 'penetrable') steps.push(...coverEffect('penetrable').steps);
  const { combat, steps: combatSteps } = exchange(p, faces);
  steps.push(...combatSteps);
  const landed = resolveDamage(p, faces, combat, steps);
  const effects: Effect[] = [];
  if (landed !== null && landed.location !== null && landed.afterArmour > 0) {
    // The tracker's applyHarm records a wound and its conditions itself.
    effects.push({
      on: { side: 'targets', index: 0 },
      harm: { kind: 'damage', amount: landed.afterArmour, location: landed.location },
    });
  }
  return {
    steps,
    summary: summaryOf(p, combat, landed),
    effects,
    followUps: [],
    spends: spendsOf(p.s),
    result: {
      workflow: 'spell-attack',
      cast: testJson(combat.attack),
      defence: testJson(combat.defense),
      chosenDefence: p.s.defence,
      effectiveDefence: combat.effectiveDefense,
      outcome: combat.outcome,
      winner: combat.winner,
      location: landed?.location ?? combat.location ?? null,
      damage:
        landed === null
          ? null
          : {
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
  const { s, target } = p;
  const combat = combatOdds(
    { tn: p.cast.tn, ...p.casterCrits, spell: true, area: s.area },
    spellDefenceInput(p, undefined),
    p.luckyOverTn,
  );
  const raw = damageBeforeArmour(s.damage, { lowerOfTwo: s.cover === 'penetrable', swingMeters: 0, swimming: false });
  // Magic damage: the shield's BR counts as half (round up) unless the BR is magic.
  const toTarget = damageToTarget(combat, raw, target, s, true);
  const wt = woundThreshold(target);
  const cast = testOdds({ tn: p.cast.tn, ...p.casterCrits }, p.luckyOverTn);
  const figures: OddsFigure[] = [
    percent('Spell test succeeds', cast.success),
    percent(`Hits ${target.name}${s.area ? ' (body)' : ''}`, combat.hit),
  ];
  if (s.defence === 'block')
    figures.push(percent(s.area ? 'Blocked (half damage to the body)' : 'Blocked by the shield', combat.blocked));
  figures.push(
    percent('Damage gets through armour', 1 - toTarget[0]!),
    { label: 'Expected damage after AR', value: mean(toTarget), format: 'number' },
    percent(`Wound (more than WT ${wt} after AR)`, sumAbove(toTarget, wt)),
    percent('Spell critical success', cast.criticalSuccess),
    percent('Spell critical failure', cast.criticalFailure),
  );
  return {
    figures,
    distribution: { label: `Damage to ${target.name} after AR`, outcomes: outcomesOf(toTarget) },
    note: `Exact: every casting and defence roll pair and every damage roll counted, for the ${SPELL_DEFENCE_LABELS[s.defence].toLowerCase()} chosen${
      s.defence !== 'none' && (s.defenderUnaware || s.defenderNoAp) ? ' (which fails automatically)' : ''
    }; spells gain no Advantage.`,
  };
}

const oddsCache = new WeakMap<Prepared, OddsView>();

export function spellOdds(setup: SetupValues, context: ResolveContext): OddsView {
  return oddsOnce(oddsCache, check(setup, context), computeOdds);
}
