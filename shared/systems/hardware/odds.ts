import { RulesError, describe } from '../../errors';
import type { Distribution } from '../../dice/distribution';
import {
  ASSIST_THRESHOLD,
  applyProtection,
  coverValue,
  requireDieSize,
  type AssistRule,
  type CoverTier,
  type DieSize,
} from './combat';
import { cappedProtection, requireAttribute, requireStamina } from './derived';
import { SAVE_DIE, successFaces } from './saves';

/** One attacker's die size, or two sizes for dual wield (keep the higher). */
export type OddsDie = DieSize | readonly [DieSize, DieSize];

/** The benchmark names 10 attackers; 50 keeps the O(faces × n²) work tiny while allowing mobs. */
export const MAX_ODDS_ATTACKERS = 50;

export interface AttackOddsInput {
  /** Die size per attacker after Edges/Impaired (applied by the caller); a pair = dual wield. */
  readonly dice: readonly OddsDie[];
  readonly cover?: CoverTier | number;
  readonly armor?: number;
  readonly piercing?: boolean;
  readonly assists?: AssistRule;
}

interface DieCounts {
  /** Outcomes of this attacker (s, or a × b for dual wield). */
  readonly outcomes: number;
  /** Number of outcomes whose result is ≤ k. */
  readonly atMost: (k: number) => number;
  readonly maxFace: number;
}

function countsOf(die: OddsDie, index: number): DieCounts {
  if (Array.isArray(die)) {
    if (die.length !== 2) {
      throw new RulesError(
        'invalid-input',
        `dice[${index}]: a dual-wielding attacker has exactly two dice, got ${die.length}.`,
      );
    }
    const a = requireDieSize(`dice[${index}][0]`, die[0]);
    const b = requireDieSize(`dice[${index}][1]`, die[1]);
    const clamp = (k: number, s: number) => Math.max(0, Math.min(k, s));
    return { outcomes: a * b, atMost: (k) => clamp(k, a) * clamp(k, b), maxFace: Math.max(a, b) };
  }
  const s = requireDieSize(`dice[${index}]`, die);
  return { outcomes: s, atMost: (k) => Math.max(0, Math.min(k, s)), maxFace: s };
}

/**
 * Exact distribution of the attack total before protection (kept result + assists), as whole
 * outcome counts. With assists on, total = M + C − [M ≥ 4], where M is the highest result and C
 * the number of results of 4 or more (every 4+ other than the one kept assists, ties included).
 *
 * For each m, the product over attackers of (low + high·x), with low = outcomes ≤ min(m, 3) and
 * high = outcomes in 4..m, counts "every result ≤ m, exactly c of them 4+" by c. Subtracting the
 * same for m − 1 leaves "highest exactly m". O(maxFace × n²) instead of 12^n outcomes; the counts
 * are whole numbers, so they stay exact while the outcome total is below 2^53 (12^14).
 */
export function attackTotalCounts(
  dice: readonly OddsDie[],
  assists: AssistRule = 'every-4-plus',
): { counts: number[]; outcomes: number } {
  if (!Array.isArray(dice) || dice.length === 0) {
    throw new RulesError('invalid-input', `dice must list one die size per attacker, got ${describe(dice)}.`);
  }
  if (dice.length > MAX_ODDS_ATTACKERS) {
    throw new RulesError(
      'too-many-dice',
      `At most ${MAX_ODDS_ATTACKERS} attackers can be on one foe, got ${dice.length}.`,
    );
  }
  const attackers = dice.map(countsOf);
  const n = attackers.length;
  const maxFace = Math.max(...attackers.map((a) => a.maxFace));
  const outcomes = attackers.reduce((product, a) => product * a.outcomes, 1);
  const low = ASSIST_THRESHOLD - 1;
  const counts = new Array<number>(maxFace + n).fill(0);

  // poly(m)[c]: outcomes with every result ≤ m and exactly c results ≥ 4.
  const poly = (m: number): Float64Array => {
    const out = new Float64Array(n + 1);
    out[0] = 1;
    let degree = 0;
    for (const a of attackers) {
      const lo = a.atMost(Math.min(m, low));
      const hi = a.atMost(m) - lo;
      for (let c = degree + 1; c >= 0; c--) {
        out[c] = (c <= degree ? out[c]! * lo : 0) + (c > 0 ? out[c - 1]! * hi : 0);
      }
      degree++;
    }
    return out;
  };

  let previous = poly(0);
  for (let m = 1; m <= maxFace; m++) {
    const current = poly(m);
    for (let c = 0; c <= n; c++) {
      const ways = current[c]! - previous[c]!;
      if (ways === 0) continue;
      const total = assists === 'none' ? m : m + c - (m >= ASSIST_THRESHOLD ? 1 : 0);
      counts[total]! += ways;
    }
    previous = current;
  }
  let end = counts.length;
  while (end > 1 && counts[end - 1] === 0) end--;
  return { counts: counts.slice(0, end), outcomes };
}

