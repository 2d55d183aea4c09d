import { convolve } from '../../../dice/distribution';
import type { Distribution } from '../../../dice/distribution';
import type { OddsFigure, OddsView } from '../../../system-kit/workflow';
import { SCATTER } from '../explosives';
import { hitDistribution, opposedOddsFromHits } from '../odds';
import { plural } from '../sections';
import { distanceFromBlast } from './explosive-geometry';
import type { ExplosivePlan, PlacedTarget } from './explosive-plan';
import { exposure } from './explosive-exposure';
import { type Landing, landingOf } from './explosive-stages';

// The explosive attack's exact odds: where it lands, then each target's damage.

// ---------------------------------------------------------------------------------------------
// Odds
// ---------------------------------------------------------------------------------------------

function sumOfD6(dice: number): Distribution {
  const d6: Distribution = [0, 1 / 6, 1 / 6, 1 / 6, 1 / 6, 1 / 6, 1 / 6];
  let dist: Distribution = [1];
  for (let i = 0; i < dice; i++) dist = convolve(dist, d6);
  return dist;
}

/** P(landing) over scatter distance and direction; a direct hit is kept once, as direction 0. */
export function landingOdds(plan: ExplosivePlan): Map<string, { landing: Landing; p: number }> {
  const attack = hitDistribution(plan.attackDice);
  const net = plan.aimedAt === null ? attack : opposedOddsFromHits(attack, hitDistribution(plan.defenceDice)).netHits;
  const rolls = sumOfD6(SCATTER[plan.kind].dice);
  const out = new Map<string, { landing: Landing; p: number }>();
  const add = (landing: Landing, p: number) => {
    const key = `${landing.scatter}:${landing.direction}`;
    const known = out.get(key);
    if (known) known.p += p;
    else out.set(key, { landing, p });
  };
  for (let k = 0; k < net.length; k++) {
    if (!net[k]) continue;
    for (let roll = 0; roll < rolls.length; roll++) {
      const p = net[k]! * rolls[roll]!;
      if (!p) continue;
      const { scatter: s } = landingOf(plan, roll, 1, k);
      if (s === 0) add({ scatter: 0, direction: 0 }, p);
      else for (let dir = 1; dir <= 6; dir++) add({ scatter: s, direction: dir }, p / 6);
    }
  }
  return out;
}

/** P(boxes) and their track for one target over every landing. */
function targetOdds(plan: ExplosivePlan, target: PlacedTarget, landings: Iterable<{ landing: Landing; p: number }>) {
  let expected = 0;
  let hurt = 0;
  let physical = 0;
  for (const { landing, p } of landings) {
    const e = exposure(
      plan,
      target,
      distanceFromBlast(target.distance, target.direction, landing.scatter, landing.direction),
    );
    if (e.dv === 0 || e.resistDice === 0) continue;
    const soak = hitDistribution(e.resistDice);
    for (let h = 0; h < soak.length; h++) {
      const boxes = Math.max(0, e.dv - h);
      if (boxes === 0) continue;
      const q = p * soak[h]!;
      expected += boxes * q;
      hurt += q;
      if (e.damageType === 'P') physical += q;
    }
  }
  return { expected, hurt, physical };
}

export function oddsOf(plan: ExplosivePlan): OddsView {
  const landings = [...landingOdds(plan).values()];
  const byDistance = new Map<number, number>();
  for (const { landing, p } of landings) byDistance.set(landing.scatter, (byDistance.get(landing.scatter) ?? 0) + p);
  const figures: OddsFigure[] = [{ label: 'Chance of a direct hit', value: byDistance.get(0) ?? 0, format: 'percent' }];
  for (const t of plan.targets) {
    const o = targetOdds(plan, t, landings);
    figures.push(
      { label: `${t.fighter.name}: chance of damage`, value: o.hurt, format: 'percent' },
      { label: `${t.fighter.name}: expected boxes`, value: o.expected, format: 'number' },
      { label: `${t.fighter.name}: chance of Physical damage`, value: o.physical, format: 'percent' },
    );
  }
  const distances = [...byDistance.keys()].sort((a, b) => a - b);
  return {
    figures,
    distribution: {
      label: 'Scatter from the intended point',
      outcomes: distances.map((d) => ({ label: d === 0 ? 'Direct hit' : `${d} m`, p: byDistance.get(d)! })),
    },
    note: `Exact: the attack (${plural(plan.attackDice, 'die', 'dice')}${plan.defenceDice ? ` against ${plural(plan.defenceDice, 'die', 'dice')}` : ''}), the ${SCATTER[plan.kind].dice}D6 scatter and its direction, then each target's resistance at their distance from where it lands.`,
  };
}
