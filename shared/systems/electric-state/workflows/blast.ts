import { memoizeBySetup } from '../../../resolve/memo';
import { attackerAction } from '../../../resolve/spends';
import { binomial } from '../../../dice/distribution';
import { RulesError } from '../../../errors';
import type { ExplainStep } from '../../contract';
import {
  ARMOR_LEVEL_MAX,
  RANGE_BANDS,
  RANGE_LABELS,
  SECTION,
  WEAPONS,
  applyProtection,
  attackPool,
  blastOdds,
  countSixes,
  plural,
  pushRoll,
  rerollableCount,
  resolveBlast,
  resolveScatteredBlast,
  rule,
  step,
  weaponGearBonus,
  type BlastOdds,
  type DicePool,
  type ElectricStateOptions,
  type PushResult,
  type RangeBand,
  type Weapon,
} from './rules';
import type {
  DiceStage,
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
} from '../../../resolve/contract';
import {
  COVER_IDS,
  armourLevelField,
  armourLevelOf,
  coverOf,
  HOPE_LOSS,
  SetupReader,
  perContext,
  bleedingReminder,
  cite,
  coverField,
  coverLevel,
  coverName,
  rangeLabel,
  fid,
  forTarget,
  options,
  rangeField,
  readAttacker,
  readTargets,
  weaponFromRow,
  type Fighter,
} from './common';
import { landHit } from './damage';
import { damageOutcomes, downLabel, hitOutcomes, number, percent, rawOnHit, targetChances } from './exact';
import { attackerDefaults, attackerFields, readWeapon } from './shot-fields';
import { defaultWeapon, readSheets, weaponChoices } from './sheets';
import { d6Stage, walk, type StageMachine } from './stages';

/**
 * "Blast": an explosive thrown or fired at a zone (seed: Ranged Combat, Weapons Table). Roll to hit
 * normally; on a hit roll the Blast Power dice, each 6 is 1 damage, each extra 6 on the attack adds
 * 1, to everyone in the zone, each with their own cover and armour. On a miss a random adjacent
 * zone is hit: resolve that with "Scattered blast" and whoever is there.
 */

const EXPLOSIVES: readonly Weapon[] = WEAPONS.filter((w) => w.explosive);
/** Explosives; the blast has no neurocaster field, so a neurocaster explosive is left out. */
const fits = (w: Weapon) => w.explosive && !w.neurocaster;
const weapons = perContext((context: ResolveContext) => weaponChoices(context, EXPLOSIVES, fits));
const armourId = (i: number) => fid('armorLevel', i, true);

interface BlastPlan {
  readonly attacker: Fighter;
  readonly targets: readonly Fighter[];
  readonly weapon: Weapon;
  readonly power: number;
  readonly range: RangeBand;
  readonly scattered: boolean;
  /** The attack roll's pool; null for a scattered blast (no attack roll here). */
  readonly pool: DicePool | null;
  readonly gearBonus: number;
  readonly covers: readonly { readonly level: number; readonly name: string }[];
  /** Each target's Armor Level for this roll (from its sheet unless the GM changed it). */
  readonly armours: readonly number[];
  readonly steps: readonly ExplainStep[];
  readonly options: ElectricStateOptions;
}

interface Built {
  readonly problems: readonly string[];
  readonly plan: BlastPlan | null;
}

interface BlastState {
  readonly attack: { readonly base: readonly number[]; readonly gear: readonly number[] } | null;
  readonly push: PushResult | null;
  readonly blast: readonly number[] | null;
  readonly cover: readonly (readonly number[] | null)[];
  readonly armour: readonly (readonly number[] | null)[];
}

const defaults = perContext((context: ResolveContext): SetupValues => {
  const values: Record<string, string | number | boolean> = {
    ...attackerDefaults(context, defaultWeapon(context, fits, 'hand-grenade')),
    range: 'short',
    scattered: false,
  };
  context.targets.forEach((target, i) => {
    values[fid('cover', i, true)] = coverOf(target);
    values[armourId(i)] = armourLevelOf(target);
  });
  return values;
});

