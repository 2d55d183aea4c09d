import { RulesError, requireInteger } from '../../errors';
import type { ExplainStep } from '../contract';
import {
  CRIT_FAIL,
  CRIT_SUCCESS,
  SUCCESS,
  classifyPacked,
  critTable,
  requireTn,
  type CritProfile,
} from './d100';
import {
  HIT_LOCATIONS,
  checkDefenseAllowed,
  decideExchange,
  locationOfDigit,
  type DefenseType,
  type HitLocation,
} from './combat';
import { RULES } from './sections';
import { DEFAULT_TOGGLES, type LuckyOverTn } from './toggles';

export interface TestOddsInput extends CritProfile {
  readonly tn: number;
}

export interface TestOdds {
  /** P(the test succeeds), criticals included. */
  readonly success: number;
  readonly criticalSuccess: number;
  readonly criticalFailure: number;
  /** P(success with exactly k DoS), indexed 0..10 (index 0 is always 0). */
  readonly degreesOfSuccess: number[];
  readonly steps: ExplainStep[];
}

/** Exact odds of one d100 test: each of the 100 faces is counted once. */
export function testOdds(input: TestOddsInput, luckyOverTn: LuckyOverTn = DEFAULT_TOGGLES.luckyOverTnDegrees): TestOdds {
  const tn = requireTn('tn', input.tn);
  const crits = critTable(input);
  let success = 0;
  let critSuccess = 0;
  let critFailure = 0;
  const dos = new Array<number>(11).fill(0);
  for (let roll = 1; roll <= 100; roll++) {
    const packed = classifyPacked(roll, tn, crits, luckyOverTn);
    const category = packed & 3;
    if (category >= SUCCESS) {
      success++;
      dos[packed >> 2]! += 1;
    }
    if (category === CRIT_SUCCESS) critSuccess++;
    if (category === CRIT_FAIL) critFailure++;
  }
  return {
    success: success / 100,
    criticalSuccess: critSuccess / 100,
    criticalFailure: critFailure / 100,
    degreesOfSuccess: dos.map((n) => n / 100),
    steps: [
      {
        text: `Counting the 100 faces of the d100 against TN ${tn}: ${success} succeed (${critSuccess} critically), ${critFailure} critically fail.`,
        rule: RULES.tests,
      },
    ],
  };
}

export interface CombatOddsAttack extends CritProfile {
  readonly tn: number;
  readonly ranged?: boolean;
  readonly spell?: boolean;
  readonly area?: boolean;
}

export interface CombatOddsDefense extends CritProfile {
  readonly type: DefenseType;
  readonly tn?: number;
  readonly ap?: number;
  readonly aware?: boolean;
  readonly leavesArea?: boolean;
}

export type LocationOdds = Record<HitLocation, number>;

export interface CombatOdds {
  readonly hit: number;
  readonly miss: number;
  readonly blocked: number;
  readonly counter: number;
  /** P(nothing resolves: both critical, both fail, or equal DoS on a counter-attack); part of `miss`. */
  readonly nothing: number;
  /** P(the attacker wins with exactly k Advantages), k = 0..2. */
  readonly attackerAdvantages: number[];
  /** P(the defender wins with exactly k Advantages), k = 0..2. */
  readonly defenderAdvantages: number[];
  /** P(outcome hit and the hit lands at each location); sums to `hit`. */
  readonly hitLocation: LocationOdds;
  /** P(outcome counter and the counter-attack lands at each location); sums to `counter`. */
  readonly counterLocation: LocationOdds;
  readonly steps: ExplainStep[];
}

const LOCATION_INDEX: Readonly<Record<HitLocation, number>> = {
  body: 0,
  'right-leg': 1,
  'left-leg': 2,
  'right-arm': 3,
  'left-arm': 4,
  head: 5,
};
const DIGIT_LOCATION = Array.from({ length: 10 }, (_, d) => LOCATION_INDEX[locationOfDigit(d === 0 ? 10 : d)]);
const DEFENSE_CODE: Readonly<Record<DefenseType, number>> = { none: 0, evade: 1, parry: 2, block: 3, counter: 4 };

