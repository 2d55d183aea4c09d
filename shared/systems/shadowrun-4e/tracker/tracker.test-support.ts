import { expect } from 'vitest';
import type {
  EncounterMoment,
  HealthState,
  InitiativeParticipant,
  RulesCombatant,
  Stats,
} from '../../../system-kit/tracker-rules';
import { RulesError } from '../../../errors';
import type { ExplainStep } from '../../../system-kit/rule-system';
import { resolveToggles } from '../../../system-kit/toggles';
import { applyDamage } from '../health';
import { shadowrunToggles } from '../toggles';
import { shadowrun4eTracker as T } from './index';

/**
 * Shared by the tracker's test files. The *.explain tests assert the adapter's words whole: stat
 * fields, harm and healing explanations for each branch, health view markers, Initiative
 * sentences, and every refusal's sentence.
 */
export const TOGGLES = resolveToggles(shadowrunToggles, {});
export const PHASE = resolveToggles(shadowrunToggles, { initiativeCriticalGlitch: 'action-phase' });
export const TWO_TO_ONE = resolveToggles(shadowrunToggles, { stunOverflow: '2:1' });
export const DEFAULTS: Stats = Object.fromEntries(T.statFields.map((f) => [f.id, f.defaultValue]));
export const MOMENT: EncounterMoment = { round: 1, activeCombatantId: null, toggles: TOGGLES };
export const DAMAGE = 'Damage';
export const TURN = 'The Combat Turn';
export const seed = (text: string, section: string): ExplainStep => ({ text, rule: { section, source: 'seed' } });
export const book = (text: string, section: string): ExplainStep => ({ text, rule: { section, source: 'book' } });
export const byDefault = (text: string, section: string): ExplainStep => ({
  text,
  rule: { section, source: 'default' },
});
export const TIE =
  'tie: they act at the same time unless it matters; then a glitch goes last and Edge, Initiative, Reaction break the tie in that order.';

export function fighter(
  id: string,
  stats: Partial<Record<string, number>> = {},
  health: HealthState = { physical: 0, stun: 0 },
  extra: { groupId?: string; conditionIds?: string[]; name?: string } = {},
): RulesCombatant {
  return {
    id,
    name: extra.name ?? id,
    kind: 'npc',
    side: 'a',
    stats: { ...DEFAULTS, ...stats } as Stats,
    health,
    conditionIds: extra.conditionIds ?? [],
    ...(extra.groupId === undefined ? {} : { groupId: extra.groupId }),
  };
}

export const solo = (c: RulesCombatant): InitiativeParticipant => ({ id: c.id, label: c.name, members: [c] });

export function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof RulesError) return `${error.code}: ${error.message}`;
    throw error;
  }
  return 'accepted';
}

/** The package's own steps for the same damage, which applyHarm passes on after its own first step. */
export function packageSteps(
  body: number,
  willpower: number,
  physical: number,
  stun: number,
  incoming: Partial<Record<'incomingPhysical' | 'incomingStun', number>>,
  rule: '1:1' | '2:1' = '1:1',
) {
  return applyDamage({ body, willpower, physical, stun, ...incoming }, rule).steps;
}

/** Applies harm and returns the combatant with its new health, as the reducer would. */
export function hurt(c: RulesCombatant, kind: string, amount: number, toggles = TOGGLES): RulesCombatant {
  return { ...c, health: T.applyHarm(c, { kind, amount }, toggles).health };
}

export function expectRulesError(fn: () => unknown, pattern: RegExp, code?: string): void {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(RulesError);
    expect((error as RulesError).message).toMatch(pattern);
    if (code) expect((error as RulesError).code).toBe(code);
    return;
  }
  throw new Error('expected a RulesError');
}
