import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RulesError } from '../../errors';
import {
  applyWoundToInitiative,
  passOrder,
  rollInitiative,
  turnSchedule,
  turnSlots,
  type InitiativeEntry,
} from './initiative';

const rules = { glitch: 'sr4', initiativeCriticalGlitch: 'simple-action' } as const;

function entry(id: string, score: number, extra: Partial<InitiativeEntry> = {}): InitiativeEntry {
  return { id, score, passes: 1, edge: 2, initiative: 6, reaction: 3, ...extra };
}

describe('rollInitiative', () => {
  it('is Reaction + Intuition + hits with the wound modifier on the score', () => {
    const result = rollInitiative({ reaction: 4, intuition: 3, dice: [5, 6, 2, 1, 3, 4, 2], woundModifier: -1 }, rules);
    expect(result).toMatchObject({ initiative: 7, hits: 2, score: 8, glitch: false, criticalGlitch: false });
  });

  it('reports glitches and what a critical glitch costs under each toggle value', () => {
    expect(rollInitiative({ reaction: 2, intuition: 2, dice: [1, 1, 3, 4] }, rules)).toMatchObject({
      criticalGlitch: true,
      simpleActionsLost: 1,
      actionPhasesLost: 0,
    });
    expect(
      rollInitiative(
        { reaction: 2, intuition: 2, dice: [1, 1, 3, 4] },
        { glitch: 'sr4', initiativeCriticalGlitch: 'action-phase' },
      ),
    ).toMatchObject({ simpleActionsLost: 0, actionPhasesLost: 1 });
  });

  it('adds Rule of Six hits when Edge is spent', () => {
    expect(rollInitiative({ reaction: 2, intuition: 2, dice: [6, 2, 3, 4, 2], explosions: [5] }, rules).score).toBe(6);
  });

  it('rejects a positive wound modifier and bad attributes', () => {
    expect(() => rollInitiative({ reaction: 3, intuition: 3, dice: [5], woundModifier: 1 }, rules)).toThrow(RulesError);
    expect(() => rollInitiative({ reaction: 0, intuition: 3, dice: [5] }, rules)).toThrow(RulesError);
  });
});

describe('pass order', () => {
  it('orders by score and drops characters whose passes have run out', () => {
    const entries = [entry('bob', 9), entry('gonzales', 15, { passes: 3 }), entry('solifuge', 16, { passes: 2 })];
    const schedule = turnSchedule(entries);
    expect(schedule.map((p) => p.order.map((s) => s.id))).toEqual([
      ['solifuge', 'gonzales', 'bob'],
      ['solifuge', 'gonzales'],
      ['gonzales'],
    ]);
  });

  it('breaks ties: glitch to the back, then Edge, Initiative, Reaction', () => {
    const order = passOrder(
      [
        entry('glitched', 10, { glitch: true, edge: 6 }),
        entry('low-edge', 10, { edge: 1 }),
        entry('high-edge', 10, { edge: 3 }),
        entry('high-init', 10, { edge: 1, initiative: 8 }),
        entry('high-reaction', 10, { edge: 1, initiative: 8, reaction: 5 }),
      ],
      1,
    );
    expect(order.order.map((s) => s.id)).toEqual(['high-edge', 'high-reaction', 'high-init', 'low-edge', 'glitched']);
    expect(order.ties).toEqual([['high-edge', 'high-reaction', 'high-init', 'low-edge', 'glitched']]);
  });

  it('lets a character who spends Edge act first in that pass', () => {
    const order = passOrder([entry('a', 20), entry('b', 5, { edgeFirstPasses: [1] })], 1);
    expect(order.order.map((s) => s.id)).toEqual(['b', 'a']);
    expect(passOrder([entry('a', 20), entry('b', 5, { edgeFirstPasses: [1] })], 2 as number).order).toEqual([]);
  });

  it('applies the critical glitch cost in the first pass', () => {
    const entries = [entry('a', 8, { criticalGlitch: true, glitch: true, passes: 2 }), entry('b', 7)];
    expect(passOrder(entries, 1).order.find((s) => s.id === 'a')!.simpleActionsLost).toBe(1);
    expect(passOrder(entries, 1, 'action-phase').order.map((s) => s.id)).toEqual(['b']);
    expect(passOrder(entries, 2, 'action-phase').order.map((s) => s.id)).toEqual(['a']);
  });

  it('reorders the rest of a pass at once when a wound lowers a score', () => {
    const entries = [entry('a', 14), entry('b', 12), entry('c', 11)];
    const wounded = entries.map((e) => (e.id === 'b' ? applyWoundToInitiative(e, 0, -2) : e));
    expect(passOrder(wounded, 1, 'simple-action', ['a']).order.map((s) => `${s.id}:${s.score}`)).toEqual([
      'c:11',
      'b:10',
    ]);
  });

  it('rejects bad entries', () => {
    expect(() => passOrder([entry('a', 5, { passes: 5 })], 1)).toThrow(RulesError);
    expect(() => passOrder([entry('a', 5), entry('a', 6)], 1)).toThrow(/share the id/);
    expect(() => passOrder([entry('a', 5)], 0)).toThrow(RulesError);
  });
});

