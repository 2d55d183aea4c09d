import { describe, expect, it } from 'vitest';
import { RulesError } from '../errors';
import type { EventInput } from './events';
import { createFakeLookup, eventMaker, warehouseRunning } from './fake-rules.test-support';
import { reduce, replay } from './reducer';
import { findCombatant, MAX_SHOWN_ROLLS, type EncounterState, type ShownRoll } from './state';

/** What the GM shows the players: a condition, an NPC's numbers, a roll; the fight itself is untouched. */

const lookup = createFakeLookup();
const ev = eventMaker('pv');

const play = (state: EncounterState, ...inputs: EventInput[]) => inputs.reduce((s, input) => reduce(s, ev(input), lookup), state);

function refusal(state: EncounterState, input: EventInput): string {
  try {
    reduce(state, ev(input), lookup);
  } catch (error) {
    return error instanceof RulesError ? `${error.code}: ${error.message}` : `other: ${String(error)}`;
  }
  return 'accepted';
}

const running = () =>
  play(replay(warehouseRunning(ev), lookup)!, {
    type: 'condition-added',
    combatantId: 'g1',
    instanceId: 'i1',
    condition: { conditionId: 'prone', label: 'Prone' },
  });

const conditionOf = (state: EncounterState) => findCombatant(state, 'g1')!.conditions[0]!;

const shownRoll = (rollId: string, over: Partial<ShownRoll> = {}): ShownRoll => ({
  rollId,
  who: 'Ghost',
  what: 'Attack',
  summary: 'Ghost hits Ganger 1: 2 hits',
  dice: [{ sides: 6, faces: [5, 6, 2] }],
  ...over,
});

describe('condition visibility', () => {
  it('a condition starts hidden from the players, or shown when added with visible', () => {
    const state = running();
    expect('visible' in conditionOf(state)).toBe(false);
    const shown = play(state, {
      type: 'condition-added',
      combatantId: 'ghost',
      instanceId: 'i2',
      condition: { conditionId: 'prone', label: 'Prone' },
      visible: true,
    });
    expect(findCombatant(shown, 'ghost')!.conditions[0]!.visible).toBe(true);
    const notShown = play(state, {
      type: 'condition-added',
      combatantId: 'ghost',
      instanceId: 'i3',
      condition: { conditionId: 'prone', label: 'Prone' },
      visible: false,
    });
    expect('visible' in findCombatant(notShown, 'ghost')!.conditions[0]!).toBe(false);
  });

  it('is set and cleared (the key gone, not false), and a no-op is refused with the reason', () => {
    const state = running();
    const set = { type: 'condition-visibility-set', combatantId: 'g1', instanceId: 'i1' } as const;
    const shown = play(state, { ...set, visible: true });
    expect(conditionOf(shown)).toEqual({ ...conditionOf(state), visible: true });
    expect(refusal(shown, { ...set, visible: true })).toBe('not-allowed: Prone on Ganger 1 is already shown to the players.');
    const hidden = play(shown, { ...set, visible: false });
    expect(conditionOf(hidden)).toEqual(conditionOf(state));
    expect('visible' in conditionOf(hidden)).toBe(false);
    expect(refusal(state, { ...set, visible: false })).toBe('not-allowed: Prone on Ganger 1 is already hidden from the players.');
    // Nothing else changes: the turn, the other combatants.
    expect({ ...shown, combatants: [] }).toEqual({ ...state, combatants: [] });
  });

  it('refuses an unknown condition, an unknown or departed combatant', () => {
    const state = running();
    expect(refusal(state, { type: 'condition-visibility-set', combatantId: 'g1', instanceId: 'nope', visible: true })).toBe(
      'not-allowed: Ganger 1 does not have that condition.',
    );
    expect(refusal(state, { type: 'condition-visibility-set', combatantId: 'zed', instanceId: 'i1', visible: true })).toBe(
      'not-allowed: There is no combatant with id "zed" in this encounter.',
    );
    const gone = play(state, { type: 'combatant-removed', combatantId: 'g1' });
    expect(refusal(gone, { type: 'condition-visibility-set', combatantId: 'g1', instanceId: 'i1', visible: true })).toBe(
      'not-allowed: Ganger 1 has left the encounter; restore them before changing them.',
    );
  });
});

