import type { ExplainStep } from '../../system-kit/rule-system';
import {
  ENGAGEMENT_RANGES,
  RANGE_LABELS,
  type ChaseTerrain,
  type EngagementRange,
} from '../../system-kit/chase-model';
import { plural, SECTION, signed, step } from './sections';

/**
 * Shadowrun chase combat rules (seed "Vehicles & Chase Combat", filled in from the SR4 book's
 * chase combat where the seed only names the parts; our own readings are marked "default" and
 * written down in docs/architecture.md).
 */

export interface TerrainRow {
  readonly label: string;
  /** The Vehicle Test threshold on this terrain. */
  readonly threshold: number;
  readonly example: string;
}

/** Book, terrain table: the threshold every risky maneuver (a stunt) must reach. */
export const TERRAIN: Readonly<Record<ChaseTerrain, TerrainRow>> = {
  open: { label: 'Open', threshold: 1, example: 'highways, open sky, open water' },
  light: { label: 'Light', threshold: 2, example: 'main roads, light traffic' },
  restricted: { label: 'Restricted', threshold: 3, example: 'city streets, heavy traffic' },
  tight: { label: 'Tight', threshold: 4, example: 'narrow alleys, dense forest' },
};

/** Book, Multiple Opponents: −2 dice to every Chase Stunt for each faction beyond the first two sides. */
export const EXTRA_FACTION_PENALTY = -2;
/** Book: a skill not known is defaulted on its attribute at −1. */
export const DEFAULTING_PENALTY = -1;

export type Stunt = 'chase-test' | 'break-off' | 'cut-off' | 'maneuver' | 'ram';

export const STUNT_LABELS: Readonly<Record<Stunt, string>> = {
  'chase-test': 'Chase Turn test (opposed)',
  'break-off': 'Break Off',
  'cut-off': 'Cut Off',
  maneuver: 'Maneuver',
  ram: 'Ram',
};

/** Whether the stunt is an Opposed Vehicle Test (the other driver rolls too). */
export const isOpposed = (stunt: Stunt): boolean => stunt !== 'maneuver' && stunt !== 'ram';

export interface VehicleTestInput {
  /** Reaction, or the vehicle's Pilot when it drives itself. */
  readonly reaction: number;
  readonly reactionLabel: string;
  /** The vehicle skill (Pilot Ground Craft…); 0 = defaulting. */
  readonly skill: number;
  readonly handling: number;
  readonly modifiers: readonly { readonly label: string; readonly value: number; readonly source: 'book' | 'default' }[];
}

export interface VehicleTestPool {
  readonly dice: number;
  readonly label: string;
  readonly steps: readonly ExplainStep[];
}

/** Seed: Vehicle Test = Reaction + Vehicle skill ± Handling (plus the situation's modifiers). */
export function vehicleTestPool(who: string, input: VehicleTestInput): VehicleTestPool {
  const parts: string[] = [`${input.reactionLabel} ${input.reaction}`];
  const steps: ExplainStep[] = [];
  let dice = input.reaction + input.skill + input.handling;
  if (input.skill > 0) parts.push(`skill ${input.skill}`);
  else {
    dice += DEFAULTING_PENALTY;
    parts.push(`defaulting ${signed(DEFAULTING_PENALTY)}`);
    steps.push(
      step(
        `${who} has no vehicle skill: the test defaults on ${input.reactionLabel} at ${signed(DEFAULTING_PENALTY)}.`,
        SECTION.vehicles,
        'book',
      ),
    );
  }
  parts.push(`Handling ${signed(input.handling)}`);
  for (const modifier of input.modifiers) {
    dice += modifier.value;
    parts.push(`${modifier.label} ${signed(modifier.value)}`);
  }
  dice = Math.max(0, dice);
  steps.unshift(
    step(
      `${who}'s Vehicle Test: ${parts.join(', ')} = ${plural(dice, 'die', 'dice')} (Reaction + Vehicle skill ± Handling).`,
      SECTION.vehicles,
    ),
  );
  for (const modifier of input.modifiers)
    steps.push(step(`${modifier.label}: ${signed(modifier.value)} dice.`, SECTION.vehicles, modifier.source));
  return { dice, label: parts.join(', '), steps };
}

