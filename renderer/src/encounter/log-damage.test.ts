import fc from 'fast-check';
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EncounterEvent, EventInput } from '../../../shared/encounter/events';
import { openHistory } from '../../../shared/encounter/history';
import { rulesLookup } from '../systems/loaded-systems';
import { GmDatabase, getDatabase, setDatabase, type EventRow } from '../db/database';
import { useEncounterStore } from './encounter-store';
import { useEncountersStore } from './encounters-store';

/**
 * A stored log damaged in every way a disk, a crash or a bad import can damage it: the encounter
 * still opens, read-only where damaged, at exactly the state of its undamaged prefix, and not one
 * stored row changes. Runs through the real store and repository on an in-memory IndexedDB.
 */

let n = 0;
/** Runs of the fuzz test; reported in the issue's closing note. */
const RUNS = Number(
  (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env.DAMAGE_FUZZ_RUNS ?? 150,
);
beforeEach(() => {
  setActivePinia(createPinia());
  setDatabase(new GmDatabase(`gm-screen-damage-test-${n++}`));
});

const guard = { strength: 3, agility: 3, wits: 2, empathy: 1, armor: 2 };

type Step =
  | { kind: 'notes'; count: number }
  | { kind: 'add' }
  | { kind: 'harm'; amount: number }
  | { kind: 'undo'; count: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('notes' as const), count: fc.integer({ min: 1, max: 70 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('add' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('harm' as const), amount: fc.integer({ min: 0, max: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('undo' as const), count: fc.integer({ min: 1, max: 4 }) }) },
);

/** Builds an encounter the way a GM does, through the store: batches of notes, combatants, harm, undos. */
async function play(steps: readonly Step[]): Promise<string> {
  const list = useEncountersStore();
  const id = (await list.create('Fuzzed', 'electric-state'))!;
  const encounter = useEncounterStore();
  expect(await encounter.open(id)).toBe(true);
  let added = 0;
  for (const s of steps) {
    if (s.kind === 'notes') {
      const notes = Array.from({ length: s.count }, (_, i): EventInput => ({ type: 'note-added', text: `note ${i}` }));
      expect(await encounter.dispatchAll(notes)).toBe(true);
    } else if (s.kind === 'add') {
      added += 1;
      await encounter.dispatch({
        type: 'combatant-added',
        combatant: { id: `c${added}`, name: `Guard ${added}`, kind: 'npc', side: 'opponents', stats: guard },
      });
    } else if (s.kind === 'harm') {
      const target = encounter.state!.combatants.find((c) => !c.removed);
      if (target)
        await encounter.dispatch({
          type: 'harm-applied',
          combatantId: target.id,
          harm: { kind: 'damage', amount: s.amount },
        });
    } else {
      for (let i = 0; i < s.count && encounter.undoable; i++) await encounter.undo();
    }
  }
  encounter.close();
  return id;
}

type Damage =
  | { kind: 'none' }
  | { kind: 'drop'; at: number }
  | { kind: 'null'; at: number }
  | { kind: 'not-an-object'; at: number }
  | { kind: 'unknown-type'; at: number }
  | { kind: 'duplicate'; from: number; at: number }
  | { kind: 'reorder'; a: number; b: number }
  | { kind: 'cursor'; value: unknown }
  | { kind: 'snapshot-state' }
  | { kind: 'snapshot-position' };

/** Picks (by fractions of the log's length) what to damage; positions are resolved against the stored rows. */
const DAMAGE_KINDS = [
  'none',
  'drop',
  'null',
  'not-an-object',
  'unknown-type',
  'duplicate',
  'reorder',
  'cursor',
  'snapshot-state',
  'snapshot-position',
] as const;

/** Two hundred and more entries: the log has snapshots (one per SNAPSHOT_INTERVAL entries). */
const SNAPSHOTTED_LOG: Step[] = [
  { kind: 'add' },
  { kind: 'notes', count: 70 },
  { kind: 'harm', amount: 1 },
  { kind: 'notes', count: 70 },
  { kind: 'notes', count: 70 },
];

const damage = fc.record({
  kind: fc.constantFrom(...DAMAGE_KINDS),
  p: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
  q: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
  cursor: fc.constantFrom<unknown>(-3, 0, 20.5, 'abc', null, 1e9, {}, Number.NaN),
});

type DamagePick = typeof damage extends fc.Arbitrary<infer T> ? T : never;

async function dump(id: string) {
  const db = getDatabase();
  const events = await db.events.where('[encounterId+seq]').between([id, -Infinity], [id, Infinity]).toArray();
  return { row: await db.encounters.get(id), events, snapshots: await db.snapshots.toArray() };
}

/** The damage to do, on positions of this log, and the first log position it damages (null: none in the rows). */
function resolveDamage(
  pick: { kind: string; p: number; q: number; cursor: unknown },
  rows: readonly EventRow[],
  /** The stored snapshots' entry counts, in order. */
  snapshots: readonly number[],
  storedCursor: number | null,
): { damage: Damage; firstDamagedSeq: number | null; noticeable?: false } {
  const active = rows.filter((r) => r.discarded === 0 && r.seq > 0).map((r) => r.seq);
  const anyRow = rows.filter((r) => r.seq > 0).map((r) => r.seq);
  const at = (list: number[], f: number) => list[Math.floor(f * list.length)]!;
  if (pick.kind === 'snapshot-state' || pick.kind === 'snapshot-position') {
    // Only a snapshot within the entries in effect is ever read (one past an undo is not).
    const inEffect = storedCursor ?? rows.filter((r) => r.discarded === 0).length;
    if (snapshots.length > 0) {
      const damage: Damage = { kind: pick.kind };
      return snapshots.at(-1)! <= inEffect
        ? { damage, firstDamagedSeq: null }
        : { damage, firstDamagedSeq: null, noticeable: false };
    }
  }
  if (pick.kind === 'cursor') return { damage: { kind: 'cursor', value: pick.cursor }, firstDamagedSeq: null };
  if (pick.kind === 'drop' && anyRow.length) {
    const seq = at(anyRow, pick.p);
    // A lost last row leaves a log that reads whole, as if that write never happened: nothing
    // else records the log's length (appends write one row, for speed). It opens as the prefix.
    const stillFits =
      storedCursor === null || storedCursor <= rows.filter((r) => r.discarded === 0 && r.seq !== seq).length;
    if (seq === anyRow.at(-1) && stillFits)
      return { damage: { kind: 'drop', at: seq }, firstDamagedSeq: seq, noticeable: false };
    return { damage: { kind: 'drop', at: seq }, firstDamagedSeq: seq };
  }
  if ((pick.kind === 'null' || pick.kind === 'not-an-object' || pick.kind === 'unknown-type') && active.length) {
    const seq = at(active, pick.p);
    return { damage: { kind: pick.kind, at: seq }, firstDamagedSeq: seq };
  }
  if ((pick.kind === 'duplicate' || pick.kind === 'reorder') && active.length >= 2) {
    let a = at(active, pick.p);
    let b = at(active, pick.q);
    if (a === b) b = active[(active.indexOf(a) + 1) % active.length]!;
    if (pick.kind === 'duplicate') return { damage: { kind: 'duplicate', from: a, at: b }, firstDamagedSeq: b };
    [a, b] = [Math.min(a, b), Math.max(a, b)];
    return { damage: { kind: 'reorder', a, b }, firstDamagedSeq: a };
  }
  return { damage: { kind: 'none' }, firstDamagedSeq: null };
}

async function doDamage(id: string, damage: Damage): Promise<void> {
  const db = getDatabase();
  const key = (seq: number) => [id, seq] as [string, number];
  switch (damage.kind) {
    case 'none':
      return;
    case 'drop':
      return db.events.delete(key(damage.at));
    case 'null':
      await db.events.update(key(damage.at), { event: null as never });
      return;
    case 'not-an-object':
      await db.events.update(key(damage.at), { event: 'turn-advanced' as never });
      return;
    case 'unknown-type': {
      const row = (await db.events.get(key(damage.at)))!;
      await db.events.put({ ...row, event: { ...row.event, type: 'teleported' } as never });
      return;
    }
    case 'duplicate': {
      // Another row's whole value written over this position, as a bad copy or import would.
      const from = (await db.events.get(key(damage.from)))!;
      await db.events.put({ ...from, seq: damage.at });
      return;
    }
    case 'reorder': {
      // Two rows trade places, each with all it holds.
      const a = (await db.events.get(key(damage.a)))!;
      const b = (await db.events.get(key(damage.b)))!;
      await db.events.bulkPut([
        { ...b, seq: damage.a },
        { ...a, seq: damage.b },
      ]);
      return;
    }
    case 'cursor':
      await db.encounters.update(id, { cursor: damage.value as number });
      return;
    case 'snapshot-state': {
      const latest = (await db.snapshots.toArray()).at(-1)!;
      await db.snapshots.put({ ...latest, state: { ...latest.state, round: 1003 } });
      return;
    }
    case 'snapshot-position': {
      const latest = (await db.snapshots.toArray()).at(-1)!;
      await db.snapshots.put({ ...latest, lastSeq: latest.lastSeq - 1 });
      return;
    }
  }
}

/** What the screen must show: the active events before the first damaged position, replayed up to the stored cursor. */
function expectedState(
  rows: readonly EventRow[],
  storedCursor: number | null,
  firstDamagedSeq: number | null,
  cursorDamaged: boolean,
) {
  const active = rows.filter((r) => r.discarded === 0);
  const prefix = active.filter((r) => firstDamagedSeq === null || r.seq < firstDamagedSeq).map((r) => r.event);
  const wanted = cursorDamaged || storedCursor === null ? prefix.length : Math.min(storedCursor, prefix.length);
  return openHistory(prefix as EncounterEvent[], rulesLookup, wanted).state;
}

describe('a damaged log', () => {
  it('opens read-only at the replay of its undamaged prefix, changing no stored row', async () => {
    let runs = 0;
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), damage, async (steps, pick) => {
        setActivePinia(createPinia());
        setDatabase(new GmDatabase(`gm-screen-damage-fuzz-${n++}`));
        const id = await play(steps);
        const before = await dump(id);
        const {
          damage: chosen,
          firstDamagedSeq,
          noticeable,
        } = resolveDamage(
          pick,
          before.events,
          before.snapshots.map((snapshot) => snapshot.count),
          before.row!.cursor,
        );
        seen.add(chosen.kind);
        await doDamage(id, chosen);
        const damaged = await dump(id);

        setActivePinia(createPinia());
        const encounter = useEncounterStore();
        expect(await encounter.open(id)).toBe(true);
        await encounter.checkWhole();

        const cursorDamaged =
          chosen.kind === 'cursor' &&
          !(Number.isInteger(chosen.value) && (chosen.value as number) >= 1) &&
          chosen.value !== null;
        const cursorBeyond =
          chosen.kind === 'cursor' &&
          Number.isInteger(chosen.value) &&
          (chosen.value as number) > before.events.filter((r) => r.discarded === 0).length;
        const expectDamage =
          chosen.kind !== 'none' && noticeable !== false && !(chosen.kind === 'cursor' && chosen.value === null);
        expect(encounter.readOnly).toBe(expectDamage);
        expect(encounter.problem === null).toBe(!expectDamage);
        if (expectDamage) expect(encounter.problem).toMatch(/damaged|does not match/);
        // History is unavailable where the log is damaged; elsewhere undo works as always.
        expect(encounter.undoable).toBe(!expectDamage && encounter.history!.cursor > 1);
        if (expectDamage) expect(encounter.redoable).toBe(false);
        const storedCursor = chosen.kind === 'cursor' ? null : (before.row!.cursor ?? null);
        expect(encounter.state).toEqual(
          expectedState(before.events, storedCursor, firstDamagedSeq, cursorDamaged || cursorBeyond),
        );

        // A change is refused and nothing is written.
        if (expectDamage || encounter.problem)
          expect(await encounter.dispatch({ type: 'note-added', text: 'after the damage' })).toBe(false);
        const after = await dump(id);
        // The log and its row are never written. The snapshots are a cache of the log: an opening
        // that replayed the whole log may save the states it passed (a damaged one past an undo is
        // then replaced by the replayed state, at the log position that state folds), but never
        // adds or removes one.
        expect({ row: after.row, events: after.events }).toEqual({ row: damaged.row, events: damaged.events });
        const counts = (rows: typeof after.snapshots) => rows.map((r) => `${r.encounterId}:${r.count}`);
        expect(counts(after.snapshots)).toEqual(counts(damaged.snapshots));
        const active = before.events.filter((r) => r.discarded === 0);
        for (const [index, snapshot] of after.snapshots.entries()) {
          if (JSON.stringify(snapshot) === JSON.stringify(damaged.snapshots[index])) continue;
          expect(snapshot.state).toEqual(expectedState(before.events, snapshot.count, null, false));
          const folded = active[snapshot.count - 1]!;
          expect({ lastSeq: snapshot.lastSeq, lastEventId: snapshot.lastEventId }).toEqual({
            lastSeq: folded.seq,
            lastEventId: folded.event.id,
          });
        }
        runs += 1;
      }),
      // Each kind of damage once on a log long enough to have snapshots, before the random ones:
      // a snapshot kind drawn for a log without one falls back to another kind.
      {
        numRuns: RUNS,
        examples: DAMAGE_KINDS.map((kind): [Step[], DamagePick] => [
          SNAPSHOTTED_LOG,
          { kind, p: 0.5, q: 0.5, cursor: 20.5 },
        ]),
      },
    );
    expect(runs).toBe(RUNS);
    // Every kind of damage was tried (the examples come first; a run shorter than them tries fewer).
    if (RUNS >= DAMAGE_KINDS.length)
      expect([...seen].sort()).toEqual([
        'cursor',
        'drop',
        'duplicate',
        'none',
        'not-an-object',
        'null',
        'reorder',
        'snapshot-position',
        'snapshot-state',
        'unknown-type',
      ]);
  }, 600_000);
});

