import { describe, expect, it } from 'vitest';
import { hardwareTracker as T } from '.';
import {
  book,
  combatant,
  errorOf,
  none,
  participant,
  round,
  seed,
  withConditions,
  withHealth,
} from './combatant-fixtures.test-support';

// Initiative and rounds: every explanation and refusal whole.

describe('initiative: each PC’s AGL save (seed: Rounds)', () => {
  const ana = combatant('ana', 'pc', { AGL: 12 });
  const cy = combatant('cy', 'pc', { AGL: 6, noAglSave: true });

  it('a save that succeeds: the save sentence, then the round sentence', () => {
    expect(T.initiative.score(participant(ana), [10], none)).toEqual({
      participantId: 'ana',
      memberIds: ['ana'],
      score: 1,
      display: 'Acts first',
      faces: [10],
      detail: { actsFirst: true, reason: 'save-succeeded', agl: 12, kept: 10 },
      steps: [
        { text: 'ana AGL save: 10 is at or under 12, so it succeeds.', rule: book('Saves') },
        { text: 'ana: AGL save 10 vs 12 — acts before the opponents.', rule: seed('Rounds') },
      ],
    });
  });

  it('no save needed and AGL 0: no kept die, the package’s sentence', () => {
    expect(T.initiative.score(participant(cy), [], none)).toEqual({
      participantId: 'cy',
      memberIds: ['cy'],
      score: 1,
      display: 'No save needed',
      faces: [],
      detail: { actsFirst: true, reason: 'no-save-needed', agl: 6 },
      steps: [{ text: 'cy needs no AGL save this round and acts before the opponents.', rule: seed('Rounds') }],
    });
    const para = withHealth(ana, { AGL: 0 });
    expect(T.initiative.score(participant(para), [], none)).toEqual({
      participantId: 'ana',
      memberIds: ['ana'],
      score: 0,
      display: 'Cannot act',
      faces: [],
      detail: { actsFirst: false, reason: 'paralysed', agl: 0 },
      steps: [{ text: 'ana has AGL 0: paralysed, unable to act.', rule: seed('Attribute Loss') }],
    });
    expect(errorOf(() => T.initiative.score(participant(para), [5], none)).message).toBe(
      'ana makes no AGL save (AGL 0: paralysed); remove the roll.',
    );
    // An ability does not help a PC at AGL 0.
    expect(T.initiative.score(participant(withHealth(cy, { AGL: 0 })), [], none).detail).toEqual({
      actsFirst: false,
      reason: 'paralysed',
      agl: 0,
    });
    expect(T.initiative.dice(participant(withHealth(cy, { AGL: 0 })), none)).toEqual({ count: 0, sides: 20 });
  });

  it('a PC who cannot act: the whole entry', () => {
    const dying = withConditions(ana, 'dying');
    expect(T.initiative.score(participant(dying), [], none)).toEqual({
      participantId: 'ana',
      memberIds: ['ana'],
      score: 0,
      display: 'Cannot act',
      faces: [],
      detail: { actsFirst: false, reason: 'cannot-act', agl: 12 },
      steps: [{ text: 'ana cannot act (Dying): no turn this round.', rule: seed('Rounds') }],
    });
    // AGL 0 and another reason: cannot act for both.
    const both = withConditions(withHealth(ana, { AGL: 0 }), 'dying');
    expect(T.initiative.score(participant(both), [], none).steps[0]!.text).toBe(
      'ana cannot act (Dying, Paralysed): no turn this round.',
    );
  });

  it('a PC without a name is shown by id', () => {
    const nameless = { ...ana, name: '' };
    expect(T.initiative.participants([nameless], [])).toEqual([{ id: 'ana', label: 'ana', members: [nameless] }]);
    expect(T.initiative.score({ id: 'ana', label: 'ana', members: [nameless] }, [3], none).steps[1]!.text).toBe(
      'ana: AGL save 3 vs 12 — acts before the opponents.',
    );
  });

  it('names a bad participant or roll', () => {
    expect(errorOf(() => T.initiative.dice({ id: 'x', label: 'X', members: 'ana' } as never, none)).message).toBe(
      'An initiative participant must have members, got an object.',
    );
    expect(errorOf(() => T.initiative.dice(null as never, none)).message).toBe(
      'An initiative participant must have members, got null.',
    );
    expect(errorOf(() => T.initiative.dice({ id: 'x', label: 'Team', members: [] }, none)).message).toBe(
      'Team must be exactly one PC: in Hardware each PC saves AGL for itself.',
    );
    expect(errorOf(() => T.initiative.dice({ id: 'ana', label: 'Team', members: [ana, cy] }, none)).message).toBe(
      'Team must be exactly one PC: in Hardware each PC saves AGL for itself.',
    );
    expect(errorOf(() => T.initiative.dice({ id: 'x', label: 'ana', members: [ana] }, none)).message).toBe(
      'Participant "x" must have the id of its PC, "ana".',
    );
    expect(errorOf(() => T.initiative.score(participant(ana), 'x' as never, none)).message).toBe(
      'ana\'s AGL save must be a list of d20 faces, got "x".',
    );
    expect(errorOf(() => T.initiative.participants('x' as never, [])).message).toBe(
      'combatants must be a list, got "x".',
    );
  });

  it('order: re-scored in participant order, then the opponents', () => {
    const bo = combatant('bo', 'pc', { AGL: 8 });
    const pcs = [participant(bo), participant(ana)];
    const entries = [T.initiative.score(pcs[1]!, [4], none), T.initiative.score(pcs[0]!, [9], none)];
    expect(T.initiative.order(entries, pcs, none)).toEqual({
      order: ['ana'],
      losesTurn: ['bo'],
      steps: [
        { text: 'bo AGL save: 9 is over 8, so it fails.', rule: book('Saves') },
        { text: 'bo: AGL save 9 vs 8 — fails and loses their turn this round.', rule: seed('Rounds') },
        { text: 'ana AGL save: 4 is at or under 12, so it succeeds.', rule: book('Saves') },
        { text: 'ana: AGL save 4 vs 12 — acts before the opponents.', rule: seed('Rounds') },
        {
          text: 'Then the opponents take their turn. The results of each side’s actions occur simultaneously.',
          rule: seed('Rounds'),
        },
      ],
    });
    // A PC given the ability since its roll skips the save now.
    const gifted = withHealth({ ...ana, stats: { AGL: 12, noAglSave: true } }, {});
    expect(T.initiative.order([entries[0]!], [participant(gifted)], none).order).toEqual(['ana']);
  });

  it('order: names bad lists and entries', () => {
    const e = T.initiative.score(participant(ana), [3], none);
    expect(errorOf(() => T.initiative.order('x' as never, [], none)).message).toBe(
      'Initiative needs a list of entries and a list of participants.',
    );
    expect(errorOf(() => T.initiative.order([], 'x' as never, none)).message).toBe(
      'Initiative needs a list of entries and a list of participants.',
    );
    expect(errorOf(() => T.initiative.order([e], [participant(ana), participant(ana)], none)).message).toBe(
      'A PC is listed twice among the participants.',
    );
    expect(errorOf(() => T.initiative.order([e], [participant(cy)], none)).message).toBe(
      'The AGL save of "ana" belongs to no participant.',
    );
  });
});