/** One step closer (Short stays Short) or farther (Extreme stays Extreme). */
export function rangeStep(range: EngagementRange, direction: 'closer' | 'farther'): EngagementRange {
  const index = ENGAGEMENT_RANGES.indexOf(range) + (direction === 'closer' ? -1 : 1);
  return ENGAGEMENT_RANGES[Math.min(ENGAGEMENT_RANGES.length - 1, Math.max(0, index))]!;
}

/** Why a stunt cannot be tried at this range, or null. */
export function stuntRangeProblem(stunt: Stunt, range: EngagementRange, names: { driver: string; other: string }): string | null {
  if (stunt === 'ram' && range !== 'short')
    return `Ram needs Short range; ${names.driver} and ${names.other} are at ${RANGE_LABELS[range]}: close in with Cut Off or the Chase Turn test first.`;
  if (stunt === 'ram')
    return `${names.driver} and ${names.other} are at Short range: resolve the Ram with the Ramming roll (choose it as the roll kind).`;
  return null;
}

/** What a stunt does to the pair's range: the result of the roll, explained. */
export type StuntEffect =
  | { readonly kind: 'none' }
  | { readonly kind: 'range'; readonly to: EngagementRange }
  | { readonly kind: 'pair-ended'; readonly outcome: 'broke-off' | 'cut-off'; readonly byDriver: boolean }
  | { readonly kind: 'maneuver'; readonly dice: number };

export interface StuntInput {
  readonly stunt: Exclude<Stunt, 'ram'>;
  readonly range: EngagementRange;
  readonly terrain: ChaseTerrain;
  /** The driver doing the stunt is the pursuer (else the quarry) of the pair. */
  readonly driverIsPursuer: boolean;
  readonly driver: string;
  readonly other: string;
  readonly driverHits: number;
  /** The other driver's hits; null for a Maneuver (not opposed). */
  readonly otherHits: number | null;
}

export interface StuntOutcome {
  readonly success: boolean;
  readonly effect: StuntEffect;
  readonly steps: readonly ExplainStep[];
  /** One line: "Break Off: 3 hits vs 1, threshold 2 → Long to Extreme". */
  readonly summary: string;
}

function reachedThreshold(who: string, hits: number, threshold: number, terrain: ChaseTerrain): ExplainStep {
  const row = TERRAIN[terrain];
  const met = hits >= threshold;
  return step(
    `${row.label} terrain (${row.example}): threshold ${threshold}; ${who} scored ${plural(hits, 'hit', 'hits')}, ${met ? 'enough' : 'not enough'}.`,
    SECTION.vehicles,
    'book',
  );
}

/**
 * Resolves a stunt from the hits rolled. Opposed stunts succeed when the driver reaches the
 * terrain threshold and scores more hits than the other driver (ties keep things as they are).
 */
