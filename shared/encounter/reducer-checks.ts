import { RulesError } from '../errors';
import { findCombatant, type Combatant, type EncounterState } from './state';

/** The rules refuse it (a sentence for the GM). */
export function fail(message: string, details: Record<string, unknown> = {}): never {
  throw new RulesError('not-allowed', message, details);
}

/** The event itself is malformed (a hostile or damaged file, a bug). */
export function invalid(message: string): never {
  throw new RulesError('invalid-input', message);
}

export function requirePresent(state: EncounterState, id: string): Combatant {
  const combatant = findCombatant(state, id);
  if (!combatant) fail(`There is no combatant with id "${id}" in this encounter.`);
  if (combatant.removed) fail(`${combatant.name} has left the encounter; restore them before changing them.`);
  return combatant;
}

export function replaceCombatant(state: EncounterState, next: Combatant): EncounterState {
  return { ...state, combatants: state.combatants.map((c) => (c.id === next.id ? next : c)) };
}
