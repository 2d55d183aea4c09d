import { shadowrun4eTracker as T } from './index';
import { describe, expect, it } from 'vitest';
import { MOMENT, TOGGLES, expectRulesError, fighter, hurt } from './tracker.test-support';

describe('checks, prompts, conditions', () => {
  it('asks for no checks and resolves none', () => {
    const dying = hurt(fighter('a', { body: 2 }), 'physical', 12);
    expect(T.checksDue(dying, MOMENT)).toEqual([]);
    expect(T.checksDue(dying, { ...MOMENT, activeCombatantId: 'a', round: 3 })).toEqual([]);
    expectRulesError(
      () => T.checksDue(dying, { ...MOMENT, toggles: { ...TOGGLES, glitch: 'sr6' } }),
      /Rule toggle "glitch" cannot be "sr6"/,
    );
    expectRulesError(
      () => T.resolveCheck(fighter('a'), 'death', [3], MOMENT, [fighter('a')]),
      /no check "death"/,
      'unknown-entry',
    );
    expect(T.encounterPrompts([fighter('a'), fighter('b')], [])).toEqual([]);
  });

  it('defines the conditions once each, those of one Combat Turn ending with it', () => {
    const ids = T.conditions.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(
      expect.arrayContaining(['prone', 'full-defense', 'running', 'aiming', 'delaying', 'paralysed']),
    );
    expect(T.conditions.every((c) => c.description.length > 0)).toBe(true);
    for (const id of ['full-defense', 'running', 'delaying']) {
      expect(
        T.conditions.find((c) => c.id === id),
        id,
      ).toMatchObject({ defaultRounds: 1, expires: 'round-end' });
    }
    // Surprise counts in the first Initiative Pass only (book): it ends with that pass.
    expect(T.conditions.find((c) => c.id === 'surprised')).toMatchObject({ defaultRounds: 1, expires: 'pass-end' });
    for (const id of ['prone', 'aiming', 'in-melee', 'pinned', 'paralysed']) {
      expect(T.conditions.find((c) => c.id === id)?.defaultRounds, id).toBeUndefined();
    }
  });
});
