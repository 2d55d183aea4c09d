import { describe, expect, it } from 'vitest';
import { RulesError } from '../../errors';
import { MAX_TN, MIN_TN, critTable, requireD100, requireTn, resolveTest, skillTn } from './d100';
import { RULES } from './sections';

/** The RulesError a call throws, as plain data, so code, sentence and details are asserted exactly. */
function rulesErrorOf(call: () => unknown): { code: string; message: string; details: unknown } {
  try {
    call();
  } catch (error) {
    if (error instanceof RulesError) return { code: error.code, message: error.message, details: error.details };
    throw error;
  }
  throw new Error('expected a RulesError, but the call returned');
}

describe('crit table', () => {
  it('an NPC table crits on exactly 01–03 and fumbles on exactly 98–100', () => {
    const table = critTable({ npc: true });
    expect([...table].flatMap((v, face) => (v === 1 ? [face] : []))).toEqual([1, 2, 3]);
    expect([...table].flatMap((v, face) => (v === 2 ? [face] : []))).toEqual([98, 99, 100]);
  });

  it('a PC table marks exactly the lucky and unlucky numbers', () => {
    const table = critTable({ lucky: [7, 33], unlucky: [66, 100], npc: false });
    expect([...table].flatMap((v, face) => (v === 1 ? [face] : []))).toEqual([7, 33]);
    expect([...table].flatMap((v, face) => (v === 2 ? [face] : []))).toEqual([66, 100]);
    expect([...critTable({})].every((v) => v === 0)).toBe(true);
    expect(critTable({ unlucky: [4] })[4]).toBe(2);
  });

  it('refuses lucky or unlucky numbers for an NPC, either list alone', () => {
    const sentence =
      'An NPC crits on 01–03 and fumbles on 98–100; give lucky/unlucky numbers only for a PC (npc unset or false).';
    expect(rulesErrorOf(() => critTable({ npc: true, lucky: [5] }))).toEqual({
      code: 'invalid-input',
      message: sentence,
      details: {},
    });
    expect(rulesErrorOf(() => critTable({ npc: true, unlucky: [95] })).message).toBe(sentence);
    expect(critTable({ npc: true, lucky: [], unlucky: [] })[1]).toBe(1);
  });

  it('refuses a number listed twice, naming the list and the number', () => {
    expect(rulesErrorOf(() => critTable({ lucky: [5, 12, 5] }))).toEqual({
      code: 'invalid-input',
      message: 'lucky lists 5 twice; each number may appear once.',
      details: { name: 'lucky', n: 5 },
    });
    expect(rulesErrorOf(() => critTable({ unlucky: [90, 90] })).message).toBe(
      'unlucky lists 90 twice; each number may appear once.',
    );
  });

  it('refuses a number that is both lucky and unlucky', () => {
    expect(rulesErrorOf(() => critTable({ lucky: [1, 50], unlucky: [50] }))).toEqual({
      code: 'invalid-input',
      message: '50 is both a lucky and an unlucky number; it can only be one.',
      details: { n: 50 },
    });
  });

  it('refuses a number that is not a d100 face, naming its place in the list', () => {
    expect(rulesErrorOf(() => critTable({ lucky: [3, 0] })).message).toBe('lucky[1] must be between 1 and 100, got 0.');
    expect(rulesErrorOf(() => critTable({ unlucky: [101] })).message).toBe(
      'unlucky[0] must be between 1 and 100, got 101.',
    );
    expect(critTable({ lucky: [1], unlucky: [100] })[100]).toBe(2);
  });
});

describe('TN and roll bounds', () => {
  it('accepts TNs from MIN_TN to MAX_TN and names the value it refuses', () => {
    expect([MIN_TN, MAX_TN]).toEqual([-100, 200]);
    expect(requireTn('tn', -100)).toBe(-100);
    expect(requireTn('tn', 200)).toBe(200);
    expect(rulesErrorOf(() => requireTn('tn', -101)).message).toBe('tn must be between -100 and 200, got -101.');
    expect(rulesErrorOf(() => resolveTest({ tn: 201, roll: 5 })).message).toBe(
      'tn must be between -100 and 200, got 201.',
    );
  });

  it('accepts rolls 1 to 100 only', () => {
    expect(requireD100('roll', 1)).toBe(1);
    expect(requireD100('roll', 100)).toBe(100);
    expect(rulesErrorOf(() => resolveTest({ tn: 50, roll: 0 })).message).toBe('roll must be between 1 and 100, got 0.');
    expect(rulesErrorOf(() => resolveTest({ tn: 50, roll: 101 })).message).toBe(
      'roll must be between 1 and 100, got 101.',
    );
  });
});

