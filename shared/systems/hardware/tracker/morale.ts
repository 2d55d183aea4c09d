// Morale prompts (book: NPC groups save CTR at the first casualty and at half strength).
import type { CheckRequest, ConditionInit, RulesCombatant } from '../../../system-kit/tracker-rules';
import { RulesError, describe } from '../../../errors';
import { moraleChecksDue, type MoraleTrigger } from '../rounds';
import { SAVE_DIE } from '../saves';
import { load, type Status } from './combatant-status';

export const MORALE_PREFIX = 'morale:';
export const TRIGGERS: readonly MoraleTrigger[] = ['first-casualty', 'half-strength'];

/** An NPC's morale group: NPCs sharing a groupId; NPCs with no group form one group per side. */
export interface MoraleGroup {
  /** `group:<groupId>` or `side:<side>`, so a group id can never be mistaken for a side. */
  readonly key: string;
  readonly label: string;
}

export function moraleGroupOf(c: Pick<RulesCombatant, 'side' | 'groupId'>): MoraleGroup {
  return { key: moraleGroupKey(c), label: moraleGroupLabel(c) };
}

function moraleGroupKey(c: Pick<RulesCombatant, 'side' | 'groupId'>): string {
  return c.groupId !== undefined ? `group:${c.groupId}` : `side:${c.side}`;
}

function moraleGroupLabel(c: Pick<RulesCombatant, 'side' | 'groupId'>): string {
  return c.groupId !== undefined ? `group "${c.groupId}"` : `the ungrouped ${c.side} NPCs`;
}

/** Stable id: `morale:<group key>:<trigger>[+<trigger>]` (one save covers both when they fall due together). */
export function moralePromptId(groupKey: string, triggers: readonly MoraleTrigger[]): string {
  return `${MORALE_PREFIX}${groupKey}:${triggers.join('+')}`;
}

/**
 * The morale triggers already prompted, by group key, read from every prompt id in one pass (not
 * once per group). An id is `morale:<key>:<triggers>`; a group key may itself contain ":", so
 * the triggers are always after the last one.
 */
function triggersPromptedByGroup(alreadyPrompted: readonly string[]): Map<string, MoraleTrigger[]> {
  const byGroup = new Map<string, MoraleTrigger[]>();
  for (const id of alreadyPrompted) {
    if (!id.startsWith(MORALE_PREFIX)) continue;
    const last = id.lastIndexOf(':');
    if (last < MORALE_PREFIX.length) continue;
    const key = id.slice(MORALE_PREFIX.length, last);
    let done = byGroup.get(key);
    if (done === undefined) {
      done = [];
      byGroup.set(key, done);
    }
    for (const token of id.slice(last + 1).split('+')) {
      const trigger = TRIGGERS.find((t) => t === token);
      if (trigger && !done.includes(trigger)) done.push(trigger);
    }
  }
  return byGroup;
}

interface MoraleMember {
  readonly c: RulesCombatant;
  readonly status: Status;
}

/** The NPCs of each morale group, in encounter order; the group is named after its first member. */
export function moraleGroups(
  combatants: readonly RulesCombatant[],
): Map<string, { key: string; first: RulesCombatant; members: MoraleMember[] }> {
  const groups = new Map<string, { key: string; first: RulesCombatant; members: MoraleMember[] }>();
  for (const c of combatants) {
    if (c.kind !== 'npc') continue;
    const { status } = load(c);
    // Only the key is needed per member; the label is made for the few groups that get a prompt.
    const key = moraleGroupKey(c);
    let entry = groups.get(key);
    if (entry === undefined) {
      entry = { key, first: c, members: [] };
      groups.set(key, entry);
    }
    entry.members.push({ c, status });
  }
  return groups;
}

export function encounterPrompts(
  combatants: readonly RulesCombatant[],
  alreadyPrompted: readonly string[],
): readonly CheckRequest[] {
  if (!Array.isArray(combatants))
    throw new RulesError('invalid-input', `combatants must be a list, got ${describe(combatants)}.`);
  if (!Array.isArray(alreadyPrompted) || alreadyPrompted.some((id) => typeof id !== 'string')) {
    throw new RulesError('invalid-input', 'alreadyPrompted must be a list of prompt ids.');
  }
  const prompts: CheckRequest[] = [];
  const prompted = triggersPromptedByGroup(alreadyPrompted);
  for (const { key, first, members } of moraleGroups(combatants).values()) {
    const casualties = members.filter((m) => !m.status.canAct).length;
    const { due, steps } = moraleChecksDue({
      groupSize: members.length,
      casualties,
      alreadyChecked: prompted.get(key) ?? [],
    });
    // The first member still standing rolls; once every one of them has broken, morale is already lost.
    const leader = members.find((m) => m.status.canAct && !m.status.moraleBroken);
    if (due.length === 0 || !leader || !steps[0]) continue;
    prompts.push({
      id: moralePromptId(key, due),
      combatantId: leader.c.id,
      label: `Morale: ${moraleGroupLabel(first)} save CTR (${leader.c.name} rolls for the group)`,
      dice: { count: 1, sides: SAVE_DIE },
      reason: { text: steps.map((st) => st.text).join(' '), rule: steps[0].rule },
    });
  }
  return prompts;
}

export function moraleBroken(note: string): ConditionInit {
  return { conditionId: 'morale-broken', label: 'Morale broken', note };
}
