import type { RulesCombatant, Stats } from '../../../system-kit/tracker-rules';
import { RulesError, describe, requireInteger } from '../../../errors';
import { MAX_ATTRIBUTE } from '../attributes';
import { resolveRules as resolveToggleRules } from '../toggles';
import type { ShadowrunRules } from '../toggles';
import { STAT_FIELDS, type StatId } from './stat-block';

// ---------------------------------------------------------------------------------------------
// Read once, reuse by identity. Stat blocks, health records, Initiative entries and toggle values
// are immutable JSON (the reducer replaces them, never edits them), and the GM screen asks for
// the same ones on every redraw and round rebuild. So each is checked the first time it is seen
// and the checked value is kept in a WeakMap keyed by the object; a bad one is never kept, so it
// throws the same error every time. Names for error messages are only built when one is thrown.
// ---------------------------------------------------------------------------------------------

const rulesCache = new WeakMap<object, ShadowrunRules>();

/** resolveRules, once per toggles object. */
export function resolveRules(toggles: unknown): ShadowrunRules {
  if (typeof toggles !== 'object' || toggles === null) return resolveToggleRules(toggles);
  let rules = rulesCache.get(toggles);
  if (rules === undefined) {
    rules = resolveToggleRules(toggles);
    rulesCache.set(toggles, rules);
  }
  return rules;
}

/** `name` ("Ghost") names the combatant in the message; without one the message names nobody. */
export function requireStats(stats: unknown, name?: string): Stats {
  if (typeof stats !== 'object' || stats === null || Array.isArray(stats)) {
    const who = name === undefined ? '' : possessive(name);
    throw new RulesError('invalid-input', `${who}The stat block must be an object of stats, got ${describe(stats)}.`);
  }
  return stats as Stats;
}

/** The stats of one block already read (with their defaults), by id. */
type StatMemo = Partial<Record<StatId, number>>;
const statCache = new WeakMap<object, StatMemo>();

export function statMemo(stats: Stats): StatMemo {
  let memo = statCache.get(stats);
  if (memo === undefined) {
    memo = {};
    statCache.set(stats, memo);
  }
  return memo;
}

/**
 * Reads one stat with its field's range; a missing stat takes the field's default, as the
 * contract says the tracker does. `name` ("Ghost") names the combatant in the message. Each
 * stat is checked on its own, so a bad stat only fails the reads that need it.
 */
export function readStat(stats: Stats, id: StatId, name?: string, memo: StatMemo = statMemo(stats)): number {
  const known = memo[id];
  if (known !== undefined) return known;
  const field = STAT_FIELDS.find((f) => f.id === id);
  if (!field) throw new RulesError('invalid-input', `Unknown Shadowrun stat "${id}".`);
  const value = requireInteger(
    `${name === undefined ? '' : possessive(name)}${field.label}`,
    stats[id] ?? field.defaultValue,
    field.min ?? 0,
    field.max ?? MAX_ATTRIBUTE,
  );
  memo[id] = value;
  return value;
}

export function possessive(name: string): string {
  return `${name}'s `;
}

export function requireCombatant(combatant: unknown): RulesCombatant {
  if (typeof combatant !== 'object' || combatant === null || Array.isArray(combatant)) {
    throw new RulesError('invalid-input', `A combatant must be an object, got ${describe(combatant)}.`);
  }
  return combatant as RulesCombatant;
}

export function conditionIdsOf(combatant: RulesCombatant): readonly string[] {
  const ids: unknown = combatant.conditionIds;
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) {
    throw new RulesError(
      'invalid-input',
      `${possessive(combatant.name)}conditions must be a list of condition ids, got ${describe(ids)}.`,
    );
  }
  return ids as readonly string[];
}
