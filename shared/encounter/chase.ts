import { RulesError, describe } from '../errors';
import type { EncounterEvent } from './events';
import type { Combatant, EncounterState } from './state';
import {
  CHASE_TERRAINS,
  ENGAGEMENT_RANGES,
  MAX_MANEUVER_DICE,
  RANGE_LABELS,
  TERRAIN_LABELS,
  findPair,
  samePair,
  type ChaseChange,
  type ChaseContext,
  type ChasePair,
  type ChaseState,
  type FinishedPair,
  type EngagementRange,
  type ChaseTerrain,
} from '../system-kit/chase-model';

/**
 * Chase combat (Shadowrun, seed "Vehicles & Chase Combat"): high-speed pursuits abstracted into
 * Chase Turns and Engagement Ranges between pursuer and quarry. Plain data in the encounter state,
 * changed only by the chase events and by an applied stunt roll (`roll-applied.chase`); these are
 * the pure reducers the encounter reducer calls, so undo is replay like everything else.
 */

type ChaseEvent = Extract<
  EncounterEvent,
  { type: 'chase-started' | 'chase-range-changed' | 'chase-turn-advanced' | 'chase-ended' }
>;

function fail(message: string): never {
  throw new RulesError('not-allowed', message);
}

function invalid(message: string): never {
  throw new RulesError('invalid-input', message);
}

const isRange = (value: unknown): value is EngagementRange =>
  typeof value === 'string' && (ENGAGEMENT_RANGES as readonly string[]).includes(value);
const isTerrain = (value: unknown): value is ChaseTerrain =>
  typeof value === 'string' && (CHASE_TERRAINS as readonly string[]).includes(value);

function checkRange(value: unknown): EngagementRange {
  if (!isRange(value)) invalid(`An Engagement Range is Short, Medium, Long or Extreme, not ${describe(value)}.`);
  return value;
}

function checkTerrain(value: unknown): ChaseTerrain {
  if (!isTerrain(value)) invalid(`Chase terrain is Open, Light, Restricted or Tight, not ${describe(value)}.`);
  return value;
}

/** A vehicle is a combatant whose sheet says so (the `vehicle` stat of Shadowrun's stat block). */
export const isVehicle = (combatant: Combatant): boolean => combatant.stats.vehicle === true;

function present(state: EncounterState, id: unknown): Combatant {
  const combatant = typeof id === 'string' ? state.combatants.find((c) => c.id === id) : undefined;
  if (!combatant) fail(`There is no combatant with id ${describe(id)} in this encounter.`);
  if (combatant.removed) fail(`${combatant.name} has left the encounter.`);
  return combatant;
}

function requireChase(state: EncounterState, what: string): ChaseState {
  if (!state.chase) fail(`There is no chase on: start one before you ${what}.`);
  return state.chase;
}

function nameOf(state: EncounterState, id: string): string {
  return state.combatants.find((c) => c.id === id)?.name ?? id;
}


function requirePair(state: EncounterState, chase: ChaseState, pursuerId: string, quarryId: string): ChasePair {
  const pair = chase.pairs.find((p) => p.pursuerId === pursuerId && p.quarryId === quarryId);
  if (pair) return pair;
  const ended = chase.finished.some((p) => samePair(p, pursuerId, quarryId));
  fail(
    ended
      ? `${nameOf(state, pursuerId)} and ${nameOf(state, quarryId)} are no longer chasing each other.`
      : `${nameOf(state, pursuerId)} is not chasing ${nameOf(state, quarryId)} in this chase.`,
  );
}

