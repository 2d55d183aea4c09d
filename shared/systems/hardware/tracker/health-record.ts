// The health record the tracker stores for each combatant: what it holds, reading it back from
// storage, and the record a combatant starts with.
import type { CombatantKind, HealthState, RulesCombatant, Stats } from '../../../system-kit/tracker-rules';
import { RulesError, describe } from '../../../errors';
import { ATTRIBUTE_MAX, PROTECTION_MAX, STAMINA_MAX } from '../derived';
import { readHardwareStats } from './stat-block';

export interface PendingCriticalSave {
  readonly id: string;
  readonly type: 'critical';
  readonly kind: 'damage' | 'stress';
  /** The new current BOD/CTR right after the overflow: the save is made against it. */
  readonly against: number;
}

export interface PendingMorale {
  readonly id: string;
  /** An NPC failed a Critical Stress save and must check morale. */
  readonly type: 'morale';
}

export type PendingCheck = PendingCriticalSave | PendingMorale;

/**
 * Hardware health: current values plus the states the rules leave behind. Dying and Overloaded
 * are not kept here: they live only as the conditions "dying" / "overloaded" (returned when
 * they start, removed when they end), so a GM adding or removing the condition by hand is
 * never contradicted by a hidden flag.
 */
export interface HardwareHealth {
  readonly stamina: number;
  readonly BOD: number;
  readonly AGL: number;
  readonly CTR: number;
  /** Armor lost to shred; current Armor is the stat block's Armor minus this. */
  readonly armorLost: number;
  /** The PC was stabilised after Critical Damage (shown until it is Dying again). */
  readonly stabilised: boolean;
  /** NPC failed a Critical Damage save: dead at the Admin's discretion. */
  readonly killed: boolean;
  readonly pending: readonly PendingCheck[];
  /** Counter that keeps check ids unique within a combatant. */
  readonly seq: number;
}

// Checked once per record and the checked value kept, as stat blocks are (see statsCache).
const healthCache = new WeakMap<object, HardwareHealth>();

function fail(name: string, what: string): never {
  throw new RulesError('invalid-input', `${name}'s health is not Hardware health data: ${what}.`);
}

/** Health arrives as untyped JSON (persisted events); check every field before trusting it (once per record). */
export function readHardwareHealth(combatant: Pick<RulesCombatant, 'name' | 'health'>): HardwareHealth {
  const raw: unknown = combatant.health;
  const known = typeof raw === 'object' && raw !== null ? healthCache.get(raw) : undefined;
  if (known !== undefined) return known;
  const read = readHealthUncached(combatant);
  healthCache.set(combatant.health, read);
  return read;
}

function readHealthUncached(combatant: Pick<RulesCombatant, 'name' | 'health'>): HardwareHealth {
  const h = combatant.health as Record<string, unknown> | null | undefined;
  const name = combatant.name;
  if (typeof h !== 'object' || h === null || Array.isArray(h)) fail(name, `got ${describe(h)}`);
  const int = (key: string, max: number): number => {
    const v = h[key];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > max) fail(name, `${key} is ${describe(v)}`);
    return v;
  };
  const flag = (key: string): boolean => {
    const v = h[key];
    if (typeof v !== 'boolean') fail(name, `${key} is ${describe(v)}`);
    return v;
  };
  // Scalars first, so the first problem named is the most basic one.
  const scalars = {
    stamina: int('stamina', STAMINA_MAX),
    BOD: int('BOD', ATTRIBUTE_MAX),
    AGL: int('AGL', ATTRIBUTE_MAX),
    CTR: int('CTR', ATTRIBUTE_MAX),
    armorLost: int('armorLost', PROTECTION_MAX),
    stabilised: flag('stabilised'),
    killed: flag('killed'),
    seq: int('seq', Number.MAX_SAFE_INTEGER),
  };
  const pendingRaw = h.pending;
  if (!Array.isArray(pendingRaw)) fail(name, 'pending is not a list');
  const pending = pendingRaw.map((p: unknown): PendingCheck => {
    if (typeof p !== 'object' || p === null) fail(name, 'a pending check is not an object');
    const r = p as Record<string, unknown>;
    if (typeof r.id !== 'string') fail(name, 'a pending check has no id');
    if (r.type === 'morale') return { id: r.id, type: 'morale' };
    if (r.type === 'critical' && (r.kind === 'damage' || r.kind === 'stress')) {
      const against = r.against;
      if (typeof against !== 'number' || !Number.isInteger(against) || against < 1 || against > ATTRIBUTE_MAX) {
        fail(name, `pending check ${r.id} saves against ${describe(against)}`);
      }
      return { id: r.id, type: 'critical', kind: r.kind, against };
    }
    fail(name, `pending check ${r.id} has an unknown type`);
  });
  // Written out rather than spread: a spread copy gets a hidden class of its own, and these
  // records are read for every combatant on every redraw (one shape keeps those reads fast).
  return {
    stamina: scalars.stamina,
    BOD: scalars.BOD,
    AGL: scalars.AGL,
    CTR: scalars.CTR,
    armorLost: scalars.armorLost,
    stabilised: scalars.stabilised,
    killed: scalars.killed,
    seq: scalars.seq,
    pending,
  };
}

export function initialHealth(stats: Stats, kind: CombatantKind): HealthState {
  if (kind !== 'pc' && kind !== 'npc') {
    throw new RulesError('invalid-input', `A combatant is a PC ("pc") or an NPC ("npc"), got ${describe(kind)}.`);
  }
  const s = readHardwareStats(stats);
  const health: HardwareHealth = {
    stamina: s.stamina,
    BOD: s.BOD,
    AGL: s.AGL,
    CTR: s.CTR,
    armorLost: 0,
    stabilised: false,
    killed: false,
    pending: [],
    seq: 0,
  };
  return health as unknown as HealthState;
}

export const asState = (h: HardwareHealth): HealthState => h as unknown as HealthState;
