import { describe, expect, it } from 'vitest';
import type { RollRecord } from '../dice/record';
import type { EncounterEvent, EventInput } from '../encounter/events';
import { FAKE_SYSTEM_ID, createFakeLookup } from '../encounter/fake-rules.test-support';
import { reduce, replay } from '../encounter/reducer';
import type { EncounterState } from '../encounter/state';
import { clipShownText, isShowableRoll, shownRollFrom, shownRollId, SHOWN_ROLL_TEXT_LIMIT } from './shown-roll';

const lookup = createFakeLookup();
let counter = 0;
const ev = (input: EventInput): EncounterEvent =>
  ({ id: `e${++counter}`, at: '2026-12-02T04:30:00.000Z', ...input }) as EncounterEvent;

const record = (id: string, roller: string, reason: string, groups: RollRecord['groups']): RollRecord => ({
  id,
  at: '2026-12-02T04:30:00.000Z',
  roller,
  reason,
  source: 'seeded:test',
  groups,
});

function entry(participantId: string, memberIds: string[], face: number, display: string) {
  return { participantId, memberIds, score: face, display, faces: [face], detail: { bonus: 3 }, steps: [] };
}

/** Ghost (PC), Ganger 1 and Ganger 2 (hidden) in the fake system, with a group "Gangers" of both. */
function encounter(): EncounterState {
  return replay(
    [
      ev({ type: 'encounter-created', encounterId: 'enc', name: 'Docks', systemId: FAKE_SYSTEM_ID }),
      ev({ type: 'combatant-added', combatant: { id: 'ghost', name: 'Ghost', kind: 'pc', side: 'party', stats: { hp: 10, init: 5 } } }),
      ev({ type: 'combatant-added', combatant: { id: 'g1', name: 'Ganger 1', kind: 'npc', side: 'opponents', stats: { hp: 6, init: 1 } } }),
      ev({
        type: 'combatant-added',
        combatant: { id: 'g2', name: 'Ganger 2', kind: 'npc', side: 'opponents', stats: { hp: 6, init: 1 }, hidden: true },
      }),
      ev({ type: 'group-formed', groupId: 'gangers', name: 'Gangers', combatantIds: ['g1', 'g2'] }),
    ],
    lookup,
  )!;
}

const shot = record('roll-1', 'Ghost', 'Ranged attack: Ghost → Ganger 1, Ganger 2', [
  { sides: 6, faces: [6, 5, 2], label: 'attack' },
  { sides: 6, faces: [1, 5], label: 'soak' },
]);

