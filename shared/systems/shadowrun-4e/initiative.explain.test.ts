import { describe, expect, it } from 'vitest';
import { RulesError } from '../../errors';
import type { ExplainStep } from '../../system-kit/rule-system';
import {
  applyWoundToInitiative,
  compareInitiative,
  passOrder,
  rollInitiative,
  turnSchedule,
  turnSlots,
  type InitiativeEntry,
} from './initiative';
import { evaluateTest, pushTheLimit } from './tests';

/** Initiative explanations asserted whole (sentence, heading, source), and every input check's sentence. */
const rules = { glitch: 'sr4', initiativeCriticalGlitch: 'simple-action' } as const;
const TURN = 'The Combat Turn';
const SEQUENCE = 'Combat turn sequence';
const seed = (text: string, section: string): ExplainStep => ({ text, rule: { section, source: 'seed' } });
const book = (text: string, section: string): ExplainStep => ({ text, rule: { section, source: 'book' } });
const byDefault = (text: string, section: string): ExplainStep => ({ text, rule: { section, source: 'default' } });
const TIE =
  'tie: they act at the same time unless it matters; then a glitch goes last and Edge, Initiative, Reaction break the tie in that order.';

function entry(id: string, score: number, extra: Partial<InitiativeEntry> = {}): InitiativeEntry {
  return { id, score, passes: 1, edge: 2, initiative: 6, reaction: 3, ...extra };
}

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof RulesError) return error.message;
    throw error;
  }
  throw new Error('expected a RulesError');
}

describe('rollInitiative explanation', () => {
  it('a plain roll: the test steps, then the score with wounds', () => {
    const dice = [5, 6, 2, 1, 3, 4, 2];
    expect(rollInitiative({ reaction: 4, intuition: 3, dice, woundModifier: -1 }, rules)).toEqual({
      initiative: 7,
      hits: 2,
      woundModifier: -1,
      score: 8,
      glitch: false,
      criticalGlitch: false,
      simpleActionsLost: 0,
      actionPhasesLost: 0,
      test: evaluateTest(dice, 'sr4'),
      steps: [
        ...evaluateTest(dice, 'sr4').steps,
        seed('Initiative Score = Reaction 4 + Intuition 3 + 2 hits −1 wounds = 8.', TURN),
      ],
    });
  });

  it('leaves the wounds out of the sentence when there are none', () => {
    const result = rollInitiative({ reaction: 4, intuition: 3, dice: [5, 2] }, rules);
    expect(result.woundModifier).toBe(0);
    expect(result.steps.at(-1)).toEqual(seed('Initiative Score = Reaction 4 + Intuition 3 + 1 hit = 8.', TURN));
  });

  it('a critical glitch costs a Simple Action or the first Action Phase, as the toggle says', () => {
    const simple = rollInitiative({ reaction: 2, intuition: 2, dice: [1, 1, 3, 4] }, rules);
    expect(simple).toMatchObject({ glitch: true, criticalGlitch: true, simpleActionsLost: 1, actionPhasesLost: 0 });
    expect(simple.steps.at(-1)).toEqual(
      seed(
        'Critical glitch: the character goes to the back of any tie and loses one Simple Action in the first Action Phase.',
        TURN,
      ),
    );
    const phase = rollInitiative(
      { reaction: 2, intuition: 2, dice: [1, 1, 3, 4] },
      { glitch: 'sr4', initiativeCriticalGlitch: 'action-phase' },
    );
    expect(phase).toMatchObject({ simpleActionsLost: 0, actionPhasesLost: 1 });
    expect(phase.steps.at(-1)).toEqual(
      seed('Critical glitch: the character goes to the back of any tie and loses the first Action Phase.', TURN),
    );
  });

  it('a plain glitch only sends the character to the back of a tie', () => {
    const result = rollInitiative({ reaction: 2, intuition: 2, dice: [1, 1, 5, 4] }, rules);
    expect(result).toMatchObject({ glitch: true, criticalGlitch: false, simpleActionsLost: 0, actionPhasesLost: 0 });
    expect(result.steps.at(-1)).toEqual(seed('Glitch: the character goes to the back of any tie.', TURN));
  });

  it('uses the chosen glitch rule (two 1s of four: SR4 glitch, SR5 not)', () => {
    const input = { reaction: 2, intuition: 2, dice: [1, 1, 5, 4] };
    expect(rollInitiative(input, { glitch: 'sr5', initiativeCriticalGlitch: 'simple-action' }).glitch).toBe(false);
    expect(rollInitiative(input, { glitch: 'sr5', initiativeCriticalGlitch: 'simple-action' }).steps).toHaveLength(3);
  });

  it('a score of 0 or less leaves acting to the GM; a score of 1 says nothing', () => {
    const zero = rollInitiative({ reaction: 1, intuition: 1, dice: [2], woundModifier: -2 }, rules);
    expect(zero.score).toBe(0);
    expect(zero.steps.at(-1)).toEqual(byDefault('The score is 0; the GM decides whether the character can act.', TURN));
    const one = rollInitiative({ reaction: 1, intuition: 1, dice: [2], woundModifier: -1 }, rules);
    expect(one.steps.at(-1)).toEqual(seed('Initiative Score = Reaction 1 + Intuition 1 + 0 hits −1 wounds = 1.', TURN));
  });

  it('with Edge spent, the Rule of Six dice count and the push-the-limit steps explain them', () => {
    const dice = [6, 2, 3, 4, 2];
    const result = rollInitiative({ reaction: 2, intuition: 2, dice, explosions: [6, 5] }, rules);
    expect(result.test).toEqual(pushTheLimit(dice, [6, 5], 'sr4'));
    expect(result.score).toBe(7);
    expect(result.steps.slice(0, -1)).toEqual(pushTheLimit(dice, [6, 5], 'sr4').steps);
  });

  it('checks its inputs with sentences', () => {
    const ok = { reaction: 3, intuition: 3, dice: [5] };
    expect(rollInitiative({ ...ok, reaction: 20, intuition: 20, woundModifier: -100 }, rules).score).toBe(-59);
    expect(messageOf(() => rollInitiative({ ...ok, reaction: 0 }, rules))).toBe(
      'Reaction must be between 1 and 20, got 0.',
    );
    expect(messageOf(() => rollInitiative({ ...ok, reaction: 21 }, rules))).toBe(
      'Reaction must be between 1 and 20, got 21.',
    );
    expect(messageOf(() => rollInitiative({ ...ok, intuition: 0 }, rules))).toBe(
      'Intuition must be between 1 and 20, got 0.',
    );
    expect(messageOf(() => rollInitiative({ ...ok, intuition: 21 }, rules))).toBe(
      'Intuition must be between 1 and 20, got 21.',
    );
    expect(messageOf(() => rollInitiative({ ...ok, woundModifier: 1 }, rules))).toBe(
      'Wound modifier must be between -100 and 0, got 1.',
    );
    expect(messageOf(() => rollInitiative({ ...ok, woundModifier: -101 }, rules))).toBe(
      'Wound modifier must be between -100 and 0, got -101.',
    );
    expect(messageOf(() => rollInitiative({ ...ok, dice: [7] }, rules))).toBe(
      'dice[0] is 7, which is not a face of a d6 (1–6).',
    );
  });
});

