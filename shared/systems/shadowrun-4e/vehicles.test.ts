import { describe, expect, it } from 'vitest';
import { applyingFields } from '../../system-kit/stat-relevance';
import type { HealthState, InitiativeParticipant, RulesCombatant, Stats } from '../../system-kit/tracker-rules';
import { resolveToggles } from '../../system-kit/toggles';
import { DEFAULT_RULES, shadowrunToggles } from './toggles';
import { shadowrun4eTracker as T } from './tracker';
import { isVehicleField, rollDroneInitiative, vehicleCondition, vehicleMonitor, VEHICLE_STAT_FIELDS } from './vehicles';

/** Vehicles and drones through the Shadowrun tracker: stats, monitor, harm, health card, Initiative. */

const TOGGLES = resolveToggles(shadowrunToggles, {});
const DEFAULTS: Stats = Object.fromEntries(T.statFields.map((f) => [f.id, f.defaultValue]));
const SEED = { section: 'Vehicles & Chase Combat', source: 'seed' };
const BOOK = { section: 'Vehicles & Chase Combat', source: 'book' };

// A patrol drone acting on its own, and a crewed car (an Americar-like sedan).
const DRONE: Stats = { ...DEFAULTS, vehicle: true, autonomous: true, body: 3, vehicleArmor: 3, handling: 1, speed: 60, pilot: 3, sensor: 3, response: 3 };
const CAR: Stats = { ...DEFAULTS, vehicle: true, autonomous: false, body: 10, vehicleArmor: 6, handling: 0, speed: 120, pilot: 1, sensor: 1, response: 1 };

function combatant(id: string, stats: Stats, health: HealthState = { physical: 0, stun: 0 }, conditionIds: string[] = []): RulesCombatant {
  return { id, name: id, kind: 'npc', side: 'a', stats, health, conditionIds };
}
const solo = (c: RulesCombatant): InitiativeParticipant => ({ id: c.id, label: c.name, members: [c] });

describe('vehicle stat fields', () => {
  it('adds the agreed ids with their types, ranges, defaults and help', () => {
    expect(VEHICLE_STAT_FIELDS.map((f) => [f.id, f.type, f.min, f.max, f.defaultValue, f.group])).toEqual([
      ['vehicle', 'flag', undefined, undefined, false, 'gear'],
      ['autonomous', 'flag', undefined, undefined, false, 'gear'],
      ['vehicleArmor', 'number', 0, 50, 0, 'gear'],
      ['handling', 'number', -6, 6, 0, 'gear'],
      ['speed', 'number', 0, 1000, 0, 'gear'],
      ['pilot', 'number', 1, 6, 1, 'gear'],
      ['sensor', 'number', 0, 6, 1, 'gear'],
      ['response', 'number', 1, 6, 1, 'gear'],
    ]);
    expect(VEHICLE_STAT_FIELDS.find((f) => f.id === 'autonomous')?.help).toBe(
      'Acts on its own and rolls Initiative with Pilot + Response; off, its controller acts and it rolls none.',
    );
    expect(T.statFields.slice(-8)).toEqual(VEHICLE_STAT_FIELDS);
  });

  it('a vehicle has Body, Initiative Passes and its vehicle fields; a person everything but the vehicle fields but the flag', () => {
    const ids = (stats: Stats) => applyingFields(T.statFields, stats).map((f) => f.id);
    expect(ids(CAR)).toEqual(['body', 'passes', ...VEHICLE_STAT_FIELDS.map((f) => f.id)]);
    expect(ids(DEFAULTS)).toEqual([...T.statFields.filter((f) => !isVehicleField(f.id)).map((f) => f.id), 'vehicle']);
    // A block from before vehicles (no flag at all) is a person's.
    expect(ids({ body: 4 })).toEqual(ids(DEFAULTS));
    // The vehicle's key stats are the quick form's: it shows them once "Vehicle or drone" is ticked.
    expect(VEHICLE_STAT_FIELDS.every((f) => f.quick === true)).toBe(true);
  });

  it('validates a vehicle block, the flags as on/off, a negative Handling, and autonomy only on a vehicle', () => {
    expect(T.validateStats(DRONE)).toEqual([]);
    expect(T.validateStats(CAR)).toEqual([]);
    expect(T.validateStats({ ...DRONE, handling: -2 })).toEqual([]);
    // A person's block with the vehicle numbers at their defaults is fine (the editor writes every field).
    expect(T.validateStats(DEFAULTS)).toEqual([]);
    expect(T.validateStats({ ...CAR, vehicle: 1 })).toEqual(['Vehicle or drone must be on or off (true or false), got 1.']);
    expect(T.validateStats({ ...DEFAULTS, autonomous: true })).toEqual([
      'Only a vehicle or drone can be autonomous: turn on "Vehicle or drone" or turn off "Autonomous drone".',
    ]);
    expect(T.validateStats({ ...CAR, handling: 7, vehicleArmor: -1 })).toEqual([
      'Vehicle Armor must be between 0 and 50, got -1.',
      'Handling must be between -6 and 6, got 7.',
    ]);
  });

  it('derives the one condition monitor and the Initiative by who acts', () => {
    expect(T.derive(CAR)).toEqual([
      { id: 'physicalMonitor', label: 'Condition monitor', value: 13, help: 'Boxes: 8 + ⌈Body/2⌉; no Stun monitor.' },
      { id: 'initiative', label: 'Initiative', value: 0, help: "Crewed or remote-controlled: it acts on its controller's Initiative and rolls none." },
    ]);
    expect(T.derive(DRONE)).toEqual([
      { id: 'physicalMonitor', label: 'Condition monitor', value: 10, help: 'Boxes: 8 + ⌈Body/2⌉; no Stun monitor.' },
      { id: 'initiative', label: 'Initiative', value: 6, help: 'Pilot + Response: an autonomous drone rolls its own Initiative.' },
    ]);
    // A person keeps the person's values, whatever vehicle numbers the block carries.
    expect(T.derive({ ...DEFAULTS, vehicleArmor: 9 }).map((d) => d.label)).toEqual(['Physical monitor', 'Stun monitor', 'Initiative']);
  });
});

