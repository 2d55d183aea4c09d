import type { ExplainStep } from '../../system-kit/rule-system';
import type { Harm, HealthView, StatField, StatRelevance, Stats } from '../../system-kit/tracker-rules';
import { RulesError, describe, requireInteger } from '../../errors';
import type { ConditionNumbers } from './health';
import { MAX_ATTRIBUTE } from './attributes';
import { MAX_BOXES } from './health';
import { rollInitiative, type InitiativeRoll, type InitiativeRules } from './initiative';
import { plural, SECTION, step } from './sections';

/**
 * Vehicles and drones as combatants (seed: Vehicles & Chase Combat). A vehicle is a combatant
 * whose stats have `vehicle: true`; it keeps the attribute `body` and adds the fields below.
 * Its other attributes (Charisma, Willpower…) stay in the block with their defaults and are
 * never read for it. The book fills what the seed leaves out: one condition monitor of
 * 8 + ⌈Body/2⌉ Physical boxes, no Stun track, no wound modifiers, destroyed when full.
 */

export const VEHICLE_STAT_IDS = [
  'vehicle',
  'autonomous',
  'vehicleArmor',
  'handling',
  'speed',
  'pilot',
  'sensor',
  'response',
] as const;
export type VehicleStatId = (typeof VEHICLE_STAT_IDS)[number];

/** A field only a vehicle has (Handling, Pilot…): shown and read only while "Vehicle or drone" is on. */
export const VEHICLE_ONLY: StatRelevance = { stat: 'vehicle', is: true };
/** A field only a person has (Charisma, armour, skills): shown and read only while "Vehicle or drone" is off. */
export const PERSON_ONLY: StatRelevance = { stat: 'vehicle', is: false };

/**
 * The stats a vehicle shares with a person: the flag itself, Body (its monitor, ramming, resisting)
 * and Initiative Passes (an autonomous drone acts in each of its passes). Every other field is
 * either a vehicle field (`isVehicleField`) or a person's only.
 */
const SHARED_STAT_IDS: ReadonlySet<string> = new Set(['vehicle', 'body', 'passes']);

/** Whose stat a field is: both (no rule), a vehicle's only, or a person's only. */
export function relevanceOf(id: string): StatRelevance | undefined {
  if (SHARED_STAT_IDS.has(id)) return undefined;
  return isVehicleField(id) ? VEHICLE_ONLY : PERSON_ONLY;
}

export const VEHICLE_STAT_FIELDS: readonly StatField[] = [
  {
    id: 'vehicle',
    label: 'Vehicle or drone',
    short: 'VEH',
    type: 'flag',
    defaultValue: false,
    group: 'gear',
    quick: true,
    help: 'A vehicle: one condition monitor of 8 + ⌈Body/2⌉ Physical boxes, no Stun, resists with Body + Armor.',
  },
  {
    id: 'autonomous',
    label: 'Autonomous drone',
    short: 'AUTO',
    type: 'flag',
    defaultValue: false,
    group: 'gear',
    quick: true,
    onlyWhen: VEHICLE_ONLY,
    help: 'Acts on its own and rolls Initiative with Pilot + Response; off, its controller acts and it rolls none.',
  },
  {
    id: 'vehicleArmor',
    label: 'Vehicle Armor',
    short: 'ARM',
    type: 'number',
    min: 0,
    max: 50,
    defaultValue: 0,
    group: 'gear',
    quick: true,
    onlyWhen: VEHICLE_ONLY,
    help: "A vehicle's Armor: a modified DV not above it (after AP) does no damage.",
  },
  {
    id: 'handling',
    label: 'Handling',
    short: 'HDL',
    type: 'number',
    min: -6,
    max: 6,
    defaultValue: 0,
    group: 'gear',
    quick: true,
    onlyWhen: VEHICLE_ONLY,
    help: 'Added to every Vehicle Test (Reaction + vehicle skill ± Handling).',
  },
  {
    id: 'speed',
    label: 'Speed',
    short: 'SPD',
    type: 'number',
    min: 0,
    max: 1000,
    defaultValue: 0,
    group: 'gear',
    quick: true,
    onlyWhen: VEHICLE_ONLY,
    help: 'Top speed in metres per Combat Turn; ramming damage grows with speed.',
  },
  {
    id: 'pilot',
    label: 'Pilot',
    short: 'PIL',
    type: 'number',
    min: 1,
    max: 6,
    defaultValue: 1,
    group: 'gear',
    quick: true,
    onlyWhen: VEHICLE_ONLY,
    help: "The drone's own brain: with Response, its Initiative when it acts on its own.",
  },
  {
    id: 'sensor',
    label: 'Sensor',
    short: 'SEN',
    type: 'number',
    min: 0,
    max: 6,
    defaultValue: 1,
    group: 'gear',
    quick: true,
    onlyWhen: VEHICLE_ONLY,
    help: 'Sensor-based targeting: Gunnery + Sensor.',
  },
  {
    id: 'response',
    label: 'Response',
    short: 'RSP',
    type: 'number',
    min: 1,
    max: 6,
    defaultValue: 1,
    group: 'gear',
    quick: true,
    onlyWhen: VEHICLE_ONLY,
    help: "The drone's processor: with Pilot, its Initiative when it acts on its own.",
  },
];

