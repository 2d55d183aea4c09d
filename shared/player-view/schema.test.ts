import { describe, expect, it } from 'vitest';
import type { PlayerEncounter, PlayerScreen } from './contract';
import { PLAYER_SCREEN_LIMITS, playerScreenSchema } from './schema';

/** The player page's check of what it receives: the projection's shape exactly, bounded. */

const encounter: PlayerEncounter = {
  kind: 'encounter',
  name: 'The depot',
  systemId: 'shadowrun-4e',
  status: 'running',
  progress: ['Combat Turn 1', 'Action Phase 1 of 2'],
  timerKey: 'r1p1t1',
  combatants: [
    {
      key: 'sam',
      name: 'Sam',
      side: 'Party',
      isPc: true,
      acting: true,
      next: false,
      done: false,
      health: { kind: 'numbers', tracks: [{ label: 'Physical', current: 8, max: 11, style: 'boxes' }], state: 'Wounded' },
      conditions: [{ label: 'Prone', roundsLeft: null }],
    },
    {
      key: 'g1',
      name: 'Ganger',
      side: 'Opponents',
      isPc: false,
      acting: false,
      next: true,
      done: false,
      health: { kind: 'descriptor', descriptor: 'badly hurt' },
      conditions: [{ label: 'Blinded', roundsLeft: 2 }],
    },
  ],
  rolls: [{ id: 'r1', who: 'Sam', what: 'Attack', summary: '3 hits', dice: [{ sides: 6, faces: [5, 6, 5, 1] }] }],
};

const refused = (screen: unknown) => !playerScreenSchema.safeParse(screen).success;
const withCombatant = (change: object) => ({ ...encounter, combatants: [{ ...encounter.combatants[1]!, ...change }] });

describe('playerScreenSchema', () => {
  it('accepts every kind of screen as the projection writes it', () => {
    for (const screen of [{ kind: 'waiting' }, { kind: 'blank' }, encounter] as PlayerScreen[]) {
      expect(playerScreenSchema.parse(screen)).toEqual(screen);
    }
    expect(playerScreenSchema.parse({ ...encounter, timerKey: null, status: 'setup' })).toEqual({ ...encounter, timerKey: null, status: 'setup' });
  });

  it('refuses any key the projection never writes: a stat, a note, odds', () => {
    expect(refused({ ...encounter, notes: 'GM only' })).toBe(true);
    expect(refused(withCombatant({ stats: { body: 3 } }))).toBe(true);
    expect(refused(withCombatant({ notes: 'carries the keycard' }))).toBe(true);
    expect(refused(withCombatant({ health: { kind: 'descriptor', descriptor: 'wounded', current: 3 } }))).toBe(true);
    expect(refused({ ...encounter, rolls: [{ ...encounter.rolls[0]!, odds: 0.42 }] })).toBe(true);
    expect(refused(withCombatant({ conditions: [{ label: 'Prone', roundsLeft: null, note: 'x' }] }))).toBe(true);
    expect(refused({ kind: 'blank', screen: encounter })).toBe(true);
  });

  it('refuses words and values outside the contract', () => {
    expect(refused(withCombatant({ health: { kind: 'descriptor', descriptor: 'dead' } }))).toBe(true);
    expect(refused({ ...encounter, systemId: 'dnd-5e' })).toBe(true);
    expect(refused({ ...encounter, kind: 'bestiary' })).toBe(true);
    expect(refused({ ...encounter, rolls: [{ ...encounter.rolls[0]!, dice: [{ sides: 6, faces: [0] }] }] })).toBe(true);
    expect(refused(withCombatant({ acting: 'yes' }))).toBe(true);
  });

  it('bounds names, texts and lists', () => {
    const { name, text, combatants, tracks } = PLAYER_SCREEN_LIMITS;
    expect([name, text, combatants, tracks]).toEqual([200, 500, 2000, 50]);
    expect(refused(withCombatant({ name: 'x'.repeat(name) }))).toBe(false);
    expect(refused(withCombatant({ name: 'x'.repeat(name + 1) }))).toBe(true);
    expect(refused({ ...encounter, rolls: [{ ...encounter.rolls[0]!, summary: 'x'.repeat(text) }] })).toBe(false);
    expect(refused({ ...encounter, rolls: [{ ...encounter.rolls[0]!, summary: 'x'.repeat(text + 1) }] })).toBe(true);
    const many = (n: number) => ({ ...encounter, combatants: Array.from({ length: n }, (_, i) => ({ ...encounter.combatants[1]!, key: `c${i}` })) });
    expect(refused(many(combatants))).toBe(false);
    expect(refused(many(combatants + 1))).toBe(true);
    const track = { label: 'Box', current: 1, max: 1, style: 'boxes' };
    const tracksOf = (n: number) => withCombatant({ health: { kind: 'numbers', tracks: Array.from({ length: n }, () => track), state: '' } });
    expect(refused(tracksOf(tracks))).toBe(false);
    expect(refused(tracksOf(tracks + 1))).toBe(true);
  });
});
