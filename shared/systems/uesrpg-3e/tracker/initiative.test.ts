import { describe, expect, it } from 'vitest';
import type { InitiativeEntry, InitiativeParticipant, RulesCombatant } from '../../../system-kit/tracker-rules';
import { RULES } from '../sections';
import { uesrpg3eTracker as T } from '.';
import { toggles, FIGHTER, rulesErrorOf } from './tracker.test-support';

// Initiative in the tracker (seed, Step 3: 1d6 + IR, once per group of similar NPCs) and the
// round it builds, with every step and message asserted word for word.

function fighter(
  id: string,
  more: { name?: string; kind?: 'pc' | 'npc'; groupId?: unknown; wounds?: string[]; hp?: number } = {},
): RulesCombatant {
  return {
    id,
    name: more.name ?? id,
    kind: more.kind ?? 'npc',
    side: 'opponents',
    stats: FIGHTER,
    health: { hp: more.hp ?? 23, wounds: more.wounds ?? [] },
    conditionIds: [],
    ...(more.groupId === undefined ? {} : { groupId: more.groupId as string }),
  };
}

const participantsOf = (combatants: RulesCombatant[]) => T.initiative.participants(combatants, []);
const summary = (list: readonly InitiativeParticipant[]) =>
  list.map((p) => [p.id, p.label, p.members.map((m) => m.id)]);

describe('initiative participants', () => {
  it('similar NPCs sharing a group id roll as one; PCs and blank or non-text group ids roll alone', () => {
    expect(
      summary(
        participantsOf([
          fighter('b1', { groupId: 'bandits', name: 'Bandit' }),
          fighter('hero', { kind: 'pc', groupId: 'bandits', name: 'Aela' }),
          fighter('w1', { groupId: '', name: '' }),
          fighter('w2', { groupId: 7 }),
          fighter('b2', { groupId: 'bandits', name: 'Bandit chief' }),
        ]),
      ),
    ).toEqual([
      ['bandits', 'Bandit, Bandit chief', ['b1', 'b2']],
      ['hero', 'Aela', ['hero']],
      ['w1', 'w1', ['w1']],
      ['w2', 'w2', ['w2']],
    ]);
  });

  it('a group label lists up to three names, then "and N more"; a nameless member goes by id', () => {
    const group = (n: number) =>
      participantsOf(
        Array.from({ length: n }, (_, i) => fighter(`g${i + 1}`, { groupId: 'g', name: i === 0 ? '' : `N${i + 1}` })),
      )[0]!.label;
    expect(group(3)).toBe('g1, N2, N3');
    expect(group(4)).toBe('g1, N2 and 2 more');
    expect(group(2)).toBe('g1, N2');
  });

  it('refuses a list it cannot read, with a sentence', () => {
    expect(rulesErrorOf(() => T.initiative.participants('a' as never, []))).toEqual({
      code: 'invalid-input',
      message: 'Initiative needs a list of combatants.',
    });
    for (const bad of [null, { ...fighter('x'), id: '' }, { ...fighter('x'), id: 5 }]) {
      expect(rulesErrorOf(() => T.initiative.participants([fighter('a'), bad as never], []))).toEqual({
        code: 'invalid-input',
        message: 'Every combatant needs an id.',
      });
    }
    expect(rulesErrorOf(() => participantsOf([fighter('a'), fighter('a')])).message).toBe(
      'Two combatants share the id "a".',
    );
    expect(rulesErrorOf(() => participantsOf([fighter('x', { groupId: 'y' }), fighter('y')])).message).toBe(
      'The group id "y" is also a combatant\'s id; give the group another id.',
    );
  });
});

