import { describe, expect, it } from 'vitest';
import type { RollRecord } from '../dice/record';
import { RulesError } from '../errors';
import type { ActionSpend, EncounterEvent, EventInput } from './events';
import { createFakeLookup, eventMaker, FAKE_ECONOMY_RULE, warehouseRunning } from './fake-rules.test-support';
import { reduce, replay } from './reducer';
import { findCombatant, type EncounterState } from './state';

const roll: RollRecord = {
  id: 'r',
  at: '2026-11-29T12:00:00.000Z',
  roller: 'Ghost',
  reason: 'Shot',
  source: 'seeded:1',
  groups: [],
};

function setup(options: Parameters<typeof createFakeLookup>[0] = {}) {
  const ev = eventMaker();
  const lookup = createFakeLookup(options);
  return { ev, lookup, state: replay(warehouseRunning(ev), lookup)! };
}

/** Ghost shoots Ganger 2 for 2 damage, spending what is listed. */
function shot(spends: readonly ActionSpend[], ruling?: string): EventInput {
  return {
    type: 'roll-applied',
    roll,
    summary: 'Ghost shot Ganger 2',
    actorId: 'ghost',
    effects: [{ combatantId: 'g2', harm: { kind: 'damage', amount: 2 } }],
    spends,
    ...(ruling === undefined ? {} : { ruling: { refused: ruling } }),
  };
}

function refusal(state: EncounterState, event: EncounterEvent, lookup: ReturnType<typeof createFakeLookup>): string {
  try {
    reduce(state, event, lookup);
  } catch (error) {
    return `${(error as RulesError).code}: ${(error as Error).message}`;
  }
  return 'allowed';
}

const hpOf = (state: EncounterState, id: string) => findCombatant(state, id)!.health.hp;

