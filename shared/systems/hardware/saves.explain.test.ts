import { describe, expect, it } from 'vitest';
import { RulesError } from '../../errors';
import { faceSucceeds, resolveSave, saveChance, successFaces } from './saves';

const book = { section: 'Saves', source: 'book' };

function errorOf(call: () => unknown): RulesError {
  try {
    call();
  } catch (error) {
    if (error instanceof RulesError) return error;
    throw error;
  }
  throw new Error('expected a RulesError');
}

describe('save explanations, one per branch', () => {
  it('a normal save at or under the attribute succeeds, labelled "Save" by default', () => {
    const r = resolveSave({ attribute: 12, rolls: [12] });
    expect(r).toEqual({
      success: true,
      kept: 12,
      rolls: [12],
      mode: 'normal',
      attribute: 12,
      automatic: null,
      steps: [{ text: 'Save: 12 is at or under 12, so it succeeds.', rule: book }],
    });
  });

  it('a normal save over the attribute fails, with the caller’s label', () => {
    const r = resolveSave({ attribute: 12, rolls: [13], label: 'AGL save' });
    expect(r.success).toBe(false);
    expect(r.steps).toEqual([{ text: 'AGL save: 13 is over 12, so it fails.', rule: book }]);
  });

  it('a natural 1 succeeds even against attribute 1', () => {
    expect(resolveSave({ attribute: 1, rolls: [1], label: 'BOD save' }).steps).toEqual([
      { text: 'BOD save: a 1 always succeeds.', rule: book },
    ]);
  });

  it('a natural 20 fails even against attribute 20', () => {
    const r = resolveSave({ attribute: 20, rolls: [20] });
    expect(r).toMatchObject({ success: false, kept: 20, automatic: 'natural-20' });
    expect(r.steps).toEqual([{ text: 'Save: a 20 always fails.', rule: book }]);
  });

  it('19 against attribute 20 succeeds (only the 20 is automatic)', () => {
    expect(resolveSave({ attribute: 20, rolls: [19] })).toMatchObject({ success: true, automatic: null });
  });

  it('disadvantage keeps the higher die, whichever order they come in', () => {
    const first = resolveSave({ attribute: 10, rolls: [15, 4] });
    expect(first).toMatchObject({ mode: 'disadvantage', kept: 15, success: false, rolls: [15, 4] });
    expect(first.steps).toEqual([
      { text: 'Disadvantage: rolled 15 and 4, kept the worse (15).', rule: book },
      { text: 'Save: 15 is over 10, so it fails.', rule: book },
    ]);
  });

  it('advantage keeps the lower die, whichever order they come in', () => {
    const r = resolveSave({ attribute: 10, rolls: [15, 4], mode: 'advantage' });
    expect(r).toMatchObject({ mode: 'advantage', kept: 4, success: true });
    expect(r.steps).toEqual([
      { text: 'Advantage: rolled 15 and 4, kept the better (4).', rule: book },
      { text: 'Save: 4 is at or under 10, so it succeeds.', rule: book },
    ]);
    expect(resolveSave({ attribute: 10, rolls: [4, 15], mode: 'advantage' }).kept).toBe(4);
  });

  it('the rolls are copied, not shared with the caller', () => {
    const rolls = [3];
    const r = resolveSave({ attribute: 10, rolls });
    rolls[0] = 18;
    expect(r.rolls).toEqual([3]);
  });
});

describe('save input sentences', () => {
  it('an attribute at 0 cannot be saved against', () => {
    const e = errorOf(() => resolveSave({ attribute: 0, rolls: [1], label: 'BOD save' }));
    expect(e.code).toBe('not-allowed');
    expect(e.message).toBe(
      'BOD save: an attribute at 0 cannot be saved against (BOD 0 is death, AGL 0 paralysis, CTR 0 a breakdown).',
    );
    expect(e.details).toEqual({ attribute: 0 });
  });

  it('names the attribute and the rolls with the label', () => {
    expect(errorOf(() => resolveSave({ attribute: 21, rolls: [1] })).message).toBe(
      'Save: attribute must be between 0 and 20, got 21.',
    );
    expect(errorOf(() => resolveSave({ attribute: 10, rolls: [21] })).message).toBe(
      'Save: rolls[0] is 21, which is not a face of a d20 (1–20).',
    );
    expect(errorOf(() => resolveSave({ attribute: 10, rolls: [1, 2, 3] })).message).toBe(
      'Save: rolls has 3 dice; at most 2 are allowed.',
    );
  });

  it('counts the dice each mode needs', () => {
    const one = errorOf(() => resolveSave({ attribute: 10, rolls: [5], mode: 'advantage' }));
    expect(one.message).toBe('Save: a save with advantage rolls two d20, got 1.');
    expect(one.details).toEqual({ mode: 'advantage', count: 1 });
    expect(one.code).toBe('invalid-input');
    expect(errorOf(() => resolveSave({ attribute: 10, rolls: [5], mode: 'disadvantage' })).message).toBe(
      'Save: a save with disadvantage rolls two d20, got 1.',
    );
    expect(errorOf(() => resolveSave({ attribute: 10, rolls: [5, 6], mode: 'normal' })).message).toBe(
      'Save: a normal save rolls one d20, got 2.',
    );
    expect(errorOf(() => resolveSave({ attribute: 10, rolls: [] })).message).toBe(
      'Save: a normal save rolls one d20, got 0.',
    );
  });
});

describe('save faces and chances', () => {
  it('faceSucceeds: 1 always, 20 never, otherwise at or under', () => {
    expect(faceSucceeds(1, 0)).toBe(true);
    expect(faceSucceeds(20, 20)).toBe(false);
    expect(faceSucceeds(7, 7)).toBe(true);
    expect(faceSucceeds(8, 7)).toBe(false);
  });

  it('successFaces: none at 0, at most 19', () => {
    expect(successFaces(0)).toBe(0);
    expect(successFaces(2)).toBe(2);
    expect(() => successFaces(21)).toThrow('attribute must be between 0 and 20, got 21.');
  });

  it('saveChance exactly, per mode (p = 0.3)', () => {
    expect(saveChance(0)).toBe(0);
    expect(saveChance(6)).toBe(0.3);
    expect(saveChance(6, 'normal')).toBe(0.3);
    expect(saveChance(6, 'advantage')).toBeCloseTo(0.51, 12);
    expect(saveChance(6, 'disadvantage')).toBeCloseTo(0.09, 12);
  });
});
