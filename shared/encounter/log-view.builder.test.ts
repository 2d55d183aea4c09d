// The log builder itself: the filter, building one event at a time, dropping a redo branch, a late start.
import { describe, expect, it } from 'vitest';
import type { EncounterEvent } from './events';
import { EncounterLogBuilder, matchesLogFilter } from './log-view';
import { build, ev, lookup, roll, running } from './log-view.test-support';
import { replay, type RulesLookup } from './reducer';

describe('filtering', () => {
  it('matches by combatant (actor, target or initiative member) and by kind', () => {
    const entries = build([
      ...running(),
      {
        ...ev({
          type: 'roll-resolved',
          roll: roll('Ghost', 6, [6]),
          summary: 'Hit',
          actorId: 'ghost',
          targetIds: ['g1'],
        }),
        id: 'shot',
      },
      ev({ type: 'harm-applied', combatantId: 'g1', harm: { kind: 'damage', amount: 2 }, sourceEventId: 'shot' }),
      ev({ type: 'note-added', text: 'n' }),
    ]);
    const ids = (combatant: string | null, kind: Parameters<typeof matchesLogFilter>[2]) =>
      entries.filter((e) => matchesLogFilter(e, combatant, kind)).map((e) => e.type);
    expect(ids('g2', null)).toEqual(['combatant-added', 'initiative-rolled']);
    expect(ids('g1', 'harm')).toEqual(['harm-applied']);
    // The harm names Ghost as its actor, but it is not a roll.
    expect(ids('ghost', 'rolls')).toEqual(['initiative-rolled', 'roll-resolved']);
    expect(ids('ghost', 'harm')).toEqual(['harm-applied']);
    expect(ids(null, 'notes')).toEqual(['note-added']);
    expect(ids(null, null)).toHaveLength(entries.length);
  });
});

describe('incremental building', () => {
  /** Counts calls into the rules: every reduce and every description asks the lookup for the system's tracker. */
  function countingLookup(): { lookup: RulesLookup; calls: () => number } {
    let calls = 0;
    const counted: RulesLookup = {
      system: (id) => {
        calls++;
        return lookup.system(id);
      },
      tracker: (id) => {
        calls++;
        return lookup.tracker(id);
      },
    };
    return { lookup: counted, calls: () => calls };
  }

  function longFight(rounds: number): EncounterEvent[] {
    const events = running();
    for (let i = 0; i < rounds; i++) {
      events.push(ev({ type: 'harm-applied', combatantId: 'ghost', harm: { kind: 'damage', amount: 1 } }));
      events.push(ev({ type: 'harm-applied', combatantId: 'ghost', harm: { kind: 'heal', amount: 1 } }));
      events.push(ev({ type: 'note-added', text: `round ${i}` }));
      events.push(ev({ type: 'turn-advanced' }), ev({ type: 'turn-advanced' }), ev({ type: 'turn-advanced' }));
    }
    return events;
  }

  it('costs the same few rules calls to add one event whether the log is short or long', () => {
    const cost = (events: readonly EncounterEvent[]) => {
      const { lookup: counted, calls } = countingLookup();
      const builder = new EncounterLogBuilder(counted);
      for (const event of events) builder.push(event);
      const before = calls();
      const kept = builder.entries.slice();
      builder.push(ev({ type: 'harm-applied', combatantId: 'g2', harm: { kind: 'damage', amount: 1 } }));
      // Earlier entries are kept as they were, not rebuilt.
      expect(builder.entries.slice(0, kept.length).every((entry, i) => entry === kept[i])).toBe(true);
      return calls() - before;
    };
    const short = cost(longFight(2));
    const long = cost(longFight(1_000));
    expect(short).toBeGreaterThan(0);
    expect(long).toBe(short);
  });

  it('builds a whole log with a bounded number of rules calls per event', () => {
    const events = longFight(1_700);
    expect(events.length).toBeGreaterThan(10_000);
    const { lookup: counted, calls } = countingLookup();
    const builder = new EncounterLogBuilder(counted);
    for (const event of events) builder.push(event);
    expect(builder.entries).toHaveLength(events.length);
    expect(calls()).toBeLessThanOrEqual(3 * events.length);
  });

  it('dropping a redo branch replays at most one checkpoint interval, and equals a fresh build', () => {
    const events = longFight(100);
    const { lookup: counted, calls } = countingLookup();
    const builder = new EncounterLogBuilder(counted);
    for (const event of events) builder.push(event);
    const before = calls();
    builder.truncate(450);
    expect(calls() - before).toBeLessThanOrEqual(2 * 100);
    expect(builder.length).toBe(450);
    const added = ev({ type: 'note-added', text: 'new branch' });
    builder.push(added);
    expect(JSON.stringify(builder.entries)).toBe(JSON.stringify(build([...events.slice(0, 450), added])));
    expect(builder.state).toEqual(replay([...events.slice(0, 450), added], lookup));
  });

  it('names combatants of a new branch right after a branch that added others is dropped', () => {
    const builder = new EncounterLogBuilder(lookup);
    const base = running();
    for (const event of base) builder.push(event);
    builder.push(
      ev({
        type: 'combatant-added',
        combatant: { id: 'old', name: 'Dropped', kind: 'npc', side: 'opponents', stats: { hp: 3 } },
      }),
    );
    builder.truncate(base.length);
    builder.push(
      ev({
        type: 'combatant-added',
        combatant: { id: 'new', name: 'Kept', kind: 'npc', side: 'opponents', stats: { hp: 3 } },
      }),
    );
    builder.push(ev({ type: 'harm-applied', combatantId: 'new', harm: { kind: 'damage', amount: 1 } }));
    expect(builder.entries.at(-1)!.targets).toEqual([{ id: 'new', name: 'Kept' }]);
    expect(builder.combatants().map((c) => c.name)).toEqual(['Ghost', 'Ganger 1', 'Ganger 2', 'Kept']);
  });

  it('starts from a saved state with absolute indexes, then adds the earlier entries when they load', () => {
    const events = longFight(40);
    const start = { count: 200, state: replay(events.slice(0, 200), lookup)! };
    const builder = new EncounterLogBuilder(lookup, start);
    for (const event of events.slice(200)) builder.push(event);
    expect(builder.offset).toBe(200);
    expect(builder.entries[0]!.index).toBe(200);
    const later = builder.entries.slice();
    builder.prependEarlier(events.slice(0, 200));
    expect(builder.offset).toBe(0);
    expect(builder.entries[200]).toBe(later[0]);
    expect(JSON.stringify(builder.entries)).toBe(JSON.stringify(build(events)));
    // Truncating below the old start point still finds a checkpoint.
    builder.truncate(150);
    expect(builder.state).toEqual(replay(events.slice(0, 150), lookup));
    expect(() => new EncounterLogBuilder(lookup, start).prependEarlier(events.slice(0, 10))).toThrow(
      /200 earlier events/,
    );
  });
});