function planFor(setup: SetupValues, context: ResolveContext): Built {
  const problems: string[] = [];
  const opts = options(context.toggles, problems);
  const attacker = readAttacker(context, problems);
  if (context.targets.length === 0) problems.push('Choose everyone in the zone the blast hits.');
  const targets = readTargets(context, problems);
  const r = new SetupReader(setup, defaults(context), problems);
  const weapon = readWeapon(r, weapons(context));
  const range = r.choice<RangeBand>('range', 'Range', RANGE_BANDS, rangeLabel);
  const scattered = r.flag('scattered', 'Scattered blast');
  const modifier = r.int('attackModifier', 'Attack dice modifier', -10, 10);
  const gearDamage = r.int('gearDamage', 'Weapon bonus lost to earlier pushes', 0, 10);
  const armourAgility = r.int('attackerArmourAgility', "Attacker's armour Agility modifier", -10, 0);
  const covers = targets.map((t, i) =>
    coverLevel(r.choice(fid('cover', i, true), forTarget('Cover', t.name, true), COVER_IDS, coverName)),
  );
  const armours = targets.map((t, i) =>
    r.int(armourId(i), forTarget("Target's Armor Level", t.name, true), 0, ARMOR_LEVEL_MAX),
  );
  const power = weapon.damage.kind === 'blast' ? weapon.damage.blastPower : 0;
  const steps: ExplainStep[] = [];
  let pool: DicePool | null = null;
  let gearBonus = 0;
  if (attacker && problems.length === 0) {
    if (scattered) {
      steps.push(
        step(
          `The ${weapon.name.toLowerCase()} missed its zone and landed in this one: only its Blast Power dice count (the attack's extra sixes do not).`,
          SECTION.rangedCombat,
        ),
      );
    } else {
      gearBonus = Math.max(0, weaponGearBonus(weapon) - gearDamage);
      try {
        pool = attackPool(
          {
            attack: range === 'engaged' ? 'close' : 'ranged',
            strength: attacker.stats.strength,
            agility: attacker.stats.agility,
            gearBonus,
            weaponMin: weapon.minRange,
            weaponMax: weapon.maxRange,
            range,
            firearm: weapon.firearm,
            armorAgilityModifier: armourAgility,
            modifier,
          },
          opts,
        );
      } catch (error) {
        if (!(error instanceof RulesError)) throw error;
        problems.push(error.message);
      }
      if (pool && !pool.allowed) problems.push(pool.steps[pool.steps.length - 1]!.text);
      else if (pool?.automaticFailure) {
        problems.push(
          `After modifiers ${attacker.name} has ${pool.netDice} dice to attack with: the roll fails without dice (the "Pool of 0 dice" rule toggle can make it one die).`,
        );
      } else if (pool) {
        steps.push(
          step(
            `${attacker.name} ${weapon.minRange === 'engaged' ? 'throws' : 'fires'} the ${weapon.name.toLowerCase()} at a zone at ${RANGE_LABELS[range]} range: roll to hit normally.`,
            SECTION.rangedCombat,
          ),
          ...pool.steps,
        );
        const bleeding = bleedingReminder(attacker);
        if (bleeding) steps.push(bleeding);
      }
    }
  }
  const plan =
    attacker && problems.length === 0
      ? { attacker, targets, weapon, power, range, scattered, pool, gearBonus, covers, armours, steps, options: opts }
      : null;
  return { problems, plan };
}

/** One plan per setup and context: the panel asks for its problems, odds and next stage in a row. */
const build = memoizeBySetup(planFor);

function requirePlan(setup: SetupValues, context: ResolveContext): BlastPlan {
  const { problems, plan } = build(setup, context);
  if (!plan) throw new RulesError('not-allowed', problems[0] ?? 'The blast cannot be resolved.');
  return plan;
}

function attackDice(s: BlastState): number[] {
  if (s.push) return [...s.push.base, ...s.push.gear];
  return s.attack ? [...s.attack.base, ...s.attack.gear] : [];
}

/** Damage to everyone in the zone before cover and armour; null until the blast dice are in. */
function zoneDamage(plan: BlastPlan, s: BlastState): number | null {
  if (plan.scattered) return s.blast ? resolveScatteredBlast([...s.blast]).damage : null;
  if (!s.attack) return null;
  if (countSixes(attackDice(s)) === 0) return 0;
  return s.blast
    ? resolveBlast({ attackDice: attackDice(s), blastDice: [...s.blast], blastPower: plan.power }).damage
    : null;
}

function blastStage(plan: BlastPlan): DiceStage {
  return d6Stage(
    'blast',
    `Blast Power ${plan.power}: ${plural(plan.power, 'die', 'dice')}, each 6 is 1 damage to everyone in the zone`,
    plan.attacker.name,
    plan.power,
  );
}