describe('compareInitiative', () => {
  it('Edge to go first beats any score, in that pass only', () => {
    const first = entry('b', 5, { edgeFirstPasses: [2] });
    expect(compareInitiative(entry('a', 20), first, 2)).toBe(1);
    expect(compareInitiative(first, entry('a', 20), 2)).toBe(-1);
    expect(compareInitiative(entry('a', 20), first, 1)).toBe(-15);
  });

  it('then score, glitch, Edge, Initiative, Reaction; 0 for a full tie', () => {
    expect(compareInitiative(entry('a', 8), entry('b', 8, { glitch: true }), 1)).toBe(-1);
    expect(compareInitiative(entry('a', 8, { glitch: true }), entry('b', 8), 1)).toBe(1);
    expect(compareInitiative(entry('a', 8, { edge: 1 }), entry('b', 8, { edge: 4 }), 1)).toBe(3);
    expect(compareInitiative(entry('a', 8, { initiative: 9 }), entry('b', 8), 1)).toBe(-3);
    expect(compareInitiative(entry('a', 8, { reaction: 1 }), entry('b', 8), 1)).toBe(2);
    expect(compareInitiative(entry('a', 8), entry('b', 8), 1)).toBe(0);
  });
});

describe('passOrder explanation', () => {
  it('lists the pass in order with scores, and says when nobody acts', () => {
    const result = passOrder([entry('a', 9), entry('b', 12)], 1);
    expect(result).toEqual({
      pass: 1,
      order: [
        { id: 'b', score: 12, edgeFirst: false, simpleActionsLost: 0 },
        { id: 'a', score: 9, edgeFirst: false, simpleActionsLost: 0 },
      ],
      ties: [],
      steps: [seed('Pass 1: b (12), a (9).', SEQUENCE)],
    });
    expect(passOrder([entry('a', 9)], 2).steps).toEqual([seed('Pass 2: nobody acts.', SEQUENCE)]);
  });

  it('a character acts in the last of their passes, not after it', () => {
    expect(passOrder([entry('a', 9, { passes: 3 })], 3).order.map((s) => s.id)).toEqual(['a']);
    expect(passOrder([entry('a', 9, { passes: 3 })], 4).order).toEqual([]);
  });

  it('names those who spent Edge to go first, and only ties among equals on both counts', () => {
    const result = passOrder(
      [entry('a', 7), entry('b', 7, { edgeFirstPasses: [1] }), entry('c', 7, { edgeFirstPasses: [1, 2] })],
      1,
    );
    expect(result.order).toEqual([
      { id: 'b', score: 7, edgeFirst: true, simpleActionsLost: 0 },
      { id: 'c', score: 7, edgeFirst: true, simpleActionsLost: 0 },
      { id: 'a', score: 7, edgeFirst: false, simpleActionsLost: 0 },
    ]);
    expect(result.ties).toEqual([['b', 'c']]);
    expect(result.steps).toEqual([
      book('b, c spent Edge to act first in this pass.', TURN),
      seed('Pass 1: b (7), c (7), a (7).', SEQUENCE),
      seed(`b, c ${TIE}`, TURN),
    ]);
  });

  it('finds every tie group, the last one included', () => {
    const result = passOrder([entry('a', 9), entry('b', 9), entry('c', 5), entry('d', 3), entry('e', 3)], 1);
    expect(result.ties).toEqual([
      ['a', 'b'],
      ['d', 'e'],
    ]);
    expect(result.steps.slice(1)).toEqual([seed(`a, b ${TIE}`, TURN), seed(`d, e ${TIE}`, TURN)]);
  });

  it('explains a critical glitch under each toggle value, in the first pass only', () => {
    const entries = [entry('a', 8, { criticalGlitch: true, glitch: true, passes: 2 }), entry('b', 7)];
    const simple = passOrder(entries, 1);
    expect(simple.order[0]).toEqual({ id: 'a', score: 8, edgeFirst: false, simpleActionsLost: 1 });
    expect(simple.steps).toEqual([
      seed('Pass 1: a (8), b (7).', SEQUENCE),
      byDefault('a has one Simple Action fewer this phase (critical glitch on Initiative).', TURN),
    ]);
    expect(passOrder(entries, 1, 'action-phase').steps).toEqual([
      byDefault('a loses the first Action Phase to a critical glitch on Initiative.', TURN),
      seed('Pass 1: b (7).', SEQUENCE),
    ]);
    const second = passOrder(entries, 2, 'action-phase');
    expect(second.order).toEqual([{ id: 'a', score: 8, edgeFirst: false, simpleActionsLost: 0 }]);
    expect(passOrder(entries, 2).order[0]!.simpleActionsLost).toBe(0);
  });

  it('leaves out the ids that already acted', () => {
    expect(passOrder([entry('a', 9), entry('b', 5)], 1, 'simple-action', ['a']).steps).toEqual([
      seed('Pass 1: b (5).', SEQUENCE),
    ]);
  });
});

