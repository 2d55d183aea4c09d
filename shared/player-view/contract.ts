import type { SystemId } from '../system-kit/rule-system';

/**
 * What the player view may show: the public projection of an encounter. Everything here is
 * safe to put on a screen the players see; anything not here (hidden combatants, NPC stats,
 * GM notes, odds, rolls the GM did not show, the bestiary) never leaves the GM screen.
 * Built by `projectForPlayers` (projection.ts), one pure function; plain data, so it can be
 * posted to another window as it is.
 */

/** How an NPC's health reads to the players unless the GM shows its numbers. */
export type HealthDescriptor = 'unhurt' | 'wounded' | 'badly hurt' | 'down';

/** A health track as the system counts it: what is left of max (a Shadowrun monitor's free boxes, HP left). */
export interface PlayerTrack {
  readonly label: string;
  readonly current: number;
  readonly max: number;
  /** How to draw it: box grid (Shadowrun monitors), pips, or a bar with a number. */
  readonly style: 'boxes' | 'pips' | 'bar';
}

export type PlayerHealth =
  /** A PC, or an NPC whose numbers the GM revealed: the tracks and the rules' word for the state ("Dying"; '' when fine). */
  | { readonly kind: 'numbers'; readonly tracks: readonly PlayerTrack[]; readonly state: string }
  /** An NPC: a descriptor only. */
  | { readonly kind: 'descriptor'; readonly descriptor: HealthDescriptor };

export interface PlayerCondition {
  readonly label: string;
  /** Rounds left; null = until removed. */
  readonly roundsLeft: number | null;
}

export interface PlayerCombatant {
  /** For drawing lists only (the combatant's id; hidden combatants never appear at all). */
  readonly key: string;
  readonly name: string;
  /** The side's name ("Party", "Opponents"). */
  readonly side: string;
  readonly isPc: boolean;
  /** Its turn now. */
  readonly acting: boolean;
  /** The next visible combatant to act this round. */
  readonly next: boolean;
  /** Has no turn left this round (all taken or skipped). */
  readonly done: boolean;
  readonly health: PlayerHealth;
  /** Only the conditions the GM marked as visible. */
  readonly conditions: readonly PlayerCondition[];
}

/** A roll the GM chose to show: who, why, the dice, the log's one-line result. */
export interface PlayerRoll {
  readonly id: string;
  readonly who: string;
  readonly what: string;
  readonly summary: string;
  readonly dice: readonly { readonly sides: number; readonly faces: readonly number[] }[];
}

export interface PlayerEncounter {
  readonly kind: 'encounter';
  /** The encounter's name, or '' when the GM keeps it off the players' screen ("The Red Hand's ambush"). */
  readonly name: string;
  readonly systemId: SystemId;
  readonly status: 'setup' | 'running' | 'ended';
  /**
   * Where the fight is, in the system's words: ["Combat Turn 2", "Initiative Pass 1", "Action Phase 3 of 5"]
   * or ["Round 2", "Turn 3 of 6"]. Turn counts leave out hidden combatants' turns.
   */
  readonly progress: readonly string[];
  /** Changes exactly when the timer should restart (a new turn or round, per `timerScope`); null when no timer runs (setup, ended, between rounds). */
  readonly timerKey: string | null;
  /** In the order the round runs (the tracker's order), hidden combatants left out. */
  readonly combatants: readonly PlayerCombatant[];
  /** The last shown rolls, newest first. */
  readonly rolls: readonly PlayerRoll[];
}

/** Waiting: no open encounter. Blank: the GM put the screen down. */
export type PlayerScreen = { readonly kind: 'waiting' } | { readonly kind: 'blank' } | PlayerEncounter;

export interface ProjectionOptions {
  /** How many of the shown rolls to put on screen (newest first). */
  readonly rollsShown: number;
  /** Whether the timer restarts each turn or each round. */
  readonly timerScope: 'turn' | 'round';
  /** The GM put the screen down: the projection is blank, whatever the state. */
  readonly screenDown: boolean;
  /** Whether the encounter's name is shown (a name can give away what the players have not met yet). */
  readonly showEncounterName: boolean;
}