function machine(plan: BlastPlan): StageMachine<BlastState> {
  const n = plan.targets.length;
  return {
    initial: { attack: null, push: null, blast: null, cover: Array(n).fill(null), armour: Array(n).fill(null) },
    needed(s) {
      if (!plan.scattered && !s.attack) {
        const pool = plan.pool!;
        return d6Stage(
          'attack',
          `${plan.attacker.name} attacks the zone: ${plural(pool.dice, 'die', 'dice')} (${pool.attribute === 'strength' ? 'Strength' : 'Agility'} ${pool.base}${pool.gear ? ` + ${pool.gear} gear` : ''})`,
          plan.attacker.name,
          pool.base,
          pool.gear,
          `Gear dice (${plan.weapon.name.toLowerCase()})`,
        );
      }
      const hit = plan.scattered || countSixes(attackDice(s)) > 0;
      if (hit && !s.blast) return blastStage(plan);
      const damage = zoneDamage(plan, s) ?? 0;
      if (damage === 0) return null;
      for (let i = 0; i < n; i++) {
        const t = plan.targets[i]!;
        const cover = plan.covers[i]!;
        if (cover.level > 0 && !s.cover[i]) {
          return d6Stage(
            `cover-${i}`,
            `${t.name}'s cover (${cover.name}): ${plural(cover.level, 'die', 'dice')}, each 6 blocks 1 damage`,
            t.name,
            cover.level,
          );
        }
        const afterCover = damage - Math.min(countSixes(s.cover[i] ?? []), damage);
        const armour = plan.armours[i]!;
        if (armour > 0 && afterCover > 0 && !s.armour[i]) {
          return d6Stage(
            `armour-${i}`,
            `${t.name}'s armour: Armor Level ${armour}, each 6 removes 1 damage`,
            t.name,
            armour,
          );
        }
      }
      return null;
    },
    offers(s) {
      if (plan.scattered || plan.attacker.kind !== 'pc' || !s.attack || s.push) return [];
      const base = s.attack.base.filter((f) => f !== 6 && f !== 1).length;
      const gear = s.attack.gear.filter((f) => f !== 6 && f !== 1).length;
      if (rerollableCount(s.attack.base, s.attack.gear) === 0) return [];
      const label = `Push the attack: reroll ${plural(base + gear, 'die', 'dice')}`;
      const push: FollowUp = {
        id: 'push',
        label,
        description: `${plan.attacker.name} rerolls every attack die showing neither 6 nor 1 (the Blast Power roll cannot be pushed). Afterwards each 1 on a base die costs 1 Hope and each 1 on a gear die lowers the weapon's bonus by 1.`,
        rule: rule(SECTION.pushing, 'book'),
        stage: d6Stage('push', label, plan.attacker.name, base, gear, `Gear dice (${plan.weapon.name.toLowerCase()})`),
      };
      return [push];
    },
    apply(s, stage, groups) {
      const main = [...(groups[0] ?? [])];
      if (stage.id === 'attack') return { ...s, attack: { base: main, gear: [...(groups[1] ?? [])] } };
      if (stage.id === 'blast') return { ...s, blast: main };
      if (stage.id === 'push') {
        const push = pushRoll(
          {
            base: s.attack!.base,
            gear: s.attack!.gear,
            reroll: [...main, ...(groups[1] ?? [])],
            gearBonus: plan.gearBonus,
            kind: 'attack',
            roller: 'pc',
          },
          plan.options,
        );
        return { ...s, push };
      }
      const [kind, index] = stage.id.split('-') as [string, string];
      const i = Number(index);
      if (kind === 'cover') return { ...s, cover: s.cover.map((c, j) => (j === i ? main : c)) };
      return { ...s, armour: s.armour.map((a, j) => (j === i ? main : a)) };
    },
  };
}

// ---------------------------------------------------------------------------------------------

