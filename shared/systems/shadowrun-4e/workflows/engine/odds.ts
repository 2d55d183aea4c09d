import type { OddsFigure, OddsView } from '../../../../system-kit/workflow';
import { damageTypeAfterArmor, knocksDown } from '../../combat';
import { explodingHitDistribution, hitDistribution, opposedOddsFromHits, rollOdds } from '../../odds';
import { plural } from '../../sections';
import { hitOn } from '../vehicle-engine';
import { type AttackPlan, armourAfter, soakDice, vehicleResister } from './plan';

// ---------------------------------------------------------------------------------------------
// Odds
// ---------------------------------------------------------------------------------------------

/** Outcomes rarer than this are folded into the last one shown on their track ("12+ Physical"). */
const TAIL = 5e-5;
const oddsMemo = new Map<string, OddsView>();
const MEMO_SIZE = 300;

function memoKey(plan: AttackPlan): string {
  return [
    plan.attackDice,
    plan.edgeDice,
    plan.defenceDice,
    plan.dv,
    plan.damageType,
    armourAfter(plan),
    soakDice(plan),
    plan.body,
    plan.disarmStrength ?? '-',
    plan.secondChance ? 1 : 0,
    plan.rules.glitch,
    plan.rules.stunWhenEqual ? 1 : 0,
    plan.vehicleTarget ? 'vehicle' : 'person',
  ].join('|');
}

function trackOutcomes(dist: readonly number[], track: string): { label: string; p: number }[] {
  let last = dist.length - 1;
  let tail = 0;
  while (last > 1 && tail + dist[last]! < TAIL) tail += dist[last--]!;
  const outcomes: { label: string; p: number }[] = [];
  for (let b = 1; b <= last; b++) {
    const p = b === last ? dist[b]! + tail : dist[b]!;
    if (p > 0) outcomes.push({ label: `${b}${b === last && tail > 0 ? '+' : ''} ${track}`, p });
  }
  return outcomes;
}

/**
 * Exact odds: attack hits Binomial(n, 1/3), or the exploding-die convolution under the Rule of
 * Six; defence and resistance Binomial; for each net-hit count the modified DV, its damage type
 * against the armour, and the resistance hits give the boxes.
 */
export function oddsOf(plan: AttackPlan): OddsView {
  const key = memoKey(plan);
  const known = oddsMemo.get(key);
  if (known) return known;

  const pushing = plan.edgeDice > 0;
  const attack = pushing ? explodingHitDistribution(plan.attackDice + plan.edgeDice) : hitDistribution(plan.attackDice);
  const defence = hitDistribution(plan.defenceDice);
  const opposed = opposedOddsFromHits(attack, defence);
  const glitches = rollOdds(
    plan.attackDice,
    plan.rules.glitch,
    pushing ? { mode: 'push-the-limit', edgeDice: plan.edgeDice } : { mode: 'none' },
  );
  const figures: OddsFigure[] = [{ label: 'Chance to hit', value: opposed.hit, format: 'percent' }];

  let distribution: OddsView['distribution'];
  if (plan.disarmStrength !== null) {
    let disarm = 0;
    for (let k = 1; k < opposed.netHits.length; k++) {
      if (plan.dv + k > plan.disarmStrength) disarm += opposed.netHits[k]!;
    }
    figures.push({ label: 'Chance to disarm', value: disarm, format: 'percent' });
    distribution = { label: 'Damage after resistance', outcomes: [{ label: 'No damage (disarm)', p: 1 }] };
  } else {
    const armour = armourAfter(plan);
    const soak = hitDistribution(soakDice(plan));
    const vehicle = vehicleResister(plan);
    const size = plan.dv + opposed.netHits.length;
    const physical = new Array<number>(size).fill(0);
    const stun = new Array<number>(size).fill(0);
    let none = opposed.netHits[0]!;
    for (let k = 1; k < opposed.netHits.length; k++) {
      const pk = opposed.netHits[k]!;
      if (pk === 0) continue;
      const modifiedDv = plan.dv + k;
      // A vehicle takes nothing from Stun or from a DV its Armor stops (book), else Physical.
      if (vehicle && !hitOn(vehicle, modifiedDv, plan.damageType, plan.rules.stunWhenEqual).roll) {
        none += pk;
        continue;
      }
      const type = vehicle ? 'P' : damageTypeAfterArmor(plan.damageType, modifiedDv, armour, plan.rules.stunWhenEqual);
      const track = type === 'P' ? physical : stun;
      for (let h = 0; h < soak.length; h++) {
        const boxes = Math.max(0, modifiedDv - h);
        if (boxes === 0) none += pk * soak[h]!;
        else track[boxes]! += pk * soak[h]!;
      }
    }
    let expected = 0;
    let knockdown = 0;
    let physicalChance = 0;
    for (let b = 1; b < size; b++) {
      const p = physical[b]! + stun[b]!;
      expected += b * p;
      physicalChance += physical[b]!;
      if (knocksDown(b, plan.body)) knockdown += p;
    }
    figures.push(
      { label: 'Expected boxes after resistance', value: expected, format: 'number' },
      { label: 'Chance of Physical damage', value: physicalChance, format: 'percent' },
      // A vehicle is not knocked down; it has no Stun track either.
      ...(vehicle ? [] : [{ label: 'Chance of knockdown', value: knockdown, format: 'percent' } as const]),
    );
    distribution = {
      label: 'Damage after resistance',
      outcomes: [
        { label: 'No damage', p: none },
        ...trackOutcomes(stun, 'Stun'),
        ...trackOutcomes(physical, 'Physical'),
      ],
    };
  }
  figures.push(
    { label: 'Attack glitch', value: glitches.glitch, format: 'percent' },
    { label: 'Attack critical glitch', value: glitches.criticalGlitch, format: 'percent' },
  );
  if (plan.secondChance && plan.attackDice > 0) {
    const rerolled = rollOdds(plan.attackDice, plan.rules.glitch, { mode: 'second-chance' });
    figures.push({
      label: 'Chance to hit if a miss is rerolled with Edge',
      value: opposedOddsFromHits(rerolled.hits, defence).hit,
      format: 'percent',
    });
  }
  const view: OddsView = {
    figures,
    distribution,
    note: `Exact for this setup${pushing ? ', with the Rule of Six on every 6 (Edge before the roll)' : ''}; the defender rolls ${plural(plan.defenceDice, 'die', 'dice')}, the target resists with ${plural(soakDice(plan), 'die', 'dice')}. ${plan.secondChance ? 'An Edge second chance is not counted except in its own line.' : ''}`.trim(),
  };
  if (oddsMemo.size >= MEMO_SIZE) oddsMemo.clear();
  oddsMemo.set(key, view);
  return view;
}