describe('initiative dice and score', () => {
  it('one d6 for anyone', () => {
    expect(T.initiative.dice(participantsOf([fighter('a')])[0]!, toggles)).toEqual({ count: 1, sides: 6 });
  });

  it('1d6 + IR, explained', () => {
    const [hero] = participantsOf([fighter('hero', { kind: 'pc', name: 'Aela' })]);
    expect(T.initiative.score(hero!, [4], toggles)).toEqual({
      participantId: 'hero',
      memberIds: ['hero'],
      score: 14,
      display: '14',
      faces: [4],
      detail: { roll: 4, ir: 10, luckBonus: 5, pc: true, wounded: false },
      steps: [{ text: 'Aela: 1d6 (4) + IR 10 = 14.', rule: RULES.initiative }],
    });
  });

  it('−2 while wounded, citing the wound effects', () => {
    const [hurt] = participantsOf([fighter('h', { name: 'Hurt', wounds: ['left-leg'], hp: 10 })]);
    expect(T.initiative.score(hurt!, [1], toggles)).toMatchObject({
      score: 9,
      detail: { roll: 1, ir: 10, luckBonus: 5, pc: false, wounded: true },
      steps: [{ text: 'Hurt: 1d6 (1) + IR 10 − 2 (wounded) = 9.', rule: RULES.woundEffects }],
    });
  });

  it('a group rolls once with its first member’s stats, and says so', () => {
    const [wolves] = participantsOf([
      fighter('w1', { groupId: 'pack', name: 'Grey' }),
      fighter('w2', { groupId: 'pack', name: 'Black' }),
    ]);
    expect(T.initiative.score(wolves!, [6], toggles)).toMatchObject({
      participantId: 'pack',
      memberIds: ['w1', 'w2'],
      score: 16,
      steps: [
        { text: 'Grey, Black: 1d6 (6) + IR 10 = 16.', rule: RULES.initiative },
        {
          text: "Similar NPCs roll once; the group uses Grey's IR and Luck Bonus and acts together.",
          rule: RULES.initiative,
        },
      ],
    });
  });

  it('refuses faces that are not one d6, naming whose die', () => {
    const [hero] = participantsOf([fighter('hero', { name: 'Aela' })]);
    expect(rulesErrorOf(() => T.initiative.score(hero!, [7], toggles))).toEqual({
      code: 'invalid-face',
      message: "Aela's initiative die[0] is 7, which is not a face of a d6 (1–6).",
    });
    expect(rulesErrorOf(() => T.initiative.score(hero!, [3, 4], toggles)).message).toBe(
      "Aela's initiative die has 2 dice; at most 1 are allowed.",
    );
    expect(rulesErrorOf(() => T.initiative.score(hero!, [], toggles))).toEqual({
      code: 'invalid-input',
      message: 'Aela rolls 1d6 for initiative, but no face was given.',
    });
  });

  it('a participant without members is refused, by label or id', () => {
    const empty = { id: 'ghosts', label: 'Ghosts', members: [] } as InitiativeParticipant;
    expect(rulesErrorOf(() => T.initiative.dice(empty, toggles))).toEqual({
      code: 'invalid-input',
      message: 'Ghosts has no members to roll initiative for.',
    });
    expect(rulesErrorOf(() => T.initiative.score({ ...empty, label: '' }, [3], toggles)).message).toBe(
      'ghosts has no members to roll initiative for.',
    );
    expect(rulesErrorOf(() => T.initiative.dice({ id: 'x', label: 'X' } as never, toggles))).toEqual({
      code: 'invalid-input',
      message: 'An initiative participant needs a list of members.',
    });
    expect(rulesErrorOf(() => T.initiative.dice(null as never, toggles)).message).toBe(
      'An initiative participant needs a list of members.',
    );
  });

  it('a participant without a label goes by its leader’s name, then its id', () => {
    const [a] = participantsOf([fighter('a', { name: 'Aela' })]);
    expect(T.initiative.score({ ...a!, label: '' }, [2], toggles).steps[0]!.text).toBe('Aela: 1d6 (2) + IR 10 = 12.');
    const [b] = participantsOf([fighter('b', { name: '' })]);
    expect(T.initiative.score({ ...b!, label: '' }, [2], toggles).steps[0]!.text).toBe('b: 1d6 (2) + IR 10 = 12.');
  });
});