describe('combatant checks, with their sentences', () => {
  const order = (e: Partial<InitiativeEntry>) => () => passOrder([{ ...entry('x', 5), ...e }], 1);

  it('accepts every edge of the ranges', () => {
    const edges: Partial<InitiativeEntry>[] = [
      { score: -100 },
      { score: 200 },
      { passes: 4 },
      { edge: 0 },
      { edge: 20 },
      { initiative: 0 },
      { initiative: 40 },
      { reaction: 0 },
      { reaction: 20 },
    ];
    for (const e of edges) expect(order(e)().order).toHaveLength(1);
  });

  it('names the combatant and the field out of range', () => {
    expect(messageOf(order({ id: '' }))).toBe('Every combatant needs an id.');
    expect(messageOf(order({ id: 7 as unknown as string }))).toBe('Every combatant needs an id.');
    expect(messageOf(order({ score: -101 }))).toBe('x: Initiative Score must be between -100 and 200, got -101.');
    expect(messageOf(order({ score: 201 }))).toBe('x: Initiative Score must be between -100 and 200, got 201.');
    expect(messageOf(order({ passes: 0 }))).toBe('x: Initiative Passes must be between 1 and 4, got 0.');
    expect(messageOf(order({ passes: 5 }))).toBe('x: Initiative Passes must be between 1 and 4, got 5.');
    expect(messageOf(order({ edge: -1 }))).toBe('x: Edge must be between 0 and 20, got -1.');
    expect(messageOf(order({ edge: 21 }))).toBe('x: Edge must be between 0 and 20, got 21.');
    expect(messageOf(order({ initiative: -1 }))).toBe('x: Initiative must be between 0 and 40, got -1.');
    expect(messageOf(order({ initiative: 41 }))).toBe('x: Initiative must be between 0 and 40, got 41.');
    expect(messageOf(order({ reaction: -1 }))).toBe('x: Reaction must be between 0 and 20, got -1.');
    expect(messageOf(order({ reaction: 21 }))).toBe('x: Reaction must be between 0 and 20, got 21.');
    expect(messageOf(order({ score: 2.5 }))).toBe('x: Initiative Score must be a whole number, got 2.5.');
  });

  it('gives each refusal its code', () => {
    const codeOf = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return (error as RulesError).code;
      }
      return 'accepted';
    };
    expect(codeOf(order({ id: '' }))).toBe('invalid-input');
    expect(codeOf(() => passOrder([entry('a', 5), entry('a', 6)], 1))).toBe('invalid-input');
    expect(codeOf(order({ score: 201 }))).toBe('out-of-range');
  });

  it('names a shared id and a pass out of range', () => {
    expect(messageOf(() => passOrder([entry('a', 5), entry('a', 6)], 1))).toBe('Two combatants share the id "a".');
    expect(messageOf(() => passOrder([entry('a', 5)], 0))).toBe('Initiative Pass must be between 1 and 4, got 0.');
    expect(messageOf(() => passOrder([entry('a', 5)], 5))).toBe('Initiative Pass must be between 1 and 4, got 5.');
  });
});