// Each builds and reopens a long log through IndexedDB: give a busy machine room.
describe('the damage seen at the table', { timeout: 60_000 }, () => {
  async function longEncounter(notes: number) {
    const list = useEncountersStore();
    const id = (await list.create('Long', 'electric-state'))!;
    const encounter = useEncounterStore();
    await encounter.open(id);
    await encounter.dispatch({
      type: 'combatant-added',
      combatant: { id: 'c1', name: 'Guard', kind: 'npc', side: 'opponents', stats: guard },
    });
    await encounter.dispatchAll(
      Array.from({ length: notes }, (_, i): EventInput => ({ type: 'note-added', text: `n${i}` })),
    );
    encounter.close();
    return id;
  }

  async function reopen(id: string) {
    setActivePinia(createPinia());
    const encounter = useEncounterStore();
    expect(await encounter.open(id)).toBe(true);
    await encounter.checkWhole();
    return encounter;
  }

  it('a lost entry before the newest snapshot: read-only before it, undo unavailable with the reason', async () => {
    const id = await longEncounter(136);
    expect((await getDatabase().snapshots.toArray()).map((s) => s.count)).toEqual([100]);
    await getDatabase().events.update([id, 60], { event: null as never });
    const encounter = await reopen(id);
    expect(encounter.problem).toBe(
      "Entry 61 of this encounter's log is damaged (it holds null instead of an event). It is shown as it was before that entry, read-only; nothing has been deleted.",
    );
    expect(encounter.history!.events).toHaveLength(60);
    expect(encounter.history!.cursor).toBe(60);
    expect(encounter.undoable).toBe(false);
    expect(encounter.readOnlyReason).toBe(
      'This encounter is open read-only because its log is damaged; duplicate it to go on from here.',
    );
    expect(await encounter.undo()).toBe(false);
    expect(await getDatabase().events.count()).toBe(138);
  });

  it('a snapshot that does not match its log: the log is replayed and trusted', async () => {
    const id = await longEncounter(120);
    const [snapshot] = await getDatabase().snapshots.toArray();
    await getDatabase().snapshots.put({ ...snapshot!, state: { ...snapshot!.state, round: 1003 } });
    const encounter = await reopen(id);
    expect(encounter.state!.round).toBe(0);
    expect(encounter.history!.cursor).toBe(122);
    expect(encounter.problem).toBe(
      "The state saved after entry 100 does not match this encounter's log (replaying the entries before it gives another state). The log was replayed instead and is shown read-only; nothing has been deleted.",
    );
  });

  it('a corrupt cursor shows every entry in effect, read-only, and discards nothing', async () => {
    for (const cursor of [-3, 20.5, 'abc']) {
      const id = await longEncounter(5);
      await getDatabase().encounters.update(id, { cursor: cursor as number });
      const encounter = await reopen(id);
      expect(encounter.history!.cursor).toBe(7);
      expect(encounter.state!.combatants.map((c) => c.name)).toEqual(['Guard']);
      expect(encounter.problem).toMatch(
        /^This encounter's saved undo position is damaged \(.+ is not a position in the log\)\. All 7 entries are shown/,
      );
      expect(await encounter.dispatch({ type: 'note-added', text: 'x' })).toBe(false);
      expect((await getDatabase().events.where('encounterId').equals(id).toArray()).map((r) => r.discarded)).toEqual([
        0, 0, 0, 0, 0, 0, 0,
      ]);
    }
  });

  it('an event of a type this version does not know opens read-only before it', async () => {
    const id = await longEncounter(3);
    const row = (await getDatabase().events.get([id, 4]))!;
    await getDatabase().events.put({ ...row, event: { ...row.event, type: 'teleported' } as never });
    const encounter = await reopen(id);
    expect(encounter.problem).toBe(
      'Entry 5 of this encounter\'s log is damaged ("teleported" is not an event this version of GM Screen knows). It is shown as it was before that entry, read-only; nothing has been deleted.',
    );
    expect(encounter.history!.cursor).toBe(4);
  });

  it('a log whose creation cannot be read does not open, and the open encounter stays open', async () => {
    const broken = await longEncounter(1);
    await getDatabase().events.update([broken, 0], { event: { id: 'x', at: 'x', type: 'teleported' } as never });
    const other = (await useEncountersStore().create('Fine', 'hardware'))!;
    const encounter = useEncounterStore();
    expect(await encounter.open(other)).toBe(true);
    expect(await encounter.open(broken)).toBe(false);
    expect(encounter.error).toBe(
      'The encounter could not be opened: "teleported" is not an event this version of GM Screen knows.',
    );
    expect(encounter.state!.id).toBe(other);
    expect(encounter.readOnly).toBe(false);
    expect((await getDatabase().settings.get('openEncounterId'))!.value).toBe(other);
  });
});
