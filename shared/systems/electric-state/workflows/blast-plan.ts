// The blast's plan from the setup, and its dice stages: to hit, the blast dice, then cover and armour per target.
import { memoizeBySetup } from '../../../system-kit/memo';
import { RulesError } from '../../../errors';
import type { ExplainStep } from '../../../system-kit/rule-system';
import {
  ARMOR_LEVEL_MAX,
  RANGE_BANDS,
  RANGE_LABELS,
  SECTION,
  WEAPONS,
  attackPool,
  countSixes,
  plural,
  pushRoll,
  rerollableCount,
  resolveBlast,
  resolveScatteredBlast,
  rule,
  step,
  weaponGearBonus,
  type DicePool,
  type ElectricStateOptions,
  type PushResult,
  type RangeBand,
  type Weapon,
} from './rules';
import type { DiceStage, FollowUp, ResolveContext, SetupValues } from '../../../system-kit/workflow';
import {
  COVER_IDS,
  armourLevelOf,
  coverOf,
  SetupReader,
  perContext,
  bleedingReminder,
  coverLevel,
  coverName,
  rangeLabel,
  fid,
  forTarget,
  options,
  readAttacker,
  readTargets,
  type Fighter,
} from './common';
import { attackerDefaults, readWeapon } from './shot-fields';
import { defaultWeapon, weaponChoices } from './sheets';
import { d6Stage, type StageMachine } from './stages';

const EXPLOSIVES: readonly Weapon[] = WEAPONS.filter((w) => w.explosive);
/** Explosives; the blast has no neurocaster field, so a neurocaster explosive is left out. */
export const fits = (w: Weapon) => w.explosive && !w.neurocaster;
export const weapons = perContext((context: ResolveContext) => weaponChoices(context, EXPLOSIVES, fits));
export const armourId = (i: number) => fid('armorLevel', i, true);

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

export const defaults = perContext((context: ResolveContext): SetupValues => {
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
export const build = memoizeBySetup(planFor);

export function requirePlan(setup: SetupValues, context: ResolveContext): BlastPlan {
  const { problems, plan } = build(setup, context);
  if (!plan) throw new RulesError('not-allowed', problems[0] ?? 'The blast cannot be resolved.');
  return plan;
}

export function attackDice(s: BlastState): number[] {
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

export function machine(plan: BlastPlan): StageMachine<BlastState> {
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
