import { remainingSlots } from './reducer';
import { findCombatant, presentCombatants, toRulesCombatant, type Combatant, type EncounterState } from './state';
import type { ActionDef, ResourceDef, TrackerRules, TurnSlot } from './tracker-rules';

/** Who acts now: the combatant whose turn it is, or null (setup, between rounds, ended). */
export function actingNow(state: EncounterState): Combatant | null {
  return state.current ? (findCombatant(state, state.current.combatantId) ?? null) : null;
}

/** The turns still to come this round, with their combatants. */
export function upcomingTurns(state: EncounterState, rules: TrackerRules): { slot: TurnSlot; combatant: Combatant }[] {
  return remainingSlots(state, rules).flatMap((slot) => {
    const combatant = findCombatant(state, slot.combatantId);
    return combatant ? [{ slot, combatant }] : [];
  });
}

export interface Budget {
  readonly resources: readonly (ResourceDef & { readonly left: number })[];
  /** Actions the combatant can still pay for now (reactions only, outside its own turn). */
  readonly available: readonly ActionDef[];
  readonly summary: string;
}

/** What a combatant can still do: resources left and the actions they can still afford. */
export function whatCanTheyDo(state: EncounterState, rules: TrackerRules, combatantId: string): Budget | null {
  const combatant = findCombatant(state, combatantId);
  if (!combatant || combatant.removed) return null;
  const ownTurn = state.current?.combatantId === combatantId;
  const economy = rules.economy(toRulesCombatant(combatant), state.toggles, ownTurn ? state.current! : undefined);
  const resources = economy.resources.map((r) => ({ ...r, left: Math.max(0, r.max - (combatant.spent[r.id] ?? 0)) }));
  const left = new Map(resources.map((r) => [r.id, r.left]));
  const available = economy.actions.filter(
    (a) => (ownTurn || a.reaction) && Object.entries(a.costs).every(([id, cost]) => (left.get(id) ?? 0) >= cost),
  );
  return { resources, available, summary: economy.summary };
}

/** Combatants who are down (incapacitated, dying, unconscious) or dead, with the rules' word for it. */
export function outOfTheFight(state: EncounterState, rules: TrackerRules): { combatant: Combatant; state: string; dead: boolean }[] {
  return presentCombatants(state).flatMap((combatant) => {
    const view = rules.healthView(toRulesCombatant(combatant), state.toggles);
    return view.severity === 'down' || view.severity === 'dead' ? [{ combatant, state: view.stateLabel, dead: view.severity === 'dead' }] : [];
  });
}
