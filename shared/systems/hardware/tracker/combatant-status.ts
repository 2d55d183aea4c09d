// One combatant's stat block and health read together, and what they add up to (dead, dying,
// able to act): the views, initiative, the round, the economy and the prompts all start here.
import type { HealthSeverity, RulesCombatant } from '../../../system-kit/tracker-rules';
import { RulesError, describe } from '../../../errors';
import { readHardwareHealth, type HardwareHealth } from './health-record';
import { readHardwareStats, type HardwareStats } from './stat-block';

/** Conditions that stop a turn whoever applied them (the rules at 0 AGL/CTR, or the GM by hand). */
const NO_TURN_CONDITIONS = [
  { id: 'dying', state: 'Dying' },
  { id: 'paralysed', state: 'Paralysed' },
  { id: 'breakdown', state: 'Breakdown' },
] as const;

/** Everything the views, initiative, round and prompts need to know about one combatant. */
export interface Status {
  readonly dead: boolean;
  readonly dying: boolean;
  readonly overloaded: boolean;
  readonly moraleBroken: boolean;
  readonly canAct: boolean;
  readonly severity: HealthSeverity;
  /** Why the combatant cannot act (or its main state), first one wins. */
  readonly states: readonly string[];
}

function statusOf(s: HardwareStats, h: HardwareHealth, conditionIds: readonly string[]): Status {
  // Plain loops and no local helper functions: this runs for every combatant on every redraw.
  const states: string[] = [];
  const dead = h.BOD === 0 || h.killed;
  if (dead) states.push('Dead');
  else {
    for (let i = 0; i < NO_TURN_CONDITIONS.length; i++) {
      const { id, state } = NO_TURN_CONDITIONS[i]!;
      // AGL 0 is paralysis and CTR 0 a breakdown even without the condition on the combatant.
      const fromAttribute = (id === 'paralysed' && h.AGL === 0) || (id === 'breakdown' && h.CTR === 0);
      if (fromAttribute || (conditionIds.length > 0 && conditionIds.includes(id))) states.push(state);
    }
  }
  const dying = !dead && conditionIds.includes('dying');
  const overloaded = !dead && conditionIds.includes('overloaded');
  const canAct = states.length === 0;
  const hurt = h.stamina < s.stamina || h.BOD < s.BOD || h.AGL < s.AGL || h.CTR < s.CTR || overloaded || h.stabilised;
  const severity: HealthSeverity = dead ? 'dead' : !canAct ? 'down' : hurt ? 'hurt' : 'ok';
  return { dead, dying, overloaded, moraleBroken: conditionIds.includes('morale-broken'), canAct, severity, states };
}

export function load(c: RulesCombatant): { s: HardwareStats; h: HardwareHealth; status: Status } {
  checkCombatant(c);
  const s = readHardwareStats(c.stats);
  const h = readHardwareHealth(c);
  return { s, h, status: statusOf(s, h, c.conditionIds) };
}

/** load's checks (the stat block's too) without working out the status: for callers that need only the health. */
export function loadHealth(c: RulesCombatant): HardwareHealth {
  checkCombatant(c);
  readHardwareStats(c.stats);
  return readHardwareHealth(c);
}

function checkCombatant(c: RulesCombatant): void {
  if (typeof c !== 'object' || c === null)
    throw new RulesError('invalid-input', `A combatant must be an object, got ${describe(c)}.`);
  if (c.kind !== 'pc' && c.kind !== 'npc') {
    throw new RulesError('invalid-input', `${c.name} must be a PC ("pc") or an NPC ("npc"), got ${describe(c.kind)}.`);
  }
  if (typeof c.side !== 'string') throw new RulesError('invalid-input', `${c.name} has no side.`);
  if (c.groupId !== undefined && typeof c.groupId !== 'string') {
    throw new RulesError('invalid-input', `${c.name}'s group must be a group id, got ${describe(c.groupId)}.`);
  }
  if (!Array.isArray(c.conditionIds) || c.conditionIds.some((id) => typeof id !== 'string')) {
    throw new RulesError(
      'invalid-input',
      `${c.name}'s conditions must be a list of condition ids, got ${describe(c.conditionIds)}.`,
    );
  }
}
