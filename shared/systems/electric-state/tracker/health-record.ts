// The health record as the tracker stores it (plain JSON), read back and checked field by field.
import type { HealthState, RulesCombatant } from '../../../system-kit/tracker-rules';
import { RulesError, describe } from '../../../errors';
import type { DeathRollTracker } from '../health';

/** Electric State health as the tracker stores it (plain JSON). */
export interface ElectricStateHealth {
  readonly health: number;
  /** Current Hope; null for NPCs, who have none. */
  readonly hope: number | null;
  readonly dead: boolean;
  /** How it died, for the state word. */
  readonly killedBy: 'instant-kill' | 'death-rolls' | null;
  /** Death rolls of the current or last Incapacitation; null before the first. */
  readonly deathRolls: DeathRollTracker | null;
  /** Round of the last death roll: one is due per turn. */
  readonly lastDeathRollRound: number | null;
  /** Incapacitated in this encounter and not yet rolled on the Serious Injuries table. */
  readonly injuryDue: boolean;
  /** Incapacitations so far; keeps check ids unique. */
  readonly downs: number;
}

// Checked once per record, like stat blocks (see stat-block.ts).
const healthCache = new WeakMap<object, ElectricStateHealth>();

function fail(name: string, what: string): never {
  throw new RulesError('invalid-input', `${name}'s health is not Electric State health data: ${what}.`);
}

function readDeathRolls(name: string, raw: unknown): DeathRollTracker | null {
  if (raw === null) return null;
  if (typeof raw !== 'object' || Array.isArray(raw)) fail(name, 'deathRolls is not an object');
  const r = raw as Record<string, unknown>;
  if (r.state !== 'dying' && r.state !== 'stabilized' && r.state !== 'dead') fail(name, 'deathRolls has no state');
  const count = (key: string): number => {
    const v = r[key];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 1000)
      fail(name, `deathRolls.${key} is ${describe(v)}`);
    return v;
  };
  return {
    state: r.state,
    sixes: count('sixes'),
    failedRolls: count('failedRolls'),
    rollsCounted: count('rollsCounted'),
  };
}

/** Health arrives as untyped JSON (persisted events); check every field before trusting it (once per record). */
export function readElectricStateHealth(combatant: Pick<RulesCombatant, 'name' | 'health'>): ElectricStateHealth {
  const raw: unknown = combatant.health;
  const known = typeof raw === 'object' && raw !== null ? healthCache.get(raw) : undefined;
  if (known !== undefined) return known;
  const read = readHealthUncached(combatant);
  healthCache.set(combatant.health, read);
  return read;
}

function readHealthUncached(combatant: Pick<RulesCombatant, 'name' | 'health'>): ElectricStateHealth {
  const h = combatant.health as Record<string, unknown> | null | undefined;
  const name = combatant.name;
  if (typeof h !== 'object' || h === null || Array.isArray(h)) fail(name, `got ${describe(h)}`);
  const int = (key: string, value: unknown): number => {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) fail(name, `${key} is ${describe(value)}`);
    return value;
  };
  if (typeof h.dead !== 'boolean') fail(name, `dead is ${describe(h.dead)}`);
  if (typeof h.injuryDue !== 'boolean') fail(name, `injuryDue is ${describe(h.injuryDue)}`);
  if (h.killedBy !== null && h.killedBy !== 'instant-kill' && h.killedBy !== 'death-rolls') {
    fail(name, `killedBy is ${describe(h.killedBy)}`);
  }
  return {
    health: int('health', h.health),
    hope: h.hope === null ? null : int('hope', h.hope),
    dead: h.dead,
    killedBy: h.killedBy,
    deathRolls: readDeathRolls(name, h.deathRolls),
    lastDeathRollRound: h.lastDeathRollRound === null ? null : int('lastDeathRollRound', h.lastDeathRollRound),
    injuryDue: h.injuryDue,
    downs: int('downs', h.downs),
  };
}

export const asState = (h: ElectricStateHealth): HealthState => h as unknown as HealthState;
