import type { InitiativeEntry, InitiativeParticipant, RulesCombatant } from '../../../system-kit/tracker-rules';
import { shadowrun4eTracker as T } from './index';
import { describe, expect, it } from 'vitest';
import { PHASE, TIE, TOGGLES, TURN, byDefault, fighter, refusal, seed, solo } from './tracker.test-support';

describe('Initiative sentences', () => {
  const ganger = fighter('ganger', { reaction: 3, intuition: 3 });

  it('a single combatant: the package roll steps, then their passes', () => {
    const ghost = fighter('ghost', { reaction: 2, intuition: 2, passes: 1 });
    const entry = T.initiative.score(solo(ghost), [5, 2, 3, 4], TOGGLES);
    expect(entry.steps.at(-1)).toEqual(seed('ghost: 1 Initiative Pass this Combat Turn.', TURN));
    expect(entry.steps.at(-2)).toEqual(seed('Initiative Score = Reaction 2 + Intuition 2 + 1 hit = 5.', TURN));
    expect(entry.display).toBe('5');
  });

  it('labels by the participant, falling back to the roller’s name', () => {
    const entry = T.initiative.score({ id: 'ganger', label: '', members: [ganger] }, [5, 2, 3, 4, 2, 3], TOGGLES);
    expect(entry.steps.at(-1)).toEqual(seed('ganger: 1 Initiative Pass this Combat Turn.', TURN));
    expect(refusal(() => T.initiative.score({ id: 'ganger', label: '', members: [ganger] }, [5], TOGGLES))).toBe(
      'invalid-input: ganger rolls 6 Initiative dice (Reaction 3 + Intuition 3), but 1 face was given.',
    );
    expect(refusal(() => T.initiative.score({ id: 'ganger', label: 'Boss', members: [ganger] }, [9], TOGGLES))).toBe(
      "invalid-face: Boss's Initiative dice[0] is 9, which is not a face of a d6 (1–6).",
    );
  });

  it('a group: one roll by the member the participant names, each member with their own passes', () => {
    const g1 = fighter('g1', { reaction: 1, intuition: 1, passes: 2 }, undefined, { groupId: 'g' });
    const g2 = fighter('g2', { reaction: 4, intuition: 1, passes: 3 }, undefined, { groupId: 'g' });
    const named: InitiativeParticipant = { id: 'g2', label: 'Gangers', members: [g1, g2] };
    expect(T.initiative.dice(named, TOGGLES)).toEqual({ count: 5, sides: 6 });
    const entry = T.initiative.score(named, [5, 2, 2, 2, 2], TOGGLES);
    expect(entry).toMatchObject({ participantId: 'g2', memberIds: ['g1', 'g2'], score: 6 });
    expect(entry.steps.at(-1)).toEqual(
      byDefault(
        "The group rolls once with g2's Reaction + Intuition; every member acts on this score, lowered by their own wounds, in their own Initiative Passes (g1 2, g2 3).",
        TURN,
      ),
    );
    expect(T.initiative.dice({ id: 'g', label: 'Gangers', members: [g1, g2] }, TOGGLES)).toEqual({
      count: 2,
      sides: 6,
    });
  });

  it('participant labels: one member by name, a group by its members', () => {
    const a = fighter('a', {}, undefined, { groupId: 'g', name: 'Alf' });
    const b = fighter('b', {}, undefined, { groupId: 'g', name: 'Bea' });
    const c = fighter('c', {}, undefined, { groupId: 'h', name: 'Cy' });
    expect(T.initiative.participants([a, c, b], [])).toEqual([
      { id: 'g', label: 'Alf, Bea', members: [a, b] },
      { id: 'h', label: 'Cy', members: [c] },
    ]);
  });

  it('the display names a glitch or a critical glitch', () => {
    expect(T.initiative.score(solo(ganger), [1, 1, 1, 5, 2, 3], TOGGLES).display).toBe('7 · glitch');
    expect(T.initiative.score(solo(ganger), [1, 1, 1, 2, 2, 3], TOGGLES).display).toBe('6 · critical glitch');
  });

  it('names a bad participant', () => {
    expect(refusal(() => T.initiative.dice(null as unknown as InitiativeParticipant, TOGGLES))).toBe(
      'invalid-input: An Initiative participant needs a list of members.',
    );
    expect(refusal(() => T.initiative.dice({ id: 'g', label: 'G' } as InitiativeParticipant, TOGGLES))).toBe(
      'invalid-input: An Initiative participant needs a list of members.',
    );
    expect(refusal(() => T.initiative.dice({ id: 'g', label: '', members: [] }, TOGGLES))).toBe(
      'invalid-input: g has no members to roll Initiative for.',
    );
    // A bad member used to surface as a TypeError; every input problem is a RulesError with a sentence.
    expect(
      refusal(() => T.initiative.dice({ id: 'g', label: 'G', members: [null as unknown as RulesCombatant] }, TOGGLES)),
    ).toBe('invalid-input: A combatant must be an object, got null.');
    const ganger2 = fighter('ganger2');
    expect(
      refusal(() =>
        T.initiative.dice({ id: 'ganger2', label: 'G', members: [7 as unknown as RulesCombatant, ganger2] }, TOGGLES),
      ),
    ).toBe('invalid-input: A combatant must be an object, got 7.');
    expect(refusal(() => T.initiative.participants('all' as unknown as RulesCombatant[], []))).toBe(
      'invalid-input: Combatants must be a list, got "all".',
    );
  });
});

