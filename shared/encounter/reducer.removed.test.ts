import { describe, expect, it } from 'vitest';
import { fight, play } from '../player-view/fights.test-support';
import { remainingSlots } from './reducer';

/** A combatant removed after the initiative roll: the round goes on without it. */

describe('removing a combatant named in the rolled order', () => {
  it('Hardware: a PC removed after its AGL save, then the round rebuilt (harm), still advances', () => {
    const { state, rules } = fight('hardware', [
      { id: 'a', name: 'Ash', preset: 'runner' },
      { id: 'b', name: 'Bo', preset: 'runner' },
      { id: 'p', name: 'Punk', preset: 'street-punk' },
    ]);
    expect(state.initiative.order?.order).toEqual(['a', 'b']);
    // Bo's turn; Ash (done) leaves; harm to the punk clears the kept plan, so the round is rebuilt.
    const rebuilt = play(
      state,
      { type: 'turn-advanced' },
      { type: 'combatant-removed', combatantId: 'a' },
      { type: 'harm-applied', combatantId: 'p', harm: { kind: 'damage', amount: 1 } },
    );
    expect(rebuilt.plan).toBeNull();
    expect(remainingSlots(rebuilt, rules)).toEqual([{ combatantId: 'p', pass: 1 }]);
    const punk = play(rebuilt, { type: 'turn-advanced' });
    expect(punk.current).toEqual({ combatantId: 'p', pass: 1 });
    const next = play(punk, { type: 'turn-advanced' });
    expect([next.round, next.current]).toEqual([2, { combatantId: 'b', pass: 1 }]);
  });
});