describe('skill TN explanations', () => {
  it('a rank left out counts as trained Novice', () => {
    expect(skillTn({ characteristic: 40 })).toEqual({
      tn: 40,
      steps: [{ text: 'Characteristic 40 + 10 × rank 0 (Novice) = 40.', rule: RULES.tests }],
    });
    expect(skillTn({ characteristic: 40, trained: true }).tn).toBe(40);
  });

  it('each rank adds 10 and is named', () => {
    expect(skillTn({ characteristic: 35, rank: 5 })).toEqual({
      tn: 85,
      steps: [{ text: 'Characteristic 35 + 10 × rank 5 (Master) = 85.', rule: RULES.tests }],
    });
    expect(skillTn({ characteristic: 35, rank: 3, trained: true }).steps[0]!.text).toBe(
      'Characteristic 35 + 10 × rank 3 (Adept) = 65.',
    );
  });

  it('untrained is −20, whether said with trained: false or rank: null', () => {
    const untrained = {
      tn: 20,
      steps: [{ text: 'Untrained: characteristic 40 − 20 = 20.', rule: RULES.tests }],
    };
    expect(skillTn({ characteristic: 40, trained: false })).toEqual(untrained);
    expect(skillTn({ characteristic: 40, rank: null })).toEqual(untrained);
    expect(skillTn({ characteristic: 40, trained: false, rank: null })).toEqual(untrained);
  });

  it('a weapon outside the combat style, a wound and other modifiers each add a step', () => {
    expect(skillTn({ characteristic: 40, rank: 2, inStyle: false, wounded: true, modifier: 15 })).toEqual({
      tn: 35,
      steps: [
        { text: 'Characteristic 40 + 10 × rank 2 (Journeyman) = 60.', rule: RULES.tests },
        { text: 'The weapon is not in the combat style: −20 (the untrained penalty) → 40.', rule: RULES.attack },
        { text: 'Wounded: −20 to tests → 20.', rule: RULES.woundEffects },
        { text: 'Other modifiers +15 → 35.', rule: RULES.tests },
      ],
    });
    expect(skillTn({ characteristic: 40, rank: 1, modifier: -10 }).steps).toEqual([
      { text: 'Characteristic 40 + 10 × rank 1 (Apprentice) = 50.', rule: RULES.tests },
      { text: 'Other modifiers -10 → 40.', rule: RULES.tests },
    ]);
  });

  it('in style, unwounded and a zero modifier add no steps', () => {
    expect(skillTn({ characteristic: 40, rank: 4, inStyle: true, wounded: false, modifier: 0 })).toEqual({
      tn: 80,
      steps: [{ text: 'Characteristic 40 + 10 × rank 4 (Expert) = 80.', rule: RULES.tests }],
    });
  });

  it('refuses impossible inputs with a sentence', () => {
    expect(rulesErrorOf(() => skillTn({ characteristic: 40, rank: 2, trained: false }))).toEqual({
      code: 'invalid-input',
      message: 'An untrained skill has no rank; leave rank out or set trained to true.',
      details: {},
    });
    expect(rulesErrorOf(() => skillTn({ characteristic: 40, rank: 6 })).message).toBe(
      'rank must be between 0 and 5, got 6.',
    );
    expect(rulesErrorOf(() => skillTn({ characteristic: 201, rank: 0 })).message).toBe(
      'characteristic must be between 0 and 200, got 201.',
    );
    expect(rulesErrorOf(() => skillTn({ characteristic: 40, modifier: 201 })).message).toBe(
      'modifier must be between -200 and 200, got 201.',
    );
    expect(rulesErrorOf(() => skillTn({ characteristic: 200, rank: 1 })).message).toBe(
      'The resulting TN must be between -100 and 200, got 210.',
    );
    expect(rulesErrorOf(() => skillTn({ characteristic: 0, trained: false, modifier: -81 })).message).toBe(
      'The resulting TN must be between -100 and 200, got -101.',
    );
    expect(skillTn({ characteristic: 200, modifier: -200 }).tn).toBe(0);
  });
});
