import { describe, expect, it } from 'vitest';
import { RulesError } from '../../errors';
import { checkTurn, sideInitiative, sideInitiativeTotal } from './initiative';

// Seed, Round Structure: "If unclear, each side rolls D6 + the highest Wits score on that side — the
// higher total are the attackers. Re-roll ties. This roll cannot be pushed." and "Turn: Each
// participant gets one move + one action, or two moves. The move must come before the action."
const seed = { section: 'Round Structure', source: 'seed' };

function thrown(f: () => unknown): RulesError {
  try {
    f();
  } catch (error) {
    if (error instanceof RulesError) return error;
    throw error;
  }
  throw new Error('expected a RulesError');
}

describe('sideInitiativeTotal', () => {
  it('adds the D6 to the highest Wits, in a sentence', () => {
    expect(sideInitiativeTotal({ label: 'Party', highestWits: 4, roll: 3 })).toEqual({
      total: 7,
      steps: [{ text: 'Party: D6 3 + highest Wits 4 = 7.', rule: seed }],
    });
  });

  it('accepts Wits 0 to 10 and a roll of 1 to 6, naming the side otherwise', () => {
    expect(sideInitiativeTotal({ label: 'A', highestWits: 0, roll: 1 }).total).toBe(1);
    expect(sideInitiativeTotal({ label: 'A', highestWits: 10, roll: 6 }).total).toBe(16);
    expect(thrown(() => sideInitiativeTotal({ label: 'A', highestWits: 11, roll: 1 })).message).toBe(
      'highestWits of A must be between 0 and 10, got 11.',
    );
    expect(thrown(() => sideInitiativeTotal({ label: 'A', highestWits: -1, roll: 1 })).message).toBe(
      'highestWits of A must be between 0 and 10, got -1.',
    );
    expect(thrown(() => sideInitiativeTotal({ label: 'A', highestWits: 2, roll: 7 })).message).toBe(
      'roll of A must be between 1 and 6, got 7.',
    );
  });
});

