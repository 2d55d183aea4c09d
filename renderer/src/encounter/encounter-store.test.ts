import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp, h } from 'vue';
import { GmDatabase, getDatabase, setDatabase } from '../db/database';
import { loadEncounter, loadFullLog } from '../db/encounter-repository';
import { useEncounterStore } from './encounter-store';
import { useEncountersStore } from './encounters-store';

let n = 0;
beforeEach(() => {
  setActivePinia(createPinia());
  setDatabase(new GmDatabase(`gm-screen-encounter-test-${n++}`));
});

const guard = { strength: 3, agility: 3, wits: 2, empathy: 1, armor: 2 };

async function newEncounter() {
  const list = useEncountersStore();
  const id = await list.create('Warehouse', 'electric-state');
  const encounter = useEncounterStore();
  expect(await encounter.open(id!)).toBe(true);
  return { list, encounter, id: id! };
}

describe('encounter store', () => {
  it('writes each event, and reopens exactly as it was', async () => {
    const { encounter, id } = await newEncounter();
    expect(await encounter.dispatch({ type: 'combatant-added', combatant: { id: 'c1', name: 'Guard', kind: 'npc', side: 'opponents', stats: guard } })).toBe(true);
    expect(await encounter.dispatch({ type: 'harm-applied', combatantId: 'c1', harm: { kind: 'damage', amount: 1 } })).toBe(true);
    const shown = encounter.state;

    setActivePinia(createPinia());
    const reopened = useEncounterStore();
    await reopened.open(id);
    expect(reopened.state).toEqual(shown);
  });

  it('refuses a bad change with a message and stores nothing', async () => {
    const { encounter, id } = await newEncounter();
    await encounter.dispatch({ type: 'combatant-added', combatant: { id: 'c1', name: 'Guard', kind: 'npc', side: 'opponents', stats: guard } });
    const before = encounter.state;
    expect(await encounter.dispatch({ type: 'harm-applied', combatantId: 'c1', harm: { kind: 'damage', amount: -2 } })).toBe(false);
    expect(encounter.error).toMatch(/whole number from 0/);
    expect(await encounter.dispatch({ type: 'combatant-edited', combatantId: 'c1', stats: { strength: -1 } })).toBe(false);
    expect(await encounter.dispatch({ type: 'turn-advanced' })).toBe(false);
    expect(encounter.error).toMatch(/Start the encounter/);
    expect(encounter.state).toBe(before);
    expect((await loadEncounter(getDatabase(), id))!.events).toHaveLength(2);
  });

  it('appends with one write: the row keeps no cursor unless an undo pinned it', async () => {
    const { encounter, id } = await newEncounter();
    await encounter.dispatch({ type: 'note-added', text: 'a' });
    const row = await getDatabase().encounters.get(id);
    expect(row!.cursor).toBeNull();
    await encounter.undo();
    expect((await getDatabase().encounters.get(id))!.cursor).toBe(1);
    setActivePinia(createPinia());
    const reopened = useEncounterStore();
    await reopened.open(id);
    expect(reopened.history!.cursor).toBe(1);
    expect(reopened.redoable).toBe(true);
  });

  it('shows a change at once and takes it back, with a message, when the disk refuses it', async () => {
    const { encounter, id } = await newEncounter();
    await encounter.dispatch({ type: 'note-added', text: 'kept' });
    const onDisk = encounter.history!;
    const db = getDatabase();
    // A row already at the next log position makes IndexedDB abort the append, as a full disk would.
    const last = await db.events.where('[encounterId+seq]').between([id, -Infinity], [id, Infinity]).last();
    const blocker = { encounterId: id, seq: last!.seq + 1, event: last!.event, discarded: 1 as const };
    await db.events.add(blocker);
    const first = encounter.dispatch({ type: 'note-added', text: 'lost' });
    const second = encounter.dispatch({ type: 'note-added', text: 'queued behind it' });
    expect(encounter.history?.cursor).toBe(onDisk.cursor + 2);
    expect(encounter.saving).toBe(2);
    expect(await first).toBe(false);
    expect(await second).toBe(false);
    expect(encounter.history).toBe(onDisk);
    expect(encounter.saving).toBe(0);
    expect(encounter.error).toMatch(/not saved, so it was taken back: ConstraintError/);
    expect((await loadFullLog(db, id)).map((r) => r.event.type)).toEqual(['encounter-created', 'note-added', 'note-added']);
    await db.events.delete([id, blocker.seq]);
    expect(await encounter.dispatch({ type: 'note-added', text: 'after' })).toBe(true);
    expect((await loadEncounter(db, id))!.events.map((e) => (e.type === 'note-added' ? e.text : e.type))).toEqual(['encounter-created', 'kept', 'after']);
  });

  it('starts the write once the screen has drawn the change, so the page does not wait on opening a transaction', async () => {
    const { encounter } = await newEncounter();
    const host = document.createElement('div');
    const app = createApp({ render: () => h('p', `${encounter.state?.combatants.length ?? 0} combatants`) });
    app.mount(host);
    const db = getDatabase();
    const shownWhenWritten: string[] = [];
    // One event goes to IndexedDB directly (encounter-repository's addEventRow), through the backend database.
    const backend = db.backendDB.bind(db);
    vi.spyOn(db, 'backendDB').mockImplementation(() => {
      shownWhenWritten.push(host.textContent!);
      return backend();
    });
    const saved = encounter.dispatch({ type: 'combatant-added', combatant: { id: 'c1', name: 'Guard', kind: 'npc', side: 'opponents', stats: guard } });
    expect(shownWhenWritten).toEqual([]);
    expect(encounter.saving).toBe(1);
    expect(await saved).toBe(true);
    expect(shownWhenWritten).toEqual(['1 combatants']);
    app.unmount();
  });

  it('undo and redo persist the cursor; a new event after undo keeps the undone one as discarded', async () => {
    const { encounter, id } = await newEncounter();
    await encounter.dispatch({ type: 'note-added', text: 'one' });
    await encounter.dispatch({ type: 'note-added', text: 'two' });
    await encounter.undo();
    expect((await loadEncounter(getDatabase(), id))!.row.cursor).toBe(2);
    await encounter.redo();
    await encounter.undo();
    await encounter.dispatch({ type: 'note-added', text: 'three' });
    const stored = (await loadEncounter(getDatabase(), id))!;
    expect(stored.events.map((e) => (e.type === 'note-added' ? e.text : e.type))).toEqual(['encounter-created', 'one', 'three']);
    // Appending after the undo unpins the cursor again: every active event is in effect.
    expect(stored.row.cursor).toBeNull();
    expect(stored.cursor).toBe(3);
    const full = await loadFullLog(getDatabase(), id);
    expect(full.filter((r) => r.discarded === 1).map((r) => (r.event.type === 'note-added' ? r.event.text : ''))).toEqual(['two']);
    expect(encounter.redoable).toBe(false);
  });

  it('opens a long encounter from its saved snapshot, then loads the earlier events for undo', async () => {
    const { encounter, id } = await newEncounter();
    for (let i = 0; i < 230; i++) await encounter.dispatch({ type: 'note-added', text: `n${i}` });
    expect(await getDatabase().snapshots.count()).toBe(2);
    const shown = encounter.state;

    setActivePinia(createPinia());
    const reopened = useEncounterStore();
    expect(await reopened.open(id)).toBe(true);
    expect(reopened.state).toEqual(shown);
    // Undo far past the snapshot: the earlier events are read first.
    expect(await reopened.moveTo(5)).toBe(true);
    expect(reopened.history!.offset).toBe(0);
    expect(reopened.history!.cursor).toBe(5);
    expect(await reopened.moveTo(231)).toBe(true);
    expect(reopened.state).toEqual(shown);
    // A new event after an undo drops the snapshots past the cursor.
    await reopened.moveTo(150);
    expect(await reopened.dispatch({ type: 'note-added', text: 'branch' })).toBe(true);
    expect((await getDatabase().snapshots.toArray()).map((r) => r.count)).toEqual([100]);
  });

  it('saves the states a whole replay passed when the log had none (a restored backup leaves them out), and opens from them next time', async () => {
    const { encounter, id } = await newEncounter();
    for (let i = 0; i < 230; i++) await encounter.dispatch({ type: 'note-added', text: `n${i}` });
    const saved = await getDatabase().snapshots.toArray();
    await getDatabase().snapshots.clear();
    const shown = encounter.state;

    setActivePinia(createPinia());
    const replayed = useEncounterStore();
    expect(await replayed.open(id)).toBe(true);
    expect([replayed.history!.offset, replayed.state]).toEqual([0, shown]);
    // The same rows the writes had saved: count, the entry they fold, version and state.
    await vi.waitFor(async () => expect(await getDatabase().snapshots.toArray()).toEqual(saved));
    expect(saved.map((row) => [row.count, row.lastSeq, row.lastEventId])).toEqual([
      [100, 99, replayed.history!.events[99]!.id],
      [200, 199, replayed.history!.events[199]!.id],
    ]);

    setActivePinia(createPinia());
    const fast = useEncounterStore();
    expect(await fast.open(id)).toBe(true);
    expect([fast.history!.offset, fast.state]).toEqual([200, shown]);
  });

  it('saves no states beside damage', async () => {
    const { encounter, id } = await newEncounter();
    for (let i = 0; i < 120; i++) await encounter.dispatch({ type: 'note-added', text: `n${i}` });
    await getDatabase().snapshots.clear();
    await getDatabase().events.update([id, 110], { event: { id: 'x', at: 'x', type: 'combatant-added', combatant: null } as never });
    setActivePinia(createPinia());
    const damaged = useEncounterStore();
    expect(await damaged.open(id)).toBe(true);
    expect(damaged.problem).toMatch(/Entry 111 of this encounter's log is damaged/);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await getDatabase().snapshots.count()).toBe(0);
  });

  it('opens a log with a damaged entry read-only, up to that entry, deleting nothing', async () => {
    const { encounter, id } = await newEncounter();
    await encounter.dispatch({ type: 'combatant-added', combatant: { id: 'c1', name: 'Guard', kind: 'npc', side: 'opponents', stats: guard } });
    await encounter.dispatch({ type: 'note-added', text: 'after' });
    // Corrupt the second event as a broken disk or a bad import might.
    await getDatabase().events.update([id, 1], { event: { id: 'x', at: 'x', type: 'combatant-added', combatant: null } as never });
    setActivePinia(createPinia());
    const reopened = useEncounterStore();
    expect(await reopened.open(id)).toBe(true);
    expect(reopened.problem).toMatch(/Entry 2 of this encounter's log is damaged/);
    expect(reopened.readOnly).toBe(true);
    expect(reopened.state?.combatants).toEqual([]);
    expect(await reopened.dispatch({ type: 'note-added', text: 'x' })).toBe(false);
    expect(await loadFullLog(getDatabase(), id)).toHaveLength(3);
  });
});

describe('reading an encounter ahead of opening it (the resume offer)', () => {
  /** An encounter with one note, closed, and a fresh store (as at the next start). */
  async function closedWithNote(): Promise<string> {
    const { encounter, id } = await newEncounter();
    await encounter.dispatch({ type: 'note-added', text: 'first' });
    encounter.close();
    setActivePinia(createPinia());
    return id;
  }
  const notes = (encounter: ReturnType<typeof useEncounterStore>) =>
    encounter.history!.events.flatMap((e) => (e.type === 'note-added' ? [e.text] : []));
  /**
   * Rewrites the note in place, leaving the row and the log's last position as they were: no
   * write of the app does this, so what the store shows tells whether it read the log again.
   */
  async function rewriteNoteUnmarked(id: string): Promise<void> {
    const db = getDatabase();
    const rows = await db.events.where('[encounterId+seq]').between([id, -Infinity], [id, Infinity]).toArray();
    const row = rows.find((r) => r.event.type === 'note-added')!;
    await db.events.put({ ...row, event: { ...row.event, text: 'rewritten' } as typeof row.event });
  }

  it('opens from what it read ahead when nothing was written to the encounter since', async () => {
    const id = await closedWithNote();
    const encounter = useEncounterStore();
    await encounter.readAheadOf(id);
    await rewriteNoteUnmarked(id);
    expect(await encounter.open(id)).toBe(true);
    expect(notes(encounter)).toEqual(['first']);
    // Used once: the next opening reads the log.
    expect(await encounter.open(id)).toBe(true);
    expect(notes(encounter)).toEqual(['rewritten']);
  });

  it('reads the encounter again when another window wrote to it, or undid in it, since', async () => {
    const id = await closedWithNote();
    const encounter = useEncounterStore();
    await encounter.readAheadOf(id);
    setActivePinia(createPinia());
    const other = useEncounterStore();
    expect(await other.open(id)).toBe(true);
    expect(await other.dispatch({ type: 'note-added', text: 'second' })).toBe(true);
    other.close();
    expect(await encounter.open(id)).toBe(true);
    expect(notes(encounter)).toEqual(['first', 'second']);
    encounter.close();

    await encounter.readAheadOf(id);
    expect(await other.open(id)).toBe(true);
    expect(await other.undo()).toBe(true);
    other.close();
    expect(await encounter.open(id)).toBe(true);
    // Created and "first" in effect; "second" undone.
    expect(encounter.history!.cursor).toBe(2);
  });

  it('reads again once told to forget, and when another encounter is opened first', async () => {
    const id = await closedWithNote();
    const encounter = useEncounterStore();
    await encounter.readAheadOf(id);
    encounter.forgetReadAhead();
    await rewriteNoteUnmarked(id);
    expect(await encounter.open(id)).toBe(true);
    expect(notes(encounter)).toEqual(['rewritten']);

    const otherId = (await useEncountersStore().create('Docks', 'electric-state'))!;
    await encounter.readAheadOf(id);
    expect(await encounter.open(otherId)).toBe(true);
    const db = getDatabase();
    const rows = await db.events.where('[encounterId+seq]').between([id, -Infinity], [id, Infinity]).toArray();
    const row = rows.find((r) => r.event.type === 'note-added')!;
    await db.events.put({ ...row, event: { ...row.event, text: 'again' } as typeof row.event });
    expect(await encounter.open(id)).toBe(true);
    expect(notes(encounter)).toEqual(['again']);
  });
});

describe('encounters list', () => {
  it('creates, renames, duplicates, archives, deletes and undoes the delete', async () => {
    const { list, encounter, id } = await newEncounter();
    await encounter.dispatch({ type: 'combatant-added', combatant: { id: 'c1', name: 'Guard', kind: 'npc', side: 'opponents', stats: guard } });
    expect(await list.rename(id, 'Docks')).toBe(true);
    expect(list.rows[0]!.name).toBe('Docks');
    const copy = await list.duplicate(id);
    const copied = (await loadEncounter(getDatabase(), copy!))!;
    expect(copied.row.name).toBe('Docks (copy)');
    expect(copied.events).toHaveLength(3);
    await list.archive(copy!, true);
    expect(list.rows.find((r) => r.id === copy)!.archived).toBe(1);
    await list.remove(id);
    expect(list.rows.map((r) => r.id)).toEqual([copy]);
    expect(encounter.state).toBeNull();
    await list.undoDelete();
    expect(list.rows.map((r) => r.id).sort()).toEqual([id, copy].sort());
  });

  it('remembers the open encounter for resuming', async () => {
    const { list, id } = await newEncounter();
    expect((await list.lastOpen())?.id).toBe(id);
  });
});