describe('vehicle condition monitor', () => {
  it('is 8 + ⌈Body/2⌉ boxes, with no wound modifier and destroyed when full', () => {
    expect(vehicleMonitor(10)).toBe(13);
    expect(vehicleMonitor(3)).toBe(10);
    expect(vehicleCondition(10, 9)).toMatchObject({ physical: 9, stun: 0, woundModifier: 0, state: 'ok' });
    expect(vehicleCondition(10, 13)).toMatchObject({ physical: 13, state: 'dead' });
    expect(vehicleCondition(10, 40)).toMatchObject({ physical: 13, overflow: 0, state: 'dead' });
  });

  it('takes Physical damage on the monitor, explained, without knockdown or wound modifiers', () => {
    const car = combatant('Sedan', CAR);
    // A person with Body 10 taking 11 boxes would be knocked down; a vehicle is not.
    const outcome = T.applyHarm(car, { kind: 'physical', amount: 11 }, TOGGLES);
    expect(outcome).toEqual({
      health: { physical: 11, stun: 0 },
      steps: [
        { text: 'Sedan takes 11 Physical boxes on its condition monitor of 13 (8 + ⌈Body 10/2⌉): 0 → 11.', rule: BOOK },
        { text: 'Vehicles suffer no wound modifiers: Sedan acts as before.', rule: BOOK },
      ],
    });
    expect(T.healthView({ ...car, health: outcome.health }, TOGGLES)).toEqual({
      tracks: [{ id: 'physical', label: 'Condition monitor', current: 2, max: 13, style: 'boxes' }],
      stateLabel: 'Damaged',
      severity: 'hurt',
      modifiers: [],
      markers: ['Crewed: its controller acts; no Initiative of its own'],
      canAct: true,
    });
  });

  it('is destroyed when the monitor fills, and more damage changes nothing', () => {
    const drone = combatant('Drone', DRONE, { physical: 8, stun: 0 });
    const outcome = T.applyHarm(drone, { kind: 'physical', amount: 5 }, TOGGLES);
    expect(outcome.health).toEqual({ physical: 10, stun: 0 });
    expect(outcome.steps.map((s) => s.text)).toEqual([
      'Drone takes 5 Physical boxes on its condition monitor of 10 (8 + ⌈Body 3/2⌉): 8 → 10.',
      'The monitor is full: Drone is destroyed and can no longer act.',
    ]);
    const wreck = { ...drone, health: outcome.health };
    expect(T.healthView(wreck, TOGGLES)).toMatchObject({ stateLabel: 'Destroyed', severity: 'dead', canAct: false });
    expect(T.applyHarm(wreck, { kind: 'physical', amount: 2 }, TOGGLES)).toEqual({
      health: { physical: 10, stun: 0 },
      steps: [{ text: 'Drone is already destroyed; more damage changes nothing.', rule: BOOK }],
    });
  });

  it('ignores Stun damage and has no Stun to heal; repairs Physical boxes', () => {
    const car = combatant('Sedan', CAR, { physical: 4, stun: 0 });
    expect(T.applyHarm(car, { kind: 'stun', amount: 6 }, TOGGLES)).toEqual({
      health: { physical: 4, stun: 0 },
      steps: [{ text: 'Sedan is a vehicle: Stun damage does not affect it, so the 6 boxes are ignored.', rule: BOOK }],
    });
    expect(T.applyHarm(car, { kind: 'heal-stun', amount: 1 }, TOGGLES).steps).toEqual([
      { text: 'Sedan is a vehicle and has no Stun track: nothing to heal.', rule: BOOK },
    ]);
    expect(T.applyHarm(car, { kind: 'heal-physical', amount: 6 }, TOGGLES)).toEqual({
      health: { physical: 0, stun: 0 },
      steps: [{ text: 'Sedan is repaired by 4 boxes: 4 → 0 of 13.', rule: BOOK }],
    });
  });

  it('shows an intact drone as autonomous, and a paralysed one as unable to act', () => {
    expect(T.healthView(combatant('Drone', DRONE), TOGGLES)).toEqual({
      tracks: [{ id: 'physical', label: 'Condition monitor', current: 10, max: 10, style: 'boxes' }],
      stateLabel: 'Intact',
      severity: 'ok',
      modifiers: [],
      markers: ['Autonomous: Initiative Pilot + Response'],
      canAct: true,
    });
    expect(T.healthView(combatant('Drone', DRONE, undefined, ['paralysed']), TOGGLES)).toMatchObject({
      markers: ['Autonomous: Initiative Pilot + Response', 'Cannot act: Paralysed'],
      canAct: false,
    });
  });
});

