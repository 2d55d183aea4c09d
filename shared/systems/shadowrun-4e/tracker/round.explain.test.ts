import type { InitiativeEntry, RulesCombatant } from '../../../system-kit/tracker-rules';
import { shadowrun4eTracker as T } from './index';
import { describe, expect, it } from 'vitest';
import { PHASE, TOGGLES, fighter, refusal, solo } from './tracker.test-support';

describe('buildRound refusals', () => {
  it('names lists it cannot read', () => {
    const base = { round: 1, participants: [], initiative: null, acted: [], toggles: TOGGLES };
    expect(
      refusal(() => T.buildRound({ ...base, combatants: [], entries: null as unknown as InitiativeEntry[] })),
    ).toBe('invalid-input: A round needs lists of combatants and Initiative entries.');
    expect(refusal(() => T.buildRound({ ...base, combatants: null as unknown as RulesCombatant[], entries: [] }))).toBe(
      'invalid-input: A round needs lists of combatants and Initiative entries.',
    );
  });
});

describe('round rebuilds from the same entries follow every change', () => {
  // One entries list for the whole Combat Turn, as the tracker keeps it; each rebuild changes one thing.
  const a = fighter('a', { edge: 2 });
  const b = fighter('b', { edge: 2 });
  const entries = [
    T.initiative.score(solo(a), [5, 2, 3, 4, 2, 3], TOGGLES), // 7
    T.initiative.score(solo(b), [5, 1, 1, 1, 2, 3], TOGGLES), // 7, glitch
  ];
  const round = (combatants: RulesCombatant[], toggles = TOGGLES, order?: readonly string[]) =>
    T.buildRound({
      round: 1,
      combatants,
      participants: combatants.map(solo),
      entries,
      initiative: order === undefined ? null : { order, losesTurn: [], steps: [] },
      acted: [],
      toggles,
    }).map((s) => `${s.pass}:${s.combatantId}`);

  it('Edge, Initiative, Reaction and Passes changed between rebuilds', () => {
    expect(round([a, b])).toEqual(['1:a', '1:b']);
    // The glitch sends b behind a tie on score, whatever b's other tie-breaks.
    expect(round([a, { ...b, stats: { ...b.stats, edge: 8 } }])).toEqual(['1:a', '1:b']);
    expect(round([{ ...a, stats: { ...a.stats, passes: 2 } }, b])).toEqual(['1:a', '1:b', '2:a']);
    expect(round([a, { ...b, stats: { ...b.stats, passes: 3 } }])).toEqual(['1:a', '1:b', '2:b', '3:b']);
    expect(round([a, b])).toEqual(['1:a', '1:b']);
  });

  it('Edge spent to act first, then taken back', () => {
    const first = { ...b, conditionIds: ['edge-first'] };
    expect(round([a, first])).toEqual(['1:b', '1:a']);
    expect(round([a, b])).toEqual(['1:a', '1:b']);
  });

  it('the critical glitch toggle changed between rebuilds', () => {
    const crit = [T.initiative.score(solo(a), [1, 1, 1, 2, 2, 3], TOGGLES), entries[1]!];
    const build = (toggles: typeof TOGGLES) =>
      T.buildRound({
        round: 1,
        combatants: [a, b],
        participants: [solo(a), solo(b)],
        entries: crit,
        initiative: null,
        acted: [],
        toggles,
      });
    expect(build(TOGGLES)).toEqual([
      { combatantId: 'b', pass: 1 },
      { combatantId: 'a', pass: 1, simpleActionsLost: 1 },
    ]);
    expect(build(PHASE)).toEqual([{ combatantId: 'b', pass: 1 }]);
    expect(build(TOGGLES)).toHaveLength(2);
  });

  it('the same ids in a new encounter order still read each combatant’s own health', () => {
    const hurtA = { ...a, health: { physical: 3, stun: 0 } }; // −1: 6, behind b
    expect(round([hurtA, b])).toEqual(['1:b', '1:a']);
    expect(round([b, hurtA])).toEqual(['1:b', '1:a']);
    const hurtB = { ...b, health: { physical: 3, stun: 0 } };
    expect(round([hurtB, a])).toEqual(['1:a', '1:b']);
    expect(round([a, hurtB])).toEqual(['1:a', '1:b']);
  });

  it('a combatant who joined after the roll gets no slot; one listed twice is read once', () => {
    expect(round([a, b, fighter('late')])).toEqual(['1:a', '1:b']);
    expect(round([a, b, { ...a, health: { physical: 0, stun: 10 } }])).toEqual(['1:a', '1:b']);
  });

  it('follows the rolled order for full ties, and the entries order without one', () => {
    const twin = [
      T.initiative.score(solo(a), [5, 2, 3, 4, 2, 3], TOGGLES),
      T.initiative.score(solo(b), [5, 2, 3, 4, 2, 3], TOGGLES),
    ];
    const build = (order?: readonly string[]) =>
      T.buildRound({
        round: 1,
        combatants: [a, b],
        participants: [solo(a), solo(b)],
        entries: twin,
        initiative: order === undefined ? null : { order, losesTurn: [], steps: [] },
        acted: [],
        toggles: TOGGLES,
      }).map((s) => s.combatantId);
    expect(build()).toEqual(['a', 'b']);
    expect(build(['b', 'a'])).toEqual(['b', 'a']);
    expect(build(['a', 'b'])).toEqual(['a', 'b']);
    expect(build(['b'])).toEqual(['b']);
    expect(build()).toEqual(['a', 'b']);
    // The tie-breaks read from the stat block at each rebuild: Edge, then Initiative, then Reaction.
    const withStats = (stats: Record<string, number>) =>
      T.buildRound({
        round: 1,
        combatants: [a, { ...b, stats: { ...b.stats, ...stats } }],
        participants: [solo(a), solo(b)],
        entries: twin,
        initiative: null,
        acted: [],
        toggles: TOGGLES,
      }).map((s) => s.combatantId);
    expect(withStats({ edge: 3 })).toEqual(['b', 'a']);
    expect(withStats({ edge: 1 })).toEqual(['a', 'b']);
    expect(withStats({ intuition: 4 })).toEqual(['b', 'a']);
    expect(withStats({ reaction: 4, intuition: 2 })).toEqual(['b', 'a']);
    expect(withStats({ reaction: 2, intuition: 4 })).toEqual(['a', 'b']);
    expect(withStats({})).toEqual(['a', 'b']);
  });

  it('a group entry gives each member one slot, the first entry naming a member winning', () => {
    const g1 = fighter('g1');
    const g2 = fighter('g2');
    const group: InitiativeEntry = {
      ...T.initiative.score(solo(g1), [5, 5, 5, 2, 2, 2], TOGGLES),
      participantId: 'g',
      memberIds: ['g1', 'g2'],
    };
    const alone: InitiativeEntry = {
      ...T.initiative.score(solo(g2), [2, 2, 2, 2, 2, 2], TOGGLES),
      participantId: 'g2',
    };
    const slots = T.buildRound({
      round: 1,
      combatants: [g1, g2],
      participants: [],
      entries: [group, alone],
      initiative: { order: ['g', 'g2'], losesTurn: [], steps: [] },
      acted: [],
      toggles: TOGGLES,
    });
    expect(slots).toEqual([
      { combatantId: 'g1', pass: 1 },
      { combatantId: 'g2', pass: 1 },
    ]);
  });
});
