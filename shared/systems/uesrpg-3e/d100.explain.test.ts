import { describe, expect, it } from 'vitest';
import { CRIT_FAIL, CRIT_SUCCESS, FAIL, SUCCESS, classifyPacked, critTable, resolveTest } from './d100';
import { RULES } from './sections';

// Every branch of a d100 test, with its explanation asserted word for word and its citation.

describe('resolveTest explanations: ordinary results', () => {
  it('a success names the roll, the TN and the degrees (singular and plural)', () => {
    expect(resolveTest({ tn: 60, roll: 45, npc: true })).toEqual({
      tn: 60,
      roll: 45,
      success: true,
      critical: null,
      degrees: 4,
      steps: [
        {
          text: '45 is at or under the TN 60: a success with 4 degrees of success (tens digit of the roll, at least 1).',
          rule: RULES.tests,
        },
      ],
    });
    expect(resolveTest({ tn: 60, roll: 9, npc: true }).steps).toEqual([
      {
        text: '9 is at or under the TN 60: a success with 1 degree of success (tens digit of the roll, at least 1).',
        rule: RULES.tests,
      },
    ]);
  });

  it('a roll of 100 under the TN says 100 gives 10 degrees', () => {
    expect(resolveTest({ tn: 120, roll: 100, lucky: [5] }).steps).toEqual([
      {
        text: '100 is at or under the TN 120: a success with 10 degrees of success (tens digit of the roll, at least 1; 100 gives 10).',
        rule: RULES.tests,
      },
    ]);
  });

  it('a failure names the roll, the TN and 1 + the tens digit of the margin', () => {
    expect(resolveTest({ tn: 60, roll: 61, npc: true }).steps).toEqual([
      {
        text: '61 is over the TN 60: a failure with 1 degree of failure (1 + tens digit of 1).',
        rule: RULES.tests,
      },
    ]);
    expect(resolveTest({ tn: 60, roll: 85, npc: true })).toEqual({
      tn: 60,
      roll: 85,
      success: false,
      critical: null,
      degrees: 3,
      steps: [
        {
          text: '85 is over the TN 60: a failure with 3 degrees of failure (1 + tens digit of 25).',
          rule: RULES.tests,
        },
      ],
    });
  });

  it('a PC without lucky or unlucky numbers is told the roll cannot crit', () => {
    expect(resolveTest({ tn: 50, roll: 100 }).steps).toEqual([
      {
        text: '100 is over the TN 50: a failure with 6 degrees of failure (1 + tens digit of 50).',
        rule: RULES.tests,
      },
      { text: 'This PC has no lucky or unlucky numbers listed, so the roll cannot crit.', rule: RULES.criticals },
    ]);
    expect(resolveTest({ tn: 50, roll: 1, lucky: [], unlucky: [], npc: false }).steps[1]).toEqual({
      text: 'This PC has no lucky or unlucky numbers listed, so the roll cannot crit.',
      rule: RULES.criticals,
    });
  });

  it('the cannot-crit note is left out for an NPC, or for a PC with either list', () => {
    expect(resolveTest({ tn: 50, roll: 50, npc: true }).steps).toHaveLength(1);
    expect(resolveTest({ tn: 50, roll: 50, lucky: [7] }).steps).toHaveLength(1);
    expect(resolveTest({ tn: 50, roll: 50, unlucky: [93] }).steps).toHaveLength(1);
  });
});

