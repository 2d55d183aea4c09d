/** Unique ids for events, combatants and records. */
export function newId(): string {
  return crypto.randomUUID();
}