describe('shownRollFrom', () => {
  it('a roll applied: roller, reason, the roll\'s own summary, every group\'s dice, the actor and each target once', () => {
    const event = ev({
      type: 'roll-applied',
      roll: shot,
      summary: '  Ghost hits Ganger 1: 2 hits vs 1 → 6P  ',
      actorId: 'ghost',
      effects: [
        { combatantId: 'g1', harm: { kind: 'damage', amount: 3 } },
        { combatantId: 'g2', conditions: [{ conditionId: 'pinned', label: 'Pinned' }] },
        { combatantId: 'g1', removeConditions: ['prone'] },
      ],
      operation: 'ranged-attack',
      result: { hits: 2, odds: 0.42 },
      spends: [{ combatantId: 'ghost', actionId: 'attack' }],
      ruling: { refused: 'Ghost has 0 actions left.' },
    });
    expect(shownRollFrom(event, encounter())).toEqual({
      rollId: 'roll-1',
      who: 'Ghost',
      what: 'Ranged attack: Ghost → Ganger 1, Ganger 2',
      summary: 'Ghost hits Ganger 1: 2 hits vs 1 → 6P',
      dice: [
        { sides: 6, faces: [6, 5, 2] },
        { sides: 6, faces: [1, 5] },
      ],
      actorId: 'ghost',
      targetIds: ['g1', 'g2'],
    });
    expect(shownRollId(event)).toBe('roll-1');
    expect(isShowableRoll(event)).toBe(true);
  });

  it('a roll applied by nobody in the encounter to nobody (a chase stunt): no actor, no targets', () => {
    const event = ev({
      type: 'roll-applied',
      roll: record('roll-2', 'Driver', 'Stunt', [{ sides: 6, faces: [4] }]),
      summary: 'The van pulls away',
      effects: [],
    });
    expect(shownRollFrom(event, encounter())).toEqual({
      rollId: 'roll-2',
      who: 'Driver',
      what: 'Stunt',
      summary: 'The van pulls away',
      dice: [{ sides: 6, faces: [4] }],
    });
  });

  it('a roll logged without applying: its targets as logged', () => {
    const event = ev({
      type: 'roll-resolved',
      roll: shot,
      summary: 'Ghost misses Ganger 2: 0 hits',
      actorId: 'ghost',
      targetIds: ['g2', 'g2'],
      operation: 'ranged-attack',
      result: { hits: 0 },
    });
    expect(shownRollFrom(event, encounter())).toEqual({
      rollId: 'roll-1',
      who: 'Ghost',
      what: 'Ranged attack: Ghost → Ganger 1, Ganger 2',
      summary: 'Ghost misses Ganger 2: 0 hits',
      dice: [
        { sides: 6, faces: [6, 5, 2] },
        { sides: 6, faces: [1, 5] },
      ],
      actorId: 'ghost',
      targetIds: ['g2'],
    });
  });

  it('a roll logged with typed ad-hoc participants only: neither actor nor targets', () => {
    const event = ev({
      type: 'roll-resolved',
      roll: record('roll-3', 'Sniper', 'Ranged attack: Sniper → Ghost', [{ sides: 10, faces: [9] }]),
      summary: 'Sniper hits',
    });
    expect(shownRollFrom(event, encounter())).toEqual({
      rollId: 'roll-3',
      who: 'Sniper',
      what: 'Ranged attack: Sniper → Ghost',
      summary: 'Sniper hits',
      dice: [{ sides: 10, faces: [9] }],
    });
  });

  it('a check with its roll: the check and its faces, the one who rolled as actor', () => {
    const event = ev({
      type: 'check-resolved',
      combatantId: 'g1',
      checkId: 'death-save',
      faces: [3, 18],
      roll: record('roll-4', 'Ganger 1', 'Death save', [{ sides: 20, faces: [3, 18] }]),
    });
    expect(shownRollFrom(event, encounter())).toEqual({
      rollId: 'roll-4',
      who: 'Ganger 1',
      what: 'Death save',
      summary: 'Death save: rolled 3, 18',
      dice: [{ sides: 20, faces: [3, 18] }],
      actorId: 'g1',
    });
  });

  it('a check kept without its roll (faces only) has nothing to show', () => {
    const event = ev({ type: 'check-resolved', combatantId: 'g1', checkId: 'death-save', faces: [3] });
    expect(shownRollFrom(event, encounter())).toBeNull();
    expect(shownRollId(event)).toBeNull();
    expect(isShowableRoll(event)).toBe(false);
  });

  it('initiative: every roller and die, the scores by participant name, every member as a target, the event as its id', () => {
    const event = ev({
      type: 'initiative-rolled',
      entries: [entry('ghost', ['ghost'], 4, '9'), entry('gangers', ['g1', 'g2'], 3, 'Acts first')],
      rolls: [
        record('r-ghost', 'Ghost', 'Initiative', [{ sides: 6, faces: [4], label: 'initiative' }]),
        record('r-gangers', 'Gangers', 'Initiative', [{ sides: 6, faces: [3], label: 'initiative' }]),
      ],
    });
    expect(shownRollFrom(event, encounter())).toEqual({
      rollId: event.id,
      who: 'Ghost, Gangers',
      what: 'Initiative',
      summary: 'Initiative: Ghost 9 · Gangers Acts first',
      dice: [
        { sides: 6, faces: [4] },
        { sides: 6, faces: [3] },
      ],
      targetIds: ['ghost', 'g1', 'g2'],
    });
    expect(shownRollId(event)).toBe(event.id);
  });

  it('initiative names a side by its name and an unknown participant by its id', () => {
    const event = ev({
      type: 'initiative-rolled',
      entries: [entry('party', ['ghost'], 5, '5'), entry('stranger', [], 2, '2')],
      rolls: [record('r-party', 'Party', 'Initiative', [{ sides: 6, faces: [5] }])],
    });
    expect(shownRollFrom(event, encounter())).toMatchObject({ summary: 'Initiative: Party 5 · stranger 2', targetIds: ['ghost'] });
    expect(shownRollFrom(event, null)).toMatchObject({ summary: 'Initiative: party 5 · stranger 2' });
  });

  it('initiative set without dice (scores only) has nothing to show', () => {
    const event = ev({ type: 'initiative-rolled', entries: [entry('ghost', ['ghost'], 4, '9')], rolls: [] });
    expect(shownRollFrom(event, encounter())).toBeNull();
    expect(shownRollId(event)).toBeNull();
  });

  it.each([
    ev({ type: 'turn-advanced' }),
    ev({ type: 'harm-applied', combatantId: 'g1', harm: { kind: 'damage', amount: 2 } }),
    ev({ type: 'note-added', text: 'Ghost rolled a 6' }),
  ])('an event with no roll ($type) has nothing to show', (event) => {
    expect(shownRollFrom(event, encounter())).toBeNull();
    expect(isShowableRoll(event)).toBe(false);
  });

  it('cuts who, what and summary to 500 characters ending in "…", which the reducer then accepts', () => {
    const long = 'x'.repeat(800);
    const event = ev({
      type: 'roll-resolved',
      roll: record('roll-5', `G${long}`, `W${long}`, [{ sides: 6, faces: [1] }]),
      summary: `S${long}`,
    });
    const shown = shownRollFrom(event, encounter())!;
    expect(shown.who).toBe(`G${'x'.repeat(498)}…`);
    expect(shown.what).toBe(`W${'x'.repeat(498)}…`);
    expect(shown.summary).toBe(`S${'x'.repeat(498)}…`);
    expect(shown.summary.length).toBe(SHOWN_ROLL_TEXT_LIMIT);
    const after = reduce(encounter(), ev({ type: 'roll-shown', roll: shown }), lookup);
    expect(after.shownRolls).toEqual([shown]);
  });

  it('keeps text of exactly the limit whole, and trims the space around it', () => {
    expect(clipShownText('y'.repeat(500))).toBe('y'.repeat(500));
    expect(clipShownText(` ${'y'.repeat(501)}`)).toBe(`${'y'.repeat(499)}…`);
    expect(clipShownText('  Ghost  ')).toBe('Ghost');
  });

  it('copies the faces: changing the event afterwards leaves the shown roll as it was', () => {
    const faces = [2, 3];
    const event = ev({
      type: 'roll-resolved',
      roll: record('roll-6', 'Ghost', 'Shot', [{ sides: 6, faces }]),
      summary: 'Ghost shoots',
    });
    const shown = shownRollFrom(event, encounter())!;
    faces.push(6);
    expect(shown.dice).toEqual([{ sides: 6, faces: [2, 3] }]);
  });
});
