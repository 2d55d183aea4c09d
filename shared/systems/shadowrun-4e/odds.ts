import { RulesError, requireInteger } from '../../errors';
import { binomial, trim, type Distribution } from '../../dice/distribution';
import { armorAfterAp, damageTypeAfterArmor, MAX_DV, type DamageType } from './combat';
import { glitchThreshold, MAX_POOL } from './tests';
import type { GlitchRule } from './toggles';

/**
 * Exact odds for Shadowrun dice pools, by binomials and convolution (no simulation).
 * A die is a hit on 5–6 (1/3), a 1 with chance 1/6, a blank (2–4) with chance 1/2.
 */

const binomialCache = new Map<string, Distribution>();

/** Binomial(n, p), cached: pools repeat constantly in an encounter and in the benchmark. */
function cachedBinomial(n: number, p: number): Distribution {
  const key = `${n}:${p}`;
  let dist = binomialCache.get(key);
  if (!dist) {
    dist = binomial(n, p);
    binomialCache.set(key, dist);
  }
  return dist;
}

/** P(X ≥ threshold) for X ~ Binomial(n, p). */
function upperTail(n: number, p: number, threshold: number): number {
  if (threshold > n) return 0;
  const dist = cachedBinomial(n, p);
  let sum = 0;
  for (let k = Math.max(0, threshold); k <= n; k++) sum += dist[k]!;
  return Math.min(1, sum);
}

/** Distribution of hits on `dice` plain dice: Binomial(n, 1/3). */
export function hitDistribution(dice: number): Distribution {
  requireInteger('Dice', dice, 0, MAX_POOL);
  return cachedBinomial(dice, 1 / 3).slice();
}

/** Hits from one die under the Rule of Six, up to this many (the rest has probability below 1e-23). */
const EXPLODING_CAP = 30;
/** Values past the top of an exploding distribution are dropped once the tail is below this. */
const TAIL_EPSILON = 1e-18;

let explodingDie: Distribution | null = null;

/** One exploding die: 0 hits with 2/3; k ≥ 1 hits with (10/6)·(1/6)^k (k−1 sixes then a 5, or k sixes then 1–4). */
function explodingDieDistribution(): Distribution {
  if (explodingDie) return explodingDie;
  const dist: number[] = [2 / 3];
  for (let k = 1; k <= EXPLODING_CAP; k++) dist.push((10 / 6) * Math.pow(1 / 6, k));
  explodingDie = dist;
  return dist;
}

const explodingCache = new Map<number, Distribution>();

/** Hits on `dice` dice when every 6 explodes (Edge before the roll), to within 1e-15. */
export function explodingHitDistribution(dice: number): Distribution {
  requireInteger('Dice', dice, 0, MAX_POOL);
  const cached = explodingCache.get(dice);
  if (cached) return cached.slice();
  const die = explodingDieDistribution();
  let dist: number[] = [1];
  for (let i = 0; i < dice; i++) {
    const next = new Array<number>(dist.length + die.length - 1).fill(0);
    for (let a = 0; a < dist.length; a++) {
      const pa = dist[a]!;
      if (pa === 0) continue;
      for (let b = 0; b < die.length; b++) next[a + b]! += pa * die[b]!;
    }
    // Cut the far tail so the array stays short: its total mass is far below the 1e-9 tolerance.
    let end = next.length;
    let tail = 0;
    while (end > 1 && tail + next[end - 1]! < TAIL_EPSILON) tail += next[--end]!;
    dist = next.slice(0, end);
  }
  explodingCache.set(dice, dist);
  return dist.slice();
}

export type OddsEdge =
  | { readonly mode: 'none' }
  | { readonly mode: 'push-the-limit'; readonly edgeDice: number }
  | { readonly mode: 'second-chance' };

export interface RollOdds {
  /** P(exactly k hits), k = 0…largest. */
  readonly hits: Distribution;
  readonly glitch: number;
  readonly criticalGlitch: number;
  readonly expectedHits: number;
}

/**
 * Exact hit distribution, P(glitch) and P(critical glitch) for a pool of `dice`.
 * Critical glitch = no hits and a glitch: P(no hits) × P(enough 1s | no hits), where given no
 * hit each die is a 1 with chance (1/6)/(2/3) = 1/4.
 * Edge: push the limit adds Edge dice that all explode (glitches read from the pool's own dice);
 * second chance rerolls every miss once (each die then hits with 5/9, shows 1 with 1/9).
 */
