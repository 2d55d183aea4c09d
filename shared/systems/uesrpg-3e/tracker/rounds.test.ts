import { describe, expect, it } from 'vitest';
import type { InitiativeEntry, InitiativeParticipant, RulesCombatant, Stats } from '../../../system-kit/tracker-rules';
import { uesrpg3eTracker as T } from '.';
import { toggles, FIGHTER, rulesErrorOf } from './tracker.test-support';

// Round rebuilds from one set of initiative entries while the fight changes (the tracker keeps
// the entries for the whole encounter), odd inputs the tracker may hand over, and toggles.

function fighter(id: string, stats: Stats = FIGHTER, kind: 'pc' | 'npc' = 'npc'): RulesCombatant {
  return { id, name: id, kind, side: 'opponents', stats, health: { hp: 23, wounds: [] }, conditionIds: [] };
}

function roll(list: readonly InitiativeParticipant[], faces: Record<string, number>): InitiativeEntry[] {
  return list.map((p) => T.initiative.score(p, [faces[p.id]!], toggles));
}

function turns(
  combatants: RulesCombatant[],
  entries: readonly InitiativeEntry[],
  participants = T.initiative.participants(combatants, []),
  round = 2,
): string[] {
  return T.buildRound({ round, combatants, participants, initiative: null, entries, acted: [], toggles }).map(
    (s) => s.combatantId,
  );
}

describe('rebuilding a round from the same entries', () => {
  it('follows an Initiative Rating changed mid-fight', () => {
    const a = fighter('a');
    const b = fighter('b');
    const entries = roll(T.initiative.participants([a, b], []), { a: 3, b: 4 }); // a 13, b 14
    expect(turns([a, b], entries)).toEqual(['b', 'a']);
    const quickA = fighter('a', { ...FIGHTER, agility: 62 }); // IR 12: 15
    expect(turns([quickA, b], entries)).toEqual(['a', 'b']);
  });

  it('follows a Luck Bonus changed mid-fight when it breaks a tie', () => {
    const a = fighter('a');
    const b = fighter('b');
    const entries = roll(T.initiative.participants([a, b], []), { a: 4, b: 4 });
    expect(turns([a, b], entries)).toEqual(['a', 'b']);
    const luckyB = fighter('b', { ...FIGHTER, luck: 70 });
    expect(turns([a, luckyB], entries)).toEqual(['b', 'a']);
  });

  it('follows a combatant made a PC mid-fight when it breaks a tie', () => {
    const a = fighter('a');
    const b = fighter('b');
    const entries = roll(T.initiative.participants([a, b], []), { a: 4, b: 4 });
    expect(turns([a, b], entries)).toEqual(['a', 'b']);
    expect(turns([a, fighter('b', FIGHTER, 'pc')], entries)).toEqual(['b', 'a']);
  });

  it('follows the participants listed in another order', () => {
    const a = fighter('a');
    const b = fighter('b');
    const c = fighter('c');
    const entries = roll(T.initiative.participants([a, b, c], []), { a: 1, b: 6, c: 3 });
    expect(turns([a, b, c], entries)).toEqual(['b', 'c', 'a']);
    expect(turns([c, b, a], entries)).toEqual(['b', 'c', 'a']);
    expect(turns([a, b, c], entries)).toEqual(['b', 'c', 'a']);
  });
});

describe('odd lists the tracker may hand over', () => {
  it('entries of no participant are ignored in a round; only entries of nobody give encounter order', () => {
    const a = fighter('a');
    const b = fighter('b');
    const list = T.initiative.participants([a, b], []);
    const [ea, eb] = roll(list, { a: 1, b: 6 });
    const ghost = { ...ea!, participantId: 'ghost' };
    expect(turns([a, b], [ea!, eb!, ghost])).toEqual(['b', 'a']);
    expect(turns([b, a], [ghost])).toEqual(['b', 'a']);
  });

  it('a combatant listed twice gets one turn', () => {
    const a = fighter('a');
    const entries = roll(T.initiative.participants([a], []), { a: 2 });
    expect(turns([a, { ...a }], entries, T.initiative.participants([a], []))).toEqual(['a']);
  });

  it('with a participant id listed twice, the first participant stands for both', () => {
    const [c1, c2, c3] = [fighter('c1'), fighter('c2'), fighter('c3')];
    const participants: InitiativeParticipant[] = [
      { id: 'x', label: 'X', members: [c1!] },
      { id: 'x', label: 'X again', members: [c2!] },
      { id: 'y', label: 'Y', members: [c3!] },
    ];
    const entries = [
      T.initiative.score(participants[0]!, [6], toggles),
      T.initiative.score(participants[2]!, [1], toggles),
    ];
    expect(turns([c1!, c2!, c3!], entries, participants)).toEqual(['c1', 'c3', 'c2']);
  });

  it('the explained order skips a participant left without members', () => {
    const a = fighter('a');
    const b = fighter('b');
    const list = T.initiative.participants([a, b], []);
    const entries = roll(list, { a: 1, b: 6 });
    const emptied = list.map((p) => (p.id === 'b' ? { ...p, members: [] } : p));
    expect(T.initiative.order(entries, emptied, toggles).order).toEqual(['a']);
  });

  it('an entry whose participant id is not text is refused', () => {
    const a = fighter('a');
    const list = T.initiative.participants([a], []);
    const [entry] = roll(list, { a: 2 });
    expect(rulesErrorOf(() => T.initiative.order([{ ...entry!, participantId: 5 as never }], list, toggles))).toEqual({
      code: 'invalid-input',
      message: 'An initiative entry must name its participant, got an object.',
    });
  });
});

describe('stat blocks and toggles the tracker reads', () => {
  it('a combatant’s bad stat block is refused with the combatant’s name', () => {
    const aela = { ...fighter('a'), name: 'Aela' };
    expect(rulesErrorOf(() => T.healthView({ ...aela, stats: null as never }, toggles))).toEqual({
      code: 'invalid-input',
      message: "Aela's stat block must be an object of stats, got null.",
    });
    expect(rulesErrorOf(() => T.healthView({ ...aela, stats: { strength: 300 } }, toggles)).message).toBe(
      "Aela's Strength must be between 0 and 200, got 300.",
    );
  });

  it('missing toggles take the defaults; toggles that are not an object are refused', () => {
    const a = fighter('a');
    expect(T.economy(a, null as never)).toEqual(T.economy(a, toggles));
    expect(T.economy(a, undefined as never).resources[0]).toEqual({
      id: 'ap',
      label: 'Action Points',
      max: 3,
      refresh: 'round',
    });
    expect(rulesErrorOf(() => T.economy(a, 'turn' as never))).toEqual({
      code: 'invalid-input',
      message: 'options must be an object of rule toggles, got "turn".',
    });
    expect(rulesErrorOf(() => T.healthView(a, { speed: 'fast' })).code).toBe('unknown-option');
  });
});
