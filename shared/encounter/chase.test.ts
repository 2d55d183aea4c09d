import { describe, expect, it } from 'vitest';
import { RulesError } from '../errors';
import type { SystemId } from '../system-kit/rule-system';
import { chaseContextOf } from './chase';
import type { ChaseChange } from '../system-kit/chase-model';
import type { EncounterEvent, EventInput } from './events';
import { createFakeLookup, createFakeTracker, eventMaker } from './fake-rules.test-support';
import { buildLogEntries } from './log-view';
import { reduce, replay, type RulesLookup } from './reducer';
import type { EncounterState } from './state';

/** Chase combat in the encounter: the chase events and an applied stunt, on a stand-in Shadowrun system. */

const SR = 'shadowrun-4e' as SystemId;
const fake = createFakeLookup();
// Shadowrun's name, the fake's rules with any stat allowed: the chase reads only `vehicle` and `autonomous`.
const tracker = {
  ...createFakeTracker(),
  systemId: SR,
  validateStats: () => [],
  chase: { terrainThresholds: { open: 1, light: 2, restricted: 3, tight: 4 } },
};
const lookup: RulesLookup = {
  system: (id) => ({ ...fake.system('fake' as SystemId), id }),
  tracker: () => tracker,
};

const ev = eventMaker('c');
const car = { vehicle: true, handling: 1, speed: 120, pilot: 1 };
const add = (id: string, name: string, stats: Record<string, number | boolean>, side = 'party'): EventInput => ({
  type: 'combatant-added',
  combatant: { id, name, kind: 'npc', side, stats },
});

function setup(): EncounterEvent[] {
  return [
    ev({ type: 'encounter-created', encounterId: 'enc', name: 'Highway', systemId: SR }),
    ev(add('van', 'Getaway Van', car)),
    ev(add('rigger', 'Rigger', { reaction: 4 })),
    ev(add('patrol', 'Patrol Car', car, 'opponents')),
    ev(add('cop', 'Officer', { reaction: 3 }, 'opponents')),
    ev(add('drone', 'Roto-drone', { vehicle: true, autonomous: true, pilot: 3 }, 'opponents')),
    ev(add('troll', 'Troll', { reaction: 2 })),
  ];
}

type StartInput = Extract<EventInput, { type: 'chase-started' }>;

const started = (): StartInput => ({
  type: 'chase-started',
  terrain: 'restricted',
  vehicles: [
    { vehicleId: 'van', driverId: 'rigger' },
    { vehicleId: 'patrol', driverId: 'cop' },
    { vehicleId: 'drone', driverId: null },
  ],
  pairs: [
    { pursuerId: 'patrol', quarryId: 'van', range: 'medium' },
    { pursuerId: 'drone', quarryId: 'van', range: 'long' },
  ],
});

const base = () => replay(setup(), lookup)!;
const chasing = () => reduce(base(), ev(started()), lookup);

function refusal(state: EncounterState, input: EventInput, using: RulesLookup = lookup): string {
  try {
    reduce(state, ev(input), using);
  } catch (error) {
    return error instanceof RulesError ? `${error.code}: ${error.message}` : `other: ${String(error)}`;
  }
  return 'accepted';
}

const roll = { id: 'r1', at: '2026-11-29T12:00:00.000Z', roller: 'Rigger', reason: 'Chase stunt', source: 'physical', groups: [{ sides: 6, faces: [5, 6, 2] }] };
const applied = (chase: ChaseChange): EventInput => ({ type: 'roll-applied', roll, summary: 'stunt', effects: [], chase });

