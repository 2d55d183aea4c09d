import type { Distribution } from '../../../dice/distribution';
import { ASSIST_THRESHOLD, applyProtection, type AssistRule, type DieSize } from '../combat';
import { cappedProtection } from '../derived';
import { attackDamageOdds, MAX_ODDS_ATTACKERS, type OddsDie } from '../odds';

/**
 * Exact damage odds for what the package's attackDamageOdds cannot express: an aimed attacker
 * (its die shows its maximum, a fixed result) and a mix of piercing and non-piercing dice (the
 * kept die decides whether Armor counts). When neither occurs, attackDamageOdds answers.
 */

export interface ExactDie {
  readonly sides: DieSize;
  /** The die's source ignores Armor. */
  readonly piercing: boolean;
  /** Aimed: the die deals its maximum, so it is not rolled. */
  readonly aimed: boolean;
}

export interface ExactAttacker {
  /** One die, or two when dual-wielding (the higher is kept). */
  readonly dice: readonly ExactDie[];
}

export interface ExactAttackInput {
  readonly attackers: readonly ExactAttacker[];
  /** 0, 1 (light) or 2 (heavy); subtracted first. */
  readonly cover: number;
  /** Subtracted after Cover unless the kept die is piercing; above 3 counts as 3. */
  readonly armor: number;
  readonly assists: AssistRule;
}

const LOW = ASSIST_THRESHOLD - 1;

/** P(die ≤ k). An aimed die always shows its maximum. */
function atMost(die: ExactDie, k: number): number {
  if (die.aimed) return k >= die.sides ? 1 : 0;
  return Math.max(0, Math.min(k, die.sides)) / die.sides;
}

/** P(every non-piercing die ≤ plain and every piercing die ≤ pierced) for one attacker. */
function mass(attacker: ExactAttacker, plain: number, pierced: number): number {
  let p = 1;
  for (const die of attacker.dice) p *= atMost(die, die.piercing ? pierced : plain);
  return p;
}

/**
 * poly[c] = P(every attacker passes `cap`, exactly c attackers with a result of 4+), built as
 * the product of (low + high·x) over attackers, as attackTotalCounts does.
 */
function poly(attackers: readonly ExactAttacker[], plain: number, pierced: number): Float64Array {
  const n = attackers.length;
  const out = new Float64Array(n + 1);
  out[0] = 1;
  let degree = 0;
  for (const a of attackers) {
    const lo = mass(a, Math.min(plain, LOW), Math.min(pierced, LOW));
    const hi = mass(a, plain, pierced) - lo;
    for (let c = degree + 1; c >= 0; c--) {
      out[c] = (c <= degree ? out[c]! * lo : 0) + (c > 0 ? out[c - 1]! * hi : 0);
    }
    degree++;
  }
  return out;
}

/**
 * Damage distribution (index = damage) of several attackers on one foe. For each highest result
 * m and count c of 4+ results: A(m) = "all ≤ m", B(m) = "all ≤ m and no piercing die shows m";
 * A(m) − B(m) is "highest m and a piercing die shows it" (the kept die is then piercing, since
 * resolveAttack prefers the source that deals more damage among equal results).
 */
export function exactDamage(input: ExactAttackInput): Distribution {
  const { attackers, cover, assists } = input;
  // Above 3 counts as 3, as in resolveAttack and attackDamageOdds.
  const armor = cappedProtection('Armor', input.armor).value;
  if (attackers.length === 0 || attackers.length > MAX_ODDS_ATTACKERS) {
    throw new RangeError(`exactDamage takes 1 to ${MAX_ODDS_ATTACKERS} attackers, got ${attackers.length}.`);
  }
  const maxFace = Math.max(...attackers.flatMap((a) => a.dice.map((d) => d.sides)));
  const n = attackers.length;
  const out: number[] = [];
  const add = (m: number, c: number, piercing: boolean, p: number) => {
    if (p <= 0) return;
    const total = assists === 'none' ? m : m + c - (m >= ASSIST_THRESHOLD ? 1 : 0);
    const damage = applyProtection(total, cover, armor, piercing);
    while (out.length <= damage) out.push(0);
    out[damage]! += p;
  };
  let previous = poly(attackers, 0, 0);
  for (let m = 1; m <= maxFace; m++) {
    const all = poly(attackers, m, m);
    const noPiercingAtM = poly(attackers, m, m - 1);
    for (let c = 0; c <= n; c++) {
      add(m, c, true, all[c]! - noPiercingAtM[c]!);
      add(m, c, false, noPiercingAtM[c]! - previous[c]!);
    }
    previous = all;
  }
  // Differences of products leave rounding dust (±1e-17); clear it so no outcome shows as negative.
  return out.map((p) => (Math.abs(p) < 1e-15 ? 0 : p));
}

/**
 * The damage distribution of an attack: the package's attackDamageOdds when it can express the
 * attack (no Aim, every die piercing or none), exactDamage otherwise.
 */
export function attackDistribution(input: ExactAttackInput): Distribution {
  const dice = input.attackers.flatMap((a) => a.dice);
  const uniformPiercing = dice.every((d) => d.piercing) || dice.every((d) => !d.piercing);
  if (uniformPiercing && !dice.some((d) => d.aimed)) {
    return attackDamageOdds({
      dice: input.attackers.map((a): OddsDie => {
        const [first, second] = a.dice;
        return second === undefined ? first!.sides : [first!.sides, second.sides];
      }),
      cover: input.cover,
      armor: input.armor,
      piercing: dice[0]?.piercing ?? false,
      assists: input.assists,
    });
  }
  return exactDamage(input);
}