describe('turnSchedule and turnSlots', () => {
  const slots = (entries: InitiativeEntry[], rule: 'simple-action' | 'action-phase' = 'simple-action') =>
    turnSlots(entries, rule, (e, pass, lost) => `${e.id}@${pass}${lost ? '-1' : ''}`);

  it('run pass after pass until the last combatant is out of passes', () => {
    const entries = [entry('a', 9, { passes: 2 }), entry('b', 12)];
    expect(turnSchedule(entries).map((p) => p.steps)).toEqual([
      [seed('Pass 1: b (12), a (9).', SEQUENCE)],
      [seed('Pass 2: a (9).', SEQUENCE)],
    ]);
    expect(slots(entries)).toEqual(['b@1', 'a@1', 'a@2']);
    expect(turnSchedule([])).toEqual([]);
  });

  it('apply the critical glitch rule in the first pass (default: a Simple Action)', () => {
    const entries = [entry('a', 9, { passes: 2, criticalGlitch: true, glitch: true }), entry('b', 5)];
    expect(slots(entries)).toEqual(['a@1-1', 'b@1', 'a@2']);
    expect(slots(entries, 'action-phase')).toEqual(['b@1', 'a@2']);
    expect(turnSchedule(entries)[0]!.order[0]!.simpleActionsLost).toBe(1);
    expect(turnSchedule(entries, 'action-phase')[0]!.order.map((s) => s.id)).toEqual(['b']);
  });

  it('sort by every tie-break when nobody spends Edge to go first, input order last', () => {
    const entries = [
      entry('low', 3),
      entry('glitched', 10, { glitch: true, edge: 6 }),
      entry('tied-1', 10, { edge: 1 }),
      entry('high-edge', 10, { edge: 3 }),
      entry('high-init', 10, { edge: 1, initiative: 8 }),
      entry('high-reaction', 10, { edge: 1, initiative: 8, reaction: 5 }),
      entry('tied-2', 10, { edge: 1 }),
      entry('top', 200),
      entry('bottom', -100),
    ];
    expect(slots(entries)).toEqual([
      'top@1',
      'high-edge@1',
      'high-reaction@1',
      'high-init@1',
      'tied-1@1',
      'tied-2@1',
      'glitched@1',
      'low@1',
      'bottom@1',
    ]);
  });

  it('a list whose most passes is 0 gives no slots, as turnSchedule gives no passes', () => {
    const none = [entry('a', 5, { passes: 0 })];
    expect(turnSchedule(none)).toEqual([]);
    expect(slots(none)).toEqual([]);
  });

  it('re-sort each pass when someone spends Edge to go first', () => {
    const entries = [entry('a', 9, { passes: 2 }), entry('b', 5, { passes: 2, edgeFirstPasses: [2] })];
    expect(slots(entries)).toEqual(['a@1', 'b@1', 'b@2', 'a@2']);
  });
});

describe('applyWoundToInitiative', () => {
  it('adds the change in wound modifier to the score, both ways', () => {
    expect(applyWoundToInitiative(entry('a', 10), 0, -2).score).toBe(8);
    expect(applyWoundToInitiative(entry('a', 10), -3, -1).score).toBe(12);
    expect(applyWoundToInitiative(entry('a', 10), -100, -100)).toEqual(entry('a', 10));
  });

  it('names a wound modifier out of range', () => {
    expect(messageOf(() => applyWoundToInitiative(entry('a', 10), 1, 0))).toBe(
      'Old wound modifier must be between -100 and 0, got 1.',
    );
    expect(messageOf(() => applyWoundToInitiative(entry('a', 10), 0, -101))).toBe(
      'New wound modifier must be between -100 and 0, got -101.',
    );
  });
});
