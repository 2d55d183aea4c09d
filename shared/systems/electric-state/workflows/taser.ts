import { memoizeBySetup } from '../../../system-kit/memo';
import { attackerAction, targetReaction } from '../../../system-kit/spends';
import { RulesError } from '../../../errors';
import type { ExplainStep } from '../../../system-kit/rule-system';
import {
  RANGE_LABELS,
  SECTION,
  TASER_RESIST_PENALTY,
  attributePool,
  countSixes,
  finalSixesDistribution,
  getWeapon,
  isOpposed,
  plural,
  pushRoll,
  rerollableCount,
  resolveTaser,
  rule,
  step,
  type DicePool,
  type PushResult,
  type Weapon,
} from './rules';
import type {
  DiceStage,
  Effect,
  FollowUp,
  OddsFigure,
  OddsView,
  Resolution,
  ResolveContext,
  ResolveWorkflow,
  RolledStage,
  SetupValues,
} from '../../../system-kit/workflow';
import {
  HOPE_LOSS,
  LOST_TURN_CONDITION,
  SetupReader,
  perContext,
  cite,
  options,
  readAttacker,
  readOneTarget,
  weaponFromRow,
} from './common';
import { number, percent } from './exact';
import {
  EMPTY_SHOT,
  applyShotStage,
  planShot,
  pushOffer,
  shotCore,
  shotNeeded,
  shotOdds,
  shotOutcome,
  shotResult,
  finalAttackDice,
  type ShotPlan,
  type ShotStageKind,
  type ShotState,
} from './shot';
import {
  attackerDefaults,
  attackerFields,
  readShotSetup,
  readWeapon,
  targetDefaults,
  targetFields,
} from './shot-fields';
import { defaultWeapon, readSheets, weaponChoices } from './sheets';
import { d6Stage, walk, type StageMachine } from './stages';

/**
 * "Taser" ★: an attack roll like any other (the target may fight back or dodge), no damage; on a
 * hit the target rolls Strength at −2 dice and without a 6 loses their next turn (seed: Weapons
 * Table). The attacker may push a miss; a player-character target may push the Strength roll.
 */

const TASER = getWeapon('taser');
/** Tasers (★); the workflow has no neurocaster field. */
const fits = (w: Weapon) => w.taser && !w.neurocaster;
const weapons = perContext((context: ResolveContext) => weaponChoices(context, [TASER], fits));

interface TaserPlan {
  readonly shot: ShotPlan;
  readonly resistPool: DicePool;
  readonly resistSteps: readonly ExplainStep[];
}

interface Built {
  readonly problems: readonly string[];
  readonly plan: TaserPlan | null;
}

interface TaserState {
  readonly shot: ShotState;
  readonly resist: readonly number[] | null;
  readonly resistPush: PushResult | null;
}

const defaults = perContext((context: ResolveContext): SetupValues => {
  return {
    ...attackerDefaults(context, defaultWeapon(context, fits, TASER.id)),
    ...targetDefaults(context.targets[0], 0, false, 'engaged'),
  };
});

function planFor(setup: SetupValues, context: ResolveContext): Built {
  const problems: string[] = [];
  const opts = options(context.toggles, problems);
  const attacker = readAttacker(context, problems);
  const target = readOneTarget(context, problems);
  const r = new SetupReader(setup, defaults(context), problems);
  const shotSetup = readShotSetup(r, readWeapon(r, weapons(context)), 0, false, target?.name ?? 'the target');
  if (target?.incapacitated) {
    problems.push(`${target.name} is Incapacitated (0 Health): they already cannot act, so a taser changes nothing.`);
  }
  let plan: TaserPlan | null = null;
  if (attacker && target && problems.length === 0) {
    const shot = planShot(shotSetup, attacker, target, opts, problems, context.combatStarted);
    if (shot) {
      const resistPool = attributePool(
        {
          attribute: 'strength',
          value: target.stats.strength,
          modifier: shotSetup.defenceModifier - TASER_RESIST_PENALTY,
        },
        opts,
      );
      plan = { shot, resistPool, resistSteps: resistPool.steps };
    }
  }
  return { problems, plan: problems.length === 0 ? plan : null };
}

/** One plan per setup and context: the panel asks for its problems, odds and next stage in a row. */
const build = memoizeBySetup(planFor);

function requirePlan(setup: SetupValues, context: ResolveContext): TaserPlan {
  const { problems, plan } = build(setup, context);
  if (!plan) throw new RulesError('not-allowed', problems[0] ?? 'The taser cannot be used.');
  return plan;
}

const RESIST = 'resist';
const PUSH_RESIST = 'push-resist';