function startChase(state: EncounterState, event: Extract<ChaseEvent, { type: 'chase-started' }>): ChaseState {
  if (state.chase) fail('A chase is already on: end it before starting another.');
  const terrain = checkTerrain(event.terrain);
  if (!Array.isArray(event.vehicles) || event.vehicles.length < 2) invalid('A chase needs at least two vehicles.');
  const vehicleIds = new Set<string>();
  const driverIds = new Set<string>();
  for (const entry of event.vehicles) {
    const vehicle = present(state, entry.vehicleId);
    if (!isVehicle(vehicle)) fail(`${vehicle.name} is not a vehicle: give it vehicle stats first.`);
    if (vehicleIds.has(vehicle.id)) invalid(`${vehicle.name} is in the chase twice.`);
    vehicleIds.add(vehicle.id);
    if (entry.driverId === null) {
      if (vehicle.stats.autonomous !== true)
        fail(`${vehicle.name} has no driver: choose who drives it, or mark it autonomous to drive on its own Pilot.`);
      continue;
    }
    const driver = present(state, entry.driverId);
    if (isVehicle(driver)) fail(`${driver.name} is a vehicle and cannot drive ${vehicle.name}.`);
    if (driverIds.has(driver.id)) fail(`${driver.name} cannot drive two vehicles at once.`);
    driverIds.add(driver.id);
  }
  if (!Array.isArray(event.pairs) || event.pairs.length === 0)
    invalid('A chase needs at least one pursuer and quarry.');
  const pairs: ChasePair[] = [];
  for (const pair of event.pairs) {
    if (!vehicleIds.has(pair.pursuerId) || !vehicleIds.has(pair.quarryId))
      invalid('A pursuer and its quarry must both be vehicles of the chase.');
    if (pair.pursuerId === pair.quarryId) invalid(`${nameOf(state, pair.pursuerId)} cannot chase itself.`);
    if (pairs.some((p) => samePair(p, pair.pursuerId, pair.quarryId)))
      invalid(`${nameOf(state, pair.pursuerId)} and ${nameOf(state, pair.quarryId)} are paired twice.`);
    pairs.push({ pursuerId: pair.pursuerId, quarryId: pair.quarryId, range: checkRange(pair.range) });
  }
  for (const id of vehicleIds) {
    if (!pairs.some((p) => p.pursuerId === id || p.quarryId === id))
      invalid(`${nameOf(state, id)} is in the chase but neither pursues nor flees anyone.`);
  }
  return {
    turn: 1,
    terrain,
    vehicles: event.vehicles.map((v) => ({ vehicleId: v.vehicleId, driverId: v.driverId })),
    pairs,
    finished: [],
    earnedDice: {},
    bonusDice: {},
  };
}

function withRange(chase: ChaseState, target: ChasePair, range: EngagementRange): ChaseState {
  return { ...chase, pairs: chase.pairs.map((p) => (p === target ? { ...p, range } : p)) };
}

/** Applies what a stunt changed; refuses a roll made at another range than the pair's now. */
export function applyChaseChange(state: EncounterState, change: ChaseChange): EncounterState {
  const chase = requireChase(state, 'apply a chase stunt');
  if (change.kind === 'maneuver') {
    if (!chase.vehicles.some((v) => v.vehicleId === change.vehicleId))
      fail(`${nameOf(state, change.vehicleId)} is not in the chase.`);
    if (!Number.isInteger(change.dice) || change.dice < 1 || change.dice > MAX_MANEUVER_DICE)
      invalid(`A Maneuver earns 1 to ${MAX_MANEUVER_DICE} dice, not ${describe(change.dice)}.`);
    // Several Maneuvers in one Chase Turn: the best one counts (our reading; the book gives one per turn).
    const earned = Math.max(chase.earnedDice[change.vehicleId] ?? 0, change.dice);
    return { ...state, chase: { ...chase, earnedDice: { ...chase.earnedDice, [change.vehicleId]: earned } } };
  }
  const pair = requirePair(state, chase, change.pursuerId, change.quarryId);
  if (pair.range !== checkRange(change.from)) {
    fail(
      `${nameOf(state, pair.pursuerId)} and ${nameOf(state, pair.quarryId)} are at ${RANGE_LABELS[pair.range]} range now, not ${RANGE_LABELS[change.from]}: roll the stunt again from there.`,
    );
  }
  if (change.kind === 'range') {
    const to = checkRange(change.to);
    if (to === pair.range) fail(`The range is already ${RANGE_LABELS[to]}.`);
    return { ...state, chase: withRange(chase, pair, to) };
  }
  if (change.outcome !== 'broke-off' && change.outcome !== 'cut-off')
    invalid(`A pair's chase ends broken off or cut off, not ${describe(change.outcome)}.`);
  if (change.byId !== pair.pursuerId && change.byId !== pair.quarryId)
    invalid('Only one of the two vehicles can end their chase.');
  const finished: FinishedPair = {
    pursuerId: pair.pursuerId,
    quarryId: pair.quarryId,
    outcome: change.outcome,
    byId: change.byId,
    turn: chase.turn,
  };
  return {
    ...state,
    chase: { ...chase, pairs: chase.pairs.filter((p) => p !== pair), finished: [...chase.finished, finished] },
  };
}

