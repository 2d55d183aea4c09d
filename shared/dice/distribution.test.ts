import { describe, expect, it } from 'vitest';
import { atLeast, binomial, convolve, dieDistribution, expectedValue, mapDistribution, sumOfDice, total, trim } from './distribution';

// The probabilities below are sums of powers of two, so floating point holds them exactly
// and the distributions can be compared with toEqual.

describe('binomial', () => {
  it('is certain zero successes in no trials', () => {
    expect(binomial(0, 0.3)).toEqual([1]);
  });

  it('weighs failures by 1 − p and successes by p', () => {
    expect(binomial(1, 0.25)).toEqual([0.75, 0.25]);
    // (3/4)^3, 3·(1/4)(3/4)^2, 3·(1/4)^2(3/4), (1/4)^3
    expect(binomial(3, 0.25)).toEqual([27 / 64, 27 / 64, 9 / 64, 1 / 64]);
  });
});

describe('convolve', () => {
  it('adds independent values, skipping impossible ones without losing the length', () => {
    expect(convolve([0.5, 0.5], [0.25, 0.75])).toEqual([0.125, 0.5, 0.375]);
    expect(convolve([0, 1], [0.5, 0, 0.5])).toEqual([0, 0.5, 0, 0.5]);
  });
});

describe('dieDistribution and sumOfDice', () => {
  it('gives each face 1/sides and the empty face 0 nothing', () => {
    expect(dieDistribution(4)).toEqual([0, 0.25, 0.25, 0.25, 0.25]);
  });

  it('sums dice by convolution; no dice is a certain 0', () => {
    expect(sumOfDice(0, 6)).toEqual([1]);
    expect(sumOfDice(1, 2)).toEqual([0, 0.5, 0.5]);
    expect(sumOfDice(2, 2)).toEqual([0, 0, 0.25, 0.5, 0.25]);
  });
});

describe('mapDistribution', () => {
  it('merges values that map to the same result', () => {
    expect(mapDistribution([0.25, 0.25, 0.5], (v) => (v >= 1 ? 1 : 0))).toEqual([0.25, 0.75]);
    expect(mapDistribution([0.5, 0.5], (v) => v + 2)).toEqual([0, 0, 0.5, 0.5]);
  });

  it('ignores impossible values, so they cannot stretch the result', () => {
    expect(mapDistribution([0.5, 0.5, 0], (v) => v * 10)).toEqual([0.5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.5]);
  });

  it('maps a distribution with no possible value to [0]', () => {
    expect(mapDistribution([0, 0], (v) => v)).toEqual([0]);
    expect(mapDistribution([], (v) => v)).toEqual([0]);
  });
});

describe('total, expectedValue and atLeast', () => {
  const dist = [0.125, 0.25, 0.5, 0.125];

  it('sums probabilities and the probability-weighted values', () => {
    expect(total(dist)).toBe(1);
    expect(total([])).toBe(0);
    // 0·1/8 + 1·1/4 + 2·1/2 + 3·1/8
    expect(expectedValue(dist)).toBe(1.625);
    expect(expectedValue([])).toBe(0);
  });

  it('counts values at or above the threshold', () => {
    expect(atLeast(dist, 2)).toBe(0.625);
    expect(atLeast(dist, 3)).toBe(0.125);
    expect(atLeast(dist, 4)).toBe(0);
    expect(atLeast(dist, 0)).toBe(1);
    expect(atLeast(dist, -3)).toBe(1);
  });
});

describe('trim', () => {
  it('drops trailing impossible values but keeps at least one entry', () => {
    expect(trim([0.5, 0.5, 0, 0])).toEqual([0.5, 0.5]);
    expect(trim([0, 1])).toEqual([0, 1]);
    expect(trim([0, 0, 0])).toEqual([0]);
  });
});
