import { describe, expect, it } from 'vitest';
import type { RollRecord } from '../dice/record';
import type { EncounterEvent } from '../encounter/events';
import { createFakeLookup, warehouseRunning, warehouseSetup } from '../encounter/fake-rules.test-support';
import { rulesLookup } from '../systems/all-systems.test-support';
import { ALL, WITH_UNDONE, discard, recordOf, timedEvents } from './fake-record.test-support';
import { buildReport, type Report } from './report';
import { shadowrunSample } from './sample-encounters.test-support';

const lookup = createFakeLookup();

const roll = (id: string, faces: number[]): RollRecord => ({
  id,
  at: '2026-11-29T19:30:00.000Z',
  roller: 'Ghost',
  reason: 'Attack',
  source: 'physical',
  groups: [{ sides: 6, faces, label: 'attack' }],
});

/** The Warehouse fight: a shot that also hurts Ghost, a logged roll whose harm follows, typed harm, healing, a fall, a note, a check, one change undone. */
function fight(): EncounterEvent[] {
  const ev = timedEvents();
  const resolved = { id: 'rolled', at: '2026-11-29T19:31:00.000Z' };
  return [
    ...warehouseRunning(ev),
    ev({
      type: 'roll-applied',
      roll: roll('r1', [6, 5, 2]),
      summary: 'Ghost shoots Ganger 1: hit',
      actorId: 'ghost',
      effects: [
        { combatantId: 'g1', harm: { kind: 'damage', amount: 4 } },
        { combatantId: 'ghost', harm: { kind: 'damage', amount: 1 } },
      ],
      result: { hit: true },
    }),
    { ...resolved, type: 'roll-resolved', roll: roll('r2', [3]), summary: 'Ghost swings at Ganger 2: blocked', actorId: 'ghost', targetIds: ['g2'], result: { outcome: 'blocked' } },
    ev({ type: 'harm-applied', combatantId: 'g2', harm: { kind: 'damage', amount: 2 }, sourceEventId: 'rolled' }),
    ev({ type: 'harm-applied', combatantId: 'ghost', harm: { kind: 'damage', amount: 3 } }),
    ev({ type: 'harm-applied', combatantId: 'ghost', harm: { kind: 'heal', amount: 2 } }),
    ev({ type: 'harm-applied', combatantId: 'g1', harm: { kind: 'damage', amount: 2 } }),
    ev({ type: 'note-added', text: 'Ganger 1 drops his *knife*' }),
    ev({ type: 'turn-advanced' }),
    ev({ type: 'turn-advanced' }),
    ev({ type: 'check-resolved', combatantId: 'g1', checkId: 'last-stand', faces: [3] }),
    ev({ type: 'harm-applied', combatantId: 'g2', harm: { kind: 'damage', amount: 5 } }),
  ];
}

/** Every line of the report, as [label, actor, targets, text, undone]. */
function lines(report: Report) {
  return report.rounds.flatMap((r) => r.parts.flatMap((p) => p.lines.map((l) => [l.label, l.actor, l.targets.join(', '), l.text, l.undone])));
}