export function rollOdds(dice: number, glitchRule: GlitchRule, edge: OddsEdge = { mode: 'none' }): RollOdds {
  requireInteger('Dice', dice, 0, MAX_POOL);
  let hits: Distribution;
  let pool = dice;
  let pOne = 1 / 6;
  let pNoHit = 2 / 3;
  if (edge.mode === 'push-the-limit') {
    pool = dice + requireInteger('Edge dice', edge.edgeDice, 0, 20);
    if (pool > MAX_POOL)
      throw new RulesError('out-of-range', `A pool of ${pool} dice is more than the ${MAX_POOL} allowed.`);
    hits = explodingHitDistribution(pool);
  } else if (edge.mode === 'second-chance') {
    hits = cachedBinomial(dice, 5 / 9).slice();
    pOne = 1 / 9;
    pNoHit = 4 / 9;
  } else {
    hits = hitDistribution(dice);
  }
  const threshold = glitchThreshold(pool, glitchRule);
  const glitch = pool === 0 ? 0 : upperTail(pool, pOne, threshold);
  const criticalGlitch = pool === 0 ? 0 : Math.pow(pNoHit, pool) * upperTail(pool, 1 / 4, threshold);
  const expectedHits = hits.reduce((sum, p, k) => sum + p * k, 0);
  return { hits, glitch, criticalGlitch, expectedHits };
}

export interface OpposedOdds {
  /** P(the attacker scores more hits than the defender). */
  readonly hit: number;
  /** P(net hits = k); index 0 is a miss (ties favour the defender). */
  readonly netHits: Distribution;
}

/** Opposed test from two hit distributions: P(net = k) = Σ_d P(D = d)·P(A = d + k), O(n·m). */
export function opposedOddsFromHits(attack: Distribution, defense: Distribution): OpposedOdds {
  const net = new Array<number>(Math.max(1, attack.length)).fill(0);
  let hit = 0;
  for (let k = 1; k < attack.length; k++) {
    let p = 0;
    for (let d = 0; d < defense.length && d + k < attack.length; d++) p += defense[d]! * attack[d + k]!;
    net[k] = p;
    hit += p;
  }
  net[0] = Math.max(0, 1 - hit);
  return { hit, netHits: trim(net) };
}

export function opposedOdds(attackDice: number, defenseDice: number): OpposedOdds {
  return opposedOddsFromHits(hitDistribution(attackDice), hitDistribution(defenseDice));
}

export interface AttackOddsInput {
  readonly attackDice: number;
  readonly defenseDice: number;
  readonly dv: number;
  readonly damageType: DamageType;
  readonly ap: number;
  /** Armour before AP. */
  readonly armor: number;
  /** Damage Resistance dice (Body + armour after AP); omit to get boxes before resistance. */
  readonly resistDice?: number;
}

export interface AttackOdds extends OpposedOdds {
  readonly armorAfterAp: number;
  /** P(boxes = b) after resistance, any damage type; index 0 includes misses and fully resisted hits. */
  readonly boxes: Distribution;
  /** P(b Physical boxes), 0 when the attack misses or lands as Stun. */
  readonly physical: Distribution;
  /** P(b Stun boxes), 0 when the attack misses or lands as Physical. */
  readonly stun: Distribution;
  /** P(the attack hits and its damage is Stun). */
  readonly stunChance: number;
  readonly expectedBoxes: number;
}

/**
 * Exact odds of an opposed attack with the damage resistance roll: for each net-hit count k the
 * modified DV is dv + k, the damage type follows from the armour after AP, and resistance hits
 * R ~ Binomial(resist, 1/3) reduce it: boxes = max(0, dv + k − R). O(n·m + n·r).
 */
export function attackOdds(input: AttackOddsInput, stunWhenEqual: boolean): AttackOdds {
  const dv = requireInteger('DV', input.dv, 0, MAX_DV);
  if (input.damageType !== 'P' && input.damageType !== 'S') {
    throw new RulesError('invalid-input', 'Damage type must be "P" (Physical) or "S" (Stun).');
  }
  const armor = armorAfterAp(input.armor, input.ap);
  const opposed = opposedOdds(input.attackDice, input.defenseDice);
  const resist = input.resistDice === undefined ? null : hitDistribution(input.resistDice);
  const size = dv + opposed.netHits.length;
  const boxes = new Array<number>(size).fill(0);
  const physical = new Array<number>(size).fill(0);
  const stun = new Array<number>(size).fill(0);
  boxes[0] = opposed.netHits[0]!;
  physical[0] = opposed.netHits[0]!;
  stun[0] = opposed.netHits[0]!;
  let stunChance = 0;
  for (let k = 1; k < opposed.netHits.length; k++) {
    const pk = opposed.netHits[k]!;
    if (pk === 0) continue;
    const modifiedDv = dv + k;
    const type = damageTypeAfterArmor(input.damageType, modifiedDv, armor, stunWhenEqual);
    const track = type === 'P' ? physical : stun;
    const other = type === 'P' ? stun : physical;
    if (type === 'S') stunChance += pk;
    other[0]! += pk;
    if (resist === null) {
      boxes[modifiedDv]! += pk;
      track[modifiedDv]! += pk;
      continue;
    }
    for (let h = 0; h < resist.length; h++) {
      const p = pk * resist[h]!;
      const b = Math.max(0, modifiedDv - h);
      boxes[b]! += p;
      track[b]! += p;
    }
  }
  const expectedBoxes = boxes.reduce((sum, p, b) => sum + p * b, 0);
  return {
    hit: opposed.hit,
    netHits: opposed.netHits,
    armorAfterAp: armor,
    boxes: trim(boxes),
    physical: trim(physical),
    stun: trim(stun),
    stunChance,
    expectedBoxes,
  };
}
