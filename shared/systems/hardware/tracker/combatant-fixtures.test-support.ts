// Combatants, rounds and outcome readers shared by the tracker's checks and initiative tests.
import type {
  CheckOutcome,
  EncounterMoment,
  HarmOutcome,
  HealthState,
  InitiativeParticipant,
  RoundContext,
  RulesCombatant,
  Stats,
} from '../../../system-kit/tracker-rules';
import { RulesError } from '../../../errors';
import { hardwareTracker as T, readHardwareHealth, type HardwareHealth } from '.';

export const none = {};
export const now: EncounterMoment = { round: 1, activeCombatantId: null, toggles: none };
export const seed = (section: string) => ({ section, source: 'seed' });
export const book = (section: string) => ({ section, source: 'book' });

export function combatant(
  id: string,
  kind: 'pc' | 'npc',
  stats: Stats = {},
  side?: string,
  groupId?: string,
): RulesCombatant {
  return {
    id,
    name: id,
    kind,
    side: side ?? (kind === 'pc' ? 'party' : 'gang'),
    ...(groupId === undefined ? {} : { groupId }),
    stats,
    health: T.initialHealth(stats, kind),
    conditionIds: [],
  };
}

export function withHealth(c: RulesCombatant, patch: Partial<HardwareHealth>): RulesCombatant {
  return { ...c, health: { ...(c.health as object), ...patch } as HealthState };
}

export function withConditions(c: RulesCombatant, ...ids: string[]): RulesCombatant {
  return { ...c, conditionIds: [...c.conditionIds, ...ids] };
}

export function after(c: RulesCombatant, out: HarmOutcome | CheckOutcome): RulesCombatant {
  const added = (out.conditions ?? []).map((x) => x.conditionId);
  const ids = [...new Set([...c.conditionIds, ...added])].filter((id) => !(out.removeConditions ?? []).includes(id));
  return { ...c, health: out.health, conditionIds: ids };
}

export const healthOf = (out: HarmOutcome | CheckOutcome, name = 'x') =>
  readHardwareHealth({ name, health: out.health });

export function errorOf(call: () => unknown): RulesError {
  try {
    call();
  } catch (error) {
    if (error instanceof RulesError) return error;
    throw error;
  }
  throw new Error('expected a RulesError');
}

export const participant = (c: RulesCombatant): InitiativeParticipant => ({ id: c.id, label: c.name, members: [c] });
export const round = (combatants: RulesCombatant[], patch: Partial<RoundContext> = {}): RoundContext => ({
  round: 1,
  combatants,
  participants: [],
  initiative: null,
  entries: [],
  acted: [],
  toggles: none,
  ...patch,
});
