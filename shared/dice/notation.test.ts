import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NotationError, parseNotation, rollNotation } from './notation';
import { createSeededSource, type RandomSource } from './random';

/** Serves given faces in order (value f−1 maps to face f for any die with at least f sides). */
function facesSource(faces: number[]): RandomSource {
  let i = 0;
  return {
    kind: 'fixed',
    nextUint32: () => {
      if (i >= faces.length) throw new Error('ran out of faces');
      return faces[i++]! - 1;
    },
  };
}

describe('parseNotation', () => {
  it('reads the forms the roller offers', () => {
    expect(parseNotation('3d6+2').terms).toMatchObject([
      { kind: 'dice', count: 3, sides: 6, sign: 1 },
      { kind: 'constant', value: 2, sign: 1 },
    ]);
    expect(parseNotation('d66').terms[0]).toMatchObject({ kind: 'dice', count: 1, d66: true });
    expect(parseNotation('2d20kh1').terms[0]).toMatchObject({ keep: { which: 'highest', count: 1 } });
    expect(parseNotation('2d20kl1').terms[0]).toMatchObject({ keep: { which: 'lowest', count: 1 } });
    expect(parseNotation('8d6>=5').terms[0]).toMatchObject({ success: { comparison: '>=', target: 5 } });
    expect(parseNotation('4d6!').terms[0]).toMatchObject({ explode: true });
    expect(parseNotation(' D% - 1 ').terms).toMatchObject([{ sides: 100 }, { sign: -1, value: 1 }]);
  });

  it.each([
    ['', 0, /Enter dice/],
    ['3d', 2, /number of sides/],
    ['3x6', 1, /join terms with \+ or -/],
    ['1001d6', 0, /At most 1000 dice/],
    ['2d1001', 2, /2 to 1000 sides/],
    ['2d1', 2, /2 to 1000 sides/],
    ['0d6', 0, /at least 1 die/],
    ['2d20kh3', 6, /Keep between 1 and 2/],
    ['8d6>=7', 5, /face from 1 to 6/],
    ['3d6+', 4, /term after/],
    ['d66!', 3, /cannot explode/],
    ['600d6+600d6', 0, /this asks for 1200/],
  ])('rejects %j at position %i', (text, position, message) => {
    try {
      parseNotation(text);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(NotationError);
      expect((error as NotationError).position).toBe(position);
      expect((error as NotationError).message).toMatch(message);
    }
  });
});

describe('rollNotation', () => {
  it('adds dice and constants', () => {
    expect(rollNotation(parseNotation('3d6+2'), facesSource([1, 2, 3])).total).toBe(8);
    expect(rollNotation(parseNotation('2d6-1'), facesSource([6, 6])).total).toBe(11);
  });

  it('reads d66 as tens and units', () => {
    const result = rollNotation(parseNotation('d66'), facesSource([4, 2]));
    expect(result.total).toBe(42);
    expect(result.groups[0]!.faces).toEqual([4, 2]);
  });

  it('keeps the highest or lowest', () => {
    expect(rollNotation(parseNotation('2d20kh1'), facesSource([3, 17])).total).toBe(17);
    expect(rollNotation(parseNotation('2d20kl1'), facesSource([3, 17])).total).toBe(3);
  });

  it('counts successes', () => {
    const result = rollNotation(parseNotation('8d6>=5'), facesSource([5, 6, 1, 2, 3, 4, 5, 6]));
    expect(result.total).toBe(4);
    expect(result.terms[0]!.dice.filter((d) => d.success)).toHaveLength(4);
  });

  it('explodes on the highest face and records every die', () => {
    const result = rollNotation(parseNotation('2d6!'), facesSource([6, 6, 2, 3]));
    expect(result.total).toBe(17);
    expect(result.groups[0]!.faces).toEqual([6, 6, 2, 3]);
    expect(result.terms[0]!.dice.map((d) => d.exploded)).toEqual([false, true, true, false]);
  });

  it('caps an explosion chain so a roll always ends', () => {
    const result = rollNotation(parseNotation('1d2!'), { kind: 'always-high', nextUint32: () => 1 });
    expect(result.terms[0]!.explosionCapped).toBe(true);
    expect(result.groups[0]!.faces).toHaveLength(21);
  });
});

describe('notation fuzzing', () => {
  const alphabet = fc.constantFrom(...'0123456789dD%!khl<>=+- x.'.split(''), '66', '1000', '99999999999');

  it('never crashes or hangs: any text parses or fails with a NotationError', () => {
    const source = createSeededSource('fuzz');
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 40 }).map((parts) => parts.join('')), (text) => {
        let parsed;
        try {
          parsed = parseNotation(text);
        } catch (error) {
          expect(error).toBeInstanceOf(NotationError);
          return;
        }
        const result = rollNotation(parsed, source);
        expect(Number.isFinite(result.total)).toBe(true);
      }),
      { numRuns: 10_000 },
    );
  });

  it('rolls every well-formed NdS+K within its bounds', () => {
    const source = createSeededSource('bounds');
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 2, max: 100 }), fc.integer({ min: 0, max: 50 }), (n, s, k) => {
        const result = rollNotation(parseNotation(`${n}d${s}+${k}`), source);
        expect(result.total).toBeGreaterThanOrEqual(n + k);
        expect(result.total).toBeLessThanOrEqual(n * s + k);
      }),
      { numRuns: 2_000 },
    );
  });
});
