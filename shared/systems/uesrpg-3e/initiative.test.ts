import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RulesError } from '../../errors';
import { createSeededSource } from '../../dice/random';
import { initiativeRanking, orderInitiative, rollInitiative } from './initiative';
import { applyApEvent, canDefend, trackAp, INITIAL_AP_STATE, type ApEvent } from './actions';

const c = (id: string, ir: number, roll: number, luckBonus: number, pc: boolean) => ({ id, ir, roll, luckBonus, pc });

describe('initiative', () => {
  it('orders by total, IR, Luck Bonus, PC first, input order', () => {
    expect(orderInitiative([c('a', 5, 3, 2, true), c('b', 4, 6, 2, true), c('c', 6, 1, 2, false)]).order).toEqual([
      'b',
      'a',
      'c',
    ]);
    expect(orderInitiative([c('a', 4, 5, 3, true), c('b', 6, 3, 1, false)]).order).toEqual(['b', 'a']);
    expect(orderInitiative([c('a', 5, 4, 3, true), c('b', 5, 4, 5, true)]).order).toEqual(['b', 'a']);
    expect(orderInitiative([c('n', 5, 4, 3, false), c('p', 5, 4, 3, true)]).order).toEqual(['p', 'n']);
    expect(orderInitiative([c('x', 3, 2, 2, false), c('y', 3, 2, 2, false)]).order).toEqual(['x', 'y']);
  });
  it('wounded combatants take −2', () => {
    expect(orderInitiative([{ ...c('a', 5, 4, 0, true), wounded: true }, c('b', 4, 4, 0, true)]).order).toEqual([
      'b',
      'a',
    ]);
  });
  it('groups share one roll', () => {
    expect(() =>
      orderInitiative([
        { ...c('g1', 3, 2, 0, false), group: 'g' },
        { ...c('g2', 3, 5, 0, false), group: 'g' },
      ]),
    ).toThrow(/once/);
    const rolled = rollInitiative(createSeededSource('ues-init'), [
      { id: 'w1', ir: 3, luckBonus: 0, pc: false, group: 'wolves' },
      { id: 'w2', ir: 3, luckBonus: 0, pc: false, group: 'wolves' },
      { id: 'hero', ir: 5, luckBonus: 4, pc: true },
    ]);
    expect(rolled.rolls.w1).toBe(rolled.rolls.w2);
    expect(rolled.order).toHaveLength(3);
  });
  it('rejects bad input', () => {
    expect(() => orderInitiative([])).toThrow(RulesError);
    expect(() => orderInitiative([c('a', 5, 7, 0, true)])).toThrow(RulesError);
    expect(() => orderInitiative([c('a', 5, 3, 0, true), c('a', 5, 3, 0, true)])).toThrow(/unique/);
  });
  it('property: totals never increase along the order', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            ir: fc.integer({ min: 0, max: 20 }),
            roll: fc.integer({ min: 1, max: 6 }),
            luckBonus: fc.integer({ min: 0, max: 9 }),
            pc: fc.boolean(),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        (list) => {
          const r = orderInitiative(list.map((x, i) => ({ ...x, id: `c${i}` })));
          for (let i = 1; i < r.entries.length; i++)
            expect(r.entries[i - 1]!.total).toBeGreaterThanOrEqual(r.entries[i]!.total);
        },
      ),
    );
  });
});

describe('action points', () => {
  const ev = (type: ApEvent['type'], extra: Record<string, unknown> = {}) => ({ type, ...extra }) as ApEvent;
  it('3 AP refreshed at round start, no more than 2 attacks', () => {
    const r = trackAp([ev('round-start'), ev('attack'), ev('attack'), ev('attack')]);
    expect(r.state).toEqual({ ap: 1, attacks: 2, round: 1 });
    expect(r.rejected).toEqual([3]);
  });
  it('apRefresh "turn" refills at turn start instead', () => {
    const events = [ev('round-start'), ev('attack'), ev('reaction'), ev('turn-start')];
    expect(trackAp(events).state.ap).toBe(1);
    expect(trackAp(events, INITIAL_AP_STATE, { apRefresh: 'turn' }).state.ap).toBe(3);
  });
  it('reactions need AP; 0 AP cannot defend', () => {
    const r = trackAp([ev('round-start'), ev('action', { cost: 3 }), ev('reaction')]);
    expect(r.rejected).toEqual([2]);
    expect(canDefend(r.state)).toBe(false);
  });
  it('counter-attacks count toward the limit only with the toggle', () => {
    const events = [ev('round-start'), ev('attack'), ev('attack'), ev('reaction', { counterAttack: true })];
    expect(trackAp(events).rejected).toEqual([]);
    expect(trackAp(events, INITIAL_AP_STATE, { counterAttackCountsAsAttack: true }).rejected).toEqual([3]);
  });
  it('surprised characters cannot act in round 1', () => {
    const r = trackAp(
      [ev('round-start'), ev('free'), ev('attack'), ev('round-start'), ev('attack')],
      INITIAL_AP_STATE,
      { surprised: true },
    );
    expect(r.rejected).toEqual([1, 2]);
    expect(r.state).toEqual({ ap: 2, attacks: 1, round: 2 });
  });
  it('rejects unknown events and bad costs', () => {
    expect(() => applyApEvent(INITIAL_AP_STATE, { type: 'dance' } as never)).toThrow(RulesError);
    expect(() => applyApEvent(INITIAL_AP_STATE, { type: 'action', cost: 0 })).toThrow(RulesError);
  });
});

describe('initiativeRanking (orderInitiative without the explanation)', () => {
  it('property: the same order as orderInitiative', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            ir: fc.integer({ min: 0, max: 6 }),
            roll: fc.integer({ min: 1, max: 6 }),
            luckBonus: fc.integer({ min: 0, max: 2 }),
            pc: fc.boolean(),
            wounded: fc.option(fc.boolean(), { nil: undefined }),
          }),
          { minLength: 1, maxLength: 25 },
        ),
        (raw) => {
          const combatants = raw.map((x, i) => ({ id: `c${i}`, ...x }));
          expect(initiativeRanking(combatants)).toEqual(orderInitiative(combatants).order);
        },
      ),
    );
  });

  it('rejects what orderInitiative rejects', () => {
    expect(() => initiativeRanking([])).toThrow(RulesError);
    expect(() => initiativeRanking([c('a', 61, 3, 2, true)])).toThrow(/combatants\[0\]\.ir/);
    expect(() => initiativeRanking([c('a', 5, 7, 2, true)])).toThrow(/combatants\[0\]\.roll/);
    expect(() => initiativeRanking([c('a', 5, 3, 2, true), c('a', 4, 3, 2, true)])).toThrow(/share the id/);
  });
});