function odds(setup: SetupValues, context: ResolveContext): OddsView {
  const plan = requirePlan(setup, context);
  const beforeArmor = plan.options.instantKill === 'before-armor';
  const figures: OddsFigure[] = [];
  const pushes = !plan.scattered && plan.attacker.kind === 'pc';
  const protection = (i: number) => plan.covers[i]!.level + plan.armours[i]!;
  let distribution: OddsView['distribution'];
  if (plan.scattered) {
    const raw = binomial(plan.power, 1 / 6);
    plan.targets.forEach((t, i) => {
      const after = hitOutcomes(raw, protection(i), 2 * t.maxHealth, beforeArmor);
      const c = targetChances(after, t.health);
      figures.push(
        number(
          `Expected damage to ${t.name}`,
          after.reduce((sum, o) => sum + o.after * o.p, 0),
        ),
        percent(downLabel(t.name, t.health), c.down),
        percent(`${t.name} killed outright`, c.killed),
      );
    });
    const only =
      plan.targets.length === 1
        ? blastOdds({
            attackDice: 0,
            blastPower: plan.power,
            coverLevel: plan.covers[0]!.level,
            armorLevel: plan.armours[0]!,
          })
        : null;
    distribution = only
      ? {
          label: `Damage to ${plan.targets[0]!.name} after cover and armour`,
          outcomes: damageOutcomes(only.damageIfScattered),
        }
      : { label: 'Damage to everyone in the zone, before each one’s cover and armour', outcomes: damageOutcomes(raw) };
  } else {
    const dice = plan.pool!.dice;
    const per = (i: number, push: 'never' | 'if-failed'): BlastOdds =>
      blastOdds({
        attackDice: dice,
        blastPower: plan.power,
        coverLevel: plan.covers[i]!.level,
        armorLevel: plan.armours[i]!,
        push,
      });
    const zone = blastOdds({ attackDice: dice, blastPower: plan.power });
    figures.push(percent('Hit the zone', zone.hit));
    if (pushes)
      figures.push(
        percent(
          'Hit the zone, pushing a miss',
          blastOdds({ attackDice: dice, blastPower: plan.power, push: 'if-failed' }).hit,
        ),
      );
    plan.targets.forEach((t, i) => {
      const plain = per(i, 'never');
      const c = targetChances(
        hitOutcomes(rawOnHit(plain.damageBeforeProtection), protection(i), 2 * t.maxHealth, beforeArmor),
        t.health,
      );
      figures.push(number(`Expected damage to ${t.name}`, plain.expectedDamage));
      const pushed = pushes ? per(i, 'if-failed') : null;
      if (pushed) figures.push(number(`Expected damage to ${t.name}, pushing a miss`, pushed.expectedDamage));
      figures.push(percent(downLabel(t.name, t.health), c.down));
      if (pushed) {
        const cp = targetChances(
          hitOutcomes(rawOnHit(pushed.damageBeforeProtection), protection(i), 2 * t.maxHealth, beforeArmor),
          t.health,
        );
        figures.push(percent(`${downLabel(t.name, t.health)}, pushing a miss`, cp.down));
      }
      figures.push(percent(`${t.name} killed outright`, c.killed));
    });
    figures.push(
      number('If it misses: expected damage in the adjacent zone (before cover and armour)', plan.power / 6),
    );
    distribution =
      plan.targets.length === 1
        ? {
            label: `Damage to ${plan.targets[0]!.name} after cover and armour`,
            outcomes: damageOutcomes(per(0, 'never').damage),
          }
        : {
            label: 'Damage to everyone in the zone, before each one’s cover and armour',
            outcomes: damageOutcomes(zone.damageBeforeProtection),
          };
  }
  return {
    figures,
    distribution,
    note: plan.scattered
      ? 'Exact: the Blast Power dice alone, then each target’s cover and armour.'
      : `Exact; a miss counts as 0 damage here (the blast lands in an adjacent zone)${pushes ? `; "pushing a miss" means ${plan.attacker.name} pushes only when the attack has no 6` : ''}.`,
  };
}

