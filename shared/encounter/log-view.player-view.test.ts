import { describe, expect, it } from 'vitest';
import type { EventInput } from './events';
import { createFakeLookup, eventMaker, warehouseRunning } from './fake-rules.test-support';
import { buildLogEntries, matchesLogFilter, type LogEntry } from './log-view';
import type { ShownRoll } from './state';

/** The log's lines for what the GM shows the players. */

const lookup = createFakeLookup();
const ev = eventMaker('lv');

const roll: ShownRoll = {
  rollId: 'r1',
  who: 'Ghost',
  what: 'Attack',
  summary: 'Ghost hits Ganger 1: 2 hits',
  dice: [{ sides: 6, faces: [5, 6] }],
  actorId: 'ghost',
  targetIds: ['g1'],
};

/** The Warehouse running, then the inputs; the entries of the inputs only. */
function entriesOf(...inputs: EventInput[]): LogEntry[] {
  const start = warehouseRunning(ev);
  return buildLogEntries([...start, ...inputs.map(ev)], lookup).slice(start.length);
}

const line = (entry: LogEntry) => ({ kinds: entry.kinds, actor: entry.actor, targets: entry.targets.map((t) => t.name), dice: entry.dice, text: entry.text });

describe('log lines of the player view events', () => {
  it('a condition shown to and hidden from the players, on its bearer', () => {
    const [, hidden, shown] = entriesOf(
      { type: 'condition-added', combatantId: 'g1', instanceId: 'i1', condition: { conditionId: 'prone', label: 'Prone' }, visible: true },
      { type: 'condition-visibility-set', combatantId: 'g1', instanceId: 'i1', visible: false },
      { type: 'condition-visibility-set', combatantId: 'g1', instanceId: 'i1', visible: true },
    ).map(line);
    expect(hidden).toEqual({ kinds: ['conditions'], actor: null, targets: ['Ganger 1'], dice: [], text: 'Prone hidden from the players' });
    expect(shown).toEqual({ kinds: ['conditions'], actor: null, targets: ['Ganger 1'], dice: [], text: 'Prone shown to the players' });
  });

  it('an NPC’s numbers shown, then a word again', () => {
    const entries = entriesOf(
      { type: 'combatant-numbers-shown', combatantId: 'g1', shown: true },
      { type: 'combatant-numbers-shown', combatantId: 'g1', shown: false },
    );
    expect(entries.map(line)).toEqual([
      { kinds: ['roster'], actor: null, targets: ['Ganger 1'], dice: [], text: 'Health numbers shown to the players' },
      { kinds: ['roster'], actor: null, targets: ['Ganger 1'], dice: [], text: 'Health shown to the players as a word again' },
    ]);
    expect(entries.every((entry) => matchesLogFilter(entry, 'g1', 'roster'))).toBe(true);
  });

  it('a roll shown and taken off, with its one line', () => {
    const entries = entriesOf({ type: 'roll-shown', roll }, { type: 'roll-unshown', rollId: 'r1' });
    expect(entries.map(line)).toEqual([
      { kinds: ['rolls'], actor: null, targets: [], dice: [], text: 'Roll shown to the players: Ghost hits Ganger 1: 2 hits' },
      { kinds: ['rolls'], actor: null, targets: [], dice: [], text: 'Roll taken off the player view: Ghost hits Ganger 1: 2 hits' },
    ]);
  });

  it('says so when an event does not replay (a roll that is not shown)', () => {
    const [entry] = entriesOf({ type: 'roll-unshown', rollId: 'nope' });
    expect(entry!.text).toBe('Could not be replayed: That roll is not shown to the players.');
  });
});