function resistFaces(s: TaserState): number[] {
  if (s.resistPush) return [...s.resistPush.base];
  return s.resist ? [...s.resist] : [];
}

function resistStage(plan: TaserPlan): DiceStage {
  const t = plan.shot.target;
  return d6Stage(
    RESIST,
    `${t.name} resists the taser: Strength at −${TASER_RESIST_PENALTY}, ${plural(plan.resistPool.dice, 'die', 'dice')}; without a 6 they lose their next turn`,
    t.name,
    plan.resistPool.base,
  );
}

function resistPushOffer(plan: TaserPlan, s: TaserState): FollowUp | null {
  const t = plan.shot.target;
  if (t.kind !== 'pc' || !s.resist || s.resistPush || countSixes(s.resist) > 0) return null;
  const n = rerollableCount(s.resist, []);
  if (n === 0) return null;
  const label = `${t.name} pushes the Strength roll: reroll ${plural(n, 'die', 'dice')}`;
  return {
    id: PUSH_RESIST,
    label,
    description: `${t.name} rerolls every die showing neither 6 nor 1; afterwards each 1 costs them 1 Hope.`,
    rule: rule(SECTION.pushing, 'book'),
    stage: d6Stage(PUSH_RESIST, label, t.name, n),
  };
}

function machine(plan: TaserPlan): StageMachine<TaserState> {
  return {
    initial: { shot: EMPTY_SHOT, resist: null, resistPush: null },
    needed(s) {
      const next = shotNeeded(plan.shot, s.shot);
      if (next) return next;
      if (shotCore(plan.shot, s.shot).hit && !s.resist && plan.resistPool.dice > 0) return resistStage(plan);
      return null;
    },
    offers(s) {
      const out: FollowUp[] = [];
      // Pushing a hit changes nothing (the taser deals no damage): a push is offered only on a miss.
      const push = pushOffer(plan.shot, s.shot, undefined, true);
      if (push) out.push(push);
      const resistPush = resistPushOffer(plan, s);
      if (resistPush) out.push(resistPush);
      return out;
    },
    apply(s, stage, groups) {
      if (stage.id === RESIST) return { ...s, resist: [...(groups[0] ?? [])] };
      if (stage.id === PUSH_RESIST) {
        const resistPush = pushRoll(
          { base: s.resist ?? [], gear: [], reroll: [...(groups[0] ?? [])], kind: 'taser-resist', roller: 'pc' },
          plan.shot.options,
        );
        return { ...s, resistPush };
      }
      return { ...s, shot: applyShotStage(plan.shot, s.shot, stage.id as ShotStageKind, groups) };
    },
  };
}

function loseChance(dice: number, push: boolean): number {
  if (dice === 0) return 1;
  return finalSixesDistribution(dice, push ? 0 : -1)[0]!;
}

function odds(setup: SetupValues, context: ResolveContext): OddsView {
  const plan = requirePlan(setup, context);
  const shot = plan.shot;
  const t = shot.target;
  const plain = shotOdds(shot, 'never');
  const attackerPushes = shot.attacker.kind === 'pc';
  const pushed = attackerPushes ? shotOdds(shot, 'if-failed') : null;
  const lose = loseChance(plan.resistPool.dice, false);
  const targetPushes = t.kind === 'pc' && plan.resistPool.dice > 0;
  const figures: OddsFigure[] = [percent('Hit', plain.hit)];
  if (pushed) figures.push(percent('Hit, pushing a miss', pushed.hit));
  figures.push(percent(`${t.name} fails the Strength roll (if hit)`, lose));
  figures.push(percent(`${t.name} loses their next turn`, plain.hit * lose));
  if (pushed) figures.push(percent(`${t.name} loses their next turn, pushing a miss`, pushed.hit * lose));
  if (targetPushes) {
    figures.push(
      percent(
        `${t.name} loses their next turn if they push the Strength roll`,
        plain.hit * loseChance(plan.resistPool.dice, true),
      ),
    );
  }
  if (shot.defense === 'fight-back') {
    figures.push(percent(`${t.name} wins the fight-back`, plain.defenderWins));
    figures.push(number(`Expected damage to ${shot.attacker.name}`, plain.expectedDamageToAttacker));
  }
  return {
    figures,
    distribution: {
      label: 'Outcome',
      outcomes: [
        { label: isOpposed(shot.defense) ? 'No hit' : 'Miss', p: plain.miss },
        { label: `Hit, ${t.name} keeps their turn`, p: plain.hit * (1 - lose) },
        { label: `Hit, ${t.name} loses their next turn`, p: plain.hit * lose },
      ],
    },
    note: `Exact, without pushes${attackerPushes || targetPushes ? ' (the push figures assume a push only after a failed roll)' : ''}.`,
  };
}