function resolve(setup: SetupValues, context: ResolveContext, rolled: readonly RolledStage[]): Resolution {
  const plan = requirePlan(setup, context);
  const m = machine(plan);
  const { state, pending } = walk(m, rolled, plan);
  if (pending) throw new RulesError('not-allowed', `Roll this first: ${pending.label}.`);
  const steps: ExplainStep[] = [...plan.steps];
  const effects: Effect[] = [];
  const section = SECTION.rangedCombat;
  if (state.attack) {
    const all = [...state.attack.base, ...state.attack.gear];
    steps.push(
      step(
        `Attack roll: ${state.attack.base.join(' ') || 'none'}${state.attack.gear.length ? ` + gear ${state.attack.gear.join(' ')}` : ''} — ${plural(countSixes(all), 'six', 'sixes')}.`,
        section,
      ),
    );
  }
  if (state.push) steps.push(...state.push.steps);
  const blastDice = state.blast ? [...state.blast] : [];
  const outcome = plan.scattered
    ? resolveScatteredBlast(blastDice)
    : resolveBlast(
        state.blast
          ? { attackDice: attackDice(state), blastDice, blastPower: plan.power }
          : { attackDice: attackDice(state), blastDice: [] },
      );
  steps.push(outcome.steps[0]!);
  const perTarget: Record<string, unknown>[] = [];
  const damage = outcome.hit ? outcome.damage : 0;
  if (!outcome.hit) {
    steps.push(
      step(
        'Nobody here is hurt. Choose whoever is in the zone where it lands and resolve that with "Scattered blast" on.',
        section,
        'default',
      ),
    );
  }
  plan.targets.forEach((t, i) => {
    const cover = state.cover[i] ?? undefined;
    const armour = state.armour[i] ?? undefined;
    const p = applyProtection(damage, cover ? [...cover] : undefined, armour ? [...armour] : undefined);
    let landed = null;
    if (damage > 0) {
      steps.push(...p.steps.map((s) => ({ ...s, text: `${t.name}: ${s.text}` })));
      landed = landHit(t, t.health, p.damage, damage, plan.options);
      steps.push(...landed.steps);
      if (landed.effect) effects.push(landed.effect);
    }
    perTarget.push({
      target: t.name,
      coverFaces: cover ? [...cover] : null,
      armourFaces: armour ? [...armour] : null,
      coverBlocked: p.coverBlocked,
      armorBlocked: p.armorBlocked,
      damage: p.damage,
      damageRecorded: landed?.recorded ?? 0,
      instantKill: landed?.instantKill ?? false,
    });
  });
  const hopeLost = state.push?.hopeLost ?? 0;
  if (hopeLost > 0) effects.push({ on: { side: 'attackers', index: 0 }, harm: { kind: HOPE_LOSS, amount: hopeLost } });
  const w = plan.weapon.name.toLowerCase();
  const what = !outcome.hit
    ? 'missed; it lands in a random adjacent zone'
    : `${damage} damage to the zone${plan.targets.length > 0 ? ` (${perTarget.map((x) => `${String(x.target)} ${String(x.damage)}`).join(', ')})` : ''}`;
  return {
    steps: cite(steps),
    summary: plan.scattered
      ? `Scattered ${w} (Blast Power ${plan.power}): ${what}.`
      : `${plan.attacker.name}'s ${w} (${RANGE_LABELS[plan.range]}): ${what}${state.push ? `; pushed${hopeLost > 0 ? `, ${hopeLost} Hope lost` : ''}` : ''}.`,
    effects,
    followUps: m.offers(state),
    // Throwing or firing it is the attacker's action; where a scattered one lands costs nothing more.
    spends: plan.scattered ? [] : [attackerAction('action')],
    result: {
      workflow: 'blast',
      attacker: plan.attacker.name,
      weapon: plan.weapon.id,
      blastPower: plan.power,
      range: plan.range,
      scattered: plan.scattered,
      attackFaces: state.attack ? { base: [...state.attack.base], gear: [...state.attack.gear] } : null,
      pushed: state.push
        ? {
            base: state.push.base,
            gear: state.push.gear,
            hopeLost,
            gearDamage: state.push.gearDamage,
            gearBonusAfter: state.push.gearBonusAfter,
          }
        : null,
      hit: outcome.hit,
      attackSixes: outcome.attackSixes,
      blastFaces: state.blast ? [...state.blast] : null,
      blastSixes: outcome.blastSixes,
      damage,
      scatterToAdjacentZone: outcome.scatterToAdjacentZone,
      targets: perTarget,
      hopeLost,
    },
  };
}

export const blastWorkflow: ResolveWorkflow = {
  id: 'electric-state.blast',
  systemId: 'electric-state',
  label: 'Blast',
  attackers: 'one',
  targets: 'many',
  fields(context) {
    const fields: FieldDef[] = [
      ...attackerFields(weapons(context), 'Explosives hit a whole zone; on a miss a random adjacent zone is hit.', false),
      rangeField('range', 'Range to the zone'),
      {
        kind: 'flag',
        id: 'scattered',
        label: 'Scattered blast',
        group: 'situation',
        help: 'The explosive missed another zone and landed in this one: no attack roll, only the Blast Power dice.',
        rule: rule(SECTION.rangedCombat),
      },
    ];
    context.targets.forEach((t, i) =>
      fields.push(
        coverField(
          fid('cover', i, true),
          forTarget('Cover', t.name, true),
          'Each target’s cover and armour apply separately.',
        ),
        armourLevelField(armourId(i), forTarget("Target's Armor Level", t.name, true)),
      ),
    );
    return fields;
  },
  defaults,
  fromSheets: (context) => readSheets(context, fits, armourId),
  problems: (setup, context) => build(setup, context).problems,
  odds,
  nextStage(setup, context, rolled) {
    const plan = requirePlan(setup, context);
    return walk(machine(plan), rolled, plan).pending;
  },
  resolve,
  fromTableRow(tableId, rowIndex) {
    const w = weaponFromRow(tableId, rowIndex);
    return w?.explosive ? { weapon: w.id } : null;
  },
};
