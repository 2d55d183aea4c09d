// The checks every piece of the reducer shares: refusals, names, and finding a present combatant.
import { RulesError } from '../errors';
import { findCombatant, type Combatant, type EncounterState } from './state';

export const MAX_NAME_LENGTH = 80;

/** The rules refuse it (a sentence for the GM). */
export function fail(message: string, details: Record<string, unknown> = {}): never {
  throw new RulesError('not-allowed', message, details);
}

/** The event itself is malformed (a hostile or damaged file, a bug). */
export function invalid(message: string): never {
  throw new RulesError('invalid-input', message);
}

export function checkName(name: unknown, what: string): string {
  if (typeof name !== 'string' || name.trim() === '') invalid(`${what} needs a name.`);
  const trimmed = name.trim();
  if (trimmed.length > MAX_NAME_LENGTH) invalid(`${what} name is longer than ${MAX_NAME_LENGTH} characters.`);
  return trimmed;
}

export function requirePresent(state: EncounterState, id: string): Combatant {
  const combatant = findCombatant(state, id);
  if (!combatant) fail(`There is no combatant with id "${id}" in this encounter.`);
  if (combatant.removed) fail(`${combatant.name} has left the encounter; restore them before changing them.`);
  return combatant;
}

export function requireRunning(state: EncounterState, what: string): void {
  if (state.status === 'setup') fail(`Start the encounter before you ${what}.`);
  if (state.status === 'ended') fail(`The encounter has ended; you cannot ${what}.`);
}

export function replaceCombatant(state: EncounterState, next: Combatant): EncounterState {
  const index = state.combatants.findIndex((c) => c.id === next.id);
  if (index < 0 || state.combatants[index] === next) return state;
  const combatants = state.combatants.slice();
  combatants[index] = next;
  return { ...state, combatants };
}
