import { describe, expect, it } from 'vitest';
import type { Combatant, EncounterState } from '../../../shared/encounter/state';
import type { FieldDef } from '../../../shared/system-kit/workflow';
import { checkFieldValue, groupFields } from '../ui/setup-fields';
import { describeEffect, formatFigure, formatPercent, joinNames } from './useResolveFormat';
import {
  combatantsBySide,
  defaultTargetId,
  fallbackAttackerId,
  participantFromCombatant,
  participantLabel,
} from './useResolveParticipants';

function combatant(id: string, side: string, extra: Partial<Combatant> = {}): Combatant {
  return {
    id,
    name: id,
    kind: 'npc',
    side,
    groupId: null,
    templateId: null,
    stats: { agility: 3 },
    weapons: [],
    health: { health: 3 },
    conditions: [],
    spent: {},
    forfeitNextTurn: false,
    hidden: false,
    removed: false,
    notes: '',
    ...extra,
  };
}

function state(combatants: Combatant[]): EncounterState {
  return {
    sides: [
      { id: 'party', name: 'Party' },
      { id: 'opponents', name: 'Opponents' },
    ],
    combatants,
  } as unknown as EncounterState;
}

describe('roll panel formatting', () => {
  it('never rounds a possibility away', () => {
    expect([0, 0.001, 0.0049, 0.5, 0.714, 0.996, 1].map(formatPercent)).toEqual([
      '0%',
      '<1%',
      '<1%',
      '50%',
      '71%',
      '>99%',
      '100%',
    ]);
    expect(formatFigure({ label: 'Expected', value: 3.456, format: 'number' })).toBe('3.5');
    expect(formatFigure({ label: 'Boxes', value: 4, format: 'number' })).toBe('4');
    expect(formatFigure({ label: 'Odd', value: Number.NaN, format: 'percent' })).toBe('—');
  });

  it('names people the way a sentence does', () => {
    expect([[], ['Ghost'], ['Ghost', 'Vex'], ['Ghost', 'Vex', 'Kit']].map(joinNames)).toEqual([
      '',
      'Ghost',
      'Ghost and Vex',
      'Ghost, Vex and Kit',
    ]);
  });

  it('describes an effect with the system’s words for the harm', () => {
    const context = {
      attackers: [],
      targets: [participantFromCombatant(combatant('Ganger 2', 'opponents'))],
      toggles: {},
    };
    const line = describeEffect(
      {
        on: { side: 'targets', index: 0 },
        harm: { kind: 'physical', amount: 6 },
        conditions: [{ conditionId: 'stun', label: 'Stunned', rounds: 1 }],
      },
      context,
      { harmKinds: [{ id: 'physical', label: 'Physical damage', healing: false }] } as never,
    );
    expect(line).toBe('Ganger 2: 6 Physical damage; Stunned (1 round)');
    // A condition ending with the Initiative Pass (Shadowrun's Surprised) counts passes.
    const surprised = { conditionId: 'surprised', label: 'Surprised by Ghost', expires: 'pass-end' } as const;
    expect(describeEffect({ on: { side: 'targets', index: 0 }, conditions: [{ ...surprised, rounds: 1 }] }, context, null)).toBe(
      'Ganger 2: Surprised by Ghost (1 pass)',
    );
    expect(describeEffect({ on: { side: 'targets', index: 0 }, conditions: [{ ...surprised, rounds: 2 }] }, context, null)).toBe(
      'Ganger 2: Surprised by Ghost (2 passes)',
    );
  });

  it('names a condition the roll ends by the system’s label', () => {
    const context = {
      attackers: [],
      targets: [participantFromCombatant(combatant('Bandit', 'opponents'))],
      toggles: {},
    };
    const rules = { harmKinds: [], conditions: [{ id: 'restrained', label: 'Restrained', description: '' }] } as never;
    expect(
      describeEffect({ on: { side: 'targets', index: 0 }, removeConditions: ['restrained', 'odd'] }, context, rules),
    ).toBe('Bandit: no longer Restrained; no longer odd');
  });
});