describe('chase-started', () => {
  it('puts the chase in the state: Chase Turn 1, the terrain, each vehicle with its driver, each pair at its range', () => {
    expect(chasing().chase).toEqual({
      turn: 1,
      terrain: 'restricted',
      vehicles: [
        { vehicleId: 'van', driverId: 'rigger' },
        { vehicleId: 'patrol', driverId: 'cop' },
        { vehicleId: 'drone', driverId: null },
      ],
      pairs: [
        { pursuerId: 'patrol', quarryId: 'van', range: 'medium' },
        { pursuerId: 'drone', quarryId: 'van', range: 'long' },
      ],
      finished: [],
      earnedDice: {},
      bonusDice: {},
    });
  });

  it('refuses what makes no chase, each with its sentence', () => {
    const s = base();
    const input = started();
    expect(refusal(s, { ...input, vehicles: input.vehicles.slice(0, 1) })).toBe('invalid-input: A chase needs at least two vehicles.');
    expect(refusal(s, { ...input, vehicles: [...input.vehicles.slice(1), { vehicleId: 'troll', driverId: 'rigger' }] })).toBe(
      'not-allowed: Troll is not a vehicle: give it vehicle stats first.',
    );
    expect(refusal(s, { ...input, vehicles: [{ vehicleId: 'van', driverId: null }, ...input.vehicles.slice(1)] })).toBe(
      'not-allowed: Getaway Van has no driver: choose who drives it, or mark it autonomous to drive on its own Pilot.',
    );
    expect(refusal(s, { ...input, vehicles: [{ vehicleId: 'van', driverId: 'cop' }, ...input.vehicles.slice(1)] })).toBe(
      'not-allowed: Officer cannot drive two vehicles at once.',
    );
    expect(refusal(s, { ...input, vehicles: [{ vehicleId: 'van', driverId: 'drone' }, ...input.vehicles.slice(1)] })).toBe(
      'not-allowed: Roto-drone is a vehicle and cannot drive Getaway Van.',
    );
    expect(refusal(s, { ...input, vehicles: [...input.vehicles, { vehicleId: 'van', driverId: 'troll' }] })).toBe(
      'invalid-input: Getaway Van is in the chase twice.',
    );
    expect(refusal(s, { ...input, terrain: 'lava' as never })).toBe(
      'invalid-input: Chase terrain is Open, Light, Restricted or Tight, not "lava".',
    );
    expect(refusal(s, { ...input, pairs: [{ pursuerId: 'patrol', quarryId: 'van', range: 'far' as never }] })).toBe(
      'invalid-input: An Engagement Range is Short, Medium, Long or Extreme, not "far".',
    );
    expect(refusal(s, { ...input, pairs: [] })).toBe('invalid-input: A chase needs at least one pursuer and quarry.');
    expect(refusal(s, { ...input, pairs: [{ pursuerId: 'van', quarryId: 'van', range: 'short' }] })).toBe(
      'invalid-input: Getaway Van cannot chase itself.',
    );
    expect(refusal(s, { ...input, pairs: [{ pursuerId: 'troll', quarryId: 'van', range: 'short' }] })).toBe(
      'invalid-input: A pursuer and its quarry must both be vehicles of the chase.',
    );
    expect(
      refusal(s, {
        ...input,
        pairs: [
          { pursuerId: 'patrol', quarryId: 'van', range: 'short' },
          { pursuerId: 'van', quarryId: 'patrol', range: 'long' },
        ],
      }),
    ).toBe('invalid-input: Getaway Van and Patrol Car are paired twice.');
    expect(refusal(s, { ...input, pairs: [{ pursuerId: 'patrol', quarryId: 'van', range: 'short' }] })).toBe(
      'invalid-input: Roto-drone is in the chase but neither pursues nor flees anyone.',
    );
    expect(refusal(chasing(), input)).toBe('not-allowed: A chase is already on: end it before starting another.');
  });

  it('is only for a system whose rules have chases, and not after the encounter has ended', () => {
    const other = replay([ev({ type: 'encounter-created', encounterId: 'e2', name: 'Fake', systemId: 'fake' as SystemId })], fake)!;
    expect(refusal(other, started(), fake)).toBe('not-allowed: This encounter plays Fake, whose rules have no chase combat.');
    const ended = reduce(base(), ev({ type: 'encounter-ended' }), lookup);
    expect(refusal(ended, started())).toBe('not-allowed: The encounter has ended.');
  });
});

