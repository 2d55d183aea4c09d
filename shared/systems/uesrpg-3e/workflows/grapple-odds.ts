import type { OddsView, ResolveContext, SetupValues } from '../../../system-kit/workflow';
import { HIT_LOCATIONS, opposedWinner } from '../combat';
import { classifyPacked, critTable } from '../d100';
import { combatOdds, testOdds } from '../odds';
import { accumulate, rollDistribution } from './damage';
import { mean, outcomesOf, percent, sumAbove } from './exchange-kit';
import { type Prepared, check } from './grapple';
import { DICELESS_GRAPPLE_ACTIONS } from './grapple-fields';
import { armourByLocation, woundThreshold } from './participants';
import { oddsOnce } from './workflow-kit';

// The grapple workflow's odds, worked out exactly from the prepared grapple in grapple.ts.

// Odds
// ---------------------------------------------------------------------------------------------

/** P(the first side wins), P(a tie) of an opposed test, every pair of the 100 × 100 faces counted. */
function opposedOdds(p: Prepared, actorTn: number): { wins: number; ties: number } {
  const mine = critTable(p.actorCrits);
  const theirs = critTable(p.targetCrits);
  const theirClasses = Array.from({ length: 100 }, (_, i) =>
    classifyPacked(i + 1, p.opposingTn!, theirs, p.luckyOverTn),
  );
  let wins = 0;
  let ties = 0;
  for (let a = 1; a <= 100; a++) {
    const packed = classifyPacked(a, actorTn, mine, p.luckyOverTn);
    for (const other of theirClasses) {
      const winner = opposedWinner(packed, other);
      if (winner === 1) wins++;
      else if (winner === 0) ties++;
    }
  }
  return { wins: wins / 10_000, ties: ties / 10_000 };
}

function attackOdds(p: Prepared): OddsView {
  const { s, target } = p;
  const combat = combatOdds({ tn: p.rolledTn, ...p.actorCrits }, { type: 'none' }, p.luckyOverTn);
  const test = testOdds({ tn: p.rolledTn, ...p.actorCrits }, p.luckyOverTn);
  if (!s.armed) {
    return {
      figures: [percent('Attack test succeeds', test.success), percent(`${target.name} loses 1 SP`, combat.hit)],
      note: 'Exact: the Restrained target cannot defend; an unarmed attack drains 1 SP instead of dealing damage.',
    };
  }
  const armour = armourByLocation(target);
  const raw = rollDistribution(s.damage);
  const toTarget: number[] = [0];
  HIT_LOCATIONS.forEach((location, i) =>
    accumulate(toTarget, raw, combat.hitLocation[location], (v) => Math.max(0, v - armour[i]!)),
  );
  toTarget[0]! += combat.miss;
  const wt = woundThreshold(target);
  return {
    figures: [
      percent('Attack test succeeds', test.success),
      percent(`Hits ${target.name}`, combat.hit),
      { label: 'Expected damage after AR', value: mean(toTarget), format: 'number' },
      percent(`Wound (more than WT ${wt} after AR)`, sumAbove(toTarget, wt)),
    ],
    distribution: { label: `Damage to ${target.name} after AR`, outcomes: outcomesOf(toTarget) },
    note: 'Exact: the Restrained target cannot defend; every attack and damage roll counted.',
  };
}

function computeOdds(p: Prepared): OddsView {
  if (p.s.action === 'attack') return attackOdds(p);
  if (DICELESS_GRAPPLE_ACTIONS.includes(p.s.action)) {
    const what = p.s.action === 'takedown' ? 'Takedown' : 'Move';
    return {
      figures: [percent(`${what} happens`, 1)],
      note: `Certain: a ${what} needs no test (seed, Grappling); it costs 1 AP.`,
    };
  }
  const { wins, ties } = opposedOdds(p, p.rolledTn);
  const grab = p.s.action === 'grab';
  const win = grab ? `${p.target.name} Restrained` : `${p.actor.name} breaks free`;
  const lose = grab ? `${p.target.name} stays free` : `${p.actor.name} stays Restrained`;
  return {
    figures: [percent(win, wins), percent('Tie: no change', ties)],
    distribution: {
      label: grab ? 'The grab' : 'The escape',
      outcomes: [
        { label: win, p: wins },
        { label: lose, p: 1 - wins },
      ],
    },
    note: 'Exact: every pair of opposed rolls counted; success beats failure, a critical beats a success, then more DoS wins.',
  };
}

const oddsCache = new WeakMap<Prepared, OddsView>();

export function grappleOdds(setup: SetupValues, context: ResolveContext): OddsView {
  return oddsOnce(oddsCache, check(setup, context), computeOdds);
}
