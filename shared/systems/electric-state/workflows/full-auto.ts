import { memoizeBySetup } from '../../../system-kit/memo';
import { attackerAction, reactionsOnce } from '../../../system-kit/spends';
import { RulesError } from '../../../errors';
import type { ExplainStep } from '../../../system-kit/rule-system';
import { MAX_FULL_AUTO_SHOTS, SECTION, WEAPONS, isOpposed, resolveFullAuto, rule, step, type Weapon } from './rules';
import type {
  Effect,
  FieldDef,
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
  SetupReader,
  fid,
  perContext,
  cite,
  options,
  readAttacker,
  readTargets,
  weaponFromRow,
  type Fighter,
} from './common';
import { damageOutcomes, downLabel, hitOutcomes, number, percent, rawOnHit, type HitOutcome } from './exact';
import {
  EMPTY_SHOT,
  applyShotStage,
  finalAttackDice,
  planShot,
  pushOffer,
  shotCore,
  shotNeeded,
  shotOdds,
  shotOutcome,
  type ShotPlan,
  type ShotSetup,
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
import { walk, type StageMachine } from './stages';

/**
 * "Full auto" ◆: after a hit the attacker may fire again at the same or another target, a third
 * time if the second also hits; the burst empties the magazine (seed: Ranged Combat). Each shot is
 * an attack roll of its own — the target's choice, cover and armour per shot, a push per shot
 * (its gear damage lowers the bonus for the rest of the burst) — and "fire again" is a follow-up.
 */

const AUTO_WEAPONS: readonly Weapon[] = WEAPONS.filter((w) => w.fullAuto);
/** Fully automatic weapons; the burst has no neurocaster field, so a neurocaster weapon is fired with Attack. */
const fits = (w: Weapon) => w.fullAuto && !w.taser && !w.explosive && !w.neurocaster;
const weapons = perContext((context: ResolveContext) => weaponChoices(context, AUTO_WEAPONS, fits));
const SHOTS = [1, 2, 3] as const;

interface AutoPlan {
  readonly attacker: Fighter;
  readonly targets: readonly Fighter[];
  readonly weapon: Weapon;
  /** Target index of each shot. */
  readonly shotTargets: readonly number[];
  readonly setups: readonly ShotSetup[];
  /** The plan of one target's shot with the gear damage of earlier pushes in the burst; null if it cannot be fired. */
  shotPlan(target: number, extraGearDamage: number): ShotPlan | null;
}

interface Built {
  readonly problems: readonly string[];
  readonly plan: AutoPlan | null;
}

interface AutoState {
  readonly shots: readonly ShotState[];
}

function shotField(n: number): string {
  return `shot${n}`;
}

const defaults = perContext((context: ResolveContext): SetupValues => {
  const values: Record<string, string | number | boolean> = {
    ...attackerDefaults(context, defaultWeapon(context, fits, AUTO_WEAPONS[0]!.id)),
  };
  const count = Math.max(1, context.targets.length);
  context.targets.forEach((t, i) => Object.assign(values, targetDefaults(t, i, true, 'short')));
  // Each chosen target gets a shot in turn; the last one takes the rest of the burst.
  for (const n of SHOTS) values[shotField(n)] = String(Math.min(n - 1, count - 1));
  return values;
});

function planFor(setup: SetupValues, context: ResolveContext): Built {
  const problems: string[] = [];
  const opts = options(context.toggles, problems);
  const attacker = readAttacker(context, problems);
  if (context.targets.length === 0) problems.push('Choose the target (up to three: one per shot).');
  if (context.targets.length > MAX_FULL_AUTO_SHOTS) {
    problems.push(`A burst has at most ${MAX_FULL_AUTO_SHOTS} shots: choose at most ${MAX_FULL_AUTO_SHOTS} targets.`);
  }
  const targets = readTargets(context, problems);
  const r = new SetupReader(setup, defaults(context), problems);
  const weapon = readWeapon(r, weapons(context));
  const indices = context.targets.map((_, i) => String(i));
  const shotTargets = SHOTS.map((n) =>
    indices.length === 0
      ? 0
      : Number(r.choice(shotField(n), `Shot ${n} target`, indices, (i) => context.targets[Number(i)]?.name ?? i)),
  );
  const setups = targets.map((t, i) => readShotSetup(r, weapon, i, true, t.name));
  targets.forEach((t, i) => {
    if (!shotTargets.includes(i))
      problems.push(`No shot is aimed at ${t.name}: aim a shot at them or take them off the targets.`);
  });
  let plan: AutoPlan | null = null;
  if (attacker && targets.length === context.targets.length && problems.length === 0) {
    const cache = new Map<string, ShotPlan | null>();
    const shotPlan = (target: number, extra: number): ShotPlan | null => {
      const key = `${target}:${extra}`;
      if (!cache.has(key)) {
        const s = setups[target]!;
        const sink: string[] = [];
        cache.set(
          key,
          planShot(
            { ...s, gearDamage: s.gearDamage + extra },
            attacker,
            targets[target]!,
            opts,
            sink,
            context.combatStarted,
          ),
        );
        if (extra === 0) problems.push(...sink);
      }
      return cache.get(key)!;
    };
    targets.forEach((_, i) => shotPlan(i, 0));
    if (problems.length === 0) plan = { attacker, targets, weapon, shotTargets, setups, shotPlan };
  }
  return { problems, plan: problems.length === 0 ? plan : null };
}

/** One plan per setup and context: the panel asks for its problems, odds and next stage in a row. */
const build = memoizeBySetup(planFor);

function requirePlan(setup: SetupValues, context: ResolveContext): AutoPlan {
  const { problems, plan } = build(setup, context);
  if (!plan) throw new RulesError('not-allowed', problems[0] ?? 'The burst cannot be fired.');
  return plan;
}

/** The plan of shot n (1-based) given the pushes so far. */
function planOf(plan: AutoPlan, state: AutoState, n: number): ShotPlan | null {
  let extra = 0;
  for (let i = 0; i < n - 1; i++) extra += state.shots[i]?.push?.gearDamage ?? 0;
  return plan.shotPlan(plan.shotTargets[n - 1]!, extra);
}

function fireAgain(plan: AutoPlan, state: AutoState): FollowUp | null {
  const n = state.shots.length;
  const current = planOf(plan, state, n);
  if (n >= MAX_FULL_AUTO_SHOTS || !current || !shotCore(current, state.shots[n - 1]!).hit) return null;
  const next = planOf(plan, state, n + 1);
  if (!next) return null;
  const stage = shotNeeded(next, EMPTY_SHOT, n + 1)!;
  return {
    id: stage.id,
    label: `Fire again: shot ${n + 1} at ${next.target.name}`,
    description: `Shot ${n} hit, so ${plan.attacker.name} may fire again${n + 1 === MAX_FULL_AUTO_SHOTS ? ' one last time' : ''} (same or another target).`,
    rule: rule(SECTION.rangedCombat),
    stage,
  };
}

function machine(plan: AutoPlan): StageMachine<AutoState> {
  return {
    initial: { shots: [EMPTY_SHOT] },
    needed(s) {
      const n = s.shots.length;
      const p = planOf(plan, s, n);
      return p ? shotNeeded(p, s.shots[n - 1]!, n) : null;
    },
    offers(s) {
      const n = s.shots.length;
      const p = planOf(plan, s, n);
      const out: FollowUp[] = [];
      const push = p ? pushOffer(p, s.shots[n - 1]!, n) : null;
      if (push) out.push(push);
      const again = fireAgain(plan, s);
      if (again) out.push(again);
      return out;
    },
    apply(s, stage, groups) {
      const match = /^(.+)-(\d+)$/.exec(stage.id)!;
      const kind = match[1] as ShotStageKind;
      const n = Number(match[2]);
      if (n === s.shots.length + 1) {
        const p = planOf(plan, s, n)!;
        return { shots: [...s.shots, applyShotStage(p, EMPTY_SHOT, kind, groups)] };
      }
      const p = planOf(plan, s, n)!;
      return { shots: [...s.shots.slice(0, -1), applyShotStage(p, s.shots[n - 1]!, kind, groups)] };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Odds: a small exact programme over the burst, per target
// ---------------------------------------------------------------------------------------------

interface ShotChances {
  readonly hit: number;
  readonly outcomes: readonly HitOutcome[];
  readonly attackerDamage: number;
}

function odds(setup: SetupValues, context: ResolveContext): OddsView {
  const plan = requirePlan(setup, context);
  const beforeArmor = plan.shotPlan(0, 0)!.options.instantKill === 'before-armor';
  const perTarget = plan.targets.map((t, i): ShotChances => {
    const p = plan.shotPlan(i, 0)!;
    const o = shotOdds(p, 'never');
    return {
      hit: o.hit,
      outcomes: hitOutcomes(
        rawOnHit(o.damageBeforeProtection),
        p.cover.level + p.armorLevel,
        2 * t.maxHealth,
        beforeArmor,
      ),
      attackerDamage: o.expectedDamageToAttacker,
    };
  });
  const shots = plan.shotTargets.map((t) => perTarget[t]!);
  const fired = [1, shots[0]!.hit, shots[0]!.hit * shots[1]!.hit];
  const hitsDist = [
    1 - shots[0]!.hit,
    fired[1]! * (1 - shots[1]!.hit),
    fired[2]! * (1 - shots[2]!.hit),
    fired[2]! * shots[2]!.hit,
  ];
  const expectedHits = fired[1]! + fired[2]! + fired[2]! * shots[2]!.hit;
  const figures: OddsFigure[] = [percent('Shot 1 hits', shots[0]!.hit)];
  const first = plan.shotPlan(plan.shotTargets[0]!, 0)!;
  if (plan.attacker.kind === 'pc')
    figures.push(percent('Shot 1 hits, pushing a miss', shotOdds(first, 'if-failed').hit));
  figures.push(number('Hits expected', expectedHits), percent('All three shots hit', hitsDist[3]!));
  let singleTargetDamage: number[] | null = null;
  plan.targets.forEach((t, ti) => {
    // States while the burst goes on: damage to this target so far and whether a hit killed outright.
    let firing = new Map<number, number>([[0, 1]]);
    const stopped = new Map<number, number>();
    const add = (m: Map<number, number>, key: number, p: number) => m.set(key, (m.get(key) ?? 0) + p);
    plan.shotTargets.forEach((st, k) => {
      const c = shots[k]!;
      const next = new Map<number, number>();
      for (const [key, p] of firing) {
        add(stopped, key, p * (1 - c.hit));
        if (st !== ti) {
          add(next, key, p * c.hit);
          continue;
        }
        const dmg = key >> 1;
        const killed = key & 1;
        for (const o of c.outcomes) add(next, ((dmg + o.after) << 1) | killed | (o.killed ? 1 : 0), p * o.p);
      }
      firing = next;
    });
    for (const [key, p] of firing) add(stopped, key, p);
    let expected = 0;
    let down = 0;
    let killed = 0;
    const dist: number[] = [];
    const needed = Math.max(1, t.health);
    for (const [key, p] of stopped) {
      const dmg = key >> 1;
      expected += dmg * p;
      if (key & 1) killed += p;
      if (key & 1 || dmg >= needed) down += p;
      while (dist.length <= dmg) dist.push(0);
      dist[dmg]! += p;
    }
    figures.push(
      number(`Expected damage to ${t.name}`, expected),
      percent(downLabel(t.name, t.health), down),
      percent(`${t.name} killed outright`, killed),
    );
    if (plan.targets.length === 1) singleTargetDamage = dist;
  });
  if (plan.shotTargets.some((t) => plan.setups[t]!.defence === 'fight-back')) {
    const attackerDamage = shots.reduce((sum, c, k) => sum + fired[k]! * c.attackerDamage, 0);
    figures.push(number(`Expected damage to ${plan.attacker.name}`, attackerDamage));
  }
  const only = plan.targets[0]!;
  return {
    figures,
    distribution: singleTargetDamage
      ? {
          label: `Damage to ${only.name} over the burst, after cover and armour`,
          outcomes: damageOutcomes(singleTargetDamage),
        }
      : {
          label: 'Hits in the burst',
          outcomes: hitsDist.map((p, h) => ({ label: `${h} ${h === 1 ? 'hit' : 'hits'}`, p })),
        },
    note: `Exact, assuming ${plan.attacker.name} fires again after every hit and does not push${plan.attacker.kind === 'pc' ? ' (except the "pushing a miss" figure)' : ''}.`,
  };
}

// ---------------------------------------------------------------------------------------------
// Resolution
// ---------------------------------------------------------------------------------------------

function resolve(setup: SetupValues, context: ResolveContext, rolled: readonly RolledStage[]): Resolution {
  const plan = requirePlan(setup, context);
  const m = machine(plan);
  const { state, pending } = walk(m, rolled, plan);
  if (pending) throw new RulesError('not-allowed', `Roll this first: ${pending.label}.`);
  const plans = state.shots.map((_, i) => planOf(plan, state, i + 1)!);
  // The package checks the burst itself: a ◆ weapon, at most three shots, each after a hit.
  const burst = resolveFullAuto({
    weapon: plan.weapon,
    shots: plans.map((p, i) => {
      const s = state.shots[i]!;
      return {
        targetId: p.target.name,
        defense: p.defense,
        attackDice: finalAttackDice(s),
        weaponDamage: p.weaponDamage,
        defenseDice: isOpposed(p.defense) ? [...(s.defence ?? [])] : undefined,
        defenderWeaponDamage: p.defense === 'fight-back' ? p.defenderWeaponDamage : undefined,
        coverDice: s.cover ? [...s.cover] : undefined,
        armorDice: s.armour ? [...s.armour] : undefined,
        attackerArmorDice: s.attackerArmour ? [...s.attackerArmour] : undefined,
        targetAware: p.aware,
      };
    }),
  });
  const steps: ExplainStep[] = [burst.steps[0]!];
  const effects: Effect[] = [];
  const health = plan.targets.map((t) => t.health);
  const shotsJson: Record<string, unknown>[] = [];
  const parts: string[] = [];
  let hopeLost = 0;
  plans.forEach((p, i) => {
    const n = i + 1;
    const label = `Shot ${n}: `;
    if (i === 0 || plans[i - 1] !== p) steps.push(...p.steps.map((s) => ({ ...s, text: `${label}${s.text}` })));
    else
      steps.push(
        step(
          `${label}${plan.attacker.name} fires again at ${p.target.name}, with the same dice.`,
          SECTION.rangedCombat,
        ),
      );
    const out = shotOutcome(p, state.shots[i]!, health[p.target.index]!, label);
    health[p.target.index] = out.targetHealthAfter;
    steps.push(...out.steps);
    effects.push(...out.effects);
    hopeLost += out.hopeLost;
    shotsJson.push(out.json);
    parts.push(
      out.result.hit
        ? `${p.target.name} ${out.result.damageToTarget}${out.instantKill ? ' (killed outright)' : ''}`
        : `miss`,
    );
  });
  const n = state.shots.length;
  const again = fireAgain(plan, state);
  const last = plans[n - 1]!;
  let ending: string;
  if (again) {
    ending = `Shot ${n} hit: ${plan.attacker.name} may fire again at ${planOf(plan, state, n + 1)!.target.name} — or stop here.`;
  } else if (n === MAX_FULL_AUTO_SHOTS) {
    ending = 'Three shots: the burst is over.';
  } else if (shotCore(last, state.shots[n - 1]!).hit) {
    // The weapon lost its bonus to a push and the next pool has no dice left.
    ending = `Shot ${n} hit, but the damaged ${plan.weapon.name.toLowerCase()} leaves no dice for another shot: the burst ends.`;
  } else {
    const push = pushOffer(last, state.shots[n - 1]!, n);
    ending = `Shot ${n} did not hit: the burst ends${push ? ', unless a push turns it into a hit' : ''}.`;
  }
  steps.push(step(ending, SECTION.rangedCombat), burst.steps[burst.steps.length - 1]!);
  return {
    steps: cite(steps),
    summary: `${plan.attacker.name} fires the ${plan.weapon.name.toLowerCase()} on full auto: ${parts.join(', ')}${hopeLost > 0 ? `; ${hopeLost} Hope lost pushing` : ''}.`,
    effects,
    followUps: m.offers(state),
    // One action for the burst; a target that reacted to any shot forfeits one turn (seed: Action Types).
    spends: [
      attackerAction('action'),
      ...reactionsOnce(
        plans.filter((p) => isOpposed(p.defense)).map((p) => ({ index: p.target.index, actionId: p.defense })),
      ),
    ],
    result: {
      workflow: 'full-auto',
      attacker: plan.attacker.name,
      weapon: plan.weapon.id,
      shots: shotsJson,
      hits: burst.hits,
      mayFireAgain: again !== null,
      magazineEmptied: true,
      hopeLost,
    },
  };
}

export const fullAutoWorkflow: ResolveWorkflow = {
  id: 'electric-state.full-auto',
  systemId: 'electric-state',
  label: 'Full auto',
  attackers: 'one',
  targets: 'many',
  fields(context) {
    const fields: FieldDef[] = [
      ...attackerFields(
        weapons(context),
        'Weapons capable of fully automatic fire (◆). The burst empties the magazine.',
        false,
      ),
    ];
    if (context.targets.length > 1) {
      const options = context.targets.map((t, i) => ({ value: String(i), label: t.name }));
      for (const n of SHOTS) {
        fields.push({
          kind: 'choice',
          id: shotField(n),
          label: n === 1 ? 'Shot 1 at' : `Shot ${n} at (after a hit)`,
          group: 'attack',
          help: 'After a hit the attacker may fire again at the same or another target.',
          rule: rule(SECTION.rangedCombat),
          options,
        });
      }
    }
    context.targets.forEach((t, i) =>
      fields.push(...targetFields(t, i, true, { range: true, defence: true, cover: true, armour: true })),
    );
    return fields;
  },
  defaults,
  fromSheets: (context) => readSheets(context, fits, (i) => fid('armorLevel', i, true)),
  problems: (setup, context) => build(setup, context).problems,
  odds,
  nextStage(setup, context, rolled) {
    const plan = requirePlan(setup, context);
    return walk(machine(plan), rolled, plan).pending;
  },
  resolve,
  fromTableRow(tableId, rowIndex) {
    const w = weaponFromRow(tableId, rowIndex);
    return w?.fullAuto ? { weapon: w.id } : null;
  },
};