describe('chase-range-changed, chase-turn-advanced, chase-ended', () => {
  it('sets a pair’s range by hand, either way round the pair is named by pursuer and quarry', () => {
    const next = reduce(chasing(), ev({ type: 'chase-range-changed', pursuerId: 'patrol', quarryId: 'van', range: 'short' }), lookup);
    expect(next.chase!.pairs[0]).toEqual({ pursuerId: 'patrol', quarryId: 'van', range: 'short' });
    expect(next.chase!.pairs[1]).toEqual({ pursuerId: 'drone', quarryId: 'van', range: 'long' });
    expect(refusal(chasing(), { type: 'chase-range-changed', pursuerId: 'van', quarryId: 'patrol', range: 'short' })).toBe(
      'not-allowed: Getaway Van is not chasing Patrol Car in this chase.',
    );
    expect(refusal(chasing(), { type: 'chase-range-changed', pursuerId: 'patrol', quarryId: 'van', range: 'medium' })).toBe(
      'not-allowed: The range is already Medium.',
    );
    expect(refusal(base(), { type: 'chase-range-changed', pursuerId: 'patrol', quarryId: 'van', range: 'short' })).toBe(
      'not-allowed: There is no chase on: start one before you change a range.',
    );
  });

  it('advances the Chase Turn, may change the terrain, and moves a Maneuver’s dice to this turn', () => {
    const maneuvered = reduce(chasing(), ev(applied({ kind: 'maneuver', vehicleId: 'van', dice: 2 })), lookup);
    expect(maneuvered.chase!.earnedDice).toEqual({ van: 2 });
    const next = reduce(maneuvered, ev({ type: 'chase-turn-advanced', terrain: 'open' }), lookup);
    expect(next.chase).toMatchObject({ turn: 2, terrain: 'open', earnedDice: {}, bonusDice: { van: 2 } });
    const third = reduce(next, ev({ type: 'chase-turn-advanced' }), lookup);
    expect(third.chase).toMatchObject({ turn: 3, terrain: 'open', earnedDice: {}, bonusDice: {} });
    expect(refusal(base(), { type: 'chase-turn-advanced' })).toBe(
      'not-allowed: There is no chase on: start one before you advance the Chase Turn.',
    );
  });

  it('ends the chase: the state has no chase any more', () => {
    const ended = reduce(chasing(), ev({ type: 'chase-ended' }), lookup);
    expect('chase' in ended).toBe(false);
    expect(refusal(ended, { type: 'chase-ended' })).toBe('not-allowed: There is no chase on: start one before you end it.');
  });

  it('undo is replay: the log without the last chase events gives the state before them', () => {
    const events = [...setup(), ev(started()), ev({ type: 'chase-turn-advanced' }), ev({ type: 'chase-range-changed', pursuerId: 'drone', quarryId: 'van', range: 'extreme' })];
    const all = replay(events, lookup)!;
    expect(all.chase).toMatchObject({ turn: 2, pairs: [{ range: 'medium' }, { range: 'extreme' }] });
    expect(replay(events.slice(0, -1), lookup)!.chase).toMatchObject({ turn: 2, pairs: [{ range: 'medium' }, { range: 'long' }] });
    expect(replay(events.slice(0, -2), lookup)!.chase).toEqual(chasing().chase);
    expect(replay(events.slice(0, -3), lookup)!.chase).toBeUndefined();
  });
});