function locationRecord(counts: readonly number[], total: number): LocationOdds {
  const out = {} as LocationOdds;
  HIT_LOCATIONS.forEach((loc, i) => {
    out[loc] = counts[i]! / total;
  });
  return out;
}

/**
 * Exact distribution of the combat roll: all 100 × 100 (attack, defence) roll pairs are enumerated
 * (100 when the defender does not roll), each decided by the same `decideExchange` the resolver uses.
 */
export function combatOdds(
  attack: CombatOddsAttack,
  defense: CombatOddsDefense,
  luckyOverTn: LuckyOverTn = DEFAULT_TOGGLES.luckyOverTnDegrees,
): CombatOdds {
  checkDefenseAllowed(attack, defense.type);
  const aTn = requireTn('attack.tn', attack.tn);
  const aCrits = critTable(attack);
  let effective: DefenseType = defense.type;
  if (effective !== 'none' && (defense.aware === false || (defense.ap !== undefined && requireInteger('defense.ap', defense.ap, 0, 99) === 0))) {
    effective = 'none';
  }
  const aPacked = new Int32Array(101);
  for (let r = 1; r <= 100; r++) aPacked[r] = classifyPacked(r, aTn, aCrits, luckyOverTn);
  let dPacked: Int32Array;
  let dRolls: number;
  if (effective === 'none') {
    dPacked = Int32Array.of(0, 1 + 4);
    dRolls = 1;
  } else {
    if (defense.tn === undefined) throw new RulesError('invalid-input', `A ${effective} defence needs its own tn.`);
    const dTn = requireTn('defense.tn', defense.tn);
    const dCrits = critTable(defense);
    dPacked = new Int32Array(101);
    for (let r = 1; r <= 100; r++) dPacked[r] = classifyPacked(r, dTn, dCrits, luckyOverTn);
    dRolls = 100;
  }
  const noAdvantage = attack.ranged === true || attack.spell === true;
  const area = attack.area === true;
  const leaves = defense.leavesArea === true;
  const defenseCode = DEFENSE_CODE[effective];

  const outcomes = [0, 0, 0, 0];
  let nothing = 0;
  const attackerAdv = [0, 0, 0];
  const defenderAdv = [0, 0, 0];
  const hitLoc = [0, 0, 0, 0, 0, 0];
  const counterLoc = [0, 0, 0, 0, 0, 0];
  for (let ar = 1; ar <= 100; ar++) {
    const a = aPacked[ar]!;
    const hitLocIndex = area ? 0 : DIGIT_LOCATION[ar % 10]!;
    for (let dr = 1; dr <= dRolls; dr++) {
      const code = decideExchange(a, dPacked[dr]!, defenseCode, noAdvantage, area, leaves);
      const outcome = code & 3;
      const adv = (code >> 2) & 3;
      const winner = (code >> 4) & 3;
      outcomes[outcome]! += 1;
      if (winner === 1) attackerAdv[adv]! += 1;
      else if (winner === 2) defenderAdv[adv]! += 1;
      else nothing++;
      if (outcome === 0) hitLoc[hitLocIndex]! += 1;
      else if (outcome === 3) counterLoc[DIGIT_LOCATION[dr % 10]!]! += 1;
    }
  }
  const total = 100 * dRolls;
  return {
    hit: outcomes[0]! / total,
    miss: outcomes[1]! / total,
    blocked: outcomes[2]! / total,
    counter: outcomes[3]! / total,
    nothing: nothing / total,
    attackerAdvantages: attackerAdv.map((n) => n / total),
    defenderAdvantages: defenderAdv.map((n) => n / total),
    hitLocation: locationRecord(hitLoc, total),
    counterLocation: locationRecord(counterLoc, total),
    steps: [
      {
        text: `Every ${dRolls === 1 ? 'attack roll (the defender does not roll)' : 'pair of attack and defence rolls'} counted once: ${total} equally likely combinations.`,
        rule: RULES.compare,
      },
    ],
  };
}