function resolve(setup: SetupValues, context: ResolveContext, rolled: readonly RolledStage[]): Resolution {
  const plan = requirePlan(setup, context);
  const m = machine(plan);
  const { state, pending } = walk(m, rolled, plan);
  if (pending) throw new RulesError('not-allowed', `Roll this first: ${pending.label}.`);
  const shot = plan.shot;
  const t = shot.target;
  const out = shotOutcome(shot, state.shot, t.health);
  const steps: ExplainStep[] = [...shot.steps, ...out.steps];
  const effects: Effect[] = [...out.effects];
  const hit = shotResult(shot, state.shot).hit;
  let losesNextTurn: boolean | null = null;
  if (hit) {
    const taser = resolveTaser({
      defense: shot.defense,
      attackDice: finalAttackDice(state.shot),
      defenseDice: isOpposed(shot.defense) ? [...(state.shot.defence ?? [])] : undefined,
      defenderWeaponDamage: shot.defense === 'fight-back' ? shot.defenderWeaponDamage : undefined,
      targetAware: shot.aware,
      resistDice: resistFaces(state),
    });
    losesNextTurn = taser.losesNextTurn;
    steps.push(
      step(`${t.name} rolls Strength at −${TASER_RESIST_PENALTY} dice to shake it off.`, SECTION.weapons),
      ...plan.resistSteps,
    );
    if (state.resist)
      steps.push(
        step(
          `Strength roll: ${state.resist.join(' ')} — ${plural(countSixes(state.resist), 'six', 'sixes')}.`,
          SECTION.weapons,
        ),
      );
    if (state.resistPush) {
      // The push's first two steps (the reroll, the Hope); the Strength roll has no gear dice.
      steps.push(...state.resistPush.steps.slice(0, 2));
      if (state.resistPush.hopeLost > 0) {
        effects.push({
          on: { side: 'targets', index: t.index },
          harm: { kind: HOPE_LOSS, amount: state.resistPush.hopeLost },
        });
      }
    }
    steps.push(
      step(
        losesNextTurn
          ? `No 6: ${t.name} loses their next turn (this round's if they have not acted yet).`
          : `${t.name} rolled a 6 and keeps their next turn.`,
        SECTION.weapons,
      ),
    );
    if (losesNextTurn) effects.push({ on: { side: 'targets', index: t.index }, conditions: [LOST_TURN_CONDITION] });
  }
  const a = shot.attacker.name;
  const r = out.result;
  const what = hit
    ? losesNextTurn
      ? `hit, ${t.name} loses their next turn`
      : `hit, ${t.name} shakes it off`
    : r.winner === 'defender' && shot.defense === 'fight-back'
      ? `${t.name} wins the fight-back, ${a} takes ${r.damageToAttacker} damage`
      : 'miss';
  return {
    steps: cite(steps),
    summary: `${a} tasers ${t.name} (${RANGE_LABELS[shot.range]}): ${what}${state.shot.push ? '; pushed' : ''}.`,
    effects,
    followUps: m.offers(state),
    spends: [attackerAction('action'), ...(isOpposed(shot.defense) ? [targetReaction(shot.defense, t.index)] : [])],
    result: {
      workflow: 'taser',
      attacker: a,
      ...out.json,
      resistFaces: state.resist ? [...state.resist] : null,
      resistPushed: state.resistPush ? { base: state.resistPush.base, hopeLost: state.resistPush.hopeLost } : null,
      losesNextTurn,
      hopeLost: out.hopeLost,
    },
  };
}

export const taserWorkflow: ResolveWorkflow = {
  id: 'electric-state.taser',
  systemId: 'electric-state',
  label: 'Taser',
  attackers: 'one',
  targets: 'one',
  fields(context) {
    return [
      // The table has one taser: the choice is shown only when the attacker's sheet carries one too.
      ...attackerFields(
        weapons(context).length > 1 ? weapons(context) : null,
        'Tasers: the attacker’s own first, then the table’s.',
        false,
      ),
      ...targetFields(context.targets[0], 0, false, { range: true, defence: true, cover: false, armour: false }),
    ];
  },
  defaults,
  fromSheets: (context) => readSheets(context, fits, null),
  problems: (setup, context) => build(setup, context).problems,
  odds,
  nextStage(setup, context, rolled) {
    const plan = requirePlan(setup, context);
    return walk(machine(plan), rolled, plan).pending;
  },
  resolve,
  fromTableRow(tableId, rowIndex) {
    const w = weaponFromRow(tableId, rowIndex);
    return w?.taser ? {} : null;
  },
};