export function isVehicleField(id: string): boolean {
  return (VEHICLE_STAT_IDS as readonly string[]).includes(id);
}

/** `vehicle: true` makes a combatant a vehicle; anything else (absent, false) is a person. */
export function isVehicle(stats: Stats): boolean {
  return stats.vehicle === true;
}

/** A vehicle acting on its own (an autonomous drone). */
export function isAutonomous(stats: Stats): boolean {
  return isVehicle(stats) && stats.autonomous === true;
}

/** A vehicle's numbers with their defaults, each checked against its field's range. */
export interface VehicleStats {
  readonly body: number;
  readonly armor: number;
  readonly handling: number;
  readonly speed: number;
  readonly pilot: number;
  readonly sensor: number;
  readonly response: number;
  readonly autonomous: boolean;
}

const BODY_FIELD = { label: 'Body', min: 1, max: MAX_ATTRIBUTE, defaultValue: 3 };

function readNumber(stats: Stats, id: VehicleStatId, who: string): number {
  const field = VEHICLE_STAT_FIELDS.find((f) => f.id === id)!;
  return requireInteger(`${who}${field.label}`, stats[id] ?? field.defaultValue, field.min ?? 0, field.max ?? 0);
}

/** `name` ("Patrol drone") names the vehicle in a message about a bad stat. */
export function readVehicle(stats: Stats, name?: string): VehicleStats {
  const who = name === undefined ? '' : `${name}'s `;
  return {
    body: requireInteger(`${who}Body`, stats.body ?? BODY_FIELD.defaultValue, BODY_FIELD.min, BODY_FIELD.max),
    armor: readNumber(stats, 'vehicleArmor', who),
    handling: readNumber(stats, 'handling', who),
    speed: readNumber(stats, 'speed', who),
    pilot: readNumber(stats, 'pilot', who),
    sensor: readNumber(stats, 'sensor', who),
    response: readNumber(stats, 'response', who),
    autonomous: isAutonomous(stats),
  };
}

/**
 * The checks the generic number loop cannot make: the two flags are on or off, and only a
 * vehicle can be autonomous. A person's block may carry vehicle numbers at their defaults
 * (the stat editor writes every field), so those are never a problem on their own.
 */
