import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { initiativeParticipants } from '../../../shared/encounter/reducer';
import { GmDatabase, setDatabase } from '../db/database';
import { useEncounterStore } from '../encounter/encounter-store';
import { useEncountersStore } from '../encounter/encounters-store';
import { buildStartPreview, healthLine, previewText } from './build-start-preview';
import { PREVIEW_ROWS, PREVIEW_TEXT_MAX } from './start-preview';

let n = 0;
beforeEach(() => {
  setActivePinia(createPinia());
  setDatabase(new GmDatabase(`gm-screen-start-preview-test-${n++}`));
});

const guard = { strength: 3, agility: 3, wits: 2, empathy: 1, armor: 2 };

async function encounterWith(names: readonly string[]) {
  const id = await useEncountersStore().create('Warehouse', 'electric-state');
  const encounter = useEncounterStore();
  expect(await encounter.open(id!)).toBe(true);
  for (const [i, name] of names.entries()) {
    const ok = await encounter.dispatch({
      type: 'combatant-added',
      combatant: {
        id: `c${i}`,
        name,
        kind: i === 0 ? 'pc' : 'npc',
        side: i === 0 ? 'party' : 'opponents',
        stats: guard,
      },
    });
    expect(ok).toBe(true);
  }
  return { encounter, id: id! };
}

/** Starts the encounter with initiative cards dealt in the order given (first acts first). */
async function start(encounter: ReturnType<typeof useEncounterStore>) {
  expect(await encounter.dispatch({ type: 'encounter-started' })).toBe(true);
  const rules = encounter.tracker!;
  const participants = initiativeParticipants(encounter.state!, rules);
  const entries = participants.map((p, i) => rules.initiative.score(p, [i + 1], encounter.state!.toggles));
  expect(await encounter.dispatch({ type: 'initiative-rolled', entries, rolls: [] })).toBe(true);
}

describe('buildStartPreview', () => {
  it('before the start: the offer, no progress line, the rows without a place yet', async () => {
    const { encounter, id } = await encounterWith(['Ana', 'Guard']);
    expect(buildStartPreview(encounter.state!, encounter.tracker!)).toEqual({
      version: 1,
      encounterId: id,
      question: "Resume 'Warehouse' (The Electric State RPG (Year Zero Engine), not started)?",
      progress: '',
      rows: [
        {
          initiative: '–',
          name: 'Ana',
          kind: 'PC',
          health: 'Health 3/3 · Hope 2/2 · Unhurt',
          current: false,
          down: false,
        },
        { initiative: '–', name: 'Guard', kind: 'NPC', health: 'Health 3/3 · Unhurt', current: false, down: false },
      ],
      total: 2,
    });
  });

  it('while running: the round, the order as the tracker has it, the one acting and the one down', async () => {
    const { encounter } = await encounterWith(['Ana', 'Guard', 'Drone']);
    await start(encounter);
    expect(
      await encounter.dispatch({ type: 'harm-applied', combatantId: 'c2', harm: { kind: 'damage', amount: 9 } }),
    ).toBe(true);
    const preview = buildStartPreview(encounter.state!, encounter.tracker!);
    expect(preview.question).toBe("Resume 'Warehouse' (The Electric State RPG (Year Zero Engine), round 1)?");
    expect(preview.progress).toBe('Round 1 · Turn 1 of 2'); // the broken drone takes no turn
    // The tracker's order (trackerOrder, initiativeStandings): Electric State's scores as the rules give them.
    expect(preview.rows).toEqual([
      { initiative: '4', name: 'Guard', kind: 'NPC', health: 'Health 3/3 · Unhurt', current: true, down: false },
      {
        initiative: '4',
        name: 'Drone',
        kind: 'NPC',
        health: 'Health 0/3 · Dead (killed outright)',
        current: false,
        down: true,
      },
      {
        initiative: '3',
        name: 'Ana',
        kind: 'PC',
        health: 'Health 3/3 · Hope 2/2 · Unhurt',
        current: false,
        down: false,
      },
    ]);
  });

  it('keeps the first PREVIEW_ROWS rows and counts them all', async () => {
    const names = Array.from({ length: PREVIEW_ROWS + 3 }, (_, i) => `Guard ${i + 1}`);
    const { encounter } = await encounterWith(names);
    const preview = buildStartPreview(encounter.state!, encounter.tracker!);
    expect(preview.rows).toHaveLength(PREVIEW_ROWS);
    expect(preview.rows.at(-1)!.name).toBe(`Guard ${PREVIEW_ROWS}`);
    expect(preview.total).toBe(PREVIEW_ROWS + 3);
  });
});

describe('previewText', () => {
  it('keeps text up to the limit and cuts longer text with an ellipsis', () => {
    const limit = 'x'.repeat(PREVIEW_TEXT_MAX);
    expect(previewText(limit)).toBe(limit);
    const cut = previewText(`${limit}yz`);
    expect(cut).toHaveLength(PREVIEW_TEXT_MAX);
    expect(cut).toBe(`${'x'.repeat(PREVIEW_TEXT_MAX - 1)}…`);
  });
});

describe('healthLine', () => {
  it('reads boxes as marked, other tracks as what is left, then the state word', () => {
    expect(
      healthLine({
        tracks: [
          { id: 'physical', label: 'Physical', current: 8, max: 11, style: 'boxes' },
          { id: 'stun', label: 'Stun', current: 11, max: 11, style: 'boxes' },
        ],
        stateLabel: 'Wounded',
        severity: 'hurt',
        modifiers: [],
        markers: [],
        canAct: true,
      }),
    ).toBe('Physical 3/11 marked · Stun 0/11 marked · Wounded');
    expect(
      healthLine({
        tracks: [{ id: 'hp', label: 'HP', current: 4, max: 10, style: 'bar' }],
        stateLabel: '',
        severity: 'ok',
        modifiers: [],
        markers: [],
        canAct: true,
      }),
    ).toBe('HP 4/10');
  });
});