describe('building a round (seed: Rounds)', () => {
  const ana = combatant('ana', 'pc', { AGL: 12 });
  const g1 = combatant('g1', 'npc');

  it('PCs in the order, then NPCs who can act; downed PCs need no save', () => {
    const initiative = { order: ['ana'], losesTurn: [], steps: [] };
    expect(T.buildRound(round([g1, ana], { initiative }))).toEqual([
      { combatantId: 'ana', pass: 1 },
      { combatantId: 'g1', pass: 1 },
    ]);
    expect(T.buildRound(round([withConditions(ana, 'dying'), g1]))).toEqual([{ combatantId: 'g1', pass: 1 }]);
    expect(T.buildRound(round([withConditions(ana, 'dying')]))).toEqual([]);
  });

  it('names a bad round', () => {
    expect(errorOf(() => T.buildRound(null as never)).message).toBe('A round needs the list of combatants.');
    expect(errorOf(() => T.buildRound({ ...round([]), combatants: 'x' } as never)).message).toBe(
      'A round needs the list of combatants.',
    );
    expect(errorOf(() => T.buildRound(round([g1, g1]))).message).toBe('Combatant "g1" is listed twice.');
    expect(errorOf(() => T.buildRound({ ...round([g1]), acted: 'x' } as never)).message).toBe(
      'A round needs the list of turns taken.',
    );
    const ghost = { order: ['ghost'], losesTurn: [], steps: [] };
    expect(errorOf(() => T.buildRound(round([g1], { initiative: ghost }))).message).toBe(
      '"ghost" acts first this round but is not in the encounter.',
    );
  });
});
