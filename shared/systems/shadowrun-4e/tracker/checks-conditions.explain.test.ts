import type { EncounterMoment, HealthState, RulesCombatant } from '../../../system-kit/tracker-rules';
import { shadowrun4eTracker as T } from './index';
import { describe, expect, it } from 'vitest';
import { MOMENT, fighter, refusal } from './tracker.test-support';

describe('checks and conditions', () => {
  it('names a bad moment and a check that does not exist', () => {
    expect(refusal(() => T.checksDue(fighter('a'), null as unknown as EncounterMoment))).toBe(
      'invalid-input: The encounter moment must be an object, got null.',
    );
    expect(refusal(() => T.checksDue(null as unknown as RulesCombatant, MOMENT))).toBe(
      'invalid-input: A combatant must be an object, got null.',
    );
    expect(refusal(() => T.checksDue({ ...fighter('a'), health: 3 as unknown as HealthState }, MOMENT))).toBe(
      "invalid-input: a's health must be an object, got 3.",
    );
    expect(refusal(() => T.resolveCheck(fighter('a'), 'death', [3], MOMENT, []))).toBe(
      'unknown-entry: Shadowrun 4e asks for no checks, so there is no check "death" to resolve.',
    );
  });

  it('describes each condition and when it ends', () => {
    expect(T.conditions).toEqual([
      {
        id: 'prone',
        label: 'Prone',
        description:
          'Dropped prone (a Free Action), knocked down by damage or collapsed; standing up is a Simple Action.',
      },
      {
        id: 'edge-first',
        label: 'Edge: acts first',
        description:
          'Spent a point of Edge to act first in each Initiative Pass this Combat Turn (ahead of higher scores).',
        defaultRounds: 1,
        expires: 'round-end',
      },
      {
        id: 'full-defense',
        label: 'Full Defense',
        description:
          "Adds a defensive skill's dice to every defence test; costs a Complex Action (or the next action, as an interrupt). Lasts to the end of the Combat Turn.",
        defaultRounds: 1,
        expires: 'round-end',
      },
      {
        id: 'running',
        label: 'Running',
        description: '−2 dice on most tests this Combat Turn, but not on charging or defence tests.',
        defaultRounds: 1,
        expires: 'round-end',
      },
      {
        id: 'aiming',
        label: 'Taking aim',
        description:
          '+1 die on the next shot per Simple Action spent aiming; lost if the character does anything else.',
      },
      {
        id: 'delaying',
        label: 'Delaying action',
        description:
          'Holds the action to act later in this Combat Turn, going before whoever the character interrupts; a held action is lost when the Combat Turn ends.',
        defaultRounds: 1,
        expires: 'round-end',
      },
      { id: 'in-melee', label: 'In melee', description: '−3 dice on ranged attacks while engaged in melee.' },
      {
        id: 'pinned',
        label: 'Pinned',
        description:
          'Held by a successful grapple: open to follow-up damage or knockdown each turn until breaking free.',
      },
      {
        id: 'surprised',
        label: 'Surprised',
        description:
          'Lost the surprise Initiative Test: cannot act toward or react to those who surprised them (named in the note) until the first Initiative Pass ends.',
        defaultRounds: 1,
        expires: 'pass-end',
      },
      {
        id: 'grenade-in-flight',
        label: 'Grenade in flight',
        description:
          "Threw or launched a grenade: it goes off on the thrower's next Initiative Pass (at once with an airburst link). Ends when the thrower's next Action Phase begins.",
        defaultRounds: 1,
        expires: 'turn-start',
      },
      {
        id: 'paralysed',
        label: 'Paralysed',
        description:
          'Cannot act at all (a paralysing power or spell, held helpless): gets no Action Phases until removed.',
      },
    ]);
    expect(T.harmKinds).toEqual([
      { id: 'physical', label: 'Physical damage', healing: false, locations: [] },
      { id: 'stun', label: 'Stun damage', healing: false, locations: [] },
      { id: 'heal-physical', label: 'Heal Physical', healing: true, locations: [] },
      { id: 'heal-stun', label: 'Heal Stun', healing: true, locations: [] },
    ]);
    expect(T.systemId).toBe('shadowrun-4e');
  });
});
