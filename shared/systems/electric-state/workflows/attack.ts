import { memoizeBySetup } from '../../../system-kit/memo';
import { RulesError } from '../../../errors';
import { RANGE_LABELS, isOpposed, type Weapon } from './rules';
import type {
  OddsFigure,
  OddsView,
  Resolution,
  ResolveContext,
  ResolveWorkflow,
  SetupValues,
} from '../../../system-kit/workflow';
import { attackerAction, targetReaction } from '../../../system-kit/spends';
import { SetupReader, perContext, cite, options, readAttacker, readOneTarget, weaponFromRow } from './common';
import { damageOutcomes, downLabel, hitOutcomes, number, percent, rawOnHit, targetChances } from './exact';
import {
  EMPTY_SHOT,
  applyShotStage,
  planShot,
  pushOffer,
  shotNeeded,
  shotOdds,
  shotOutcome,
  type ShotPlan,
  type ShotStageKind,
  type ShotState,
} from './shot';
import {
  DAMAGE_WEAPONS,
  attackerDefaults,
  attackerFields,
  readShotSetup,
  readWeapon,
  targetDefaults,
  targetFields,
} from './shot-fields';
import { defaultWeapon, readSheets, weaponChoices } from './sheets';
import { walk, type StageMachine } from './stages';

/**
 * "Attack": one attacker, one weapon from the Weapons Table, one target (seed: Close Combat,
 * Ranged Combat, Range Bands, Ambushes, Body Armor, Damage & Health).
 */

interface Built {
  readonly problems: readonly string[];
  readonly plan: ShotPlan | null;
}

/** Weapons that deal damage to one target: the taser and explosives have their own workflows. */
const fits = (w: Weapon) => !w.taser && !w.explosive;
const weapons = perContext((context: ResolveContext) => weaponChoices(context, DAMAGE_WEAPONS, fits));

const defaults = perContext((context: ResolveContext): SetupValues => {
  return {
    ...attackerDefaults(context, defaultWeapon(context, fits, 'unarmed')),
    ...targetDefaults(context.targets[0], 0, false, 'engaged'),
  };
});

function planFor(setup: SetupValues, context: ResolveContext): Built {
  const problems: string[] = [];
  const opts = options(context.toggles, problems);
  const attacker = readAttacker(context, problems);
  const target = readOneTarget(context, problems);
  const r = new SetupReader(setup, defaults(context), problems);
  const weapon = readWeapon(r, weapons(context));
  const shot = readShotSetup(r, weapon, 0, false, target?.name ?? 'the target');
  let plan: ShotPlan | null = null;
  if (attacker && target && problems.length === 0)
    plan = planShot(shot, attacker, target, opts, problems, context.combatStarted);
  return { problems, plan: problems.length === 0 ? plan : null };
}

/** One plan per setup and context: the panel asks for its problems, odds and next stage in a row. */
const build = memoizeBySetup(planFor);

function requirePlan(setup: SetupValues, context: ResolveContext): ShotPlan {
  const { problems, plan } = build(setup, context);
  if (!plan) throw new RulesError('not-allowed', problems[0] ?? 'The attack cannot be rolled.');
  return plan;
}

function machine(plan: ShotPlan): StageMachine<ShotState> {
  return {
    initial: EMPTY_SHOT,
    needed: (s) => shotNeeded(plan, s),
    offers: (s) => {
      const push = pushOffer(plan, s);
      return push ? [push] : [];
    },
    apply: (s, stage, groups) => applyShotStage(plan, s, stage.id as ShotStageKind, groups),
  };
}