describe('buildReport: the summary', () => {
  const events = fight();
  // The last harm is undone (the cursor stops before it).
  const report = buildReport(recordOf(events, events.length - 1), lookup, ALL);

  it('counts damage dealt and taken per combatant and kind, healing apart, and rolls made', () => {
    expect(report.summary.combatants).toEqual([
      { id: 'ghost', name: 'Ghost', dealt: [{ label: 'Damage', amount: 6 }], taken: [{ label: 'Damage', amount: 4 }], healed: [{ label: 'Heal', amount: 2 }], rolls: 3 },
      { id: 'g1', name: 'Ganger 1', dealt: [], taken: [{ label: 'Damage', amount: 6 }], healed: [], rolls: 2 },
      { id: 'g2', name: 'Ganger 2', dealt: [], taken: [{ label: 'Damage', amount: 2 }], healed: [], rolls: 1 },
    ]);
    expect(report.summary.rolls).toEqual({ total: 6, initiative: 3, checks: 1, resolved: 2 });
  });

  it('names who fell and the entry that dropped them', () => {
    expect(report.summary.fallen).toEqual([
      { name: 'Ganger 1', state: 'Down', droppedBy: { index: 11, label: 'R1·T1', text: 'Damage 2 → HP 0/6, Down · Ganger 1 gains Down' } },
    ]);
  });

  it('says how many rounds were fought, and that only entries in effect count', () => {
    expect(report.summary.roundsFought).toBe(1);
    expect(report.summary.roundsText).toBe('1 round fought so far; the encounter has not ended.');
    expect(report.summaryScope).toEqual(['Only entries in effect are counted: undone entries never are.']);
  });

  it('lists participants by side with their final condition', () => {
    expect(report.sides).toEqual([
      { name: 'Party', participants: [{ name: 'Ghost', kind: 'PC', condition: 'Fine · HP 8/10', conditions: [], removed: false, hidden: false }] },
      {
        name: 'Opponents',
        participants: [
          { name: 'Ganger 1', kind: 'NPC', condition: 'Down · HP 0/6', conditions: ['Down'], removed: false, hidden: false },
          { name: 'Ganger 2', kind: 'NPC', condition: 'Fine · HP 4/6', conditions: [], removed: false, hidden: false },
        ],
      },
    ]);
  });

  it('gives the name, the system and the time span', () => {
    expect([report.name, report.systemLabel, report.dateRange]).toEqual(['Warehouse', 'Fake', '2026-11-29, 19:01–19:16 UTC']);
  });

  it('counts a fall after getting up again from its last entry, and nobody while all stand', () => {
    const ev = timedEvents();
    const down = (amount: number) => ev({ type: 'harm-applied', combatantId: 'g2', harm: { kind: 'damage', amount } });
    const again = buildReport(recordOf([...warehouseRunning(ev), down(6), ev({ type: 'harm-applied', combatantId: 'g2', harm: { kind: 'heal', amount: 1 } }), down(1)]), lookup, ALL);
    expect(again.summary.fallen).toEqual([{ name: 'Ganger 2', state: 'Down', droppedBy: { index: 8, label: 'R1·T1', text: 'Damage 1 → HP 0/6, Down · Ganger 2 gains Down' } }]);
    expect(buildReport(recordOf(warehouseRunning(timedEvents())), lookup, ALL).summary.fallen).toEqual([]);
  });

  it('says when the encounter has not started and when it ended', () => {
    const ev = timedEvents();
    expect(buildReport(recordOf(warehouseSetup(ev)), lookup, ALL).summary.roundsText).toBe('Not started: no rounds fought.');
    const ended = buildReport(recordOf([...warehouseRunning(ev), ev({ type: 'turn-advanced' }), ev({ type: 'turn-advanced' }), ev({ type: 'turn-advanced' }), ev({ type: 'turn-advanced' }), ev({ type: 'encounter-ended' })]), lookup, ALL);
    expect(ended.summary.roundsText).toBe('2 rounds fought; the encounter ended in round 2.');
  });
});