describe('Initiative order sentences', () => {
  const a = fighter('a', { edge: 1 });
  const b = fighter('b', { edge: 1 });

  it('nobody rolled: says so', () => {
    expect(T.initiative.order([], [], TOGGLES)).toEqual({
      order: [],
      losesTurn: [],
      steps: [seed('Nobody has rolled Initiative.', TURN)],
    });
  });

  it('uses participant labels in the order and the tie, the first participant with an id winning', () => {
    const entries = [
      T.initiative.score(solo(a), [5, 2, 3, 4, 2, 3], TOGGLES),
      T.initiative.score(solo(b), [5, 2, 3, 4, 2, 3], TOGGLES),
    ];
    const order = T.initiative.order(
      entries,
      [
        { id: 'a', label: 'Alf', members: [a] },
        { id: 'b', label: '', members: [b] },
        { id: 'a', label: 'Other', members: [a] },
      ],
      TOGGLES,
    );
    expect(order).toEqual({
      order: ['a', 'b'],
      losesTurn: [],
      steps: [seed('Initiative order: Alf 7, b 7.', TURN), seed(`Alf, b ${TIE}`, TURN)],
    });
  });

  it('Edge spent to act first puts a lower score ahead', () => {
    const first = { ...b, conditionIds: ['edge-first'] };
    const entries = [
      T.initiative.score(solo(a), [5, 5, 3, 4, 2, 3], TOGGLES),
      T.initiative.score(solo(first), [5, 2, 3, 4, 2, 3], TOGGLES),
    ];
    expect(T.initiative.order(entries, [solo(a), solo(first)], TOGGLES).order).toEqual(['b', 'a']);
  });

  it('a group with one pass each loses the turn to a critical glitch: plural sentence', () => {
    const g1 = fighter('g1', {}, undefined, { groupId: 'g' });
    const g2 = fighter('g2', {}, undefined, { groupId: 'g' });
    const [group] = T.initiative.participants([g1, g2], []);
    const crit = T.initiative.score(group!, [1, 1, 1, 2, 2, 3], PHASE);
    const order = T.initiative.order([crit], [group!], PHASE);
    expect(order).toEqual({
      order: ['g'],
      losesTurn: ['g'],
      steps: [
        seed('Initiative order: g1, g2 6.', TURN),
        byDefault(
          'g1, g2 have one Initiative Pass and lose it to the critical glitch: no action this Combat Turn.',
          TURN,
        ),
      ],
    });
  });

  it('a critical glitcher with two passes, or in a group where one member has two, keeps the turn', () => {
    const fast = fighter('fast', { passes: 2 });
    const crit = T.initiative.score(solo(fast), [1, 1, 1, 2, 2, 3], PHASE);
    expect(T.initiative.order([crit], [solo(fast)], PHASE)).toMatchObject({ losesTurn: [], order: ['fast'] });
    const g1 = fighter('g1', {}, undefined, { groupId: 'g' });
    const g2 = fighter('g2', { passes: 2 }, undefined, { groupId: 'g' });
    const [group] = T.initiative.participants([g1, g2], []);
    const groupCrit = T.initiative.score(group!, [1, 1, 1, 2, 2, 3], PHASE);
    expect(T.initiative.order([groupCrit], [group!], PHASE).losesTurn).toEqual([]);
  });

  it('names a roller whose conditions are not a list (once a TypeError)', () => {
    const entry = T.initiative.score(solo(a), [5, 2, 3, 4, 2, 3], TOGGLES);
    const odd = { ...a, conditionIds: undefined as unknown as string[] };
    expect(refusal(() => T.initiative.order([entry], [solo(odd)], TOGGLES))).toBe(
      "invalid-input: a's conditions must be a list of condition ids, got nothing.",
    );
  });

  it('names entries and lists it cannot read', () => {
    const entry = T.initiative.score(solo(a), [5, 2, 3, 4, 2, 3], TOGGLES);
    const order = (e: unknown) => () => T.initiative.order([e as InitiativeEntry], [solo(a)], TOGGLES);
    expect(refusal(() => T.initiative.order(null as unknown as InitiativeEntry[], [], TOGGLES))).toBe(
      'invalid-input: Initiative entries and participants must be lists.',
    );
    expect(refusal(() => T.initiative.order([], null as unknown as InitiativeParticipant[], TOGGLES))).toBe(
      'invalid-input: Initiative entries and participants must be lists.',
    );
    expect(refusal(order(null))).toBe('invalid-input: An Initiative entry must be an object, got null.');
    expect(refusal(order({ ...entry, participantId: '' }))).toBe(
      'invalid-input: Every Initiative entry needs a participant id.',
    );
    expect(refusal(order({ ...entry, participantId: 3 }))).toBe(
      'invalid-input: Every Initiative entry needs a participant id.',
    );
    expect(refusal(order({ ...entry, memberIds: ['a', ''] }))).toBe(
      'invalid-input: Initiative entry a: memberIds must be a list of combatant ids.',
    );
    expect(refusal(order({ ...entry, memberIds: [1] }))).toBe(
      'invalid-input: Initiative entry a: memberIds must be a list of combatant ids.',
    );
    expect(refusal(order({ ...entry, score: 201 }))).toBe(
      'out-of-range: Initiative entry a: score must be between -100 and 200, got 201.',
    );
    expect(refusal(order({ ...entry, detail: { woundAtRoll: 1 } }))).toBe(
      'out-of-range: Initiative entry a: wound modifier at the roll must be between -100 and 0, got 1.',
    );
    expect(refusal(order({ ...entry, detail: { criticalGlitch: 1 } }))).toBe(
      'invalid-input: Initiative entry a: criticalGlitch must be true or false, got 1.',
    );
    expect(refusal(order({ ...entry, participantId: 'zed' }))).toBe(
      'unknown-entry: Initiative entry zed belongs to no participant in this encounter.',
    );
  });

  it('an entry without detail reads as no glitch and no wound at the roll', () => {
    const bare = {
      participantId: 'a',
      memberIds: ['a'],
      score: 7,
      display: '7',
      faces: [],
      steps: [],
    } as unknown as InitiativeEntry;
    const glitched = { ...bare, participantId: 'b', memberIds: ['b'], detail: { glitch: true } };
    expect(T.initiative.order([glitched, bare], [solo(a), solo(b)], TOGGLES).order).toEqual(['a', 'b']);
    const round = T.buildRound({
      round: 1,
      combatants: [a],
      participants: [solo(a)],
      entries: [{ ...bare, detail: null } as unknown as InitiativeEntry],
      initiative: null,
      acted: [],
      toggles: TOGGLES,
    });
    expect(round).toEqual([{ combatantId: 'a', pass: 1 }]);
  });
});
