import type { RulesCombatant, TurnSlot } from '../../../system-kit/tracker-rules';
import { checkActionPhase } from '../actions';
import type { ActionKind } from '../actions';
import { shadowrun4eTracker as T } from './index';
import { describe, expect, it } from 'vitest';
import { TOGGLES, expectRulesError, fighter } from './tracker.test-support';

describe('action economy', () => {
  const economy = T.economy(fighter('a'), TOGGLES);

  it('has two Simple slots, one Free Action and one swap per Action Phase', () => {
    expect(economy.resources).toEqual([
      { id: 'simple', label: 'Simple Actions', max: 2, refresh: 'turn' },
      { id: 'free', label: 'Free Action', max: 1, refresh: 'turn' },
      { id: 'swap', label: 'Simple swapped for Free', max: 1, refresh: 'turn' },
    ]);
    const cost = (id: string) => economy.actions.find((a) => a.id === id)?.costs;
    expect(cost('complex')).toEqual({ simple: 2 });
    expect(cost('simple')).toEqual({ simple: 1 });
    expect(cost('free')).toEqual({ free: 1 });
    expect(cost('free-for-simple')).toEqual({ simple: 1, swap: 1 });
    expect(economy.actions.find((a) => a.id === 'full-defense-interrupt')).toMatchObject({
      reaction: true,
      forfeitsNextTurn: true,
    });
    expect(economy.summary).toMatch(/One Complex Action, or two Simple Actions/);
    expect(T.economy(fighter('a'), TOGGLES, { combatantId: 'a', pass: 2 })).toEqual(economy);
    // During someone else's turn (a Full Defense interrupt) the glitched slot is not this character's.
    expect(T.economy(fighter('a'), TOGGLES, { combatantId: 'b', pass: 1, simpleActionsLost: 1 } as TurnSlot)).toEqual(
      economy,
    );
  });

  // The slot buildRound gives pass 1 after a critical glitch on Initiative (default toggle).
  const glitchedSlot = { combatantId: 'a', pass: 1, simpleActionsLost: 1 } as TurnSlot;

  it('shows the Simple Action lost to a critical glitch in that pass', () => {
    const lost = T.economy(fighter('a'), TOGGLES, glitchedSlot);
    expect(lost.resources.find((r) => r.id === 'simple')).toEqual({
      id: 'simple',
      label: 'Simple Actions (1 lost: critical glitch)',
      max: 1,
      refresh: 'turn',
    });
    expect(lost.summary).toMatch(/^Critical glitch on Initiative: one Simple Action fewer/);
  });

  it('allows exactly the mixes the package allows, with and without the lost action', () => {
    for (const [slot, simpleActionsLost] of [
      [undefined, 0],
      [glitchedSlot, 1],
    ] as const) {
      const budget = T.economy(fighter('a'), TOGGLES, slot);
      const fits = (complex: number, simple: number, free: number, swapped: number): boolean => {
        const spent: Record<string, number> = {};
        const take = (id: string, n: number) => {
          for (const [resource, amount] of Object.entries(budget.actions.find((a) => a.id === id)?.costs ?? {}))
            spent[resource] = (spent[resource] ?? 0) + amount * n;
        };
        take('complex', complex);
        take('simple', simple);
        take('free', free - swapped);
        take('free-for-simple', swapped);
        return budget.resources.every((r) => (spent[r.id] ?? 0) <= r.max);
      };
      for (let complex = 0; complex <= 2; complex++)
        for (let simple = 0; simple <= 3; simple++)
          for (let free = 0; free <= 3; free++) {
            const kinds: ActionKind[] = [
              ...Array<ActionKind>(complex).fill('complex'),
              ...Array<ActionKind>(simple).fill('simple'),
              ...Array<ActionKind>(free).fill('free'),
            ];
            let byEconomy = false;
            for (let swapped = 0; swapped <= free; swapped++) byEconomy ||= fits(complex, simple, free, swapped);
            expect(byEconomy, `lost ${simpleActionsLost}: ${complex} complex, ${simple} simple, ${free} free`).toBe(
              checkActionPhase(kinds, simpleActionsLost).allowed,
            );
          }
    }
  });

  it('rejects bad toggles, combatants and slots', () => {
    expectRulesError(() => T.economy(fighter('a'), { glitch: 'sr6' }), /Rule toggle "glitch" cannot be "sr6"/);
    expectRulesError(() => T.economy(null as unknown as RulesCombatant, TOGGLES), /combatant must be an object/);
    expectRulesError(
      () => T.economy(fighter('a'), TOGGLES, { combatantId: 'a', pass: 5 }),
      /Initiative Pass must be between 1 and 4/,
    );
  });
});
