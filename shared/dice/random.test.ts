import { describe, expect, it } from 'vitest';
import { createCryptoSource, createSeededSource, rollDie, rollDice, type RandomSource } from './random';

function fixedSource(values: number[]): RandomSource {
  let i = 0;
  return { kind: 'fixed', nextUint32: () => values[i++]! };
}

describe('rollDie', () => {
  it('maps raw values to faces 1..sides', () => {
    expect(rollDie(fixedSource([0]), 6)).toBe(1);
    expect(rollDie(fixedSource([5]), 6)).toBe(6);
    expect(rollDie(fixedSource([6]), 6)).toBe(1);
  });

  it('rejects values in the biased top band and draws again', () => {
    // 2^32 % 6 = 4, so the 4 largest values would favour faces 1-4: they must be redrawn.
    const top = 0xffffffff;
    expect(rollDie(fixedSource([top, top - 3, 2]), 6)).toBe(3);
    // The largest accepted value maps to face 6.
    const limit = 0x1_0000_0000 - (0x1_0000_0000 % 6);
    expect(rollDie(fixedSource([limit - 1]), 6)).toBe(6);
  });

  it('rejects an impossible die', () => {
    expect(() => rollDie(fixedSource([0]), 0)).toThrow(/between 1 and 2\^32/);
    expect(() => rollDie(fixedSource([0]), 2.5)).toThrow();
  });
});

describe('seeded source', () => {
  it('is deterministic for the same seed and differs across seeds', () => {
    const a = rollDice(createSeededSource('encounter-1'), 50, 20);
    const b = rollDice(createSeededSource('encounter-1'), 50, 20);
    const c = rollDice(createSeededSource('encounter-2'), 50, 20);
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
  });

  it('resumes from a saved state', () => {
    const source = createSeededSource(7);
    rollDice(source, 10, 6);
    const resumed = createSeededSource(7, source.state());
    expect(rollDice(resumed, 20, 6)).toEqual(rollDice(source, 20, 6));
  });

  it('produces roughly uniform d6 faces', () => {
    const counts = [0, 0, 0, 0, 0, 0];
    const source = createSeededSource(123);
    const n = 60_000;
    for (let i = 0; i < n; i++) counts[rollDie(source, 6) - 1]!++;
    // Each face expects 10,000; 5 standard deviations is about ±456.
    for (const count of counts) expect(Math.abs(count - n / 6)).toBeLessThan(460);
  });
});

describe('crypto source', () => {
  it('rolls faces within the die across buffer refills', () => {
    const source = createCryptoSource(8);
    const faces = rollDice(source, 100, 6);
    expect(faces.every((f) => f >= 1 && f <= 6)).toBe(true);
    expect(new Set(faces).size).toBeGreaterThan(1);
    expect(source.kind).toBe('crypto');
  });
});