function odds(setup: SetupValues, context: ResolveContext): OddsView {
  const plan = requirePlan(setup, context);
  const t = plan.target;
  const beforeArmor = plan.options.instantKill === 'before-armor';
  const protection = plan.cover.level + plan.armorLevel;
  const chances = (o: ReturnType<typeof shotOdds>) =>
    targetChances(hitOutcomes(rawOnHit(o.damageBeforeProtection), protection, 2 * t.maxHealth, beforeArmor), t.health);
  const plain = shotOdds(plan, 'never');
  const plainChances = chances(plain);
  const pushes = plan.attacker.kind === 'pc';
  const pushed = pushes ? shotOdds(plan, 'if-failed') : null;
  const pushedChances = pushed ? chances(pushed) : null;
  const figures: OddsFigure[] = [percent('Hit', plain.hit)];
  if (pushed) figures.push(percent('Hit, pushing a miss', pushed.hit));
  figures.push(number(`Expected damage to ${t.name}`, plain.expectedDamageToTarget));
  if (pushed) figures.push(number(`Expected damage to ${t.name}, pushing a miss`, pushed.expectedDamageToTarget));
  figures.push(percent(downLabel(t.name, t.health), plainChances.down));
  if (pushedChances) figures.push(percent(`${downLabel(t.name, t.health)}, pushing a miss`, pushedChances.down));
  figures.push(percent(`${t.name} killed outright`, plainChances.killed));
  if (plan.defense === 'fight-back') {
    figures.push(percent(`${t.name} wins the fight-back`, plain.defenderWins));
    figures.push(number(`Expected damage to ${plan.attacker.name}`, plain.expectedDamageToAttacker));
  } else if (plan.defense === 'dodge') {
    figures.push(percent(`${t.name} dodges (equal or more sixes)`, plain.miss));
  }
  const chosen = isOpposed(plan.defense)
    ? `${t.name} ${plan.defense === 'dodge' ? 'dodging' : 'fighting back'}`
    : `${t.name} taking the hit`;
  return {
    figures,
    distribution: {
      label: `Damage to ${t.name} after cover and armour`,
      outcomes: damageOutcomes(plain.damageToTarget),
    },
    note: `Exact, for ${chosen}${pushes ? `; "pushing a miss" means ${plan.attacker.name} pushes only when the first roll does not hit` : ''}.`,
  };
}

function resolve(
  setup: SetupValues,
  context: ResolveContext,
  rolled: Parameters<ResolveWorkflow['resolve']>[2],
): Resolution {
  const plan = requirePlan(setup, context);
  const m = machine(plan);
  const { state, pending } = walk(m, rolled, plan);
  if (pending) throw new RulesError('not-allowed', `Roll this first: ${pending.label}.`);
  const out = shotOutcome(plan, state, plan.target.health);
  const r = out.result;
  const a = plan.attacker.name;
  const t = plan.target.name;
  let what: string;
  if (r.hit) {
    const blocked = r.coverBlocked + r.armorBlocked;
    what = `hit, ${r.damageBeforeProtection} damage${blocked > 0 ? ` − ${blocked} blocked = ${r.damageToTarget}` : ''}${out.instantKill ? ', killed outright' : ''}`;
  } else if (r.winner === 'defender' && plan.defense === 'fight-back') {
    what = `${t} wins the fight-back, ${a} takes ${r.damageToAttacker} damage`;
  } else {
    what =
      plan.defense === 'dodge'
        ? 'dodged'
        : r.winner === 'none' && plan.defense === 'fight-back'
          ? 'equal sixes, no one hurt'
          : 'miss';
  }
  const summary = `${a} → ${t} (${plan.weapon.name.toLowerCase()}, ${RANGE_LABELS[plan.range]}): ${what}${state.push ? `; pushed${out.hopeLost > 0 ? `, ${out.hopeLost} Hope lost` : ''}` : ''}.`;
  return {
    steps: cite([...plan.steps, ...out.steps]),
    summary,
    effects: out.effects,
    followUps: m.offers(state),
    result: { workflow: 'attack', attacker: a, ...out.json, hopeLost: out.hopeLost },
    // Fighting back and dodging are reactions (seed: Action Types): the target forfeits its next turn.
    spends: [attackerAction('action'), ...(isOpposed(plan.defense) ? [targetReaction(plan.defense)] : [])],
  };
}

export const attackWorkflow: ResolveWorkflow = {
  id: 'electric-state.attack',
  systemId: 'electric-state',
  label: 'Attack',
  attackers: 'one',
  targets: 'one',
  fields(context) {
    return [
      ...attackerFields(
        weapons(context),
        'Close combat at Engaged rolls Strength; ranged rolls Agility; a firearm at Engaged rolls Strength. Taser and explosives have their own workflows.',
        true,
      ),
      ...targetFields(context.targets[0], 0, false, { range: true, defence: true, cover: true, armour: true }),
    ];
  },
  defaults,
  fromSheets: (context) => readSheets(context, fits, () => 'armorLevel'),
  problems: (setup, context) => build(setup, context).problems,
  odds,
  nextStage(setup, context, rolled) {
    const plan = requirePlan(setup, context);
    return walk(machine(plan), rolled, plan).pending;
  },
  resolve,
  fromTableRow(tableId, rowIndex) {
    const w = weaponFromRow(tableId, rowIndex);
    return w && DAMAGE_WEAPONS.includes(w) ? { weapon: w.id } : null;
  },
};