describe('an NPC’s numbers', () => {
  it('are shown and hidden again; a PC’s are always shown; a no-op is refused', () => {
    const state = running();
    const shown = play(state, { type: 'combatant-numbers-shown', combatantId: 'g1', shown: true });
    expect(findCombatant(shown, 'g1')!.numbersShown).toBe(true);
    expect(refusal(shown, { type: 'combatant-numbers-shown', combatantId: 'g1', shown: true })).toBe(
      "not-allowed: Ganger 1's numbers are already shown to the players.",
    );
    const hidden = play(shown, { type: 'combatant-numbers-shown', combatantId: 'g1', shown: false });
    expect(findCombatant(hidden, 'g1')).toEqual(findCombatant(state, 'g1'));
    expect('numbersShown' in findCombatant(hidden, 'g1')!).toBe(false);
    expect(refusal(state, { type: 'combatant-numbers-shown', combatantId: 'g1', shown: false })).toBe(
      "not-allowed: Ganger 1's numbers are already hidden from the players.",
    );
    expect(refusal(state, { type: 'combatant-numbers-shown', combatantId: 'ghost', shown: true })).toBe(
      "not-allowed: The players always see Ghost's numbers: PCs are theirs.",
    );
  });
});

describe('shown rolls', () => {
  it('are kept oldest first, the last MAX_SHOWN_ROLLS of them; a roll is shown once', () => {
    let state = running();
    for (let i = 1; i <= MAX_SHOWN_ROLLS + 2; i++) state = play(state, { type: 'roll-shown', roll: shownRoll(`r${i}`) });
    expect(MAX_SHOWN_ROLLS).toBe(10);
    expect(state.shownRolls!.map((r) => r.rollId)).toEqual(['r3', 'r4', 'r5', 'r6', 'r7', 'r8', 'r9', 'r10', 'r11', 'r12']);
    expect(refusal(state, { type: 'roll-shown', roll: shownRoll('r12') })).toBe('not-allowed: That roll is already shown to the players.');
  });

  it('a roll taken off is gone (the list too when it was the last), and can be shown again', () => {
    const state = running();
    const one = play(state, { type: 'roll-shown', roll: shownRoll('r1', { actorId: 'ghost', targetIds: ['g1'] }) });
    expect(one.shownRolls).toEqual([shownRoll('r1', { actorId: 'ghost', targetIds: ['g1'] })]);
    const two = play(one, { type: 'roll-shown', roll: shownRoll('r2') });
    expect(play(two, { type: 'roll-unshown', rollId: 'r1' }).shownRolls).toEqual([shownRoll('r2')]);
    const none = play(one, { type: 'roll-unshown', rollId: 'r1' });
    expect('shownRolls' in none).toBe(false);
    expect(none).toEqual(state);
    expect(refusal(none, { type: 'roll-unshown', rollId: 'r1' })).toBe('not-allowed: That roll is not shown to the players.');
    expect(play(none, { type: 'roll-shown', roll: shownRoll('r1') }).shownRolls).toEqual([shownRoll('r1')]);
  });

  it('refuses a copy the player view could not draw: long texts, no id, impossible dice, too many dice', () => {
    const state = running();
    const show = (over: Partial<ShownRoll>) => refusal(state, { type: 'roll-shown', roll: shownRoll('r1', over) });
    expect(show({ summary: 'x'.repeat(500) })).toBe('accepted');
    expect(show({ summary: 'x'.repeat(501) })).toBe("invalid-input: A shown roll's summary must be text of at most 500 characters.");
    expect(show({ who: 'x'.repeat(501) })).toBe("invalid-input: A shown roll's who must be text of at most 500 characters.");
    expect(show({ what: 'x'.repeat(501) })).toBe("invalid-input: A shown roll's what must be text of at most 500 characters.");
    expect(show({ rollId: '' })).toBe('invalid-input: A shown roll needs the id of its roll.');
    expect(show({ dice: [] })).toBe('accepted');
    expect(show({ dice: [{ sides: 1, faces: [1] }] })).toBe("invalid-input: A shown roll's die must have 2 to 1000 sides, not 1.");
    expect(show({ dice: [{ sides: 1001, faces: [1] }] })).toBe("invalid-input: A shown roll's die must have 2 to 1000 sides, not 1001.");
    expect(show({ dice: [{ sides: 6, faces: [0] }] })).toBe("invalid-input: A shown roll's d6 can only show faces from 1 to 6.");
    expect(show({ dice: [{ sides: 6, faces: [7] }] })).toBe("invalid-input: A shown roll's d6 can only show faces from 1 to 6.");
    expect(show({ dice: [{ sides: 6, faces: [2.5] }] })).toBe("invalid-input: A shown roll's d6 can only show faces from 1 to 6.");
    expect(show({ dice: [{ sides: 6, faces: Array.from({ length: 1000 }, () => 3) }] })).toBe('accepted');
    expect(show({ dice: [{ sides: 6, faces: Array.from({ length: 600 }, () => 3) }, { sides: 6, faces: Array.from({ length: 401 }, () => 3) }] })).toBe(
      'invalid-input: A shown roll may have at most 1000 dice, this one has 1001.',
    );
  });

  it('leave the fight untouched', () => {
    const state = running();
    const shown = play(state, { type: 'roll-shown', roll: shownRoll('r1') });
    const { shownRolls, ...rest } = shown;
    expect(shownRolls).toEqual([shownRoll('r1')]);
    expect(rest).toEqual(state);
  });
});