describe('roll panel fields', () => {
  const bonus: FieldDef = { id: 'bonus', kind: 'number', label: 'Bonus', group: 'extra', min: -4, max: 4, step: 2 };
  const range: FieldDef = {
    id: 'range',
    kind: 'choice',
    label: 'Range',
    group: 'situation',
    options: [{ value: 'short', label: 'Short' }],
  };

  it('checks numbers against range and step, and choices against the options', () => {
    expect(checkFieldValue(bonus, ' −2 ')).toEqual({ ok: true, value: -2 });
    expect(checkFieldValue(bonus, 3)).toEqual({
      ok: false,
      message: 'Bonus takes a number in steps of 2 from -4 to 4.',
    });
    expect(checkFieldValue(bonus, '6')).toMatchObject({ ok: false });
    expect(checkFieldValue(bonus, '')).toMatchObject({ ok: false, message: expect.stringMatching(/is not a number/) });
    expect(checkFieldValue(range, 'short')).toEqual({ ok: true, value: 'short' });
    expect(checkFieldValue(range, 'orbit')).toEqual({
      ok: false,
      message: '"orbit" is not one of the choices for Range.',
    });
    expect(checkFieldValue({ id: 'aim', kind: 'flag', label: 'Aimed', group: 'extra' }, 'yes')).toMatchObject({
      ok: false,
    });
  });

  it('groups fields in the panel’s order and leaves out empty groups', () => {
    expect(groupFields([bonus, range]).map((g) => [g.label, g.fields.map((f) => f.id)])).toEqual([
      ['Situation', ['range']],
      ['Extras', ['bonus']],
    ]);
  });
});

describe('roll panel participants', () => {
  const ghost = combatant('Ghost', 'party', { kind: 'pc' });
  const lurker = combatant('Lurker', 'opponents', { hidden: true });
  const ganger = combatant('Ganger', 'opponents');
  const gone = combatant('Gone', 'opponents', { removed: true });

  it('marks PCs, hidden and departed combatants in words', () => {
    expect([ghost, lurker, ganger, gone].map(participantLabel)).toEqual([
      'Ghost (PC)',
      'Lurker (hidden)',
      'Ganger',
      'Gone (left the encounter)',
    ]);
  });

  it('lists present combatants by side, and targets the first visible foe by default', () => {
    const s = state([lurker, ghost, ganger, gone]);
    expect(combatantsBySide(s).map((g) => [g.label, g.combatants.map((c) => c.id)])).toEqual([
      ['Party', ['Ghost']],
      ['Opponents', ['Lurker', 'Ganger']],
    ]);
    expect(defaultTargetId(s, 'Ghost')).toBe('Ganger');
    expect(defaultTargetId(state([ghost, lurker]), 'Ghost')).toBe('Lurker');
    expect(defaultTargetId(state([ghost]), 'Ghost')).toBeNull();
    expect(fallbackAttackerId(s)).toBe('Ghost');
  });

  it('builds a participant from a combatant with its stats, health and conditions', () => {
    const stunned = combatant('Ganger', 'opponents', {
      conditions: [
        { instanceId: 'i1', conditionId: 'stunned', label: 'Stunned', roundsLeft: 1, expires: 'turn-end', note: '' },
      ],
    });
    expect(participantFromCombatant(stunned)).toEqual({
      combatantId: 'Ganger',
      name: 'Ganger',
      kind: 'npc',
      stats: { agility: 3 },
      health: { health: 3 },
      conditionIds: ['stunned'],
      removed: false,
    });
  });

  it("carries the GM's condition notes and what is left of the economy, for the panel's defaults", () => {
    const covered = combatant('Guard', 'opponents', {
      conditions: [
        {
          instanceId: 'i1',
          conditionId: 'in-cover',
          label: 'In cover',
          roundsLeft: null,
          expires: 'turn-end',
          note: 'Brick wall',
        },
        { instanceId: 'i2', conditionId: 'aiming', label: 'Aiming', roundsLeft: null, expires: 'turn-end', note: ' ' },
      ],
    });
    expect(participantFromCombatant(covered, { ap: 0, attacks: 2 })).toEqual({
      combatantId: 'Guard',
      name: 'Guard',
      kind: 'npc',
      stats: { agility: 3 },
      health: { health: 3 },
      conditionIds: ['in-cover', 'aiming'],
      conditionNotes: { 'in-cover': 'Brick wall' },
      removed: false,
      resourcesLeft: { ap: 0, attacks: 2 },
    });
  });
});
