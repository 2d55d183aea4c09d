import { describe, expect, it } from 'vitest';
import { keptWhileSame } from './kept-while-same';

describe('keptWhileSame', () => {
  it('derives once while every input is the same object, and again when one is not', () => {
    const keep = keptWhileSame<string[]>();
    const a = { n: 1 };
    const b = [1, 2];
    let runs = 0;
    const derive = () => {
      runs++;
      return [`run ${runs}`];
    };
    const first = keep([a, b], derive);
    expect(keep([a, b], derive)).toBe(first);
    expect(runs).toBe(1);
    // An equal but different object is a change: states are compared by identity only.
    const second = keep([{ n: 1 }, b], derive);
    expect(second).not.toBe(first);
    expect(second).toEqual(['run 2']);
    expect(keep([a, b], derive)).toEqual(['run 3']);
  });

  it('treats a different number of inputs, null and NaN as Object.is does', () => {
    const keep = keptWhileSame<number>();
    let runs = 0;
    const derive = () => ++runs;
    expect(keep([null, Number.NaN], derive)).toBe(1);
    expect(keep([null, Number.NaN], derive)).toBe(1);
    expect(keep([null], derive)).toBe(2);
    expect(keep([undefined], derive)).toBe(3);
  });
});
