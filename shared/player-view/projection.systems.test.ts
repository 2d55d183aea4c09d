import { describe, expect, it } from 'vitest';
import { findCombatant, toRulesCombatant, type EncounterState } from '../encounter/state';
import type { HealthView } from '../system-kit/tracker-rules';
import type { PlayerCombatant, PlayerEncounter, PlayerHealth } from './contract';
import { rulesLookup } from '../systems/all-systems.test-support';
import { systemIds } from '../systems/profiles';
import { healthDescriptor } from './descriptor';
import { fight, OPTIONS, play } from './fights.test-support';
import { projectForPlayers } from './projection';
import { playerScreenSchema } from './schema';

const rulesCombatant = (state: EncounterState, id: string) => toRulesCombatant(findCombatant(state, id)!);

/** Each system's fight as the players see it: PCs' tracks as the system counts them, NPCs as a word. */

function project(state: EncounterState, rules: Parameters<typeof projectForPlayers>[1]): PlayerEncounter {
  const screen = projectForPlayers(state, rules, OPTIONS);
  if (screen.kind !== 'encounter') throw new Error(`expected an encounter, got ${screen.kind}`);
  expect(playerScreenSchema.parse(screen)).toEqual(screen);
  return screen;
}

const healthOf = (screen: PlayerEncounter, key: string): PlayerHealth => screen.combatants.find((c) => c.key === key)!.health;
const word = (descriptor: string): PlayerHealth => ({ kind: 'descriptor', descriptor }) as PlayerHealth;
const harm = (combatantId: string, kind: string, amount: number, location?: string) =>
  ({ type: 'harm-applied', combatantId, harm: { kind, amount, ...(location ? { location } : {}) } }) as const;

const row = (over: Partial<PlayerCombatant> & Pick<PlayerCombatant, 'key' | 'name' | 'health'>): PlayerCombatant => ({
  side: 'Opponents',
  isPc: false,
  acting: false,
  next: false,
  done: false,
  conditions: [],
  ...over,
});

describe('Shadowrun 4e', () => {
  const people = [
    { id: 'sam', name: 'Sam', preset: 'street-samurai' },
    { id: 'g1', name: 'Ganger 1', preset: 'ganger' },
    { id: 'g2', name: 'Ganger 2', preset: 'ganger' },
  ];

  it('PCs show both condition monitors as boxes; NPCs a word; the order, the acting and the next', () => {
    const { state, rules } = fight('shadowrun-4e', people);
    const damaged = play(state, harm('sam', 'physical', 3), harm('sam', 'stun', 2));
    expect(project(damaged, rules)).toEqual({
      kind: 'encounter',
      name: 'The depot',
      systemId: 'shadowrun-4e',
      status: 'running',
      // The samurai has 2 Initiative Passes, the gangers 1: four Action Phases.
      progress: ['Combat Turn 1', 'Initiative Pass 1', 'Action Phase 1 of 4'],
      timerKey: 'r1p1t1',
      combatants: [
        row({
          key: 'sam',
          name: 'Sam',
          side: 'Party',
          isPc: true,
          acting: true,
          // Body 5: 8 + 3 = 11 Physical boxes; Willpower 3: 8 + 2 = 10 Stun boxes.
          health: {
            kind: 'numbers',
            tracks: [
              { label: 'Physical', current: 8, max: 11, style: 'boxes' },
              { label: 'Stun', current: 8, max: 10, style: 'boxes' },
            ],
            state: 'Wounded',
          },
        }),
        row({ key: 'g1', name: 'Ganger 1', next: true, health: word('unhurt') }),
        row({ key: 'g2', name: 'Ganger 2', health: word('unhurt') }),
      ],
      rolls: [],
    });
  });

  it('an NPC reads wounded, badly hurt on either monitor at half, and down (never dead)', () => {
    const { state, rules } = fight('shadowrun-4e', people);
    // Ganger: Body 3 → 10 Physical boxes, Willpower 2 → 9 Stun boxes.
    expect(healthOf(project(play(state, harm('g1', 'physical', 4)), rules), 'g1')).toEqual(word('wounded'));
    expect(healthOf(project(play(state, harm('g1', 'physical', 5)), rules), 'g1')).toEqual(word('badly hurt'));
    expect(healthOf(project(play(state, harm('g1', 'stun', 4)), rules), 'g1')).toEqual(word('wounded'));
    expect(healthOf(project(play(state, harm('g1', 'stun', 5)), rules), 'g1')).toEqual(word('badly hurt'));
    expect(healthOf(project(play(state, harm('g1', 'physical', 10)), rules), 'g1')).toEqual(word('down'));
    // Overflow past Body: dead to the GM, "down" to the players.
    const dead = play(state, harm('g1', 'physical', 14));
    expect(rules.healthView(rulesCombatant(dead, 'g1'), dead.toggles).severity).toBe('dead');
    expect(healthOf(project(dead, rules), 'g1')).toEqual(word('down'));
  });

  it('an NPC whose numbers the GM shows: its monitors and the rules’ word; hidden again: the word', () => {
    const { state, rules } = fight('shadowrun-4e', people);
    const shown = play(state, harm('g1', 'physical', 10), { type: 'combatant-numbers-shown', combatantId: 'g1', shown: true });
    expect(healthOf(project(shown, rules), 'g1')).toEqual({
      kind: 'numbers',
      tracks: [
        { label: 'Physical', current: 0, max: 10, style: 'boxes' },
        { label: 'Stun', current: 9, max: 9, style: 'boxes' },
      ],
      state: rules.healthView(rulesCombatant(shown, 'g1'), shown.toggles).stateLabel,
    });
    const again = play(shown, { type: 'combatant-numbers-shown', combatantId: 'g1', shown: false });
    expect(healthOf(project(again, rules), 'g1')).toEqual(word('down'));
  });
});