describe('vehicle Initiative', () => {
  it('lets the autonomous drone roll and leaves the crewed car out (its controller acts)', () => {
    const drone = combatant('Drone', DRONE);
    const car = combatant('Sedan', CAR);
    const ghost = combatant('Ghost', DEFAULTS);
    expect(T.initiative.participants([drone, car, ghost], []).map((p) => p.id)).toEqual(['Drone', 'Ghost']);
  });

  it('rolls Pilot + Response dice and scores Pilot + Response + hits', () => {
    const drone = combatant('Drone', { ...DRONE, pilot: 4, response: 2 });
    expect(T.initiative.dice(solo(drone), TOGGLES)).toEqual({ count: 6, sides: 6 });
    const entry = T.initiative.score(solo(drone), [5, 6, 2, 3, 4, 1], TOGGLES);
    // Pilot 4 + Response 2 + 2 hits (the 5 and the 6) = 8.
    expect(entry.score).toBe(8);
    expect(entry.steps.map((s) => s.text)).toContain(
      "Initiative Score = Pilot 4 + Response 2 + 2 hits = 8 (an autonomous drone's own Initiative).",
    );
    expect(entry.steps.find((s) => s.text.startsWith('Initiative Score'))?.rule).toEqual(SEED);
    expect(() => T.initiative.score(solo(drone), [5, 6], TOGGLES)).toThrow(
      'Drone rolls 6 Initiative dice (Pilot 4 + Response 2), but 2 faces were given.',
    );
  });

  it('keeps a damaged drone on its rolled score (no wound modifier) and gives it its Action Phases', () => {
    const drone = combatant('Drone', DRONE);
    const entry = T.initiative.score(solo(drone), [5, 5, 1, 2, 3, 4], TOGGLES);
    const damaged = { ...drone, health: { physical: 6, stun: 0 } };
    expect(T.initiative.current!(damaged, entry, TOGGLES)).toMatchObject({ score: 8, explanation: 'Rolled 8' });
    expect(T.buildRound({ round: 1, combatants: [damaged], participants: [solo(damaged)], initiative: null, entries: [entry], acted: [], toggles: TOGGLES })).toEqual([
      { combatantId: 'Drone', pass: 1 },
    ]);
  });

  it('replaces only the score sentence of the package test', () => {
    const roll = rollDroneInitiative(3, 3, [6, 1, 1, 1, 2, 2], DEFAULT_RULES);
    // Three 1s of six dice: a glitch under SR4's "half or more"; 1 hit, score 3 + 3 + 1.
    expect(roll.score).toBe(7);
    expect(roll.glitch).toBe(true);
    expect(roll.steps.map((s) => s.text)).toEqual([
      ...roll.steps.slice(0, -2).map((s) => s.text),
      "Initiative Score = Pilot 3 + Response 3 + 1 hit = 7 (an autonomous drone's own Initiative).",
      'Glitch: the character goes to the back of any tie.',
    ]);
    expect(roll.steps.filter((s) => s.text.includes('Reaction'))).toEqual([]);
  });
});
