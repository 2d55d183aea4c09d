import { attackerAction } from '../../../system-kit/spends';
import { RulesError } from '../../../errors';
import type { ExplainStep } from '../../../system-kit/rule-system';
import {
  RANGE_LABELS,
  SECTION,
  applyProtection,
  countSixes,
  plural,
  resolveBlast,
  resolveScatteredBlast,
  rule,
  step,
} from './rules';
import type {
  Effect,
  FieldDef,
  Resolution,
  ResolveContext,
  ResolveWorkflow,
  RolledStage,
  SetupValues,
} from '../../../system-kit/workflow';
import { armourLevelField, HOPE_LOSS, cite, coverField, fid, forTarget, rangeField, weaponFromRow } from './common';
import { landHit } from './damage';
import { attackerFields } from './shot-fields';
import { readSheets } from './sheets';
import { walk } from './stages';
import { armourId, attackDice, build, defaults, fits, machine, requirePlan, weapons } from './blast-plan';
import { odds } from './blast-odds';

/**
 * "Blast": an explosive thrown or fired at a zone (seed: Ranged Combat, Weapons Table). Roll to hit
 * normally; on a hit roll the Blast Power dice, each 6 is 1 damage, each extra 6 on the attack adds
 * 1, to everyone in the zone, each with their own cover and armour. On a miss a random adjacent
 * zone is hit: resolve that with "Scattered blast" and whoever is there.
 */

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
      ...attackerFields(
        weapons(context),
        'Explosives hit a whole zone; on a miss a random adjacent zone is hit.',
        false,
      ),
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