describe('roll-applied with a chase change', () => {
  it('moves the range the stunt won, from the range it was rolled at', () => {
    const next = reduce(chasing(), ev(applied({ kind: 'range', pursuerId: 'patrol', quarryId: 'van', from: 'medium', to: 'long' })), lookup);
    expect(next.chase!.pairs[0]!.range).toBe('long');
  });

  it('refuses a roll made at another range than the pair’s now', () => {
    expect(refusal(chasing(), applied({ kind: 'range', pursuerId: 'patrol', quarryId: 'van', from: 'short', to: 'medium' }))).toBe(
      'not-allowed: Patrol Car and Getaway Van are at Medium range now, not Short: roll the stunt again from there.',
    );
  });

  it('ends a pair’s chase (broken off), keeping who did it and in which Chase Turn; that pair takes no more changes', () => {
    const next = reduce(
      chasing(),
      ev(applied({ kind: 'pair-ended', pursuerId: 'drone', quarryId: 'van', from: 'long', outcome: 'broke-off', byId: 'van' })),
      lookup,
    );
    expect(next.chase!.pairs).toEqual([{ pursuerId: 'patrol', quarryId: 'van', range: 'medium' }]);
    expect(next.chase!.finished).toEqual([{ pursuerId: 'drone', quarryId: 'van', outcome: 'broke-off', byId: 'van', turn: 1 }]);
    expect(refusal(next, { type: 'chase-range-changed', pursuerId: 'drone', quarryId: 'van', range: 'short' })).toBe(
      'not-allowed: Roto-drone and Getaway Van are no longer chasing each other.',
    );
    expect(
      refusal(chasing(), applied({ kind: 'pair-ended', pursuerId: 'drone', quarryId: 'van', from: 'long', outcome: 'cut-off', byId: 'patrol' })),
    ).toBe('invalid-input: Only one of the two vehicles can end their chase.');
  });

  it('keeps the best Maneuver of a Chase Turn and refuses a vehicle outside the chase or dice out of bounds', () => {
    let s = reduce(chasing(), ev(applied({ kind: 'maneuver', vehicleId: 'van', dice: 3 })), lookup);
    s = reduce(s, ev(applied({ kind: 'maneuver', vehicleId: 'van', dice: 1 })), lookup);
    expect(s.chase!.earnedDice).toEqual({ van: 3 });
    expect(refusal(chasing(), applied({ kind: 'maneuver', vehicleId: 'troll', dice: 1 }))).toBe('not-allowed: Troll is not in the chase.');
    expect(refusal(chasing(), applied({ kind: 'maneuver', vehicleId: 'van', dice: 0 }))).toBe(
      'invalid-input: A Maneuver earns 1 to 100 dice, not 0.',
    );
    expect(refusal(base(), applied({ kind: 'maneuver', vehicleId: 'van', dice: 1 }))).toBe(
      'not-allowed: There is no chase on: start one before you apply a chase stunt.',
    );
  });
});

describe('the chase in the log and in the roll panel', () => {
  it('writes one line per chase event and names what an applied stunt changed', () => {
    const events = [
      ...setup(),
      ev(started()),
      ev(applied({ kind: 'range', pursuerId: 'patrol', quarryId: 'van', from: 'medium', to: 'long' })),
      ev({ type: 'chase-range-changed', pursuerId: 'drone', quarryId: 'van', range: 'medium' }),
      ev(applied({ kind: 'pair-ended', pursuerId: 'drone', quarryId: 'van', from: 'medium', outcome: 'cut-off', byId: 'drone' })),
      ev({ type: 'chase-turn-advanced', terrain: 'tight' }),
      ev(applied({ kind: 'maneuver', vehicleId: 'van', dice: 1 })),
      ev({ type: 'chase-ended' }),
    ];
    const lines = buildLogEntries(events, lookup).slice(setup().length).map((line) => line.text);
    expect(lines).toEqual([
      'Chase begins (Restricted terrain): Patrol Car after Getaway Van at Medium · Roto-drone after Getaway Van at Long',
      'stunt · Patrol Car and Getaway Van: Medium → Long range',
      'Chase: Roto-drone and Getaway Van from Long to Medium range',
      'stunt · Roto-drone cuts off Getaway Van',
      'Chase Turn 2 begins (Tight terrain)',
      "stunt · Getaway Van: +1 die on next Chase Turn's test",
      'Chase ended after 2 Chase Turns',
    ]);
  });

  it('gives the roll panel the chase with each vehicle’s and driver’s sheet, the same object while nothing changes', () => {
    const state = chasing();
    const context = chaseContextOf(state)!;
    expect(context.chase).toBe(state.chase);
    expect(Object.keys(context.members)).toEqual(['van', 'rigger', 'patrol', 'cop', 'drone']);
    expect(context.members.rigger).toEqual({ name: 'Rigger', stats: { reaction: 4 } });
    expect(chaseContextOf(reduce(state, ev({ type: 'note-added', text: 'sirens' }), lookup))).toBe(context);
    expect(chaseContextOf(base())).toBeUndefined();
  });
});
