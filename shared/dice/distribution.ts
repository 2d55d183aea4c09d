/**
 * Exact discrete distributions. A Distribution is an array indexed by value
 * (0..max) holding probabilities that sum to 1.
 */
export type Distribution = number[];

/** P(exactly k successes in n independent trials with success chance p). */
export function binomial(n: number, p: number): Distribution {
  let dist: Distribution = [1];
  for (let i = 0; i < n; i++) {
    const next = new Array<number>(dist.length + 1).fill(0);
    for (let k = 0; k < dist.length; k++) {
      next[k]! += dist[k]! * (1 - p);
      next[k + 1]! += dist[k]! * p;
    }
    dist = next;
  }
  return dist;
}

/** Distribution of X + Y for independent X and Y. */
export function convolve(a: Distribution, b: Distribution): Distribution {
  const out = new Array<number>(a.length + b.length - 1).fill(0);
  for (let i = 0; i < a.length; i++) {
    const pa = a[i]!;
    if (pa === 0) continue;
    for (let j = 0; j < b.length; j++) out[i + j]! += pa * b[j]!;
  }
  return out;
}

/** Uniform distribution of one die, indexed by face (index 0 has probability 0). */
export function dieDistribution(sides: number): Distribution {
  const out = new Array<number>(sides + 1).fill(1 / sides);
  out[0] = 0;
  return out;
}

/** Distribution of the sum of `count` dice with `sides` faces. */
export function sumOfDice(count: number, sides: number): Distribution {
  let dist: Distribution = [1];
  const die = dieDistribution(sides);
  for (let i = 0; i < count; i++) dist = convolve(dist, die);
  return dist;
}

/** Maps each value through f, merging probabilities that land on the same result. */
export function mapDistribution(dist: Distribution, f: (value: number) => number): Distribution {
  const out: number[] = [];
  dist.forEach((p, value) => {
    if (p === 0) return;
    const target = f(value);
    while (out.length <= target) out.push(0);
    out[target]! += p;
  });
  return out.length === 0 ? [0] : out;
}

export function total(dist: Distribution): number {
  return dist.reduce((sum, p) => sum + p, 0);
}

export function expectedValue(dist: Distribution): number {
  return dist.reduce((sum, p, value) => sum + p * value, 0);
}

/** P(value >= threshold). */
export function atLeast(dist: Distribution, threshold: number): number {
  let sum = 0;
  for (let v = Math.max(0, threshold); v < dist.length; v++) sum += dist[v]!;
  return sum;
}

/** Drops trailing zero-probability values so "largest possible value" is the last index. */
export function trim(dist: Distribution): Distribution {
  let end = dist.length;
  while (end > 1 && dist[end - 1] === 0) end--;
  return dist.slice(0, end);
}