export function resolveStunt(input: StuntInput): StuntOutcome {
  const threshold = TERRAIN[input.terrain].threshold;
  const steps: ExplainStep[] = [reachedThreshold(input.driver, input.driverHits, threshold, input.terrain)];
  const met = input.driverHits >= threshold;
  const versus = input.otherHits === null ? '' : ` vs ${input.otherHits}`;
  const head = `${STUNT_LABELS[input.stunt]}: ${plural(input.driverHits, 'hit', 'hits')}${versus}, threshold ${threshold}`;
  const from = RANGE_LABELS[input.range];

  if (input.stunt === 'maneuver') {
    const dice = Math.max(0, input.driverHits - threshold);
    steps.push(
      step(
        dice > 0
          ? `Maneuver: ${plural(dice, 'net hit', 'net hits')} over the threshold give ${input.driver} +${plural(dice, 'die', 'dice')} on the opposed test at the start of the next Chase Turn.`
          : `Maneuver: no hits over the threshold, so no extra dice next Chase Turn.`,
        SECTION.vehicles,
        'book',
      ),
    );
    return {
      success: dice > 0,
      effect: dice > 0 ? { kind: 'maneuver', dice } : { kind: 'none' },
      steps,
      summary: `${head} → ${dice > 0 ? `+${dice} next Chase Turn` : 'no bonus'}`,
    };
  }

  const otherHits = input.otherHits ?? 0;
  const otherMet = otherHits >= threshold;
  steps.push(reachedThreshold(input.other, otherHits, threshold, input.terrain));

  if (input.stunt === 'chase-test') {
    // The winner moves the range one step its way: a pursuer closes in, a quarry pulls away.
    const driverWins = met && input.driverHits > otherHits;
    const otherWins = otherMet && otherHits > input.driverHits;
    if (!driverWins && !otherWins) {
      steps.push(step('Neither driver wins (a tie, or the winner missed the threshold): the range stays.', SECTION.vehicles, 'default'));
      return { success: false, effect: { kind: 'none' }, steps, summary: `${head} → ${from} range stays` };
    }
    const winnerIsPursuer = driverWins ? input.driverIsPursuer : !input.driverIsPursuer;
    const to = rangeStep(input.range, winnerIsPursuer ? 'closer' : 'farther');
    const winner = driverWins ? input.driver : input.other;
    const moved = to !== input.range;
    steps.push(
      step(
        moved
          ? `${winner} wins and ${winnerIsPursuer ? 'closes in' : 'pulls away'}: ${from} → ${RANGE_LABELS[to]} range.`
          : `${winner} wins, but the range is already ${from}${winnerIsPursuer ? '' : ' (escaping takes a Break Off)'}.`,
        SECTION.vehicles,
        'default',
      ),
    );
    return {
      success: driverWins,
      effect: moved ? { kind: 'range', to } : { kind: 'none' },
      steps,
      summary: `${head} → ${moved ? `${from} to ${RANGE_LABELS[to]}` : `${from} range stays`}`,
    };
  }

  const success = met && input.driverHits > otherHits;
  if (!success) {
    steps.push(
      step(
        met
          ? `${input.other} matches or beats ${input.driver}'s hits: the ${STUNT_LABELS[input.stunt]} fails and the range stays ${from}.`
          : `${input.driver} misses the threshold: the ${STUNT_LABELS[input.stunt]} fails and the range stays ${from}.`,
        SECTION.vehicles,
        'default',
      ),
    );
    return { success, effect: { kind: 'none' }, steps, summary: `${head} → fails, ${from} range stays` };
  }

  if (input.stunt === 'break-off') {
    if (input.range === 'extreme') {
      steps.push(step(`At Extreme range ${input.driver} breaks off: ${input.other} has lost them.`, SECTION.vehicles, 'book'));
      return { success, effect: { kind: 'pair-ended', outcome: 'broke-off', byDriver: true }, steps, summary: `${head} → breaks off` };
    }
    const to = rangeStep(input.range, 'farther');
    steps.push(step(`${input.driver} breaks away: the range opens one step, ${from} → ${RANGE_LABELS[to]}.`, SECTION.vehicles, 'default'));
    return { success, effect: { kind: 'range', to }, steps, summary: `${head} → ${from} to ${RANGE_LABELS[to]}` };
  }

  // Cut Off.
  if (input.range === 'short') {
    steps.push(
      step(
        `At Short range ${input.driver} cuts ${input.other} off: ${input.other} must stop (or crash trying), and their chase ends.`,
        SECTION.vehicles,
        'book',
      ),
    );
    return { success, effect: { kind: 'pair-ended', outcome: 'cut-off', byDriver: true }, steps, summary: `${head} → cuts off` };
  }
  const to = rangeStep(input.range, 'closer');
  steps.push(step(`${input.driver} cuts across the other's path: the range closes one step, ${from} → ${RANGE_LABELS[to]}.`, SECTION.vehicles, 'default'));
  return { success, effect: { kind: 'range', to }, steps, summary: `${head} → ${from} to ${RANGE_LABELS[to]}` };
}