describe('initiative order', () => {
  function scored(combatants: RulesCombatant[], faces: Record<string, number>) {
    const list = participantsOf(combatants);
    return { list, entries: list.map((p) => T.initiative.score(p, [faces[p.id] ?? 1], toggles)) };
  }

  it('orders by the package rule and explains with readable, unique names', () => {
    const { list, entries } = scored(
      [
        fighter('g1', { name: 'Guard' }),
        fighter('g2', { name: 'Guard' }),
        fighter('hero', { kind: 'pc', name: 'Aela' }),
      ],
      { g1: 4, g2: 4, hero: 4 },
    );
    expect(T.initiative.order(entries, list, toggles)).toEqual({
      order: ['hero', 'g1', 'g2'],
      losesTurn: [],
      steps: [
        { text: '1d6 + Initiative Rating, highest first: Aela 14, Guard 14, Guard (2) 14.', rule: RULES.initiative },
        { text: 'Aela goes before Guard on 14: PCs beat NPCs.', rule: RULES.initiative },
        {
          text: 'Guard goes before Guard (2) on 14: still tied, so input order stands (the seed says contested Luck rolls or GM call).',
          rule: RULES.initiative,
        },
      ],
    });
  });

  it('a third participant with the same name is numbered 3', () => {
    const { list, entries } = scored(
      [fighter('a', { name: 'Rat' }), fighter('b', { name: 'Rat' }), fighter('c', { name: 'Rat' })],
      { a: 6, b: 5, c: 4 },
    );
    expect(T.initiative.order(entries, list, toggles).steps[0]!.text).toBe(
      '1d6 + Initiative Rating, highest first: Rat 16, Rat (2) 15, Rat (3) 14.',
    );
  });

  it('participants without an entry are left out; no entries at all gives an empty order', () => {
    const { list, entries } = scored([fighter('a'), fighter('b')], { a: 2, b: 5 });
    expect(T.initiative.order([entries[0]!], list, toggles).order).toEqual(['a']);
    expect(T.initiative.order([], list, toggles)).toEqual({ order: [], losesTurn: [], steps: [] });
  });

  it('accepts d6 faces 1 and 6 and refuses entries it cannot use, with a sentence', () => {
    const { list, entries } = scored([fighter('a', { name: 'Aela' }), fighter('b', { name: 'Bo' })], { a: 1, b: 6 });
    expect(T.initiative.order(entries, list, toggles).order).toEqual(['b', 'a']);
    const withFaces = (faces: unknown) => [entries[0]!, { ...entries[1]!, faces } as InitiativeEntry];
    expect(rulesErrorOf(() => T.initiative.order(withFaces([]), list, toggles))).toEqual({
      code: 'invalid-input',
      message: "Bo's initiative entry must hold the one d6 rolled.",
    });
    expect(rulesErrorOf(() => T.initiative.order(withFaces(6), list, toggles)).message).toBe(
      "Bo's initiative entry must hold the one d6 rolled.",
    );
    expect(rulesErrorOf(() => T.initiative.order(withFaces([0]), list, toggles))).toEqual({
      code: 'invalid-face',
      message: "Bo's initiative die[0] is 0, which is not a face of a d6 (1–6).",
    });
    expect(rulesErrorOf(() => T.initiative.order(withFaces([2.5]), list, toggles)).message).toBe(
      "Bo's initiative die[0] is 2.5, which is not a face of a d6 (1–6).",
    );
    expect(rulesErrorOf(() => T.initiative.order([entries[0]!, entries[0]!], list, toggles))).toEqual({
      code: 'invalid-input',
      message: 'a has two initiative entries; roll once.',
    });
    expect(rulesErrorOf(() => T.initiative.order([null as never], list, toggles))).toEqual({
      code: 'invalid-input',
      message: 'An initiative entry must name its participant, got null.',
    });
    expect(rulesErrorOf(() => T.initiative.order([{ ...entries[0]!, participantId: 'ghost' }], list, toggles))).toEqual(
      {
        code: 'unknown-entry',
        message: 'The initiative entry ghost belongs to no participant.',
      },
    );
    expect(rulesErrorOf(() => T.initiative.order('x' as never, list, toggles))).toEqual({
      code: 'invalid-input',
      message: 'Initiative entries and participants must be lists.',
    });
  });
});

describe('buildRound input checks', () => {
  const a = fighter('a');
  const list = participantsOf([a]);
  const entries = list.map((p) => T.initiative.score(p, [3], toggles));
  const base = { round: 1, combatants: [a], participants: list, initiative: null, entries, acted: [], toggles };

  it('refuses a round number out of range and lists it cannot read', () => {
    expect(rulesErrorOf(() => T.buildRound({ ...base, round: -1 }))).toEqual({
      code: 'out-of-range',
      message: 'The round must be between 0 and 100000, got -1.',
    });
    expect(T.buildRound({ ...base, round: 100000 })).toEqual([{ combatantId: 'a', pass: 1 }]);
    expect(T.buildRound({ ...base, round: 0 })).toEqual([{ combatantId: 'a', pass: 1 }]);
    for (const bad of [{ combatants: 'x' }, { participants: null }]) {
      expect(rulesErrorOf(() => T.buildRound({ ...base, ...bad } as never))).toEqual({
        code: 'invalid-input',
        message: 'A round needs the combatants and the initiative participants.',
      });
    }
  });

  it('no turns before anyone rolls', () => {
    expect(T.buildRound({ ...base, entries: [] })).toEqual([]);
    expect(T.buildRound({ ...base, entries: null as never })).toEqual([]);
  });

  it('a participant left without members gets no turn of its own; its old members still act, last', () => {
    const b = fighter('b');
    const two = participantsOf([a, b]);
    const rolled = two.map((p) => T.initiative.score(p, [p.id === 'a' ? 1 : 6], toggles));
    const emptied = two.map((p) => (p.id === 'b' ? { ...p, members: [] } : p));
    expect(T.buildRound({ ...base, combatants: [b, a], participants: emptied, entries: rolled })).toEqual([
      { combatantId: 'a', pass: 1 },
      { combatantId: 'b', pass: 1 },
    ]);
  });
});
