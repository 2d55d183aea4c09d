import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRulesError } from '../../errors';
import { faceSucceeds, resolveSave, saveChance, successFaces } from './saves';

describe('d20 saves', () => {
  it('succeeds at or under the attribute and fails over it', () => {
    expect(resolveSave({ attribute: 12, rolls: [12] }).success).toBe(true);
    expect(resolveSave({ attribute: 12, rolls: [13] }).success).toBe(false);
  });

  it('a 1 always succeeds and a 20 always fails', () => {
    const one = resolveSave({ attribute: 1, rolls: [1] });
    expect(one).toMatchObject({ success: true, automatic: 'natural-1' });
    const twenty = resolveSave({ attribute: 20, rolls: [20] });
    expect(twenty).toMatchObject({ success: false, automatic: 'natural-20' });
  });

  it('disadvantage keeps the worse (higher) die, advantage the better', () => {
    expect(resolveSave({ attribute: 10, rolls: [4, 15] })).toMatchObject({
      mode: 'disadvantage',
      kept: 15,
      success: false,
    });
    expect(resolveSave({ attribute: 10, rolls: [4, 15], mode: 'advantage' })).toMatchObject({ kept: 4, success: true });
    expect(resolveSave({ attribute: 10, rolls: [4, 15], mode: 'disadvantage' }).kept).toBe(15);
  });

  it('explains itself with the Saves rule', () => {
    const r = resolveSave({ attribute: 10, rolls: [3, 9] });
    expect(r.steps.length).toBeGreaterThan(0);
    expect(r.steps.every((s) => s.rule.section === 'Saves' && s.rule.source === 'book')).toBe(true);
  });

  it('rejects bad input with a RulesError', () => {
    const bad: [string, () => unknown][] = [
      ['attribute 0', () => resolveSave({ attribute: 0, rolls: [1] })],
      ['attribute 21', () => resolveSave({ attribute: 21, rolls: [1] })],
      ['NaN attribute', () => resolveSave({ attribute: Number.NaN, rolls: [1] })],
      ['face 0', () => resolveSave({ attribute: 10, rolls: [0] })],
      ['face 21', () => resolveSave({ attribute: 10, rolls: [21] })],
      ['no dice', () => resolveSave({ attribute: 10, rolls: [] })],
      ['three dice', () => resolveSave({ attribute: 10, rolls: [1, 2, 3] })],
      ['advantage with one die', () => resolveSave({ attribute: 10, rolls: [5], mode: 'advantage' })],
      ['normal with two dice', () => resolveSave({ attribute: 10, rolls: [5, 6], mode: 'normal' })],
    ];
    for (const [label, call] of bad) {
      let error: unknown;
      try {
        call();
      } catch (e) {
        error = e;
      }
      expect(isRulesError(error), label).toBe(true);
    }
  });

  it('success is monotone: a lower face never does worse (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 19 }), (attribute, face) => {
        expect(!faceSucceeds(face + 1, attribute) || faceSucceeds(face, attribute)).toBe(true);
      }),
    );
  });

  it('chance matches the count of succeeding faces', () => {
    expect(successFaces(1)).toBe(1);
    expect(successFaces(10)).toBe(10);
    expect(successFaces(19)).toBe(19);
    expect(successFaces(20)).toBe(19);
    expect(saveChance(10)).toBeCloseTo(0.5, 12);
    expect(saveChance(10, 'disadvantage')).toBeCloseTo(0.25, 12);
    expect(saveChance(10, 'advantage')).toBeCloseTo(0.75, 12);
    for (let a = 1; a <= 20; a++) {
      let wins = 0;
      for (let f = 1; f <= 20; f++) if (faceSucceeds(f, a)) wins++;
      expect(saveChance(a)).toBeCloseTo(wins / 20, 12);
    }
  });
});