export function vehicleStatProblems(stats: Stats): string[] {
  const problems: string[] = [];
  for (const field of VEHICLE_STAT_FIELDS) {
    if (field.type !== 'flag') continue;
    const value = stats[field.id];
    if (value !== undefined && typeof value !== 'boolean') {
      problems.push(`${field.label} must be on or off (true or false), got ${describe(value)}.`);
    }
  }
  if (stats.autonomous === true && stats.vehicle !== true) {
    problems.push('Only a vehicle or drone can be autonomous: turn on "Vehicle or drone" or turn off "Autonomous drone".');
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Condition monitor (book: 8 + ⌈Body/2⌉ Physical boxes; no Stun; no wound modifiers)
// ---------------------------------------------------------------------------------------------

export function vehicleMonitor(body: number): number {
  requireInteger('Body', body, 1, MAX_ATTRIBUTE);
  return 8 + Math.ceil(body / 2);
}

/**
 * The monitor in the shape the tracker reads for people: a full monitor is 'dead' (destroyed:
 * it cannot act), nothing else stops a vehicle, and damage never lowers its dice or Initiative.
 */
export function vehicleCondition(body: number, physical: number): ConditionNumbers {
  const monitor = vehicleMonitor(body);
  const boxes = Math.min(requireInteger('Physical boxes', physical, 0, MAX_BOXES), monitor);
  return {
    physical: boxes,
    stun: 0,
    overflow: 0,
    state: boxes >= monitor ? 'dead' : 'ok',
    monitors: { physical: monitor, stun: 0 },
    stunConvertedToPhysical: 0,
    stunLost: 0,
    woundModifier: 0,
  };
}

export interface VehicleHarmResult {
  readonly health: { readonly physical: number; readonly stun: number };
  readonly steps: readonly ExplainStep[];
}

/**
 * Damage and repair on a vehicle's monitor. Stun does not apply (book: vehicles take no Stun
 * damage); boxes past the monitor are dropped (a destroyed vehicle has no overflow to track).
 */
export function applyVehicleHarm(name: string, body: number, physicalBefore: number, harm: Harm): VehicleHarmResult {
  const monitor = vehicleMonitor(body);
  const before = Math.min(physicalBefore, monitor);
  const keep = { physical: before, stun: 0 };
  if (harm.kind === 'stun' || harm.kind === 'heal-stun') {
    return {
      health: keep,
      steps: [
        step(
          harm.kind === 'stun'
            ? `${name} is a vehicle: Stun damage does not affect it, so the ${plural(harm.amount, 'box is', 'boxes are')} ignored.`
            : `${name} is a vehicle and has no Stun track: nothing to heal.`,
          SECTION.vehicles,
          'book',
        ),
      ],
    };
  }
  if (harm.kind === 'heal-physical') {
    const repaired = Math.min(before, harm.amount);
    return {
      health: { physical: before - repaired, stun: 0 },
      steps: [
        step(
          `${name} is repaired by ${plural(repaired, 'box', 'boxes')}: ${before} → ${before - repaired} of ${monitor}.`,
          SECTION.vehicles,
          'book',
        ),
      ],
    };
  }
  if (harm.kind !== 'physical') {
    throw new RulesError('invalid-input', `Unknown harm kind ${describe(harm.kind)} for a vehicle.`);
  }
  if (before >= monitor) {
    return {
      health: keep,
      steps: [step(`${name} is already destroyed; more damage changes nothing.`, SECTION.vehicles, 'book')],
    };
  }
  const after = Math.min(before + harm.amount, monitor);
  const steps: ExplainStep[] = [
    step(
      `${name} takes ${plural(harm.amount, 'Physical box', 'Physical boxes')} on its condition monitor of ${monitor} (8 + ⌈Body ${body}/2⌉): ${before} → ${after}.`,
      SECTION.vehicles,
      'book',
    ),
  ];
  steps.push(
    after >= monitor
      ? step(`The monitor is full: ${name} is destroyed and can no longer act.`, SECTION.vehicles, 'book')
      : step(`Vehicles suffer no wound modifiers: ${name} acts as before.`, SECTION.vehicles, 'book'),
  );
  return { health: { physical: after, stun: 0 }, steps };
}

/** The tracker's card for a vehicle: one track, Intact / Damaged / Destroyed. */
export function vehicleHealthView(
  body: number,
  physical: number,
  autonomous: boolean,
  stoppedBy: readonly string[],
): HealthView {
  const condition = vehicleCondition(body, physical);
  const monitor = condition.monitors.physical;
  const destroyed = condition.state === 'dead';
  const markers: string[] = [
    autonomous ? 'Autonomous: Initiative Pilot + Response' : 'Crewed: its controller acts; no Initiative of its own',
  ];
  if (!destroyed && stoppedBy.length) markers.push(`Cannot act: ${stoppedBy.join(', ')}`);
  return {
    tracks: [{ id: 'physical', label: 'Condition monitor', current: monitor - condition.physical, max: monitor, style: 'boxes' }],
    stateLabel: destroyed ? 'Destroyed' : condition.physical === 0 ? 'Intact' : 'Damaged',
    severity: destroyed ? 'dead' : condition.physical === 0 ? 'ok' : 'hurt',
    modifiers: [],
    markers,
    canAct: !destroyed && stoppedBy.length === 0,
  };
}

// ---------------------------------------------------------------------------------------------
// Initiative (seed: the controller's, or Pilot + Response when unmanned/autonomous)
// ---------------------------------------------------------------------------------------------

/** An autonomous drone's Initiative Test: Pilot + Response dice, the score Pilot + Response + hits. */
export function rollDroneInitiative(
  pilot: number,
  response: number,
  dice: readonly number[],
  rules: InitiativeRules,
): InitiativeRoll {
  // The package's test with Pilot and Response in the places of Reaction and Intuition; only its sentence changes.
  const roll = rollInitiative({ reaction: pilot, intuition: response, dice, woundModifier: 0 }, rules);
  const scoreStep = step(
    `Initiative Score = Pilot ${pilot} + Response ${response} + ${plural(roll.hits, 'hit', 'hits')} = ${roll.score} (an autonomous drone's own Initiative).`,
    SECTION.vehicles,
  );
  return {
    ...roll,
    steps: roll.steps.map((s) => (s.text.startsWith('Initiative Score = ') ? scoreStep : s)),
  };
}

/** The derived values a vehicle's card shows instead of a person's monitors and Initiative. */
export function vehicleDerived(vehicle: VehicleStats): { id: string; label: string; value: number; help: string }[] {
  return [
    {
      id: 'physicalMonitor',
      label: 'Condition monitor',
      value: vehicleMonitor(vehicle.body),
      help: 'Boxes: 8 + ⌈Body/2⌉; no Stun monitor.',
    },
    vehicle.autonomous
      ? {
          id: 'initiative',
          label: 'Initiative',
          value: vehicle.pilot + vehicle.response,
          help: 'Pilot + Response: an autonomous drone rolls its own Initiative.',
        }
      : {
          id: 'initiative',
          label: 'Initiative',
          value: 0,
          help: "Crewed or remote-controlled: it acts on its controller's Initiative and rolls none.",
        },
  ];
}
