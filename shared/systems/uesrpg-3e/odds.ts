import { RulesError, requireInteger } from '../../errors';
import type { ExplainStep } from '../../system-kit/rule-system';
import { CRIT_FAIL, CRIT_SUCCESS, SUCCESS, classifyPacked, critTable, requireTn, type CritProfile } from './d100';
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
export function testOdds(
  input: TestOddsInput,
  luckyOverTn: LuckyOverTn = DEFAULT_TOGGLES.luckyOverTnDegrees,
): TestOdds {
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

/** Packed classifications are category + 4 × degrees; degrees never exceed 21 (roll 100 against TN −100). */
const CLASS_SLOTS = 4 * 64;

interface ClassGroups {
  /** The distinct packed classifications that occur. */
  readonly classes: number[];
  /** Faces per classification. */
  readonly counts: Float64Array;
  /** Faces per classification and hit location (index class × 6 + location). */
  readonly locations: Float64Array;
}

function groupByClass(tn: number, crits: Uint8Array, luckyOverTn: LuckyOverTn, allBody: boolean): ClassGroups {
  const counts = new Float64Array(CLASS_SLOTS);
  const locations = new Float64Array(CLASS_SLOTS * 6);
  const classes: number[] = [];
  for (let roll = 1; roll <= 100; roll++) {
    const packed = classifyPacked(roll, tn, crits, luckyOverTn);
    if (counts[packed] === 0) classes.push(packed);
    counts[packed]! += 1;
    locations[packed * 6 + (allBody ? 0 : DIGIT_LOCATION[roll % 10]!)]! += 1;
  }
  return { classes, counts, locations };
}

function locationRecord(counts: readonly number[], total: number): LocationOdds {
  const out = {} as LocationOdds;
  HIT_LOCATIONS.forEach((loc, i) => {
    out[loc] = counts[i]! / total;
  });
  return out;
}

/**
 * Exact distribution of the combat roll over all 100 × 100 (attack, defence) roll pairs (100 when the
 * defender does not roll). Pairs are decided by the same `decideExchange` the resolver uses; faces with
 * the same classification are counted together, which gives the identical exact result much faster.
 */
export function combatOdds(
  attack: CombatOddsAttack,
  defense: CombatOddsDefense,
  luckyOverTn: LuckyOverTn = DEFAULT_TOGGLES.luckyOverTnDegrees,
): CombatOdds {
  checkDefenseAllowed(attack, defense.type);
  const aTn = requireTn('attack.tn', attack.tn);
  const aCrits = critTable(attack);
  const area = attack.area === true;
  let effective: DefenseType = defense.type;
  if (
    effective !== 'none' &&
    (defense.aware === false || (defense.ap !== undefined && requireInteger('defense.ap', defense.ap, 0, 99) === 0))
  ) {
    effective = 'none';
  }
  // Rolls with the same classification (category + degrees) decide identically, so each side is
  // grouped by classification, with how many faces fall in it and at which hit location.
  const attackSide = groupByClass(aTn, aCrits, luckyOverTn, area);
  let defenseSide: ClassGroups;
  let dRolls: number;
  if (effective === 'none') {
    defenseSide = {
      classes: [1 + 4],
      counts: new Float64Array(CLASS_SLOTS),
      locations: new Float64Array(CLASS_SLOTS * 6),
    };
    defenseSide.counts[1 + 4] = 1;
    dRolls = 1;
  } else {
    if (defense.tn === undefined) throw new RulesError('invalid-input', `A ${effective} defence needs its own tn.`);
    defenseSide = groupByClass(requireTn('defense.tn', defense.tn), critTable(defense), luckyOverTn, false);
    dRolls = 100;
  }
  const noAdvantage = attack.ranged === true || attack.spell === true;
  const leaves = defense.leavesArea === true;
  const defenseCode = DEFENSE_CODE[effective];

  const outcomes = [0, 0, 0, 0];
  let nothing = 0;
  const attackerAdv = [0, 0, 0];
  const defenderAdv = [0, 0, 0];
  const hitLoc = [0, 0, 0, 0, 0, 0];
  const counterLoc = [0, 0, 0, 0, 0, 0];
  for (const a of attackSide.classes) {
    const aCount = attackSide.counts[a]!;
    for (const d of defenseSide.classes) {
      const dCount = defenseSide.counts[d]!;
      const weight = aCount * dCount;
      const code = decideExchange(a, d, defenseCode, noAdvantage, area, leaves);
      const outcome = code & 3;
      const adv = (code >> 2) & 3;
      const winner = (code >> 4) & 3;
      outcomes[outcome]! += weight;
      if (winner === 1) attackerAdv[adv]! += weight;
      else if (winner === 2) defenderAdv[adv]! += weight;
      else nothing += weight;
      if (outcome === 0) {
        for (let l = 0; l < 6; l++) hitLoc[l]! += attackSide.locations[a * 6 + l]! * dCount;
      } else if (outcome === 3) {
        for (let l = 0; l < 6; l++) counterLoc[l]! += defenseSide.locations[d * 6 + l]! * aCount;
      }
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