/** Damage counts after Cover then Armor (piercing ignores Armor), never below 0. */
function damageCounts(input: AttackOddsInput): { counts: number[]; outcomes: number } {
  const cover = coverValue(input.cover);
  const armor = cappedProtection('Armor', input.armor ?? 0).value;
  const piercing = input.piercing ?? false;
  const { counts, outcomes } = attackTotalCounts(input.dice, input.assists ?? 'every-4-plus');
  const out: number[] = [];
  counts.forEach((ways, total) => {
    if (ways === 0) return;
    const damage = applyProtection(total, cover, armor, piercing);
    while (out.length <= damage) out.push(0);
    out[damage]! += ways;
  });
  return { counts: out, outcomes };
}

/**
 * Exact distribution of the damage one foe takes from several attackers (index = damage, from 0
 * to the largest possible value), with assists as in resolveAttack and Cover/Armor applied.
 */
export function attackDamageOdds(input: AttackOddsInput): Distribution {
  const { counts, outcomes } = damageCounts(input);
  return counts.map((ways) => ways / outcomes);
}

export interface CriticalOdds {
  /** P(some damage goes past 0 Stamina into the attribute). */
  readonly overflow: number;
  /** P(overflow leaves the attribute above 0, so a save is made). */
  readonly saveRequired: number;
  /** P(the save after overflow fails): Critical Damage (or Critical Stress). */
  readonly critical: number;
  /** P(the attribute reaches 0: BOD 0 is death, CTR 0 a breakdown; no save). */
  readonly zeroed: number;
  /** P(no overflow at all). */
  readonly safe: number;
}

/**
 * Exact chance of Critical Damage (or Stress) from a harm distribution given current Stamina and
 * attribute: overflow past 0 Stamina comes off the attribute, then a d20 save against the new
 * value (1 always succeeds, 20 always fails); at 0 there is no save.
 */
export function criticalOdds(harm: Distribution, stamina: number, attribute: number): CriticalOdds {
  const sta = requireStamina('stamina', stamina);
  const attr = requireAttribute('attribute', attribute);
  let overflow = 0;
  let saveRequired = 0;
  let critical = 0;
  let zeroed = 0;
  let safe = 0;
  harm.forEach((p, amount) => {
    if (p === 0) return;
    const over = Math.max(0, amount - sta);
    if (over === 0) {
      safe += p;
      return;
    }
    overflow += p;
    const after = attr - over;
    if (after <= 0) {
      zeroed += p;
      return;
    }
    saveRequired += p;
    critical += (p * (SAVE_DIE - successFaces(after))) / SAVE_DIE;
  });
  return { overflow, saveRequired, critical, zeroed, safe };
}

/** Critical Damage odds of an attack on a target with the given Stamina and BOD. */
export function attackCriticalOdds(
  input: AttackOddsInput & { stamina: number; bod: number },
): CriticalOdds & { damage: Distribution } {
  const damage = attackDamageOdds(input);
  return { damage, ...criticalOdds(damage, input.stamina, input.bod) };
}
