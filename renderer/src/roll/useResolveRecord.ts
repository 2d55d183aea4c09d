import type { DiceGroup, RollRecord } from '../../../shared/dice/record';
import type { ActionSpend, EventInput } from '../../../shared/encounter/events';
import type { EncounterState } from '../../../shared/encounter/state';
import type { DiceStage, Resolution, ResolveContext, ResolveWorkflow, RolledStage } from '../../../shared/system-kit/workflow';
import { effectParticipant, joinNames } from './useResolveFormat';

/** A stage as it was asked for, with the faces rolled for it. */
export interface RolledEntry {
  readonly stage: DiceStage;
  readonly rolled: RolledStage;
}

/** "Ranged attack: Ghost → Ganger 2". */
export function rollReason(workflow: ResolveWorkflow, context: ResolveContext): string {
  const attackers = joinNames(context.attackers.map((p) => p.name));
  const targets = joinNames(context.targets.map((p) => p.name));
  return `${workflow.label}: ${attackers} → ${targets}`;
}

function groupLabel(stage: DiceStage, groupId: string): string {
  return stage.extra?.find((extra) => extra.id === groupId)?.label ?? stage.label;
}

/**
 * The whole resolution as one roll record: every stage's dice as labelled groups. Typed dice
 * anywhere make the record "physical", since its faces can no longer be replayed from a seed.
 */
export function buildRollRecord(
  workflow: ResolveWorkflow,
  context: ResolveContext,
  entries: readonly RolledEntry[],
  meta: { readonly id: string; readonly at: string },
): RollRecord {
  const rollers = [...new Set(entries.map((entry) => entry.stage.roller))];
  const typed = entries.some((entry) => entry.rolled.source === 'physical');
  const groups: DiceGroup[] = entries.flatMap((entry) =>
    entry.rolled.groups.map((group) => ({
      sides: group.sides,
      faces: [...group.faces],
      label: groupLabel(entry.stage, group.id),
    })),
  );
  // A result that needed no dice (a grapple Takedown) is recorded with none, for whoever acted.
  const actors = context.attackers.map((a) => a.name).join(', ');
  return {
    id: meta.id,
    at: meta.at,
    roller: rollers.join(', ') || actors || 'GM',
    reason: rollReason(workflow, context),
    source: entries.length === 0 ? 'none' : typed ? 'physical' : (entries[0]!.rolled.source ?? 'physical'),
    groups,
  };
}

/** Where the result would go, as the encounter has it now. */
export interface ApplyTarget {
  readonly state: EncounterState | null;
  /** Why the encounter cannot be changed here (its log is damaged, another window holds it), or null. */
  readonly readOnlyReason: string | null;
}

/** Why the result cannot be logged now, or null. */
export function logBlocker(target: ApplyTarget): string | null {
  if (!target.state) return 'No encounter is open: open one in the tracker to log or apply results.';
  if (target.readOnlyReason) return target.readOnlyReason;
  return null;
}

/** Why the result cannot be applied now, or null. */
export function applyBlocker(resolution: Resolution, context: ResolveContext, target: ApplyTarget): string | null {
  const logProblem = logBlocker(target);
  if (logProblem) return logProblem;
  const state = target.state!;
  if (state.status === 'ended') return 'The encounter has ended: results can be logged but no longer applied.';
  // A miss changes no one but still uses the attacker's action (and the defender's reaction).
  const spends = state.status === 'running' ? spendsOf(resolution, context) : [];
  if (resolution.effects.length === 0 && spends.length === 0 && !resolution.chase)
    return 'Nothing to apply: this result changes no one. Log it instead.';
  for (const effect of resolution.effects) {
    const participant = effectParticipant(effect, context);
    if (!participant) return 'The result names someone who is not part of this roll.';
    if (!participant.combatantId) {
      return `${participant.name} was typed ad hoc and is not in the encounter: effects cannot be applied to ad-hoc participants.`;
    }
    const combatant = state.combatants.find((c) => c.id === participant.combatantId);
    if (!combatant || combatant.removed)
      return `${participant.name} has left the encounter since: the result cannot be applied to them.`;
  }
  return null;
}

/** How an applied roll treats the action economy. */
export interface ApplyOptions {
  /** Spend what the roll uses (the encounter is running); before the start a roll only harms. */
  readonly spendActions: boolean;
  /** The GM allowed what the rules refused: that sentence, recorded with the roll. */
  readonly ruling?: string;
}

/** The roll's spends on encounter combatants (typed ad-hoc participants have no actions to spend). */
function spendsOf(resolution: Resolution, context: ResolveContext): ActionSpend[] {
  return (resolution.spends ?? []).flatMap((spend) => {
    const combatantId = effectParticipant(spend, context)?.combatantId;
    if (!combatantId) return [];
    return [{ combatantId, actionId: spend.actionId, ...(spend.assist ? { assist: true } : {}) }];
  });
}

/** The one `roll-applied` event that applies every effect and spend at once (or none, if the rules refuse one). */
export function appliedEvent(
  workflow: ResolveWorkflow,
  context: ResolveContext,
  resolution: Resolution,
  roll: RollRecord,
  options: ApplyOptions = { spendActions: false },
): EventInput {
  const actorId = context.attackers[0]?.combatantId;
  const spends = options.spendActions ? spendsOf(resolution, context) : [];
  return {
    type: 'roll-applied',
    roll,
    summary: resolution.summary,
    ...(actorId ? { actorId } : {}),
    effects: resolution.effects.map((effect) => ({
      combatantId: effectParticipant(effect, context)!.combatantId!,
      ...(effect.harm ? { harm: effect.harm } : {}),
      ...(effect.conditions?.length ? { conditions: effect.conditions } : {}),
      ...(effect.removeConditions?.length ? { removeConditions: effect.removeConditions } : {}),
    })),
    operation: workflow.id,
    result: resolution.result,
    ...(spends.length ? { spends } : {}),
    ...(options.ruling !== undefined ? { ruling: { refused: options.ruling } } : {}),
    ...(resolution.chase ? { chase: resolution.chase } : {}),
  };
}

/** The `roll-resolved` log entry: the roll and its result, changing nobody. */
export function resolvedEvent(
  workflow: ResolveWorkflow,
  context: ResolveContext,
  resolution: Resolution,
  roll: RollRecord,
): EventInput {
  const actorId = context.attackers[0]?.combatantId;
  const targetIds = context.targets.flatMap((p) => (p.combatantId ? [p.combatantId] : []));
  return {
    type: 'roll-resolved',
    roll,
    summary: resolution.summary,
    ...(actorId ? { actorId } : {}),
    ...(targetIds.length ? { targetIds } : {}),
    operation: workflow.id,
    result: resolution.result,
  };
}