describe('turnSlots (turnSchedule without the explanation)', () => {
  const flatSchedule = (entries: InitiativeEntry[], rule: 'simple-action' | 'action-phase') =>
    turnSchedule(entries, rule).flatMap((p) =>
      p.order.map((s) => ({ id: s.id, pass: p.pass, lost: s.simpleActionsLost })),
    );
  const flatSlots = (entries: InitiativeEntry[], rule: 'simple-action' | 'action-phase') =>
    turnSlots(entries, rule, (e, pass, lost) => ({ id: e.id, pass, lost }));

  // Small ranges so ties (and tie-breaks all the way down to input order) are common.
  const entryArb = fc.record({
    score: fc.integer({ min: -100, max: 200 }).chain((big) => fc.constantFrom(big, 5, 6, -100, 200)),
    passes: fc.integer({ min: 1, max: 4 }),
    edge: fc.constantFrom(0, 1, 20),
    initiative: fc.constantFrom(0, 6, 40),
    reaction: fc.constantFrom(0, 3, 20),
    glitch: fc.boolean(),
    criticalGlitch: fc.boolean(),
    edgeFirstPasses: fc.option(fc.subarray([1, 2, 3, 4]), { nil: undefined }),
  });

  it('property: the same slots in the same order as turnSchedule, under both critical glitch rules', () => {
    fc.assert(
      fc.property(
        fc.array(entryArb, { maxLength: 30 }),
        fc.boolean(),
        fc.constantFrom('simple-action' as const, 'action-phase' as const),
        (raw, edgeFirst, rule) => {
          const entries = raw.map((e, i) => {
            const { edgeFirstPasses, ...rest } = e;
            return edgeFirst && edgeFirstPasses ? { id: `c${i}`, ...rest, edgeFirstPasses } : { id: `c${i}`, ...rest };
          });
          expect(flatSlots(entries, rule)).toEqual(flatSchedule(entries, rule));
        },
      ),
    );
  });

  it('rejects what turnSchedule rejects, with the same message', () => {
    const bad = [[entry('a', 5, { passes: 5 })], [entry('a', 5), entry('a', 6)], [entry('a', 201)], [entry('', 5)]];
    for (const entries of bad) {
      expect(() => turnSlots(entries, 'simple-action', (e) => e.id)).toThrow(
        (() => {
          try {
            turnSchedule(entries);
          } catch (error) {
            return (error as Error).message;
          }
          throw new Error('turnSchedule accepted a bad entry');
        })(),
      );
    }
    expect(turnSlots([], 'simple-action', (e) => e.id)).toEqual([]);
  });
});
