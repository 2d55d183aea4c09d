import fc from 'fast-check';
import type { RoundContext, RulesCombatant } from '../../../system-kit/tracker-rules';
import { resolveToggles } from '../../../system-kit/toggles';
import { shadowrunToggles } from '../toggles';
import { shadowrun4eTracker as T } from './index';
import { describe, expect, it } from 'vitest';
import { PHASE, TOGGLES, expectRulesError, fighter, hurt, solo } from './tracker.test-support';

describe('stat blocks, health and entries read once', () => {
  it('answers the same when asked again, and follows a new stat block or overflow rule over the same health', () => {
    // Stun 12 over a Willpower 2 track of 9: 3 boxes past it, which the overflow rule turns into Physical.
    const c = fighter('w', { willpower: 2 }, { physical: 0, stun: 12 });
    const first = T.healthView(c, TOGGLES);
    expect(first.tracks[0]).toMatchObject({ current: 7, max: 10 });
    expect(T.healthView(c, TOGGLES)).toEqual(first);
    const twoToOne = resolveToggles(shadowrunToggles, { stunOverflow: '2:1' });
    expect(T.healthView(c, twoToOne).tracks[0]).toMatchObject({ current: 9, max: 10 });
    expect(T.healthView(c, TOGGLES)).toEqual(first);
    // Willpower raised mid-fight (a new stat block, the same health record): the Stun fits its track.
    const raised = { ...c, stats: { ...c.stats, willpower: 8 } };
    expect(T.healthView(raised, TOGGLES).tracks.map((t) => [t.current, t.max])).toEqual([
      [10, 10],
      [0, 12],
    ]);
  });

  it('rejects a bad health record or stat every time, not only the first', () => {
    const bad = fighter('b', {}, { physical: -1, stun: 0 });
    for (let i = 0; i < 2; i++) expectRulesError(() => T.healthView(bad, TOGGLES), /b's Physical boxes/);
    const badStat = fighter('s', { passes: 9 });
    expect(T.healthView(badStat, TOGGLES).canAct).toBe(true); // Passes play no part in health
    // Rolled while the block was good; the bad Passes only matter once the round is built.
    const entries = [T.initiative.score(solo(fighter('s')), [5, 5, 5, 5, 5, 5], TOGGLES)];
    const context = (c: RulesCombatant): RoundContext => ({
      round: 1,
      combatants: [c],
      participants: [solo(c)],
      initiative: null,
      entries,
      acted: [],
      toggles: TOGGLES,
    });
    for (let i = 0; i < 2; i++) expectRulesError(() => T.buildRound(context(badStat)), /s's Initiative Passes/);
  });

  it('rebuilds the round from the same entries after a wound or a departure', () => {
    const a = fighter('a');
    const b = fighter('b');
    const participants = [solo(a), solo(b)];
    // a: 6 hits → 12; b: 4 hits → 10.
    const entries = [
      T.initiative.score(solo(a), [5, 5, 5, 5, 5, 5], TOGGLES),
      T.initiative.score(solo(b), [5, 5, 5, 5, 1, 2], TOGGLES),
    ];
    const initiative = T.initiative.order(entries, participants, TOGGLES);
    const ids = (combatants: RulesCombatant[]) =>
      T.buildRound({ round: 1, combatants, participants, initiative, entries, acted: [], toggles: TOGGLES }).map(
        (s) => s.combatantId,
      );
    expect(ids([a, b])).toEqual(['a', 'b']);
    expect(ids([a, b])).toEqual(['a', 'b']);
    // 9 Stun is −3: a drops to 9, behind b.
    expect(ids([hurt(a, 'stun', 9), b])).toEqual(['b', 'a']);
    expect(ids([b])).toEqual(['b']);
    expect(ids([a, b])).toEqual(['a', 'b']);
  });
});

describe('answers from what was read before equal answers from scratch', () => {
  /** A deep copy: new objects everywhere, so nothing read before is recognised. */
  const cold = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

  it('property: participants, buildRound, healthView and economy, as the fight changes between rebuilds', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            reaction: fc.integer({ min: 1, max: 5 }),
            passes: fc.integer({ min: 1, max: 3 }),
            edge: fc.integer({ min: 0, max: 3 }),
            group: fc.constantFrom(undefined, 'g'),
            faces: fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 8, maxLength: 8 }),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        fc.array(
          fc.record({
            kind: fc.constantFrom('stun', 'physical', 'leave', 'paralyse'),
            who: fc.nat(),
            amount: fc.integer({ min: 1, max: 12 }),
          }),
          {
            maxLength: 5,
          },
        ),
        fc.constantFrom(TOGGLES, PHASE),
        (specs, changes, toggles) => {
          let combatants = specs.map((x, i) =>
            fighter(
              `c${i}`,
              { reaction: x.reaction, intuition: 3, passes: x.passes, edge: x.edge },
              undefined,
              x.group === undefined ? {} : { groupId: x.group },
            ),
          );
          const participants0 = T.initiative.participants(combatants, []);
          const entries = participants0.map((p) => {
            const spec = specs[Number(p.members[0]!.id.slice(1))]!;
            return T.initiative.score(p, spec.faces.slice(0, spec.reaction + 3), toggles);
          });
          const initiative = T.initiative.order(entries, participants0, toggles);
          const check = () => {
            const participants = T.initiative.participants(combatants, []);
            const context: RoundContext = {
              round: 1,
              combatants,
              participants,
              initiative,
              entries,
              acted: [],
              toggles,
            };
            expect(T.buildRound(context)).toEqual(T.buildRound(cold(context)));
            expect(participants.map((p) => p.id)).toEqual(
              T.initiative.participants(cold(combatants), []).map((p) => p.id),
            );
            for (const c of combatants) {
              expect(T.healthView(c, toggles)).toEqual(T.healthView(cold(c), cold(toggles)));
              expect(T.economy(c, toggles)).toEqual(T.economy(cold(c), cold(toggles)));
            }
          };
          check();
          for (const change of changes) {
            const at = change.who % combatants.length;
            const target = combatants[at]!;
            if (change.kind === 'leave') {
              if (combatants.length > 1) combatants = combatants.filter((_, i) => i !== at);
            } else if (change.kind === 'paralyse') {
              combatants = combatants.map((c, i) => (i === at ? { ...c, conditionIds: ['paralysed'] } : c));
            } else if (T.healthView(target, toggles).severity !== 'dead') {
              combatants = combatants.map((c, i) => (i === at ? hurt(c, change.kind, change.amount, toggles) : c));
            }
            check();
          }
        },
      ),
      { numRuns: 120 },
    );
  });
});