describe('sideInitiative', () => {
  it('higher total first, with the totals and both steps', () => {
    expect(
      sideInitiative({
        sides: [
          { id: 'party', highestWits: 3, roll: 2 },
          { id: 'gang', highestWits: 2, roll: 6 },
        ],
      }),
    ).toEqual({
      order: ['gang', 'party'],
      tie: false,
      totals: { party: 5, gang: 8 },
      steps: [
        { text: 'Each side rolls D6 + its highest Wits: gang 8, party 5.', rule: seed },
        { text: 'gang has the higher total and acts first.', rule: seed },
      ],
    });
  });

  it('equal totals anywhere in the order call for a reroll; tied sides keep input order', () => {
    const r = sideInitiative({
      sides: [
        { id: 'a', highestWits: 1, roll: 2 },
        { id: 'b', highestWits: 4, roll: 6 },
        { id: 'c', highestWits: 2, roll: 1 },
      ],
    });
    expect(r.order).toEqual(['b', 'a', 'c']);
    expect(r.tie).toBe(true);
    expect(r.steps).toEqual([
      { text: 'Each side rolls D6 + its highest Wits: b 10, a 3, c 3.', rule: seed },
      { text: 'Equal totals: reroll the tie (the roll cannot be pushed).', rule: seed },
    ]);
  });

  it('the side that started the fight acts first, the others in input order, no totals', () => {
    expect(
      sideInitiative({
        sides: [
          { id: 'a', highestWits: 1 },
          { id: 'b', highestWits: 2 },
          { id: 'c', highestWits: 3 },
        ],
        startedBy: 'b',
      }),
    ).toEqual({
      order: ['b', 'a', 'c'],
      tie: false,
      totals: {},
      steps: [{ text: 'b started the fight and acts first; no initiative roll.', rule: seed }],
    });
  });

  it('refuses bad input with a sentence', () => {
    const two = [
      { id: 'a', highestWits: 1, roll: 1 },
      { id: 'b', highestWits: 1, roll: 2 },
    ];
    expect(thrown(() => sideInitiative({ sides: [two[0]!] })).message).toBe('Initiative needs at least two sides.');
    expect(thrown(() => sideInitiative({ sides: 'ab' as never })).message).toBe('Initiative needs at least two sides.');
    expect(thrown(() => sideInitiative({ sides: [two[0]!, { id: '', highestWits: 1, roll: 1 }] })).message).toBe(
      'Every side needs an id.',
    );
    expect(
      thrown(() => sideInitiative({ sides: [two[0]!, { id: 3, highestWits: 1, roll: 1 } as never] })).message,
    ).toBe('Every side needs an id.');
    expect(thrown(() => sideInitiative({ sides: [two[0]!, { ...two[0]! }] })).message).toBe(
      'Two sides share the id "a".',
    );
    expect(thrown(() => sideInitiative({ sides: [two[0]!, { id: 'b', highestWits: 11, roll: 1 }] })).message).toBe(
      'highestWits of b must be between 0 and 10, got 11.',
    );
    expect(thrown(() => sideInitiative({ sides: [two[0]!, { id: 'b', highestWits: 1, roll: 0 }] })).message).toBe(
      'roll of b must be between 1 and 6, got 0.',
    );
    // A bad roll is refused even when startedBy makes rolls unnecessary.
    expect(
      thrown(() => sideInitiative({ sides: [two[0]!, { id: 'b', highestWits: 1, roll: 9 }], startedBy: 'a' })).message,
    ).toBe('roll of b must be between 1 and 6, got 9.');
    expect(thrown(() => sideInitiative({ sides: two, startedBy: 'c' })).message).toBe(
      'startedBy names "c", which is not one of the sides.',
    );
    expect(thrown(() => sideInitiative({ sides: [two[0]!, { id: 'b', highestWits: 1 }] })).message).toBe(
      'Side "b" needs its initiative roll (a D6).',
    );
  });
});

describe('checkTurn', () => {
  const turn = (...plan: ('move' | 'action' | 'free')[]) => {
    const r = checkTurn(plan);
    return [r.valid, r.reason, r.steps.map((s) => s.text).join(' ')];
  };

  it('explains a valid turn with its counts', () => {
    expect(turn('move', 'action')).toEqual([true, null, '1 move and 1 action: a valid turn.']);
    expect(turn('move', 'move')).toEqual([true, null, '2 moves and 0 actions: a valid turn.']);
    expect(turn('free', 'action', 'free')).toEqual([true, null, '0 moves and 1 action: a valid turn.']);
    expect(turn()).toEqual([true, null, '0 moves and 0 actions: a valid turn.']);
    expect(checkTurn(['move']).steps).toEqual([{ text: '1 move and 0 actions: a valid turn.', rule: seed }]);
  });

  it('names the broken rule', () => {
    const oneAction = 'Only one action per turn.';
    const twoThings = 'A turn is one move and one action, or two moves.';
    expect(turn('action', 'action')).toEqual([false, oneAction, oneAction]);
    expect(turn('move', 'action', 'action')).toEqual([false, oneAction, oneAction]);
    expect(turn('move', 'move', 'move')).toEqual([false, twoThings, twoThings]);
    expect(turn('move', 'move', 'action')).toEqual([false, twoThings, twoThings]);
    expect(turn('action', 'move')).toEqual([
      false,
      'The move must come before the action.',
      'The move must come before the action.',
    ]);
    // A free action between them does not change the order rule.
    expect(turn('action', 'free', 'move')[1]).toBe('The move must come before the action.');
    expect(checkTurn(['action', 'move']).steps[0]!.rule).toEqual(seed);
  });

  it('refuses an unknown step', () => {
    const error = thrown(() => checkTurn(['move', 'sprint' as never]));
    expect([error.code, error.message]).toEqual(['invalid-input', 'Unknown turn step "sprint".']);
  });
});
