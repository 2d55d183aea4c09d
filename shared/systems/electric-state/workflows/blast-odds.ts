// The blast's odds before the dice: hit, damage per target, who goes down.
import { binomial } from '../../../dice/distribution';
import { blastOdds, type BlastOdds } from './rules';
import type { OddsFigure, OddsView, ResolveContext, SetupValues } from '../../../system-kit/workflow';
import { damageOutcomes, downLabel, hitOutcomes, number, percent, rawOnHit, targetChances } from './exact';
import { requirePlan } from './blast-plan';

export function odds(setup: SetupValues, context: ResolveContext): OddsView {
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
