// How the log finds combatants and names them: one shared name object, and one shared id list, per combatant.
import type { LogName } from './log-view-types';
import { NONE, type Outcome } from './log-view-parts';
import type { Combatant, EncounterState } from './state';

export class LogNames {
  /** Combatant id → index in `state.combatants`: combatants are only ever appended, so indexes hold. */
  private combatantIndex = new Map<string, number>();
  private names = new Map<string, LogName>();
  private singles = new Map<LogName, readonly LogName[]>();
  /** [id] and [actor, target] id lists, shared by the entries that concern the same people. */
  private idLists = new Map<string, readonly string[]>();

  /** Indexes the combatants added since the last call. */
  index(state: EncounterState | null): void {
    if (!state) return;
    // Combatants are appended at the end, so only the new tail needs indexing.
    for (let i = this.combatantIndex.size; i < state.combatants.length; i++) {
      const combatant = state.combatants[i]!;
      if (!this.combatantIndex.has(combatant.id)) this.combatantIndex.set(combatant.id, i);
    }
  }

  /** Forgets the indexes: combatants added in a dropped redo branch are gone, and a new branch may add others at their places. */
  reindex(state: EncounterState | null): void {
    this.combatantIndex.clear();
    this.index(state);
  }

  find(state: EncounterState | null, id: string): Combatant | undefined {
    if (!state) return undefined;
    const index = this.combatantIndex.get(id);
    const combatant = index === undefined ? undefined : state.combatants[index];
    return combatant?.id === id ? combatant : state.combatants.find((c) => c.id === id);
  }

  nameOf(state: EncounterState | null, id: string): LogName {
    const name = this.find(state, id)?.name ?? id;
    // One object per combatant and name, shared by all the entries that name them.
    const kept = this.names.get(id);
    if (kept?.name === name) return kept;
    const made = { id, name };
    this.names.set(id, made);
    return made;
  }

  concernedIds(parts: Outcome): readonly string[] {
    if (!parts.actor && parts.targets.length === 0) return parts.extraIds ?? NONE;
    if (!parts.extraIds && parts.targets.length <= 1) {
      const key = `${parts.actor?.id ?? ''}\u0000${parts.targets[0]?.id ?? ''}`;
      let ids = this.idLists.get(key);
      if (!ids) {
        const list = parts.actor ? [parts.actor.id] : [];
        if (parts.targets[0] && parts.targets[0].id !== parts.actor?.id) list.push(parts.targets[0].id);
        this.idLists.set(key, (ids = list));
      }
      return ids;
    }
    const ids: string[] = parts.extraIds ? parts.extraIds.slice() : [];
    if (parts.actor && !ids.includes(parts.actor.id)) ids.push(parts.actor.id);
    for (const target of parts.targets) if (!ids.includes(target.id)) ids.push(target.id);
    return ids;
  }

  /** [the combatant's name], one shared array per name: most entries concern exactly one combatant. */
  only(state: EncounterState | null, id: string): readonly LogName[] {
    const name = this.nameOf(state, id);
    let list = this.singles.get(name);
    if (!list) this.singles.set(name, (list = [name]));
    return list;
  }
}
