import { sumOfDice, type Distribution } from '../../../dice/distribution';

/** A damage roll: `count` dice of `sides` faces plus a flat bonus (never below 0 in total). */
export interface DamageDice {
  readonly count: number;
  readonly sides: number;
  readonly bonus: number;
}

export function describeDice(dice: DamageDice): string {
  const bonus = dice.bonus === 0 ? '' : dice.bonus > 0 ? `+${dice.bonus}` : `−${-dice.bonus}`;
  return `${dice.count}d${dice.sides}${bonus}`;
}

/** One damage roll from its faces: their sum plus the bonus, at least 0. */
export function damageTotal(dice: DamageDice, faces: readonly number[]): number {
  return Math.max(0, faces.reduce((sum, face) => sum + face, 0) + dice.bonus);
}

/** The damage situation that changes the rolled number before armour. */
export interface DamageSituation {
  /** Penetrable cover: roll twice, the lower counts. */
  readonly lowerOfTwo: boolean;
  /** Swinging or jumping into the attack: metres travelled (+1 per full 2 m). */
  readonly swingMeters: number;
  /** Fighting in water: half damage, rounded up. */
  readonly swimming: boolean;
}

/** Exact distribution of one damage roll (index = damage, at least 0). */
export function rollDistribution(dice: DamageDice): Distribution {
  const sums = sumOfDice(dice.count, dice.sides);
  const out: number[] = [];
  sums.forEach((p, sum) => {
    if (p === 0) return;
    const value = Math.max(0, sum + dice.bonus);
    while (out.length <= value) out.push(0);
    out[value]! += p;
  });
  return out;
}

/** The lower of two independent rolls: P(min ≥ v) = P(X ≥ v)². */
function lowerOfTwo(dist: Distribution): Distribution {
  const out = new Array<number>(dist.length).fill(0);
  let atLeast = 1;
  for (let v = 0; v < dist.length; v++) {
    const above = atLeast - dist[v]!;
    out[v] = atLeast * atLeast - Math.max(0, above) * Math.max(0, above);
    atLeast = above;
  }
  return out;
}

function mapValues(dist: Distribution, f: (value: number) => number): Distribution {
  const out: number[] = [0];
  dist.forEach((p, value) => {
    if (p === 0) return;
    const target = f(value);
    while (out.length <= target) out.push(0);
    out[target]! += p;
  });
  return out;
}

/** The swing/jump bonus: +1 per 2 m travelled, rounded down. */
export function swingBonus(meters: number): number {
  return Math.floor(meters / 2);
}

/**
 * Distribution of the damage before armour, in the order the resolver applies the changes:
 * penetrable cover (lower of two rolls), then the swing bonus, then halving in water.
 */
export function damageBeforeArmour(dice: DamageDice, situation: DamageSituation): Distribution {
  let dist = rollDistribution(dice);
  if (situation.lowerOfTwo) dist = lowerOfTwo(dist);
  const bonus = swingBonus(situation.swingMeters);
  if (bonus > 0) dist = mapValues(dist, (v) => v + bonus);
  if (situation.swimming) dist = mapValues(dist, (v) => Math.ceil(v / 2));
  return dist;
}

/** Adds `weight` × dist, each value turned into the damage that lands, into `into`. */
export function accumulate(
  into: number[],
  dist: Distribution,
  weight: number,
  landed: (damage: number) => number,
): void {
  if (weight === 0) return;
  dist.forEach((p, value) => {
    if (p === 0) return;
    const amount = landed(value);
    while (into.length <= amount) into.push(0);
    into[amount]! += weight * p;
  });
}
