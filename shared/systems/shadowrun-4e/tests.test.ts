import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RulesError } from '../../errors';
import { countHits, evaluateTest, glitchThreshold, negateGlitch, pushTheLimit, secondChance } from './tests';

const face = fc.integer({ min: 1, max: 6 });

describe('evaluateTest', () => {
  it('counts 5s and 6s as hits', () => {
    expect(evaluateTest([6, 5, 4, 3, 2, 1], 'sr4').hits).toBe(2);
  });

  it('glitches on half or more 1s (SR4) and more than half (SR5)', () => {
    expect(evaluateTest([1, 1, 5, 3], 'sr4').glitch).toBe(true);
    expect(evaluateTest([1, 1, 5, 3], 'sr5').glitch).toBe(false);
    expect(evaluateTest([1, 1, 1, 5], 'sr5').glitch).toBe(true);
  });

  it('calls a glitch with no hits a critical glitch', () => {
    const result = evaluateTest([1, 1, 2], 'sr4');
    expect(result.glitch).toBe(true);
    expect(result.criticalGlitch).toBe(true);
    expect(evaluateTest([1, 1, 5], 'sr4').criticalGlitch).toBe(false);
  });

  it('never glitches on an empty pool', () => {
    const result = evaluateTest([], 'sr4');
    expect(result).toMatchObject({ hits: 0, glitch: false, criticalGlitch: false });
    expect(glitchThreshold(0, 'sr5')).toBe(Number.POSITIVE_INFINITY);
  });

  it('explains itself with the seed section', () => {
    const result = evaluateTest([5, 1], 'sr4');
    expect(result.steps.length).toBeGreaterThan(0);
    for (const s of result.steps) expect(s.text.length).toBeGreaterThan(0);
  });

  it('rejects faces that are not d6 faces, and too many dice', () => {
    expect(() => evaluateTest([0, 3], 'sr4')).toThrow(RulesError);
    expect(() => evaluateTest([7], 'sr4')).toThrow(RulesError);
    expect(() => evaluateTest([2.5], 'sr4')).toThrow(RulesError);
    expect(() => evaluateTest([Number.NaN], 'sr4')).toThrow(RulesError);
    expect(() => evaluateTest('66' as unknown as number[], 'sr4')).toThrow(RulesError);
    expect(() => evaluateTest(new Array(101).fill(3), 'sr4')).toThrow(RulesError);
  });

  it('property: SR5 glitches are a subset of SR4 glitches, and hits + misses = dice', () => {
    fc.assert(
      fc.property(fc.array(face, { maxLength: 30 }), (faces) => {
        const sr4 = evaluateTest(faces, 'sr4');
        const sr5 = evaluateTest(faces, 'sr5');
        if (sr5.glitch) expect(sr4.glitch).toBe(true);
        expect(sr4.hits).toBe(faces.filter((f) => f >= 5).length);
        if (sr4.criticalGlitch) expect(sr4.hits).toBe(0);
        // Odd pools: both rules need the same number of 1s.
        if (faces.length % 2 === 1) expect(sr4.glitch).toBe(sr5.glitch);
      }),
    );
  });
});

describe('Edge', () => {
  it('push the limit: 6s explode and add their hits; glitches come from the pool only', () => {
    // Pool 4 dice (incl. Edge) with one 6 → one extra die, which is a 6 → another, which is a 1.
    const result = pushTheLimit([6, 1, 1, 2], [6, 1], 'sr4');
    expect(result.hits).toBe(2);
    expect(result.glitch).toBe(true);
    expect(result.criticalGlitch).toBe(false);
    expect(result.edge).toBe('push-the-limit');
  });

  it('push the limit needs exactly one extra die per 6', () => {
    expect(() => pushTheLimit([6, 6], [3], 'sr4')).toThrow(/exactly one extra die/);
    expect(() => pushTheLimit([6], [6], 'sr4')).toThrow(RulesError);
    expect(() => pushTheLimit([5], [2], 'sr4')).toThrow(RulesError);
  });

  it('second chance rerolls the misses in position order', () => {
    const result = secondChance([5, 1, 2, 6], [6, 1], 'sr4');
    expect(result.faces).toEqual([5, 6, 1, 6]);
    expect(result.hits).toBe(3);
    expect(result.glitch).toBe(false);
    expect(() => secondChance([5, 1, 2], [6], 'sr4')).toThrow(/rerolls every die that missed/);
  });

  it('negates a glitch or critical glitch, but not on a test that already used Edge', () => {
    const critical = evaluateTest([1, 1, 3], 'sr4');
    const saved = negateGlitch(critical);
    expect(saved.glitch).toBe(false);
    expect(saved.criticalGlitch).toBe(false);
    expect(() => negateGlitch(saved)).toThrow(RulesError);
    expect(() => negateGlitch(evaluateTest([5, 5], 'sr4'))).toThrow(/no glitch/);
    expect(() => negateGlitch(pushTheLimit([1, 1, 2], [], 'sr4'))).toThrow(/one point of Edge/);
  });

  it('property: exploded hits = pool hits + extra hits', () => {
    fc.assert(
      fc.property(
        fc.array(face, { maxLength: 12 }),
        fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 12 }),
        (pool, tail) => {
          const sixes = pool.filter((f) => f === 6).length;
          const extra = tail.slice(0, sixes);
          while (extra.length < sixes) extra.push(2);
          const result = pushTheLimit(pool, extra, 'sr4');
          expect(result.hits).toBe(countHits(pool) + countHits(extra));
        },
      ),
    );
  });
});