describe('a roll-applied event spends what the roll uses, with its harm, as one change', () => {
  it("spends the attacker's action and the defender's reaction, whose next turn is then skipped with the reason", () => {
    const { ev, lookup, state } = setup();
    const next = reduce(
      state,
      ev(
        shot([
          { combatantId: 'ghost', actionId: 'attack' },
          { combatantId: 'g2', actionId: 'dodge' },
        ]),
      ),
      lookup,
    );
    expect(findCombatant(next, 'ghost')!.spent).toEqual({ action: 1 });
    expect(findCombatant(next, 'g2')).toMatchObject({
      spent: { reaction: 1 },
      forfeitNextTurn: true,
      forfeitReason: 'Ganger 2 reacted and forfeits this turn.',
    });
    expect(hpOf(next, 'g2')).toBe(4);
    const after = reduce(next, ev({ type: 'turn-advanced' }), lookup);
    expect(after.skipped).toEqual([
      { slot: { combatantId: 'g2', pass: 1 }, reason: 'Ganger 2 reacted and forfeits this turn.' },
    ]);
    expect(after.current).toEqual({ combatantId: 'g1', pass: 1 });
    expect(findCombatant(after, 'g2')).toMatchObject({ forfeitNextTurn: false });
    expect(findCombatant(after, 'g2')!.forfeitReason).toBe(undefined);
  });

  it('refuses the whole roll when one spend is not allowed: nothing is spent and nobody is harmed', () => {
    const { ev, lookup, state } = setup();
    const spent = reduce(state, ev({ type: 'action-taken', combatantId: 'ghost', actionId: 'attack' }), lookup);
    const event = ev(
      shot([
        { combatantId: 'ghost', actionId: 'attack' },
        { combatantId: 'g2', actionId: 'dodge' },
      ]),
    );
    expect(refusal(spent, event, lookup)).toBe('not-allowed: Ghost has 0 action left; Attack needs 1.');
    const outOfTurn = ev(shot([{ combatantId: 'g1', actionId: 'attack' }]));
    expect(refusal(state, outOfTurn, lookup)).toBe(
      "not-allowed: It is Ghost's turn, not Ganger 1's; only reactions can be taken outside one's own turn.",
    );
  });

  it('with a GM ruling, applies the harm and leaves unspent only what the rules refused', () => {
    const { ev, lookup, state } = setup();
    const spent = reduce(state, ev({ type: 'action-taken', combatantId: 'ghost', actionId: 'attack' }), lookup);
    const event = ev(
      shot(
        [
          { combatantId: 'ghost', actionId: 'attack' },
          { combatantId: 'g2', actionId: 'dodge' },
        ],
        'Ghost has 0 action left; Attack needs 1.',
      ),
    );
    const next = reduce(spent, event, lookup);
    expect(findCombatant(next, 'ghost')!.spent).toEqual({ action: 1 });
    expect(findCombatant(next, 'g2')!.spent).toEqual({ reaction: 1 });
    expect(hpOf(next, 'g2')).toBe(4);
  });

  it('refuses a ruling without its sentence, and spends before the encounter runs', () => {
    const { ev, lookup, state } = setup();
    const bad = {
      ...ev(shot([{ combatantId: 'ghost', actionId: 'attack' }])),
      ruling: { refused: 7 },
    } as unknown as EncounterEvent;
    expect(refusal(state, bad, lookup)).toBe(
      'invalid-input: A GM ruling names what the rules refused, in at most 1000 characters.',
    );
    const long = ev(shot([{ combatantId: 'ghost', actionId: 'attack' }], 'x'.repeat(1001)));
    expect(refusal(state, long, lookup)).toBe(
      'invalid-input: A GM ruling names what the rules refused, in at most 1000 characters.',
    );
    const ev2 = eventMaker('s');
    const notStarted = replay(warehouseRunning(ev2).slice(0, 4), lookup)!;
    expect(refusal(notStarted, ev2(shot([{ combatantId: 'ghost', actionId: 'attack' }])), lookup)).toBe(
      'not-allowed: Start the encounter before you spend actions.',
    );
    // Without spends a roll still applies before the start, as before.
    expect(hpOf(reduce(notStarted, ev2(shot([])), lookup), 'g2')).toBe(4);
  });

  it("an assist uses the assister's turn still to come, skipped later with the reason; one who already acted cannot assist", () => {
    const { ev, lookup, state } = setup();
    const assisted = reduce(
      state,
      ev(
        shot([
          { combatantId: 'ghost', actionId: 'attack' },
          { combatantId: 'g2', actionId: 'attack', assist: true },
        ]),
      ),
      lookup,
    );
    expect(findCombatant(assisted, 'g2')).toMatchObject({
      spent: {},
      forfeitNextTurn: true,
      forfeitReason: "Ganger 2 joined another's attack and used this turn.",
    });
    const twice = ev(shot([{ combatantId: 'g2', actionId: 'attack', assist: true }]));
    expect(refusal(assisted, twice, lookup)).toBe(
      'not-allowed: Ganger 2 has already given up the turn to come this round.',
    );
    const round = reduce(assisted, ev({ type: 'turn-advanced' }), lookup);
    expect(round.skipped).toEqual([
      { slot: { combatantId: 'g2', pass: 1 }, reason: "Ganger 2 joined another's attack and used this turn." },
    ]);
    expect(round.current).toEqual({ combatantId: 'g1', pass: 1 });
    // Ghost has had its turn once Ganger 2 acts: it cannot join Ganger 2's attack.
    const acted = reduce(state, ev({ type: 'turn-advanced' }), lookup);
    expect(acted.current).toEqual({ combatantId: 'g2', pass: 1 });
    const late = ev(shot([{ combatantId: 'ghost', actionId: 'attack', assist: true }]));
    expect(refusal(acted, late, lookup)).toBe(
      "not-allowed: Ghost has already had this round's turn, so cannot join in.",
    );
  });

  it('refuses anyone the round took the turn from, even as an assister, with how the order says it', () => {
    const { ev, lookup } = setup({ losesTurn: ['g1'] });
    const state = replay(warehouseRunning(eventMaker('w')), lookup)!;
    const event = ev(
      shot([
        { combatantId: 'ghost', actionId: 'attack' },
        { combatantId: 'g1', actionId: 'attack', assist: true },
      ]),
    );
    expect(refusal(state, event, lookup)).toBe(
      "not-allowed: Ganger 1 lost this round's turn (4) and cannot act until the next round.",
    );
    // A reaction is still allowed.
    const dodge = reduce(state, ev(shot([{ combatantId: 'g1', actionId: 'dodge' }])), lookup);
    expect(findCombatant(dodge, 'g1')!.spent).toEqual({ reaction: 1 });
  });

  it("refuses what may not follow the action, citing the economy's rule", () => {
    const { ev, lookup, state } = setup({ moveFirst: true });
    const moved = reduce(state, ev({ type: 'action-taken', combatantId: 'ghost', actionId: 'move' }), lookup);
    const acted = reduce(moved, ev({ type: 'action-taken', combatantId: 'ghost', actionId: 'attack' }), lookup);
    expect(findCombatant(acted, 'ghost')!.spent).toEqual({ action: 1 });
    expect(refusal(acted, ev({ type: 'action-taken', combatantId: 'ghost', actionId: 'move' }), lookup)).toBe(
      `not-allowed: Ghost: The move must come before the action. (Seed: ${FAKE_ECONOMY_RULE.section})`,
    );
    expect(refusal(acted, ev({ type: 'action-taken', combatantId: 'ghost', actionId: 'attack' }), lookup)).toBe(
      'not-allowed: Ghost has 0 action left; Attack needs 1. (Seed: Fake actions)',
    );
  });

  it('ends the conditions a roll names (an ambush sprung), and undo brings them back', () => {
    const { ev, lookup, state } = setup();
    const pinned = reduce(
      state,
      ev({
        type: 'condition-added',
        combatantId: 'g2',
        instanceId: 'c1',
        condition: { conditionId: 'pinned', label: 'Pinned' },
      }),
      lookup,
    );
    const event = ev({
      ...shot([]),
      effects: [{ combatantId: 'g2', harm: { kind: 'damage', amount: 1 }, removeConditions: ['pinned'] }],
    } as EventInput);
    const next = reduce(pinned, event, lookup);
    expect(findCombatant(next, 'g2')!.conditions).toEqual([]);
    expect(findCombatant(pinned, 'g2')!.conditions.map((c) => c.conditionId)).toEqual(['pinned']);
  });

  it('applies a miss that harms nobody for the actions it used; a roll with neither is refused', () => {
    const { ev, lookup, state } = setup();
    const miss = reduce(
      state,
      ev({ ...shot([{ combatantId: 'ghost', actionId: 'attack' }]), effects: [] } as EventInput),
      lookup,
    );
    expect(findCombatant(miss, 'ghost')!.spent).toEqual({ action: 1 });
    expect(refusal(state, ev({ ...shot([]), effects: [] } as EventInput), lookup)).toBe(
      'invalid-input: A roll applied to nobody: choose at least one target.',
    );
  });
});
