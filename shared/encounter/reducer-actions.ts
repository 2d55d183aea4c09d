// Spending actions: the action-taken event, and the roll-applied event with its spends and effects.
import { RulesError } from '../errors';
import { spendAction, type SpendRequest, type TurnFacts } from './action-economy';
import { applyChaseChange } from './chase';
import type { TrackerRules } from '../system-kit/tracker-rules';
import type { EncounterEvent } from './events';
import { fail, invalid, replaceCombatant, requirePresent, requireRunning } from './reducer-checks';
import { changeConditions } from './reducer-conditions';
import { applyHarm } from './reducer-harm';
import { remainingSlots, stale } from './reducer-turn-order';
import { findCombatant, type Combatant, type EncounterState } from './state';

/** What the round says about one combatant: whose turn it is, a lost turn, a turn still to come. */
function turnFacts(state: EncounterState, combatant: Combatant, rules: TrackerRules): TurnFacts {
  const current = state.current ? (findCombatant(state, state.current.combatantId) ?? null) : null;
  const losers = state.initiative.order?.losesTurn ?? [];
  const lost = losers.length
    ? state.initiative.entries.find(
        (entry) => losers.includes(entry.participantId) && entry.memberIds.includes(combatant.id),
      )
    : undefined;
  return {
    current,
    lostTurn: lost ? { display: lost.display, rule: lost.steps.at(-1)?.rule } : null,
    turnToCome: () => remainingSlots(state, rules).some((slot) => slot.combatantId === combatant.id),
  };
}

export function takeAction(
  state: EncounterState,
  combatantId: string,
  request: SpendRequest,
  rules: TrackerRules,
): EncounterState {
  const combatant = requirePresent(state, combatantId);
  return replaceCombatant(state, spendAction(combatant, request, state, rules, turnFacts(state, combatant, rules)));
}

/**
 * Spends what a resolved roll uses, in order. With a GM ruling, an action the rules refuse is
 * left unspent instead of refusing the roll (the ruling is in the log).
 */
function spendForRoll(
  state: EncounterState,
  event: Extract<EncounterEvent, { type: 'roll-applied' }>,
  rules: TrackerRules,
): EncounterState {
  const spends = event.spends ?? [];
  if (spends.length === 0) return state;
  requireRunning(state, 'spend actions');
  let next = state;
  for (const spend of spends) {
    try {
      next = takeAction(
        next,
        spend.combatantId,
        spend.assist ? { actionId: spend.actionId, assist: true } : { actionId: spend.actionId },
        rules,
      );
    } catch (error) {
      if (!event.ruling || !(error instanceof RulesError) || error.code !== 'not-allowed') throw error;
    }
  }
  return next;
}

/** A resolved roll: what it spends, the chase range it moves, and the harm and conditions on each target. */
export function applyRoll(
  state: EncounterState,
  event: Extract<EncounterEvent, { type: 'roll-applied' }>,
  rules: TrackerRules,
): EncounterState {
  if (state.status === 'ended') fail('The encounter has ended.');
  // A miss changes no one but still uses actions: then the spends are what it applies.
  if (event.effects.length === 0 && !event.spends?.length && !event.chase)
    invalid('A roll applied to nobody: choose at least one target.');
  if (event.ruling !== undefined && (typeof event.ruling?.refused !== 'string' || event.ruling.refused.length > 1000)) {
    invalid('A GM ruling names what the rules refused, in at most 1000 characters.');
  }
  let next = stale(spendForRoll(state, event, rules));
  if (event.chase) next = applyChaseChange(next, event.chase);
  event.effects.forEach((effect, index) => {
    const target = requirePresent(next, effect.combatantId);
    if (effect.harm) {
      next = applyHarm(
        next,
        {
          type: 'harm-applied',
          id: `${event.id}:${index}`,
          at: event.at,
          combatantId: effect.combatantId,
          harm: effect.harm,
        },
        rules,
      );
    }
    if (effect.conditions?.length || effect.removeConditions?.length) {
      const current = findCombatant(next, target.id)!;
      next = replaceCombatant(
        next,
        changeConditions(current, effect.conditions, effect.removeConditions, `${event.id}:${index}`),
      );
    }
  });
  return next;
}