describe('resolveTest explanations: critical successes', () => {
  it('an NPC 01–03 under the TN: critical success, degrees from the roll', () => {
    expect(resolveTest({ tn: 50, roll: 2, npc: true })).toEqual({
      tn: 50,
      roll: 2,
      success: true,
      critical: 'success',
      degrees: 1,
      steps: [
        { text: 'An NPC rolling 2 (01–03) critically succeeds, whatever the TN (50).', rule: RULES.criticals },
        { text: 'Degrees of success are the tens digit of the roll (at least 1): 1.', rule: RULES.tests },
      ],
    });
  });

  it('an NPC 01–03 over the TN cites our lucky-over-TN default', () => {
    expect(resolveTest({ tn: -30, roll: 3, npc: true }).steps).toEqual([
      { text: 'An NPC rolling 3 (01–03) critically succeeds, whatever the TN (-30).', rule: RULES.criticals },
      { text: 'Degrees of success are the tens digit of the roll (at least 1): 1.', rule: RULES.luckyOverTn },
    ]);
  });

  it('a lucky number over the TN: tens digit by default, 1 with the "one" toggle', () => {
    const byDefault = resolveTest({ tn: 20, roll: 77, lucky: [77] });
    expect(byDefault.degrees).toBe(7);
    expect(byDefault.steps).toEqual([
      { text: "77 is one of this PC's lucky numbers: a critical success, whatever the TN (20).", rule: RULES.criticals },
      { text: 'Degrees of success are the tens digit of the roll (at least 1): 7.', rule: RULES.luckyOverTn },
    ]);
    expect(resolveTest({ tn: 20, roll: 77, lucky: [77] }, 'roll')).toEqual(byDefault);
    const one = resolveTest({ tn: 20, roll: 77, lucky: [77] }, 'one');
    expect(one.degrees).toBe(1);
    expect(one.steps).toEqual([
      { text: "77 is one of this PC's lucky numbers: a critical success, whatever the TN (20).", rule: RULES.criticals },
      { text: 'The roll is above the TN, so the critical success counts 1 degree of success.', rule: RULES.luckyOverTn },
    ]);
  });

  it('a lucky number at exactly the TN is not "above the TN": tens digit even with the "one" toggle', () => {
    const atTn = resolveTest({ tn: 60, roll: 60, lucky: [60] }, 'one');
    expect(atTn).toMatchObject({ success: true, critical: 'success', degrees: 6 });
    expect(atTn.steps).toEqual([
      { text: "60 is one of this PC's lucky numbers: a critical success, whatever the TN (60).", rule: RULES.criticals },
      { text: 'Degrees of success are the tens digit of the roll (at least 1): 6.', rule: RULES.tests },
    ]);
    expect(resolveTest({ tn: 60, roll: 45, lucky: [45] }, 'one').degrees).toBe(4);
  });
});

describe('resolveTest explanations: critical failures', () => {
  it('an NPC 98–100 over the TN: 1 + tens digit of the margin', () => {
    expect(resolveTest({ tn: 60, roll: 98, npc: true })).toEqual({
      tn: 60,
      roll: 98,
      success: false,
      critical: 'failure',
      degrees: 4,
      steps: [
        { text: 'An NPC rolling 98 (98–100) critically fails, whatever the TN (60).', rule: RULES.criticals },
        { text: 'Degrees of failure are 1 + the tens digit of 98 − 60 = 38: 4.', rule: RULES.criticals },
      ],
    });
  });

  it('an unlucky number at exactly the TN counts 1 degree of failure', () => {
    expect(resolveTest({ tn: 44, roll: 44, unlucky: [44] })).toEqual({
      tn: 44,
      roll: 44,
      success: false,
      critical: 'failure',
      degrees: 1,
      steps: [
        { text: "44 is one of this PC's unlucky numbers: a critical failure, whatever the TN (44).", rule: RULES.criticals },
        {
          text: 'The roll is at or under the TN, so the critical failure counts 1 degree of failure.',
          rule: RULES.criticals,
        },
      ],
    });
  });

  it('an unlucky number one over the TN uses the margin', () => {
    expect(resolveTest({ tn: 43, roll: 44, unlucky: [44] }).steps[1]).toEqual({
      text: 'Degrees of failure are 1 + the tens digit of 44 − 43 = 1: 1.',
      rule: RULES.criticals,
    });
  });
});

describe('classifyPacked', () => {
  const plain = critTable({});
  const npc = critTable({ npc: true });

  it('packs category + 4 × degrees for each category', () => {
    expect(classifyPacked(45, 60, plain, 'roll')).toBe(SUCCESS + 4 * 4);
    expect(classifyPacked(85, 60, plain, 'roll')).toBe(FAIL + 4 * 3);
    expect(classifyPacked(2, -50, npc, 'roll')).toBe(CRIT_SUCCESS + 4 * 1);
    expect(classifyPacked(99, 40, npc, 'roll')).toBe(CRIT_FAIL + 4 * 6);
    expect(classifyPacked(99, 99, npc, 'roll')).toBe(CRIT_FAIL + 4 * 1);
  });

  it('a critical success above the TN counts 1 only with the "one" toggle, and only strictly above', () => {
    const lucky = critTable({ lucky: [77] });
    expect(classifyPacked(77, 20, lucky, 'one')).toBe(CRIT_SUCCESS + 4);
    expect(classifyPacked(77, 20, lucky, 'roll')).toBe(CRIT_SUCCESS + 4 * 7);
    expect(classifyPacked(77, 77, lucky, 'one')).toBe(CRIT_SUCCESS + 4 * 7);
    expect(classifyPacked(77, 76, lucky, 'one')).toBe(CRIT_SUCCESS + 4);
  });
});