/** Folds one chase event into the state (the encounter reducer's hook). */
export function reduceChase(state: EncounterState, event: ChaseEvent): EncounterState {
  if (state.status === 'ended') fail('The encounter has ended.');
  switch (event.type) {
    case 'chase-started':
      return { ...state, chase: startChase(state, event) };
    case 'chase-range-changed': {
      const chase = requireChase(state, 'change a range');
      const pair = requirePair(state, chase, event.pursuerId, event.quarryId);
      const range = checkRange(event.range);
      if (range === pair.range) fail(`The range is already ${RANGE_LABELS[range]}.`);
      return { ...state, chase: withRange(chase, pair, range) };
    }
    case 'chase-turn-advanced': {
      const chase = requireChase(state, 'advance the Chase Turn');
      const terrain = event.terrain === undefined ? chase.terrain : checkTerrain(event.terrain);
      // A Maneuver's dice count in the opposed test at the start of the next Chase Turn only.
      return {
        ...state,
        chase: { ...chase, turn: chase.turn + 1, terrain, bonusDice: chase.earnedDice, earnedDice: {} },
      };
    }
    case 'chase-ended': {
      requireChase(state, 'end it');
      const { chase: _ended, ...rest } = state;
      return rest;
    }
  }
}

/** One log line per chase event. */
export function chaseLogText(
  event: ChaseEvent,
  before: EncounterState | null,
  after: EncounterState,
  name: (id: string) => string,
): string {
  switch (event.type) {
    case 'chase-started': {
      const pairs = event.pairs.map((p) => `${name(p.pursuerId)} after ${name(p.quarryId)} at ${RANGE_LABELS[p.range]}`);
      return `Chase begins (${TERRAIN_LABELS[event.terrain]} terrain): ${pairs.join(' · ')}`;
    }
    case 'chase-range-changed': {
      const was = before?.chase ? findPair(before.chase, event.pursuerId, event.quarryId)?.range : undefined;
      return `Chase: ${name(event.pursuerId)} and ${name(event.quarryId)} ${was ? `from ${RANGE_LABELS[was]} ` : ''}to ${RANGE_LABELS[event.range]} range`;
    }
    case 'chase-turn-advanced': {
      const terrain = event.terrain ? ` (${TERRAIN_LABELS[event.terrain]} terrain)` : '';
      return `Chase Turn ${after.chase?.turn ?? '?'} begins${terrain}`;
    }
    case 'chase-ended':
      return `Chase ended after ${before?.chase ? plural(before.chase.turn) : 'its Chase Turns'}`;
  }
}

const plural = (turns: number) => `${turns} Chase ${turns === 1 ? 'Turn' : 'Turns'}`;

/** What a chase change did, for the stunt's log line. */
export function chaseChangeText(change: ChaseChange, name: (id: string) => string): string {
  switch (change.kind) {
    case 'range':
      return `${name(change.pursuerId)} and ${name(change.quarryId)}: ${RANGE_LABELS[change.from]} → ${RANGE_LABELS[change.to]} range`;
    case 'pair-ended': {
      const other = change.byId === change.pursuerId ? change.quarryId : change.pursuerId;
      return change.outcome === 'broke-off'
        ? `${name(change.byId)} breaks off from ${name(other)}`
        : `${name(change.byId)} cuts off ${name(other)}`;
    }
    case 'maneuver':
      return `${name(change.vehicleId)}: +${change.dice} ${change.dice === 1 ? 'die' : 'dice'} on next Chase Turn's test`;
  }
}

let lastContext: { readonly inputs: readonly unknown[]; readonly value: ChaseContext } | null = null;

/**
 * The chase context of an encounter, or undefined when no chase is on. The same object while the
 * chase and its members are unchanged, so the roll panel's odds are not recomputed for nothing.
 */
export function chaseContextOf(state: EncounterState | null): ChaseContext | undefined {
  const chase = state?.chase;
  if (!state || !chase) return undefined;
  const ids = chase.vehicles.flatMap((v) => (v.driverId ? [v.vehicleId, v.driverId] : [v.vehicleId]));
  const members = ids.flatMap((id) => {
    const combatant = state.combatants.find((c) => c.id === id);
    return combatant ? [combatant] : [];
  });
  const inputs = [chase, ...members];
  if (lastContext && lastContext.inputs.length === inputs.length && lastContext.inputs.every((x, i) => x === inputs[i]))
    return lastContext.value;
  const value: ChaseContext = {
    chase,
    members: Object.fromEntries(members.map((m) => [m.id, { name: m.name, stats: m.stats }])),
  };
  lastContext = { inputs, value };
  return value;
}
