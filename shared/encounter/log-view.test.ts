import { describe, expect, it } from 'vitest';
import type { RollRecord } from '../dice/record';
import type { SystemId } from '../system-kit/rule-system';
import type { EncounterEvent, EventInput } from './events';
import { FAKE_SYSTEM_ID, createFakeLookup } from './fake-rules.test-support';
import { EncounterLogBuilder, buildLogEntries, matchesLogFilter, type LogEntry } from './log-view';
import { initiativeParticipants, replay, type RulesLookup } from './reducer';
import { rulesLookup } from '../systems/all-systems.test-support';

const lookup = createFakeLookup();
let counter = 0;
const ev = (input: EventInput): EncounterEvent =>
  ({ id: `e${++counter}`, at: '2026-11-29T12:00:00.000Z', ...input }) as EncounterEvent;

const roll = (roller: string, sides: number, faces: number[], label?: string): RollRecord => ({
  id: `r${++counter}`,
  at: '2026-11-29T12:00:00.000Z',
  roller,
  reason: 'test',
  source: 'seeded:test',
  groups: [label === undefined ? { sides, faces } : { sides, faces, label }],
});

function initiative(participantId: string, memberIds: string[], face: number, init: number) {
  const score = face + init;
  return { participantId, memberIds, score, display: String(score), faces: [face], detail: {}, steps: [] };
}

function setup(): EncounterEvent[] {
  return [
    ev({ type: 'encounter-created', encounterId: 'enc', name: 'Warehouse', systemId: FAKE_SYSTEM_ID }),
    ev({
      type: 'combatant-added',
      combatant: { id: 'ghost', name: 'Ghost', kind: 'pc', side: 'party', stats: { hp: 10, init: 5 } },
    }),
    ev({
      type: 'combatant-added',
      combatant: { id: 'g1', name: 'Ganger 1', kind: 'npc', side: 'opponents', stats: { hp: 6, init: 1 } },
    }),
    ev({
      type: 'combatant-added',
      combatant: {
        id: 'g2',
        name: 'Ganger 2',
        kind: 'npc',
        side: 'opponents',
        stats: { hp: 6, init: 2 },
        hidden: true,
      },
    }),
  ];
}

/** Setup, start and initiative: Ghost 9, Ganger 2 6, Ganger 1 4; Ghost acts. */
function running(): EncounterEvent[] {
  return [
    ...setup(),
    ev({ type: 'encounter-started' }),
    ev({
      type: 'initiative-rolled',
      entries: [initiative('ghost', ['ghost'], 4, 5), initiative('g1', ['g1'], 3, 1), initiative('g2', ['g2'], 4, 2)],
      rolls: [
        roll('Ghost', 6, [4], 'initiative'),
        roll('Ganger 1', 6, [3], 'initiative'),
        roll('Ganger 2', 6, [4], 'initiative'),
      ],
    }),
  ];
}

function build(events: readonly EncounterEvent[], rules: RulesLookup = lookup): readonly LogEntry[] {
  return buildLogEntries(events, rules);
}

const last = (entries: readonly LogEntry[]) => entries[entries.length - 1]!;

