import type { Stats } from './tracker-rules';

/**
 * The chase's data model (Shadowrun, seed "Vehicles & Chase Combat"): ranges, terrain, pairs and the
 * changes a stunt roll makes. Plain data kept in the encounter state; the reducers that change it
 * are the encounter model's (`shared/encounter/chase.ts`), the stunts that propose changes are
 * Shadowrun's workflows, and both read this vocabulary.
 */

/** Engagement Ranges, closest first (seed). */
export const ENGAGEMENT_RANGES = ['short', 'medium', 'long', 'extreme'] as const;
export type EngagementRange = (typeof ENGAGEMENT_RANGES)[number];

/** Terrain kinds of the book's terrain table, easiest first. */
export const CHASE_TERRAINS = ['open', 'light', 'restricted', 'tight'] as const;
export type ChaseTerrain = (typeof CHASE_TERRAINS)[number];

export const RANGE_LABELS: Readonly<Record<EngagementRange, string>> = {
  short: 'Short',
  medium: 'Medium',
  long: 'Long',
  extreme: 'Extreme',
};

export const TERRAIN_LABELS: Readonly<Record<ChaseTerrain, string>> = {
  open: 'Open',
  light: 'Light',
  restricted: 'Restricted',
  tight: 'Tight',
};

export interface ChaseVehicle {
  readonly vehicleId: string;
  /** The combatant who drives it; null when it is autonomous and drives on its own Pilot. */
  readonly driverId: string | null;
}

export interface ChasePair {
  readonly pursuerId: string;
  readonly quarryId: string;
  readonly range: EngagementRange;
}

/** How a pair's chase ended before the whole chase did. */
export type PairOutcome = 'broke-off' | 'cut-off';

export interface FinishedPair {
  readonly pursuerId: string;
  readonly quarryId: string;
  readonly outcome: PairOutcome;
  /** The vehicle whose stunt ended it. */
  readonly byId: string;
  readonly turn: number;
}

export interface ChaseState {
  /** The Chase Turn, from 1. */
  readonly turn: number;
  readonly terrain: ChaseTerrain;
  readonly vehicles: readonly ChaseVehicle[];
  /** Pairs still chasing, each at its Engagement Range. */
  readonly pairs: readonly ChasePair[];
  readonly finished: readonly FinishedPair[];
  /** Dice earned by a Maneuver this Chase Turn, by vehicle id, for the next turn's opposed test. */
  readonly earnedDice: Readonly<Record<string, number>>;
  /** Dice a Maneuver of the last Chase Turn adds to this turn's opposed test, by vehicle id. */
  readonly bonusDice: Readonly<Record<string, number>>;
}

/** What an applied stunt changes in the chase (carried by `roll-applied`). */
export type ChaseChange =
  | {
      readonly kind: 'range';
      readonly pursuerId: string;
      readonly quarryId: string;
      /** The range the roll was made at: a roll made before another change no longer applies. */
      readonly from: EngagementRange;
      readonly to: EngagementRange;
    }
  | {
      readonly kind: 'pair-ended';
      readonly pursuerId: string;
      readonly quarryId: string;
      readonly from: EngagementRange;
      readonly outcome: PairOutcome;
      readonly byId: string;
    }
  | { readonly kind: 'maneuver'; readonly vehicleId: string; readonly dice: number };

export const MAX_MANEUVER_DICE = 100;

/** Whether a pair is these two vehicles, either way round. */
export const samePair = (pair: { pursuerId: string; quarryId: string }, a: string, b: string) =>
  (pair.pursuerId === a && pair.quarryId === b) || (pair.pursuerId === b && pair.quarryId === a);

/** The pair of these two vehicles still chasing, either way round. */
export function findPair(chase: ChaseState, a: string, b: string): ChasePair | undefined {
  return chase.pairs.find((pair) => samePair(pair, a, b));
}

/** A vehicle of the chase or its driver, as a roll needs them: name and sheet. */
export interface ChaseMember {
  readonly name: string;
  readonly stats: Stats;
}

/** The chase as the roll panel needs it: the state, and each vehicle's and driver's name and stats by id. */
export interface ChaseContext {
  readonly chase: ChaseState;
  readonly members: Readonly<Record<string, ChaseMember>>;
}
