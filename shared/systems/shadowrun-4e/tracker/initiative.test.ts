import type { InitiativeEntry, RoundContext, RulesCombatant, TurnSlot } from '../../../system-kit/tracker-rules';
import { shadowrun4eTracker as T } from './index';
import { describe, expect, it } from 'vitest';
import { PHASE, TOGGLES, expectRulesError, fighter, hurt, solo } from './tracker.test-support';

describe('initiative', () => {
  // Ghost 9 dice, 3 passes; Mage 7 dice, 2 passes; Ganger 6 dice, 1 pass.
  const ghost = fighter('ghost', { reaction: 5, intuition: 4, passes: 3, body: 4 });
  const mage = fighter('mage', { reaction: 3, intuition: 4, passes: 2, body: 4, edge: 3 });
  const ganger = fighter('ganger', { reaction: 3, intuition: 3, passes: 1 });
  const ghostFaces = [5, 6, 5, 2, 3, 4, 2, 3, 4]; // 3 hits → 12
  const mageFaces = [6, 6, 2, 3, 4, 2, 3]; // 2 hits → 9
  const gangerFaces = [5, 2, 3, 4, 2, 3]; // 1 hit → 7

  it('is rolled per combatant, fresh each Combat Turn', () => {
    expect(T.initiative.scope).toBe('combatant');
    expect(T.initiative.rerollEachRound).toBe(true);
  });

  describe('participants', () => {
    it('are the combatants who can act, and one per NPC group', () => {
      const g1 = fighter('g1', {}, undefined, { groupId: 'gangers' });
      const g2 = fighter('g2', {}, undefined, { groupId: 'gangers' });
      const g3 = fighter('g3', {}, undefined, { groupId: 'gangers' });
      const out = hurt(fighter('out'), 'stun', 10);
      const frozen = fighter('frozen', {}, undefined, { conditionIds: ['paralysed'] });
      const list = T.initiative.participants(
        [ghost, g1, out, g2, frozen, mage, hurt(g3, 'physical', 10)],
        [{ id: 'a', name: 'Runners' }],
      );
      expect(list.map((p) => [p.id, p.label, p.members.map((m) => m.id)])).toEqual([
        ['ghost', 'ghost', ['ghost']],
        ['gangers', 'g1, g2', ['g1', 'g2']],
        ['mage', 'mage', ['mage']],
      ]);
      expect(T.initiative.participants([], [])).toEqual([]);
      expectRulesError(() => T.initiative.participants(null as unknown as RulesCombatant[], []), /must be a list/);
    });
  });

  it('rolls Reaction + Intuition dice; wounds lower the score, not the pool', () => {
    expect(T.initiative.dice(solo(ghost), TOGGLES)).toEqual({ count: 9, sides: 6 });
    expect(T.initiative.dice(solo(hurt(ghost, 'physical', 6)), TOGGLES)).toEqual({ count: 9, sides: 6 });
  });

  it('scores Reaction + Intuition + hits + wound modifier and keeps the roll’s facts', () => {
    const entry = T.initiative.score(solo(ghost), ghostFaces, TOGGLES);
    expect(entry).toEqual({
      participantId: 'ghost',
      memberIds: ['ghost'],
      score: 12,
      display: '12',
      faces: ghostFaces,
      detail: {
        hits: 3,
        woundAtRoll: 0,
        glitch: false,
        criticalGlitch: false,
        simpleActionsLost: 0,
        actionPhasesLost: 0,
      },
      steps: expect.any(Array),
    });
    expect(entry.steps.some((s) => s.text.includes('Initiative Score = Reaction 5 + Intuition 4 + 3 hits = 12'))).toBe(
      true,
    );
    expect(entry.steps.at(-1)?.text).toBe('ghost: 3 Initiative Passes this Combat Turn.');
    expect(JSON.parse(JSON.stringify(entry))).toEqual(entry);
    const wounded = T.initiative.score(solo(hurt(ghost, 'physical', 3)), ghostFaces, TOGGLES);
    expect(wounded).toMatchObject({ score: 11, display: '11', detail: { woundAtRoll: -1 } });
  });

  it('records glitches and what a critical glitch costs', () => {
    const glitched = T.initiative.score(solo(ganger), [1, 1, 1, 5, 2, 3], TOGGLES);
    expect(glitched).toMatchObject({ display: '7 · glitch', detail: { glitch: true, criticalGlitch: false } });
    const crit = T.initiative.score(solo(ganger), [1, 1, 1, 2, 2, 3], TOGGLES);
    expect(crit).toMatchObject({
      display: '6 · critical glitch',
      detail: { criticalGlitch: true, simpleActionsLost: 1, actionPhasesLost: 0 },
    });
    expect(T.initiative.score(solo(ganger), [1, 1, 1, 2, 2, 3], PHASE).detail).toMatchObject({ actionPhasesLost: 1 });
  });

  it('rolls a group once with its first member and lists every member', () => {
    const g1 = fighter('g1', { passes: 2, reaction: 4 }, undefined, { groupId: 'gangers' });
    const g2 = fighter('g2', { passes: 1 }, undefined, { groupId: 'gangers' });
    const [group] = T.initiative.participants([g1, g2], []);
    if (!group) throw new Error('no group');
    expect(T.initiative.dice(group, TOGGLES)).toEqual({ count: 7, sides: 6 });
    const entry = T.initiative.score(group, [5, 5, 2, 3, 4, 2, 3], TOGGLES);
    expect(entry).toMatchObject({ participantId: 'gangers', memberIds: ['g1', 'g2'], score: 9 });
    expect(entry.steps.at(-1)?.text).toMatch(/rolls once with g1's Reaction \+ Intuition.*\(g1 2, g2 1\)/);
  });

  it('rejects faces that do not fit and participants without members', () => {
    expectRulesError(
      () => T.initiative.score(solo(ganger), [5, 2, 3], TOGGLES),
      /ganger rolls 6 Initiative dice \(Reaction 3 \+ Intuition 3\), but 3 faces were given/,
    );
    expectRulesError(
      () => T.initiative.score(solo(ganger), [5, 2, 3, 4, 2, 7], TOGGLES),
      /ganger's Initiative dice\[5\] is 7, which is not a face of a d6/,
      'invalid-face',
    );
    expectRulesError(
      () => T.initiative.dice({ id: 'g', label: 'Gangers', members: [] }, TOGGLES),
      /Gangers has no members/,
    );
    expectRulesError(
      () => T.initiative.dice(solo(fighter('bad', { reaction: 0 })), TOGGLES),
      /bad's Reaction must be between 1 and 20/,
    );
  });

  it('orders entries with the package tie-breaks: glitch to the back, then Edge', () => {
    const a = fighter('a', { edge: 1 });
    const b = fighter('b', { edge: 5 });
    const c = fighter('c', { edge: 6 });
    const participants = [solo(a), solo(b), solo(c)];
    const entries = [
      T.initiative.score(solo(a), [5, 2, 3, 4, 2, 3], TOGGLES), // 7
      T.initiative.score(solo(b), [6, 2, 3, 4, 2, 3], TOGGLES), // 7, more Edge
      T.initiative.score(solo(c), [5, 1, 1, 1, 2, 3], TOGGLES), // 7, glitch
    ];
    const order = T.initiative.order(entries, participants, TOGGLES);
    expect(order.order).toEqual(['b', 'a', 'c']);
    expect(order.losesTurn).toEqual([]);
    expect(order.steps[0]?.text).toBe('Initiative order: b 7, a 7, c 7.');
    expect(order.steps[1]?.text).toMatch(/^b, a, c tie: they act at the same time unless it matters/);
  });

  it('takes the Combat Turn from a one-pass critical glitcher only under the action-phase toggle', () => {
    const crit = T.initiative.score(solo(ganger), [1, 1, 1, 2, 2, 3], PHASE);
    const fast = T.initiative.score(solo(mage), [1, 1, 1, 1, 2, 3, 4], PHASE);
    const participants = [solo(ganger), solo(mage)];
    const order = T.initiative.order([crit, fast], participants, PHASE);
    expect(order.order).toEqual(['mage', 'ganger']);
    expect(order.losesTurn).toEqual(['ganger']);
    expect(order.steps.at(-1)?.text).toBe(
      'ganger has one Initiative Pass and loses it to the critical glitch: no action this Combat Turn.',
    );
    expect(T.initiative.order([crit, fast], participants, TOGGLES).losesTurn).toEqual([]);
  });

  it('rejects entries it cannot order', () => {
    const entry = T.initiative.score(solo(ghost), ghostFaces, TOGGLES);
    expectRulesError(
      () => T.initiative.order([entry], [solo(mage)], TOGGLES),
      /belongs to no participant/,
      'unknown-entry',
    );
    expectRulesError(
      () => T.initiative.order([{ ...entry, detail: { ...entry.detail, glitch: 'yes' } }], [solo(ghost)], TOGGLES),
      /Initiative entry ghost: glitch must be true or false, got "yes"/,
    );
    expectRulesError(
      () => T.initiative.order([{ ...entry, memberIds: [] }], [solo(ghost)], TOGGLES),
      /memberIds must be a list of combatant ids/,
    );
    expectRulesError(
      () => T.initiative.order([entry, entry], [solo(ghost)], TOGGLES),
      /Two combatants share the id "ghost"/,
    );
    expectRulesError(() => T.initiative.order([entry], [solo(ghost)], { nonsense: true }), /Unknown rule toggle/);
  });

  describe('buildRound', () => {
    const roll = (toggles = TOGGLES): InitiativeEntry[] => [
      T.initiative.score(solo(ghost), ghostFaces, toggles),
      T.initiative.score(solo(mage), mageFaces, toggles),
      T.initiative.score(solo(ganger), gangerFaces, toggles),
    ];
    const context = (
      combatants: RulesCombatant[],
      entries: InitiativeEntry[],
      toggles = TOGGLES,
      acted: TurnSlot[] = [],
    ): RoundContext => {
      const participants = combatants.map(solo);
      return {
        round: 1,
        combatants,
        participants,
        entries,
        initiative: T.initiative.order(entries, participants, toggles),
        acted,
        toggles,
      };
    };
    const slots = (round: readonly TurnSlot[]) => round.map((s) => `${s.pass}:${s.combatantId}`);
    /** What the tracker walks: the rebuilt round without the slots already taken. */
    const remaining = (ctx: RoundContext) =>
      slots(
        T.buildRound(ctx).filter((s) => !ctx.acted.some((a) => a.combatantId === s.combatantId && a.pass === s.pass)),
      );

    it('runs passes 1–3 in score order, each with those who have that many passes', () => {
      const round = T.buildRound(context([ganger, mage, ghost], roll()));
      expect(slots(round)).toEqual(['1:ghost', '1:mage', '1:ganger', '2:ghost', '2:mage', '3:ghost']);
      expect(round.every((s) => Object.keys(s).length === 2)).toBe(true);
    });

    it('reorders the rest of the turn at once when a wound lowers a score', () => {
      const entries = roll();
      // Ghost acts first in pass 1 and shoots the mage for 9 Physical: wound −3, score 9 → 6.
      const shotMage = hurt(mage, 'physical', 9);
      const acted = [{ combatantId: 'ghost', pass: 1 }];
      expect(remaining(context([ganger, shotMage, ghost], entries, TOGGLES, acted))).toEqual([
        '1:ganger',
        '1:mage',
        '2:ghost',
        '2:mage',
        '3:ghost',
      ]);
      // Healing back restores the rolled order.
      const healed = hurt(shotMage, 'heal-physical', 9);
      expect(slots(T.buildRound(context([ganger, healed, ghost], entries)))).toEqual(
        slots(T.buildRound(context([ganger, mage, ghost], entries))),
      );
    });

    it('does not count a wound twice when it was already there at the roll', () => {
      const woundedMage = hurt(mage, 'physical', 6); // −2 at the roll: 9 − 2 = 7, ties the ganger
      const entries = [
        T.initiative.score(solo(ghost), ghostFaces, TOGGLES),
        T.initiative.score(solo(woundedMage), mageFaces, TOGGLES),
        T.initiative.score(solo(ganger), gangerFaces, TOGGLES),
      ];
      expect(entries[1]?.score).toBe(7);
      const round = T.buildRound(context([ganger, woundedMage, ghost], entries));
      // Tie at 7: the mage's Edge 3 beats the ganger's 2.
      expect(slots(round).slice(0, 3)).toEqual(['1:ghost', '1:mage', '1:ganger']);
    });

    it('drops those who cannot act and those who left', () => {
      const entries = roll();
      const knockedOut = hurt(mage, 'stun', 10);
      expect(slots(T.buildRound(context([ganger, knockedOut, ghost], entries)))).toEqual([
        '1:ghost',
        '1:ganger',
        '2:ghost',
        '3:ghost',
      ]);
      const frozen = { ...ghost, conditionIds: ['paralysed'] };
      expect(slots(T.buildRound(context([ganger, mage, frozen], entries)))).toEqual(['1:mage', '1:ganger', '2:mage']);
      // The mage and the ganger left the encounter after the roll.
      const left: RoundContext = { ...context([ghost, mage, ganger], entries), combatants: [ghost] };
      expect(slots(T.buildRound(left))).toEqual(['1:ghost', '2:ghost', '3:ghost']);
      expect(T.buildRound({ ...left, entries: [], initiative: null })).toEqual([]);
    });

    it('takes the first Action Phase from a critical glitch under the action-phase toggle', () => {
      const crit = T.initiative.score(solo(mage), [1, 1, 1, 1, 2, 3, 4], PHASE);
      const entries = [T.initiative.score(solo(ghost), ghostFaces, PHASE), crit];
      expect(slots(T.buildRound(context([ghost, mage], entries, PHASE)))).toEqual([
        '1:ghost',
        '2:ghost',
        '2:mage',
        '3:ghost',
      ]);
    });

    it('marks the Simple Action a critical glitch costs in pass 1 under the default', () => {
      const crit = T.initiative.score(solo(mage), [1, 1, 1, 1, 2, 3, 4], TOGGLES);
      const entries = [T.initiative.score(solo(ghost), ghostFaces, TOGGLES), crit];
      const round = T.buildRound(context([ghost, mage], entries));
      expect(round.filter((s) => s.combatantId === 'mage')).toEqual([
        { combatantId: 'mage', pass: 1, simpleActionsLost: 1 },
        { combatantId: 'mage', pass: 2 },
      ]);
      expect(JSON.parse(JSON.stringify(round))).toEqual(round);
    });

    it('gives every member of a group a slot with their own wounds and passes', () => {
      const g1 = fighter('g1', { passes: 2 }, undefined, { groupId: 'gangers' });
      const g2 = fighter('g2', { passes: 2 }, undefined, { groupId: 'gangers' });
      const g3 = fighter('g3', { passes: 1 }, undefined, { groupId: 'gangers' });
      const participants = T.initiative.participants([g1, g2, g3, ganger], []);
      const [group, alone] = participants;
      if (!group || !alone) throw new Error('missing participants');
      const entries = [
        T.initiative.score(group, [5, 5, 2, 3, 4, 2], TOGGLES), // 8
        T.initiative.score(alone, [5, 5, 5, 3, 4, 2], TOGGLES), // 9
      ];
      const ctx: RoundContext = {
        round: 2,
        combatants: [g1, g2, g3, ganger],
        participants,
        entries,
        initiative: T.initiative.order(entries, participants, TOGGLES),
        acted: [],
        toggles: TOGGLES,
      };
      expect(slots(T.buildRound(ctx))).toEqual(['1:ganger', '1:g1', '1:g2', '1:g3', '2:g1', '2:g2']);
      const shot = hurt(g1, 'physical', 3); // 8 → 7
      expect(slots(T.buildRound({ ...ctx, combatants: [shot, g2, g3, ganger] }))).toEqual([
        '1:ganger',
        '1:g2',
        '1:g3',
        '1:g1',
        '2:g2',
        '2:g1',
      ]);
    });

    it('rejects bad toggles and bad entries', () => {
      const ctx = context([ghost], roll().slice(0, 1));
      expectRulesError(
        () => T.buildRound({ ...ctx, toggles: { ...TOGGLES, nonsense: true } }),
        /Unknown rule toggle "nonsense"/,
        'unknown-option',
      );
      expectRulesError(
        () => T.buildRound({ ...ctx, entries: [{ ...roll()[0]!, memberIds: 'ghost' as unknown as string[] }] }),
        /memberIds must be a list/,
      );
    });
  });
});