describe('The Electric State', () => {
  const people = [
    { id: 'd', name: 'Dana', preset: 'drifter' },
    { id: 'g', name: 'Guard', preset: 'drone-guard' },
  ];

  it('PCs show Health and Hope as pips; an NPC’s Hope-less Health reads as a word', () => {
    const { state, rules } = fight('electric-state', people);
    const screen = project(play(state, harm('d', 'damage', 1), harm('g', 'damage', 1)), rules);
    expect(screen.progress).toEqual(['Round 1', 'Turn 1 of 2']);
    expect(screen.combatants).toEqual([
      row({
        key: 'd',
        name: 'Dana',
        side: 'Party',
        isPc: true,
        acting: true,
        // Health ⌈(3 + 4) / 2⌉ = 4, Hope ⌈(3 + 3) / 2⌉ = 3.
        health: {
          kind: 'numbers',
          tracks: [
            { label: 'Health', current: 3, max: 4, style: 'pips' },
            { label: 'Hope', current: 3, max: 3, style: 'pips' },
          ],
          state: 'Hurt',
        },
      }),
      // Health ⌈(3 + 3) / 2⌉ = 3: 2 left is above half.
      row({ key: 'g', name: 'Guard', next: true, health: word('wounded') }),
    ]);
  });

  it('badly hurt at half Health or less, down when Incapacitated', () => {
    const { state, rules } = fight('electric-state', people);
    expect(healthOf(project(state, rules), 'g')).toEqual(word('unhurt'));
    expect(healthOf(project(play(state, harm('g', 'damage', 2)), rules), 'g')).toEqual(word('badly hurt'));
    expect(healthOf(project(play(state, harm('g', 'damage', 3)), rules), 'g')).toEqual(word('down'));
  });
});

describe('UESRPG 3e', () => {
  const people = [
    { id: 'a', name: 'Aela', preset: 'adventurer' },
    { id: 'b', name: 'Bandit', preset: 'bandit' },
  ];

  it('PCs show HP as a bar; NPCs a word', () => {
    const { state, rules } = fight('uesrpg-3e', people);
    const screen = project(play(state, harm('a', 'damage', 4, 'body')), rules);
    expect(screen.combatants).toEqual([
      row({
        key: 'a',
        name: 'Aela',
        side: 'Party',
        isPc: true,
        acting: true,
        // HP ⌈Endurance 40 / 2⌉ = 20.
        health: { kind: 'numbers', tracks: [{ label: 'HP', current: 16, max: 20, style: 'bar' }], state: 'Hurt' },
      }),
      row({ key: 'b', name: 'Bandit', next: true, health: word('unhurt') }),
    ]);
  });

  it('wounded, badly hurt at half HP or less, down at 0', () => {
    const { state, rules } = fight('uesrpg-3e', people);
    // Bandit: HP ⌈30 / 2⌉ = 15.
    expect(healthOf(project(play(state, harm('b', 'damage', 7, 'body')), rules), 'b')).toEqual(word('wounded'));
    expect(healthOf(project(play(state, harm('b', 'damage', 8, 'body')), rules), 'b')).toEqual(word('badly hurt'));
    expect(healthOf(project(play(state, harm('b', 'damage', 15, 'body')), rules), 'b')).toEqual(word('down'));
  });
});

