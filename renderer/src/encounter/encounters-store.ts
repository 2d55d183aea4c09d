import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { EncounterEvent } from '../../../shared/encounter/events';
import { append, openHistory } from '../../../shared/encounter/history';
import { reduce } from '../../../shared/encounter/reducer';
import { ensureSystem, rulesLookup } from '../systems/loaded-systems';
import { isRulesError } from '../../../shared/errors';
import type { SystemId } from '../../../shared/system-kit/rule-system';
import { getDatabase, type EncounterRow } from '../db/database';
import { claimEncounter } from '../db/encounter-lock';
import {
  appendEvents,
  createEncounter,
  listEncounters,
  loadEncounter,
  loadFullLog,
  markDeleted,
  orphanLogIds,
  restoreEncounterRow,
  setArchived,
  withLatestSummary,
} from '../db/encounter-repository';
import { readStoredLog } from '../../../shared/encounter/stored-log';
import { newId } from '../platform/ids';
import { OPEN_ENCOUNTER_KEY, replayStoredEvents, useEncounterStore } from './encounter-store';

/** The list of encounters: create, rename, duplicate, archive, delete (undoable). */
export const useEncountersStore = defineStore('encounters', () => {
  const rows = ref<EncounterRow[]>([]);
  const error = ref<string | null>(null);
  /** The last deleted encounter, so the GM can take the delete back. */
  const lastDeleted = ref<EncounterRow | null>(null);
  /** Logs whose encounter row was lost, offered for recovery (the row is rebuilt from the log). */
  const recoverable = ref<RecoverableLog[]>([]);

  async function refresh(): Promise<void> {
    try {
      rows.value = await listEncounters(getDatabase());
      recoverable.value = await findRecoverable();
    } catch (cause) {
      error.value = `The list of encounters could not be read: ${(cause as Error).message}`;
    }
  }

  async function findRecoverable(): Promise<RecoverableLog[]> {
    const ids = await orphanLogIds(getDatabase());
    const found = await Promise.all(ids.map(async (id) => rebuildRow(id, await loadFullLog(getDatabase(), id))));
    return found.filter((log): log is RecoverableLog => log !== null);
  }

  /** Gives a lost encounter row back to its log, rebuilt from the log itself; the events are not touched. */
  async function recover(id: string): Promise<boolean> {
    error.value = null;
    try {
      const log = await rebuildRow(id, await loadFullLog(getDatabase(), id));
      if (!log) return fail(new Error('its log has no readable creation entry'), 'The encounter could not be recovered');
      await restoreEncounterRow(getDatabase(), log.row);
      await refresh();
      return true;
    } catch (cause) {
      return fail(cause, 'The encounter could not be recovered');
    }
  }

  function fail(cause: unknown, what: string): false {
    error.value = isRulesError(cause) ? cause.message : `${what}: ${(cause as Error).message}`;
    return false;
  }

  async function create(name: string, systemId: SystemId): Promise<string | null> {
    error.value = null;
    const id = newId();
    const at = new Date().toISOString();
    const event: EncounterEvent = { id: newId(), at, type: 'encounter-created', encounterId: id, name, systemId };
    try {
      await ensureSystem(systemId);
      const state = reduce(null, event, rulesLookup);
      await createEncounter(getDatabase(), { id, name: state.name, systemId, at }, [event]);
      await refresh();
      error.value = null;
      return id;
    } catch (cause) {
      fail(cause, 'The encounter could not be created');
      return null;
    }
  }

  async function rename(id: string, name: string): Promise<boolean> {
    error.value = null;
    const active = useEncounterStore();
    if (active.state?.id === id) {
      const renamed = await active.dispatch({ type: 'encounter-renamed', name });
      if (!renamed) error.value = active.error;
      await refresh();
      return renamed;
    }
    // Another window may be running it: only the window that holds it writes to its log.
    const claim = await claimEncounter(id);
    if (!claim) return fail(new Error('it is open in another window; rename it there'), 'The encounter could not be renamed');
    try {
      const stored = await loadEncounter(getDatabase(), id);
      if (!stored) return fail(new Error('it is no longer in the database'), 'The encounter could not be renamed');
      if (stored.damage) return fail(new Error('its log is damaged; duplicate it to go on from where it is whole'), 'The encounter could not be renamed');
      await ensureSystem(stored.row.systemId);
      const history = openHistory(stored.events, rulesLookup, stored.cursor);
      const event: EncounterEvent = { id: newId(), at: new Date().toISOString(), type: 'encounter-renamed', name };
      const next = append(history, event, rulesLookup);
      await appendEvents(getDatabase(), id, [event], {
        seq: stored.nextSeq,
        discardSeqs: stored.seqs.slice(history.cursor),
        cursor: next.cursor,
        unpinCursor: stored.row.cursor !== null,
        name: next.state.name,
        prevId: stored.events[history.cursor - 1]!.id,
        round: next.state.round,
      });
      await refresh();
      return true;
    } catch (cause) {
      return fail(cause, 'The encounter could not be renamed');
    } finally {
      claim.release();
    }
  }

  /**
   * Copies the encounter as it is now (undone entries are not copied). A damaged encounter is
   * copied as far as its log is whole, which is how a GM goes on from a read-only one.
   */
  async function duplicate(id: string): Promise<string | null> {
    error.value = null;
    try {
      const stored = await loadEncounter(getDatabase(), id);
      if (!stored) {
        fail(new Error('it is no longer in the database'), 'The encounter could not be duplicated');
        return null;
      }
      await ensureSystem(stored.row.systemId);
      const copyId = newId();
      const at = new Date().toISOString();
      const name = `${stored.row.name} (copy)`.slice(0, 80);
      const { history } = replayStoredEvents(stored.events, stored.cursor);
      const events = history.events.slice(0, history.cursor).map((event, index) =>
        index === 0 && event.type === 'encounter-created' ? { ...event, encounterId: copyId, name } : event,
      );
      const copy = openHistory(events, rulesLookup); // refuses a copy that would not replay
      await createEncounter(getDatabase(), { id: copyId, name, systemId: stored.row.systemId, at, round: copy.state.round }, events);
      await refresh();
      return copyId;
    } catch (cause) {
      fail(cause, 'The encounter could not be duplicated');
      return null;
    }
  }

  async function archive(id: string, archived: boolean): Promise<void> {
    error.value = null;
    try {
      await setArchived(getDatabase(), id, archived);
      await refresh();
    } catch (cause) {
      fail(cause, 'The encounter could not be archived');
    }
  }

  async function remove(id: string): Promise<void> {
    error.value = null;
    try {
      const row = rows.value.find((r) => r.id === id) ?? null;
      await markDeleted(getDatabase(), id, new Date().toISOString());
      const active = useEncounterStore();
      if (active.state?.id === id) active.close();
      lastDeleted.value = row;
      await refresh();
    } catch (cause) {
      fail(cause, 'The encounter could not be deleted');
    }
  }

  async function undoDelete(): Promise<void> {
    error.value = null;
    const row = lastDeleted.value;
    if (!row) return;
    try {
      await markDeleted(getDatabase(), row.id, null);
      lastDeleted.value = null;
      await refresh();
    } catch (cause) {
      fail(cause, 'The delete could not be undone');
    }
  }

  /** The encounter that was open when the app last closed, if it still exists. */
  async function lastOpen(): Promise<EncounterRow | null> {
    try {
      const setting = await getDatabase().settings.get(OPEN_ENCOUNTER_KEY);
      if (typeof setting?.value !== 'string') return null;
      const row = await getDatabase().encounters.get(setting.value);
      return row && row.deletedAt === null ? await withLatestSummary(getDatabase(), row) : null;
    } catch {
      return null;
    }
  }

  return { rows, error, lastDeleted, recoverable, refresh, create, rename, duplicate, archive, remove, undoDelete, lastOpen, recover };
});

export interface RecoverableLog {
  readonly row: EncounterRow;
  /** Entries that replay (the log may be damaged further on; it then opens read-only as usual). */
  readonly entries: number;
}

/** The encounter row a stored log implies: its name, system and round from the replay, its times from the entries. */
function rebuildRow(id: string, rows: Parameters<typeof readStoredLog>[0]): RecoverableLog | null {
  const reading = readStoredLog(rows, null);
  const first = reading.events[0];
  if (!first || first.type !== 'encounter-created' || first.encounterId !== id) return null;
  try {
    const { history } = replayStoredEvents(reading.events, reading.events.length);
    const last = history.events[history.cursor - 1]!;
    const row: EncounterRow = {
      id,
      name: history.state.name,
      systemId: history.state.systemId,
      createdAt: first.at,
      updatedAt: last.at,
      archived: 0,
      deletedAt: null,
      cursor: null,
      round: history.state.round,
    };
    return { row, entries: history.cursor };
  } catch {
    return null;
  }
}
