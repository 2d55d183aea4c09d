// Log entries per event kind under the fake rules: what each line says and where it stands.
import { describe, expect, it } from 'vitest';
import type { EncounterEvent } from './events';
import { EncounterLogBuilder } from './log-view';
import { build, ev, last, lookup, roll, running, setup } from './log-view.test-support';

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

