// One combatant as every concern reads it: checked stats and health, and where it stands (dead,
// dying, losing its turn…); and the toggles, read once per set of values.
import type { CombatantKind, RulesCombatant } from '../../../system-kit/tracker-rules';
import { RulesError, describe } from '../../../errors';
import type { ToggleValues } from '../../../system-kit/rule-system';
import { resolveOptions, type ElectricStateOptions } from '../options';
import { LOST_TURN } from './conditions';
import { readElectricStateHealth, type ElectricStateHealth } from './health-record';
import { maxima, readElectricStateStats, type ElectricStateStats } from './stat-block';

// Checked once per set of toggle values, like stat blocks (see stat-block.ts).
const optionsCache = new WeakMap<object, ElectricStateOptions>();

export function requireKind(kind: unknown, who: string): CombatantKind {
  if (kind !== 'pc' && kind !== 'npc') {
    throw new RulesError('invalid-input', `${who} must be a PC ("pc") or an NPC ("npc"), got ${describe(kind)}.`);
  }
  return kind;
}

/** Everything the views, rounds and prompts need to know about one combatant. */
interface Status {
  readonly dead: boolean;
  /** Health 0 and alive. */
  readonly incapacitated: boolean;
  /** Still making death rolls (Incapacitated, or rallied before being stabilized). */
  readonly dying: boolean;
  /** Incapacitated and survived: the Serious Injuries roll is due. */
  readonly injuryRollDue: boolean;
  readonly losesTurn: boolean;
  readonly canAct: boolean;
  readonly maxHealth: number;
  readonly maxHope: number;
}

interface Loaded {
  readonly s: ElectricStateStats;
  readonly h: ElectricStateHealth;
  readonly status: Status;
}

export function load(c: RulesCombatant): Loaded {
  if (typeof c !== 'object' || c === null) {
    throw new RulesError('invalid-input', `A combatant must be an object, got ${describe(c)}.`);
  }
  requireKind(c.kind, c.name);
  if (!Array.isArray(c.conditionIds)) throw new RulesError('invalid-input', `${c.name}'s conditions must be a list.`);
  const s = readElectricStateStats(c.stats);
  const h = readElectricStateHealth(c);
  const d = maxima(s);
  const dead = h.dead;
  const incapacitated = !dead && h.health === 0;
  const dying = !dead && h.deathRolls?.state === 'dying';
  const losesTurn = c.conditionIds.includes(LOST_TURN);
  return {
    s,
    h,
    status: {
      dead,
      incapacitated,
      dying,
      injuryRollDue: !dead && h.injuryDue && h.deathRolls?.state === 'stabilized',
      losesTurn,
      canAct: !dead && !incapacitated && !losesTurn,
      maxHealth: d.maxHealth,
      maxHope: d.maxHope,
    },
  };
}

export function options(toggles: ToggleValues): ElectricStateOptions {
  if (typeof toggles !== 'object' || toggles === null) return resolveOptions(toggles ?? {});
  let opts = optionsCache.get(toggles);
  if (opts === undefined) {
    opts = resolveOptions(toggles);
    optionsCache.set(toggles, opts);
  }
  return opts;
}
