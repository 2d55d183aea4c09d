import type { OddsFigure, OddsView } from '../../../../system-kit/workflow';
import type { DamageType } from '../../combat';
import { hitDistribution, opposedOddsFromHits, rollOdds } from '../../odds';
import { plural } from '../../sections';
import { type Resister, type VehiclePlan, hitOn } from './plan';

// ---------------------------------------------------------------------------------------------
// Odds
// ---------------------------------------------------------------------------------------------

/** Boxes after resistance, by count, for one hit of `dv` on `resists` (index 0: none). */
function boxesAfter(
  resists: Resister,
  dv: number,
  type: DamageType,
  stunWhenEqual: boolean,
): { boxes: number[]; type: DamageType } {
  const hit = hitOn(resists, dv, type, stunWhenEqual);
  const boxes = new Array<number>(dv + 1).fill(0);
  if (!hit.roll) {
    boxes[0] = 1;
    return { boxes, type: hit.type };
  }
  const soak = hitDistribution(hit.dice);
  for (let h = 0; h < soak.length; h++) boxes[Math.max(0, dv - h)]! += soak[h]!;
  return { boxes, type: hit.type };
}

/** Outcomes rarer than this are folded into the last one shown on their track ("12+ Physical"). */
const TAIL = 5e-5;

function trackOutcomes(dist: readonly (number | undefined)[], track: string): { label: string; p: number }[] {
  let last = dist.length - 1;
  let tail = 0;
  while (last > 1 && tail + (dist[last] ?? 0) < TAIL) tail += dist[last--] ?? 0;
  const outcomes: { label: string; p: number }[] = [];
  for (let b = 1; b <= last; b++) {
    const p = (dist[b] ?? 0) + (b === last ? tail : 0);
    if (p > 0) outcomes.push({ label: `${b}${b === last && tail > 0 ? '+' : ''} ${track}`, p });
  }
  return outcomes;
}

/**
 * Exact: attack and defence hits Binomial(n, 1/3); for each net-hit count the target's modified
 * DV, how it lands (vehicle Armor, Stun, damage type) and the Binomial resistance hits. The
 * rammer's damage happens on every successful ram and does not depend on the net hits.
 */
export function vehicleOdds(plan: VehiclePlan): OddsView {
  const opposed = opposedOddsFromHits(hitDistribution(plan.attackDice), hitDistribution(plan.defenceDice));
  const stunWhenEqual = plan.rules.stunWhenEqual;
  const physical: number[] = [];
  const stun: number[] = [];
  let none = opposed.netHits[0] ?? 0;
  let expected = 0;
  for (let k = 1; k < opposed.netHits.length; k++) {
    const pk = opposed.netHits[k]!;
    if (pk === 0) continue;
    const { boxes, type } = boxesAfter(plan.targetResists, plan.dv + k, plan.damageType, stunWhenEqual);
    const track = type === 'P' ? physical : stun;
    none += pk * boxes[0]!;
    for (let b = 1; b < boxes.length; b++) {
      track[b] = (track[b] ?? 0) + pk * boxes[b]!;
      expected += b * pk * boxes[b]!;
    }
  }
  const glitches = rollOdds(plan.attackDice, plan.rules.glitch);
  const figures: OddsFigure[] = [
    { label: plan.kind === 'ramming' ? 'Chance to ram' : 'Chance to hit', value: opposed.hit, format: 'percent' },
    { label: `Expected boxes on ${plan.target}`, value: expected, format: 'number' },
    { label: `Chance ${plan.target} is damaged`, value: 1 - none, format: 'percent' },
  ];
  if (plan.rammer) {
    const own = boxesAfter(plan.rammer.resists, plan.rammer.dv, 'P', stunWhenEqual).boxes;
    const mean = own.reduce((sum, p, b) => sum + b * p, 0);
    figures.push({
      label: `Expected boxes on ${plan.attacker} (its own ram)`,
      value: opposed.hit * mean,
      format: 'number',
    });
  }
  figures.push(
    { label: 'Attack glitch', value: glitches.glitch, format: 'percent' },
    { label: 'Attack critical glitch', value: glitches.criticalGlitch, format: 'percent' },
  );
  const outcomes = [
    { label: 'No damage', p: none },
    ...trackOutcomes(stun, 'Stun'),
    ...trackOutcomes(physical, 'Physical'),
  ];
  return {
    figures,
    distribution: { label: `Damage to ${plan.target} after resistance`, outcomes },
    note: `Exact for this setup: ${plural(plan.attackDice, 'die', 'dice')} against ${plural(plan.defenceDice, 'die', 'dice')}, then ${plan.target}'s resistance.`,
  };
}