describe('Hardware', () => {
  const people = [
    { id: 'r', name: 'Rook', preset: 'runner' },
    { id: 'p', name: 'Punk', preset: 'street-punk' },
  ];

  it('PCs show Stamina and their attributes as bars; NPCs a word', () => {
    const { state, rules } = fight('hardware', people);
    const screen = project(play(state, harm('r', 'damage', 2)), rules);
    expect(screen.combatants).toEqual([
      row({
        key: 'r',
        name: 'Rook',
        side: 'Party',
        isPc: true,
        acting: true,
        health: {
          kind: 'numbers',
          tracks: [
            { label: 'Stamina', current: 3, max: 5, style: 'bar' },
            { label: 'BOD', current: 10, max: 10, style: 'bar' },
            { label: 'AGL', current: 12, max: 12, style: 'bar' },
            { label: 'CTR', current: 11, max: 11, style: 'bar' },
          ],
          state: 'Hurt',
        },
      }),
      row({ key: 'p', name: 'Punk', next: true, health: word('unhurt') }),
    ]);
  });

  it('Stamina and BOD are wounds, CTR is not', () => {
    const { state, rules } = fight('hardware', people);
    // Street punk: Stamina 3, BOD 8, CTR 7.
    expect(healthOf(project(play(state, harm('p', 'damage', 1)), rules), 'p')).toEqual(word('wounded'));
    expect(healthOf(project(play(state, harm('p', 'stress', 2)), rules), 'p')).toEqual(word('badly hurt'));
    expect(healthOf(project(play(state, harm('p', 'attribute', 1, 'BOD')), rules), 'p')).toEqual(word('wounded'));
    expect(healthOf(project(play(state, harm('p', 'attribute', 4, 'BOD')), rules), 'p')).toEqual(word('badly hurt'));
    expect(healthOf(project(play(state, harm('p', 'attribute', 3, 'CTR')), rules), 'p')).toEqual(word('unhurt'));
  });
});

describe('healthDescriptor', () => {
  const view = (severity: HealthView['severity'], tracks: [string, number, number][]): HealthView => ({
    tracks: tracks.map(([id, current, max]) => ({ id, label: id, current, max, style: 'bar' })),
    stateLabel: 'x',
    severity,
    modifiers: [],
    markers: [],
    canAct: true,
  });

  it('reads only the system’s wound tracks, at or below half as badly hurt, and says down for dead', () => {
    expect(healthDescriptor(rulesLookup.tracker('electric-state').woundTracks, view('hurt', [['health', 4, 4], ['hope', 0, 3]]))).toBe('unhurt');
    expect(healthDescriptor(rulesLookup.tracker('electric-state').woundTracks, view('hurt', [['health', 3, 4], ['hope', 3, 3]]))).toBe('wounded');
    expect(healthDescriptor(rulesLookup.tracker('electric-state').woundTracks, view('hurt', [['health', 2, 4]]))).toBe('badly hurt');
    expect(healthDescriptor(rulesLookup.tracker('shadowrun-4e').woundTracks, view('hurt', [['physical', 10, 10], ['stun', 4, 9]]))).toBe('badly hurt');
    expect(healthDescriptor(rulesLookup.tracker('shadowrun-4e').woundTracks, view('hurt', [['physical', 6, 10], ['stun', 9, 9]]))).toBe('wounded');
    expect(healthDescriptor(rulesLookup.tracker('hardware').woundTracks, view('hurt', [['stamina', 3, 3], ['BOD', 8, 8], ['AGL', 0, 10], ['CTR', 1, 7]]))).toBe('unhurt');
    expect(healthDescriptor(rulesLookup.tracker('uesrpg-3e').woundTracks, view('hurt', [['hp', 11, 20]]))).toBe('wounded');
    expect(healthDescriptor(rulesLookup.tracker('uesrpg-3e').woundTracks, view('down', [['hp', 20, 20]]))).toBe('down');
    expect(healthDescriptor(rulesLookup.tracker('uesrpg-3e').woundTracks, view('dead', [['hp', 0, 20]]))).toBe('down');
    // A track with no boxes says nothing: 0 of 0 is not "at half".
    expect(healthDescriptor(rulesLookup.tracker('hardware').woundTracks, view('ok', [['stamina', 0, 0], ['BOD', 8, 8]]))).toBe('unhurt');
  });

  it('names the wound tracks of every system, with why', () => {
    expect(Object.fromEntries(systemIds.map((id) => [id, rulesLookup.tracker(id).woundTracks.tracks]))).toEqual({
      'electric-state': ['health'],
      'uesrpg-3e': ['hp'],
      'shadowrun-4e': ['physical', 'stun'],
      hardware: ['stamina', 'BOD'],
    });
  });
});
