import type { Participant, ResolveContext, SheetSource } from '../../../system-kit/workflow';
import type { Stats } from '../../../system-kit/tracker-rules';
import { findPair, type ChasePair, type ChaseVehicle } from '../../../system-kit/chase-model';

/**
 * Who takes part in a chase stunt: the attacker's and the target's vehicle as the chase knows them
 * (either may be chosen as the vehicle or its driver), who rolls for each, and their sheet values.
 */

/** One vehicle of the roll as the chase knows it. */
export interface ChaseSide {
  readonly participant: Participant;
  /** The vehicle's id in the chase, when the participant is in it (as the vehicle or its driver). */
  readonly entry: ChaseVehicle | null;
  readonly vehicleName: string;
  readonly vehicleStats: Stats;
  /** Who rolls: the driver, or the vehicle itself when autonomous. */
  readonly rollerName: string;
  readonly driverStats: Stats | null;
}

function chaseSide(participant: Participant, context: ResolveContext): ChaseSide {
  const chase = context.chase;
  const id = participant.combatantId;
  const entry = id ? (chase?.chase.vehicles.find((v) => v.vehicleId === id || v.driverId === id) ?? null) : null;
  if (chase && entry) {
    const vehicle = chase.members[entry.vehicleId];
    const driver = entry.driverId ? chase.members[entry.driverId] : undefined;
    return {
      participant,
      entry,
      vehicleName: vehicle?.name ?? participant.name,
      vehicleStats: vehicle?.stats ?? {},
      rollerName: driver?.name ?? vehicle?.name ?? participant.name,
      driverStats: driver?.stats ?? null,
    };
  }
  // Outside a chase: the participant is the vehicle (with its own Pilot) or the one driving.
  const isVehicle = participant.stats.vehicle === true;
  return {
    participant,
    entry: null,
    vehicleName: participant.name,
    vehicleStats: isVehicle ? participant.stats : {},
    rollerName: participant.name,
    driverStats: isVehicle ? null : participant.stats,
  };
}

const num = (stats: Stats | null, id: string): number | undefined => {
  const value = stats?.[id];
  return typeof value === 'number' ? value : undefined;
};

/** The sheet values of one side, each with where it came from (a missing one is not listed). */
export function sideSources(side: ChaseSide, prefix: 'driver' | 'other'): SheetSource[] {
  const sources: SheetSource[] = [];
  const reaction = side.driverStats ? num(side.driverStats, 'reaction') : num(side.vehicleStats, 'pilot');
  if (reaction !== undefined)
    sources.push({
      fieldId: `${prefix}Reaction`,
      value: reaction,
      from: side.driverStats
        ? `${side.rollerName}'s sheet: Reaction ${reaction}`
        : `${side.vehicleName}'s sheet: Pilot ${reaction}`,
    });
  // Ground craft by default (cars, bikes, trucks); the GM sets another skill for this roll.
  const skill = num(side.driverStats, 'pilotGroundCraft');
  if (skill !== undefined)
    sources.push({
      fieldId: `${prefix}Skill`,
      value: skill,
      from: `${side.rollerName}'s sheet: Pilot Ground Craft ${skill}`,
    });
  const handling = num(side.vehicleStats, 'handling');
  if (handling !== undefined)
    sources.push({
      fieldId: `${prefix}Handling`,
      value: handling,
      from: `${side.vehicleName}'s sheet: Handling ${handling}`,
    });
  return sources;
}

export interface Situation {
  readonly driver: ChaseSide | null;
  readonly other: ChaseSide | null;
  readonly pair: ChasePair | null;
  readonly problems: readonly string[];
}

export function situation(context: ResolveContext): Situation {
  const problems: string[] = [];
  const attackers = Array.isArray(context.attackers) ? context.attackers : [];
  const targets = Array.isArray(context.targets) ? context.targets : [];
  if (attackers.length !== 1) problems.push('Choose the one vehicle (or driver) doing the stunt.');
  if (targets.length !== 1) problems.push('Choose the one vehicle it chases or flees.');
  const driver = attackers.length === 1 ? chaseSide(attackers[0]!, context) : null;
  const other = targets.length === 1 ? chaseSide(targets[0]!, context) : null;
  if (driver?.participant.removed) problems.push(`${driver.participant.name} has left the encounter.`);
  if (other?.participant.removed) problems.push(`${other.participant.name} has left the encounter.`);
  let pair: ChasePair | null = null;
  const chase = context.chase?.chase;
  if (chase && driver && other) {
    if (!driver.entry) problems.push(`${driver.participant.name} is not in the chase.`);
    else if (!other.entry) problems.push(`${other.participant.name} is not in the chase.`);
    else if (driver.entry === other.entry) problems.push(`${driver.vehicleName} cannot chase itself.`);
    else {
      pair = findPair(chase, driver.entry.vehicleId, other.entry.vehicleId) ?? null;
      if (!pair) problems.push(`${driver.vehicleName} and ${other.vehicleName} are not chasing each other now.`);
    }
  }
  return { driver, other, pair, problems };
}