describe('buildReport: what is shown', () => {
  const events = fight();
  // Harm from the logged roll, undone and replaced by the right amount.
  const overwritten = { ...events[8]!, id: 'overwritten', harm: { kind: 'damage', amount: 3 } } as EncounterEvent;
  const record = recordOf([...events.slice(0, 8), discard(overwritten), ...events.slice(8)], events.length - 1);

  it('leaves undone entries out by default and says how many', () => {
    const report = buildReport(record, lookup, ALL);
    expect(report.scope).toEqual(['2 undone entries left out.']);
    expect(lines(report).some((l) => l[4] === true)).toBe(false);
    expect(lines(report)).toHaveLength(events.length - 1);
  });

  it('shows undone entries marked when asked, discarded ones where they were written', () => {
    const report = buildReport(record, lookup, WITH_UNDONE);
    expect(report.scope).toEqual(['Undone entries are shown struck through.']);
    const undone = lines(report).filter((l) => l[4] === true);
    expect(undone).toEqual([
      ['R1·T1', 'Ghost', 'Ganger 2', 'Damage 3 → HP 3/6', true],
      ['R1·T3', null, 'Ganger 2', 'Damage 5 → HP 0/6, Down · Ganger 2 gains Down', true],
    ]);
  });

  it('keeps only the rounds asked for, and says the summary still covers everything', () => {
    const ev = timedEvents();
    const twoRounds = [...warehouseRunning(ev), ev({ type: 'turn-advanced' }), ev({ type: 'turn-advanced' }), ev({ type: 'turn-advanced' }), ev({ type: 'harm-applied', combatantId: 'g1', harm: { kind: 'damage', amount: 1 } }), ev({ type: 'note-added', text: 'Round two' })];
    const report = buildReport(recordOf([...twoRounds, ev({ type: 'harm-applied', combatantId: 'g2', harm: { kind: 'damage', amount: 1 } })]), lookup, { includeUndone: false, rounds: { from: 2, to: 2 } });
    expect(report.rounds.map((r) => [r.id, r.title])).toEqual([['round-2', 'Round 2']]);
    expect(lines(report).map((l) => l[3])).toEqual(['Damage 1 → HP 5/6', 'Note: Round two', 'Damage 1 → HP 5/6']);
    expect(report.scope).toEqual(['Shown: round 2 only; the participants and the summary cover the whole encounter.']);
    expect(report.summaryScope[0]).toBe('This summary covers the whole encounter, not only the rounds shown.');
    expect(report.summary.combatants.map((c) => c.taken)).toEqual([[], [{ label: 'Damage', amount: 1 }], [{ label: 'Damage', amount: 1 }]]);
    const setupToOne = buildReport(recordOf(twoRounds), lookup, { includeUndone: false, rounds: { from: 0, to: 1 } });
    expect(setupToOne.rounds.map((r) => r.title)).toEqual(['Setup', 'Round 1']);
    expect(setupToOne.scope).toEqual(['Shown: setup to round 1; the participants and the summary cover the whole encounter.']);
    const oneToTwo = buildReport(recordOf(twoRounds), lookup, { includeUndone: false, rounds: { from: 1, to: 2 } });
    expect(oneToTwo.scope).toEqual(['Shown: rounds 1–2; the participants and the summary cover the whole encounter.']);
  });

  it('collects the notes shown', () => {
    const report = buildReport(record, lookup, ALL);
    expect(report.notes.map((n) => [n.label, n.note])).toEqual([['R1·T1', 'Ganger 1 drops his *knife*']]);
  });

  it('gives each line its dice and, for a resolved roll, its outcome word', () => {
    const report = buildReport(record, lookup, ALL);
    const all = report.rounds.flatMap((r) => r.parts.flatMap((p) => p.lines));
    expect(all.filter((l) => l.dice).map((l) => [l.type, l.dice, l.outcome])).toEqual([
      ['initiative-rolled', 'Ghost: 1; Ganger 1: 1; Ganger 2: 1', ''],
      ['roll-applied', 'attack d6: 6 5 2', 'hit'],
      ['roll-resolved', 'attack d6: 3', 'blocked'],
      ['check-resolved', 'Last stand: 3', ''],
    ]);
  });

  it('puts entries after the end in their own section', () => {
    const ev = timedEvents();
    const report = buildReport(recordOf([...warehouseRunning(ev), ev({ type: 'encounter-ended' }), ev({ type: 'note-added', text: 'Loot' })]), lookup, ALL);
    expect(report.rounds.map((r) => [r.id, r.title, r.parts[0]!.lines.map((l) => l.text)])).toEqual([
      ['setup', 'Setup', ['Encounter "Warehouse" created · Fake', 'Joins Party (PC)', 'Joins Opponents (NPC)', 'Joins Opponents (NPC)', 'Encounter starts · Round 1 · roll initiative']],
      ['round-1', 'Round 1', ['Initiative: Ghost 9 · Ganger 1 4 · Ganger 2 6 · Ghost acts', 'Encounter ended in round 1']],
      ['after-end', 'After the end', ['Note: Loot']],
    ]);
  });
});

describe('buildReport: an empty log', () => {
  it('has no participants, rounds or time, and has not started', () => {
    const empty = { ...recordOf(warehouseSetup(timedEvents())), log: [] };
    const report = buildReport(empty, lookup, ALL);
    expect([report.name, report.dateRange, report.sides, report.rounds, report.notes]).toEqual(['Warehouse', '', [], [], []]);
    expect(report.summary).toEqual({ roundsFought: 0, roundsText: 'Not started: no rounds fought.', fallen: [], combatants: [], rolls: { total: 0, initiative: 0, checks: 0, resolved: 0 } });
  });
});

describe('buildReport: Shadowrun initiative passes', () => {
  it('splits a round with a second pass by pass, entries between turns staying with the pass before', () => {
    const report = buildReport(shadowrunSample(), rulesLookup, WITH_UNDONE);
    const round = report.rounds.find((r) => r.round === 1)!;
    expect(round.parts.map((p) => [p.pass, p.title, p.lines.map((l) => l.label)])).toEqual([
      [1, 'Initiative pass 1', ['R1', 'R1·T1', 'R1·T1', 'R1·T2', 'R1·T2', 'R1·T2', 'R1·T2', 'R1·T3', 'R1·T4']],
      [2, 'Initiative pass 2', ['R1·P2·T5', 'R1·P2·T5']],
    ]);
    expect(report.rounds.find((r) => r.round === 0)!.parts).toEqual([expect.objectContaining({ pass: null, title: null })]);
  });
});