describe('log entries, per event kind (fake rules)', () => {
  it('describes the setup: creation, sides, combatants, rules, groups, edits, reveals', () => {
    const entries = build([
      ...setup(),
      ev({ type: 'encounter-renamed', name: 'Docks' }),
      ev({ type: 'toggle-changed', toggleId: 'mode', value: 'b' }),
      ev({ type: 'side-added', sideId: 'third', name: 'Bystanders' }),
      ev({ type: 'group-formed', groupId: 'gang', name: 'Gangers', combatantIds: ['g1', 'g2'] }),
      ev({ type: 'group-dissolved', groupId: 'gang' }),
      ev({ type: 'combatant-edited', combatantId: 'g1', name: 'Boss', stats: { hp: 8 } }),
      ev({ type: 'combatant-revealed', combatantId: 'g2' }),
    ]);
    expect(entries.map((e) => e.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(entries[0]).toMatchObject({
      type: 'encounter-created',
      kinds: ['encounter'],
      text: 'Encounter "Warehouse" created · Fake',
    });
    expect(entries[0]!.position).toMatchObject({ status: 'setup', label: 'Setup', turnOf: null });
    expect(entries[1]).toMatchObject({
      kinds: ['roster'],
      actor: null,
      targets: [{ id: 'ghost', name: 'Ghost' }],
      text: 'Joins Party (PC)',
    });
    expect(entries[3]!.text).toBe('Joins Opponents (NPC, hidden)');
    expect(entries[4]!.text).toBe('Encounter renamed from "Warehouse" to "Docks"');
    expect(entries[5]!.text).toBe('Rule changed: Mode → B');
    expect(entries[6]!.text).toBe('Side added: Bystanders');
    expect(entries[7]).toMatchObject({ text: 'Grouped as Gangers', combatantIds: ['g1', 'g2'] });
    expect(entries[8]).toMatchObject({
      text: 'Group Gangers dissolved',
      targets: [{ name: 'Ganger 1' }, { name: 'Ganger 2' }],
    });
    // The entry names the combatant as it was called when the change was made.
    expect(entries[9]).toMatchObject({
      targets: [{ id: 'g1', name: 'Ganger 1' }],
      text: 'Edited: renamed to Boss; stats: Hit points 8',
    });
    expect(entries[10]).toMatchObject({ targets: [{ name: 'Ganger 2' }], text: 'Revealed to the players' });
  });

  it("names a sheet's new weapons, or says it has none left", () => {
    const club = { id: 'w1', name: ' Club ', values: { damage: 2 } };
    const entries = build([
      ...setup(),
      ev({ type: 'combatant-edited', combatantId: 'g1', weapons: [club, { ...club, id: 'w2', name: 'Spiked club' }] }),
      ev({ type: 'combatant-edited', combatantId: 'g1', weapons: [], notes: 'Disarmed' }),
    ]);
    expect(entries.slice(-2).map((e) => e.text)).toEqual([
      'Edited: weapons: Club, Spiked club',
      'Edited: no weapons; notes edited',
    ]);
  });

  it('says how a group rolls initiative', () => {
    const entries = build([
      ...setup(),
      ev({ type: 'group-formed', groupId: 'gang', name: 'Gangers', combatantIds: ['g1', 'g2'] }),
      ev({ type: 'group-initiative-set', groupId: 'gang', eachRolls: true }),
      ev({ type: 'group-initiative-set', groupId: 'gang', eachRolls: false }),
    ]);
    expect(entries.slice(-2).map((e) => [e.kinds, e.text])).toEqual([
      [['turns'], 'Each member of Gangers rolls its own initiative'],
      [['turns'], 'Gangers rolls initiative as one group'],
    ]);
  });

  it('describes the start, initiative with its dice, and who acts', () => {
    const entries = build(running());
    const started = entries[4]!;
    expect(started).toMatchObject({ kinds: ['turns'], text: 'Encounter starts · Round 1 · roll initiative' });
    const rolled = entries[5]!;
    expect(rolled.kinds).toEqual(['turns', 'rolls']);
    expect(rolled.text).toBe('Initiative: Ghost 9 · Ganger 1 4 · Ganger 2 6 · Ghost acts');
    expect(rolled.dice).toEqual([
      { label: 'Ghost', sides: 6, faces: [4] },
      { label: 'Ganger 1', sides: 6, faces: [3] },
      { label: 'Ganger 2', sides: 6, faces: [4] },
    ]);
    expect(rolled.combatantIds).toEqual(['ghost', 'g1', 'g2']);
    // The position is where the fight was when it happened: round 1, before anyone's turn.
    expect(rolled.position).toMatchObject({ status: 'running', round: 1, turn: null, turnOf: null, label: 'R1' });
  });

  it('falls back to the initiative faces when the event kept no roll records', () => {
    const events = running();
    const rolled = events[5] as Extract<EncounterEvent, { type: 'initiative-rolled' }>;
    const entries = build([...events.slice(0, 5), { ...rolled, rolls: [] }]);
    expect(last(entries).dice).toEqual([
      { label: 'Ghost', sides: null, faces: [4] },
      { label: 'Ganger 1', sides: null, faces: [3] },
      { label: 'Ganger 2', sides: null, faces: [4] },
    ]);
  });

  it('gives every event the round, turn and whose turn it was, and names who acts next on a turn change', () => {
    const entries = build([
      ...running(),
      ev({ type: 'action-taken', combatantId: 'ghost', actionId: 'attack' }),
      ev({ type: 'turn-advanced' }),
      ev({ type: 'turn-advanced' }),
      ev({ type: 'turn-advanced' }),
    ]);
    const [action, next1, next2, newRound] = entries.slice(6);
    expect(action).toMatchObject({ actor: { id: 'ghost', name: 'Ghost' }, text: 'Takes: Attack', kinds: ['turns'] });
    expect(action!.position).toMatchObject({
      round: 1,
      turn: 1,
      pass: 1,
      turnOf: { id: 'ghost', name: 'Ghost' },
      label: 'R1·T1',
    });
    expect(action!.position.description).toBe("Round 1, turn 1: Ghost's turn");
    expect(next1).toMatchObject({ text: 'Ganger 2 acts', combatantIds: ['ghost', 'g2'] });
    expect(next1!.position.turnOf?.name).toBe('Ghost');
    expect(next2!.text).toBe('Ganger 1 acts');
    expect(next2!.position).toMatchObject({ label: 'R1·T2', turnOf: { name: 'Ganger 2' } });
    expect(newRound!.text).toBe('Round 2 begins · Ghost acts');
    expect(newRound!.position.label).toBe('R1·T3');
    expect(build([...running(), ev({ type: 'turn-advanced' }), ev({ type: 'turn-rewound' })]).at(-1)!.text).toBe(
      "Back to Ghost's turn",
    );
  });

  it('says why a turn was skipped', () => {
    const entries = build([
      ...running(),
      ev({ type: 'action-taken', combatantId: 'g2', actionId: 'dodge' }),
      ev({ type: 'turn-advanced' }),
    ]);
    expect(entries[6]).toMatchObject({ actor: { name: 'Ganger 2' }, text: 'Reacts: Dodge' });
    expect(last(entries).text).toBe('Ganger 1 acts · Ganger 2 reacted and forfeits this turn.');
  });

  it('gives harm with the harm kind, amount and the health it leaves, and the conditions it brings', () => {
    const entries = build([
      ...running(),
      ev({ type: 'harm-applied', combatantId: 'g1', harm: { kind: 'damage', amount: 2 } }),
      ev({ type: 'harm-applied', combatantId: 'g1', harm: { kind: 'damage', amount: 9 } }),
      ev({ type: 'harm-applied', combatantId: 'g1', harm: { kind: 'heal', amount: 3 } }),
    ]);
    const [light, heavy, heal] = entries.slice(6);
    expect(light).toMatchObject({
      kinds: ['harm'],
      actor: null,
      targets: [{ name: 'Ganger 1' }],
      text: 'Damage 2 → HP 4/6',
    });
    expect(heavy).toMatchObject({
      kinds: ['harm', 'conditions'],
      text: 'Damage 9 → HP 0/6, Down · Ganger 1 gains Down',
    });
    expect(heal).toMatchObject({ text: 'Heal 3 → HP 3/6, Fine · Down ends for Ganger 1' });
  });

  it('names the actor of harm that came from a resolved roll, and shows the roll', () => {
    const entries = build([
      ...running(),
      ev({
        type: 'roll-resolved',
        roll: roll('Ghost', 6, [6, 5, 1], 'attack'),
        summary: 'Ghost shot Ganger 1: 2 hits',
        actorId: 'ghost',
        targetIds: ['g1'],
      }),
    ]);
    const resolved = last(entries);
    expect(resolved).toMatchObject({
      kinds: ['rolls'],
      actor: { name: 'Ghost' },
      targets: [{ name: 'Ganger 1' }],
      text: 'Ghost shot Ganger 1: 2 hits',
    });
    expect(resolved.dice).toEqual([{ label: 'attack', sides: 6, faces: [6, 5, 1] }]);
    const harmed = build([
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
    ]);
    expect(harmed[6]!.dice).toEqual([{ label: 'Ghost', sides: 6, faces: [6] }]);
    expect(last(harmed)).toMatchObject({
      actor: { name: 'Ghost' },
      targets: [{ name: 'Ganger 1' }],
      combatantIds: ['ghost', 'g1'],
    });
  });

  it('gives a roll applied to several targets: summary, each harm, conditions that took hold', () => {
    const entries = build([
      ...running(),
      ev({
        type: 'roll-applied',
        roll: roll('Ghost', 6, [6, 6], 'burst'),
        summary: 'Ghost sprays the gangers',
        actorId: 'ghost',
        effects: [
          { combatantId: 'g1', harm: { kind: 'damage', amount: 3 } },
          { combatantId: 'g2', conditions: [{ conditionId: 'pinned', label: 'Pinned', rounds: 1 }] },
        ],
      }),
    ]);
    const applied = last(entries);
    expect(applied.kinds).toEqual(['rolls', 'harm', 'conditions']);
    expect(applied).toMatchObject({ actor: { name: 'Ghost' }, targets: [{ name: 'Ganger 1' }, { name: 'Ganger 2' }] });
    expect(applied.text).toBe('Ghost sprays the gangers · Ganger 1: Damage 3 → HP 3/6 · Ganger 2 gains Pinned');
    expect(applied.dice).toEqual([{ label: 'burst', sides: 6, faces: [6, 6] }]);
  });

  it('says what a roll used, and a GM ruling with the sentence the rules refused', () => {
    const shot = (id: string, ruling?: string) =>
      ev({
        type: 'roll-applied',
        roll: roll('Ghost', 6, [5], 'shot'),
        summary: 'Ghost shoots Ganger 2',
        actorId: 'ghost',
        effects: [{ combatantId: 'g2', harm: { kind: 'damage', amount: 1 } }],
        spends: [
          { combatantId: 'ghost', actionId: 'attack' },
          { combatantId: 'g2', actionId: 'dodge' },
        ],
        ...(ruling ? { ruling: { refused: ruling } } : {}),
      });
    const entries = build([...running(), shot('s1'), shot('s2', 'Ghost has 0 action left; Attack needs 1.')]);
    expect(entries.at(-2)!.text).toBe('Ghost shoots Ganger 2 · Ganger 2: Damage 1 → HP 5/6 · used Ghost: Attack, Ganger 2: Dodge');
    expect(last(entries).text).toBe(
      'Ghost shoots Ganger 2 · Ganger 2: Damage 1 → HP 4/6 · GM ruling: allowed although “Ghost has 0 action left; Attack needs 1.”',
    );
  });

  it('gives checks with their label and faces, and prompts dismissed', () => {
    const downed = [
      ...running(),
      ev({ type: 'harm-applied', combatantId: 'g1', harm: { kind: 'damage', amount: 6 } }),
      ev({ type: 'turn-advanced' }),
      ev({ type: 'turn-advanced' }),
    ];
    const check = build([
      ...downed,
      ev({
        type: 'check-resolved',
        combatantId: 'g1',
        checkId: 'last-stand',
        faces: [6],
        roll: roll('Ganger 1', 6, [6]),
      }),
    ]);
    expect(last(check)).toMatchObject({ kinds: ['rolls', 'harm', 'conditions'], actor: { name: 'Ganger 1' } });
    expect(last(check).text).toBe('Last stand → HP 1/6, Fine · Down ends for Ganger 1');
    expect(last(check).dice).toEqual([{ label: 'Last stand', sides: 6, faces: [6] }]);
    expect(last(check).position).toMatchObject({ label: 'R1·T3', turnOf: { name: 'Ganger 1' } });
    const facesOnly = build([
      ...downed,
      ev({ type: 'check-resolved', combatantId: 'g1', checkId: 'last-stand', faces: [2] }),
    ]);
    expect(last(facesOnly).dice).toEqual([{ label: 'Last stand', sides: null, faces: [2] }]);
    expect(last(facesOnly).text).toBe('Last stand');
    const dismissed = build([...downed, ev({ type: 'prompt-dismissed', promptId: 'morale' })]);
    expect(last(dismissed)).toMatchObject({ kinds: ['rolls'], text: 'Morale dismissed' });
  });

  it('gives conditions added and removed with their labels', () => {
    const entries = build([
      ...running(),
      ev({
        type: 'condition-added',
        combatantId: 'g2',
        instanceId: 'c1',
        condition: { conditionId: 'prone', label: 'Prone', rounds: 2, note: 'tripped' },
      }),
      ev({ type: 'condition-removed', combatantId: 'g2', instanceId: 'c1' }),
      ev({
        type: 'condition-added',
        combatantId: 'g2',
        instanceId: 'c2',
        condition: { conditionId: 'surprised', label: 'Surprised by Ghost', rounds: 1, expires: 'pass-end' },
      }),
    ]);
    expect(entries[6]).toMatchObject({
      kinds: ['conditions'],
      targets: [{ name: 'Ganger 2' }],
      text: 'Gains Prone (2 rounds) — tripped',
    });
    expect(entries[7]).toMatchObject({ kinds: ['conditions'], text: 'Loses Prone' });
    // A condition ending with the Initiative Pass counts passes (Shadowrun's Surprised).
    expect(entries[8]).toMatchObject({ kinds: ['conditions'], text: 'Gains Surprised by Ghost (1 pass)' });
  });

  it('tells conditions that run out at a turn change', () => {
    const entries = build([
      ...running(),
      ev({
        type: 'condition-added',
        combatantId: 'ghost',
        instanceId: 'c1',
        condition: { conditionId: 'aim', label: 'Taking aim', rounds: 1 },
      }),
      ev({ type: 'turn-advanced' }),
    ]);
    expect(last(entries)).toMatchObject({
      kinds: ['turns', 'conditions'],
      text: 'Ganger 2 acts · Taking aim ends for Ghost',
    });
  });

  it('keeps the names of combatants who left, and moves the turn on when the current one leaves', () => {
    const entries = build([
      ...running(),
      ev({ type: 'combatant-removed', combatantId: 'ghost' }),
      ev({ type: 'note-added', text: 'Ghost ran' }),
    ]);
    expect(entries[6]).toMatchObject({
      targets: [{ id: 'ghost', name: 'Ghost' }],
      text: 'Leaves the encounter · Ganger 2 acts',
    });
    expect(entries[7]).toMatchObject({ kinds: ['notes'], text: 'Note: Ghost ran' });
    expect(entries[7]!.position.turnOf?.name).toBe('Ganger 2');
    const builder = new EncounterLogBuilder(lookup);
    for (const event of [...running(), ev({ type: 'combatant-removed', combatantId: 'g1' })]) builder.push(event);
    expect(builder.combatants()).toEqual([
      { id: 'ghost', name: 'Ghost', removed: false },
      { id: 'g1', name: 'Ganger 1', removed: true },
      { id: 'g2', name: 'Ganger 2', removed: false },
    ]);
  });

  it('hands back the same list of combatants until someone arrives, leaves or is renamed', () => {
    const builder = new EncounterLogBuilder(lookup);
    for (const event of running()) builder.push(event);
    const before = builder.combatants();
    builder.push(ev({ type: 'harm-applied', combatantId: 'g1', harm: { kind: 'damage', amount: 1 } }));
    expect(builder.combatants()).toBe(before);
    builder.push(ev({ type: 'combatant-removed', combatantId: 'g1' }));
    const after = builder.combatants();
    expect(after).not.toBe(before);
    expect(after.find((c) => c.id === 'g1')?.removed).toBe(true);
  });

  it('uses the name in use at the time: earlier entries keep the old name after a rename', () => {
    const entries = build([
      ...running(),
      ev({ type: 'harm-applied', combatantId: 'g1', harm: { kind: 'damage', amount: 1 } }),
      ev({ type: 'combatant-edited', combatantId: 'g1', name: 'Boss' }),
      ev({ type: 'harm-applied', combatantId: 'g1', harm: { kind: 'damage', amount: 1 } }),
    ]);
    expect(entries[6]!.targets[0]!.name).toBe('Ganger 1');
    expect(entries[8]!.targets[0]!.name).toBe('Boss');
  });

  it('describes the end, and positions after it', () => {
    const entries = build([...running(), ev({ type: 'encounter-ended' }), ev({ type: 'note-added', text: 'loot' })]);
    expect(entries[6]).toMatchObject({ kinds: ['turns'], text: 'Encounter ended in round 1' });
    expect(entries[7]!.position).toMatchObject({ status: 'ended', label: 'Ended' });
  });

  it('says so on the line when an event does not replay, and goes on', () => {
    const entries = build([
      ...running(),
      ev({ type: 'harm-applied', combatantId: 'nobody', harm: { kind: 'damage', amount: 1 } }),
      ev({ type: 'note-added', text: 'after' }),
    ]);
    expect(entries[6]!.text).toMatch(/^Could not be replayed: There is no combatant with id "nobody"/);
    expect(entries[7]!.text).toBe('Note: after');
  });
});

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

describe('log entries with real systems', () => {
  const apply = (events: EncounterEvent[], input: EventInput) => {
    events.push(ev(input));
    return replay(events, rulesLookup)!;
  };

  it('Shadowrun: initiative faces, passes, harm with the system labels and monitors', () => {
    const system: SystemId = 'shadowrun-4e';
    const rules = rulesLookup.tracker(system);
    const stats = {
      body: 4,
      agility: 3,
      reaction: 4,
      strength: 3,
      charisma: 2,
      intuition: 3,
      logic: 2,
      willpower: 3,
      edge: 2,
      passes: 2,
    };
    const events: EncounterEvent[] = [];
    apply(events, { type: 'encounter-created', encounterId: 'sr', name: 'Docks', systemId: system });
    apply(events, {
      type: 'combatant-added',
      combatant: { id: 'sam', name: 'Street samurai', kind: 'pc', side: 'party', stats },
    });
    apply(events, {
      type: 'combatant-added',
      combatant: { id: 'gang', name: 'Ganger', kind: 'npc', side: 'opponents', stats: { ...stats, passes: 1 } },
    });
    let state = apply(events, { type: 'encounter-started' });
    const participants = initiativeParticipants(state, rules);
    const faces = (id: string) =>
      [
        ...Array<number>(
          rules.initiative.dice(
            participants.find((p) => p.id === id)!,
            state.toggles,
          ).count,
        ).keys(),
      ].map((i) => (id === 'sam' ? 6 - (i % 2) : 2));
    const entries = participants.map((p) => rules.initiative.score(p, faces(p.id), state.toggles));
    const rolls = participants.map((p) => roll(p.label, 6, faces(p.id), 'initiative'));
    state = apply(events, { type: 'initiative-rolled', entries, rolls });
    apply(events, { type: 'harm-applied', combatantId: 'gang', harm: { kind: 'physical', amount: 3 } });
    apply(events, { type: 'harm-applied', combatantId: 'gang', harm: { kind: 'stun', amount: 4 } });
    apply(events, { type: 'turn-advanced' });
    state = apply(events, { type: 'turn-advanced' });
    apply(events, { type: 'note-added', text: 'second pass' });
    expect(state.current).toMatchObject({ combatantId: 'sam', pass: 2 });

    const log = build(events, rulesLookup);
    expect(log[0]!.text).toBe('Encounter "Docks" created · Shadowrun 4th edition');
    expect(log[4]!.dice).toEqual([
      { label: 'Street samurai', sides: 6, faces: faces('sam') },
      { label: 'Ganger', sides: 6, faces: faces('gang') },
    ]);
    expect(log[4]!.text).toMatch(/^Initiative: Street samurai \d+ · Ganger \d+ · Street samurai acts$/);
    // Each track's wound modifier lowers the ganger's Initiative Score at once (7 rolled on no hits).
    expect(log[5]).toMatchObject({
      targets: [{ name: 'Ganger' }],
      text: 'Physical damage 3 → Physical 3/10 marked, Wounded; Initiative Score 7 → 6',
    });
    expect(log[5]!.position).toMatchObject({ label: 'R1·T1', turnOf: { name: 'Street samurai' } });
    expect(log[6]!.text).toBe('Stun damage 4 → Stun 4/10 marked; Initiative Score 6 → 5');
    expect(log[7]!.text).toBe('Ganger acts');
    expect(log[8]!.text).toBe('Street samurai acts (pass 2)');
    expect(log[9]!.position).toMatchObject({
      round: 1,
      pass: 2,
      label: 'R1·P2·T3',
      turnOf: { name: 'Street samurai' },
    });
  });

  it('Electric State: sides roll initiative and are named as sides', () => {
    const system: SystemId = 'electric-state';
    const rules = rulesLookup.tracker(system);
    const events: EncounterEvent[] = [];
    apply(events, { type: 'encounter-created', encounterId: 'es', name: 'Mall', systemId: system });
    apply(events, {
      type: 'combatant-added',
      combatant: {
        id: 'pc',
        name: 'Drifter',
        kind: 'pc',
        side: 'party',
        stats: { strength: 3, agility: 4, wits: 5, empathy: 3 },
      },
    });
    apply(events, {
      type: 'combatant-added',
      combatant: {
        id: 'npc',
        name: 'Drone',
        kind: 'npc',
        side: 'opponents',
        stats: { strength: 3, agility: 3, wits: 1, empathy: 1 },
      },
    });
    const state = apply(events, { type: 'encounter-started' });
    const entries = initiativeParticipants(state, rules).map((p) =>
      rules.initiative.score(p, [p.id === 'party' ? 3 : 4], state.toggles),
    );
    apply(events, { type: 'initiative-rolled', entries, rolls: [] });
    apply(events, { type: 'harm-applied', combatantId: 'npc', harm: { kind: 'damage', amount: 1 } });
    const log = build(events, rulesLookup);
    expect(log[4]!.text).toMatch(/^Initiative: Party \d+ · Opponents \d+ · Drifter acts$/);
    expect(log[4]!.dice).toEqual([
      { label: 'Party', sides: null, faces: [3] },
      { label: 'Opponents', sides: null, faces: [4] },
    ]);
    expect(log[4]!.combatantIds).toEqual(['pc', 'npc']);
    expect(log[5]!.text).toMatch(/^Damage 1 → /);
    expect(log[5]!.position).toMatchObject({ label: 'R1·T1', turnOf: { name: 'Drifter' } });
  });

  describe('Shadowrun: a harm or roll that moves an Initiative Score says so on its line', () => {
    const system: SystemId = 'shadowrun-4e';
    const rules = rulesLookup.tracker(system);
    // Body 3 and Willpower 3: monitors of 10; Reaction 3 + Intuition 3: six dice.
    const ganger = { body: 3, willpower: 3, reaction: 3, intuition: 3, passes: 1 };
    const faces: Record<string, number[]> = {
      g1: [5, 5, 6, 2, 3, 4], // 3 hits: 9
      g2: [5, 6, 1, 2, 3, 4], // 2 hits: 8
    };

    function fight(grouped = false): EncounterEvent[] {
      const events: EncounterEvent[] = [];
      apply(events, { type: 'encounter-created', encounterId: 'sr', name: 'Docks', systemId: system });
      for (const id of ['g1', 'g2']) {
        apply(events, {
          type: 'combatant-added',
          combatant: {
            id,
            name: id === 'g1' ? 'Ganger 1' : 'Ganger 2',
            kind: 'npc',
            side: 'opponents',
            stats: ganger,
          },
        });
      }
      if (grouped) apply(events, { type: 'group-formed', groupId: 'gang', name: 'Gangers', combatantIds: ['g1', 'g2'] });
      const state = apply(events, { type: 'encounter-started' });
      const entries = initiativeParticipants(state, rules).map((p) =>
        rules.initiative.score(p, faces[p.id] ?? faces.g1!, state.toggles),
      );
      apply(events, { type: 'initiative-rolled', entries, rolls: [] });
      return events;
    }

    const lastText = (events: EncounterEvent[], input: EventInput) => {
      apply(events, input);
      return last(build(events, rulesLookup)).text;
    };

    it('harm that changes the wound modifier names the score before and after; harm that does not, does not', () => {
      const events = fight();
      expect(
        lastText(events, { type: 'harm-applied', combatantId: 'g1', harm: { kind: 'physical', amount: 6 } }),
      ).toBe('Physical damage 6 → Physical 6/10 marked, Wounded; Initiative Score 9 → 7 · Ganger 1 gains Prone');
      // Seven boxes: still −2.
      expect(
        lastText(events, { type: 'harm-applied', combatantId: 'g1', harm: { kind: 'physical', amount: 1 } }),
      ).toBe('Physical damage 1 → Physical 7/10 marked');
      // Healing raises it again.
      expect(
        lastText(events, { type: 'harm-applied', combatantId: 'g1', harm: { kind: 'heal-physical', amount: 4 } }),
      ).toBe('Heal Physical 4 → Physical 3/10 marked; Initiative Score 7 → 8');
    });

    it('a roll applied to a target says it on that target\'s part of the line', () => {
      const events = fight();
      expect(
        lastText(events, {
          type: 'roll-applied',
          roll: roll('Ganger 1', 6, [6, 6, 5], 'attack'),
          summary: 'Ganger 1 shoots Ganger 2',
          actorId: 'g1',
          effects: [{ combatantId: 'g2', harm: { kind: 'physical', amount: 3 } }],
        }),
      ).toBe('Ganger 1 shoots Ganger 2 · Ganger 2: Physical damage 3 → Physical 3/10 marked, Wounded; Initiative Score 8 → 7');
    });

    it("a group's member: its own score moves, from the group's roll", () => {
      const events = fight(true);
      expect(
        lastText(events, { type: 'harm-applied', combatantId: 'g2', harm: { kind: 'stun', amount: 3 } }),
      ).toBe('Stun damage 3 → Stun 3/10 marked, Wounded; Initiative Score 9 → 8');
    });

    it('one who goes down has left the order: the line says Unconscious, not a score', () => {
      const events = fight();
      expect(
        lastText(events, { type: 'harm-applied', combatantId: 'g1', harm: { kind: 'stun', amount: 10 } }),
      ).toBe('Stun damage 10 → Stun 10/10 marked, Unconscious · Ganger 1 gains Prone');
    });

    it('systems whose score holds all round add nothing (Electric State has no current score)', () => {
      expect(rulesLookup.tracker('electric-state').initiative.current).toBeUndefined();
    });
  });
});
