// Events and builds the log-view tests share: a small fight under the fake rules (Ghost against two gangers).
import type { RollRecord } from '../dice/record';
import type { EncounterEvent, EventInput } from './events';
import { FAKE_SYSTEM_ID, createFakeLookup } from './fake-rules.test-support';
import { buildLogEntries, type LogEntry } from './log-view';
import type { RulesLookup } from './reducer';

export const lookup = createFakeLookup();
let counter = 0;
export const ev = (input: EventInput): EncounterEvent =>
  ({ id: `e${++counter}`, at: '2026-11-29T12:00:00.000Z', ...input }) as EncounterEvent;

export const roll = (roller: string, sides: number, faces: number[], label?: string): RollRecord => ({
  id: `r${++counter}`,
  at: '2026-11-29T12:00:00.000Z',
  roller,
  reason: 'test',
  source: 'seeded:test',
  groups: [label === undefined ? { sides, faces } : { sides, faces, label }],
});

export function initiative(participantId: string, memberIds: string[], face: number, init: number) {
  const score = face + init;
  return { participantId, memberIds, score, display: String(score), faces: [face], detail: {}, steps: [] };
}

export function setup(): EncounterEvent[] {
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
export function running(): EncounterEvent[] {
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

export function build(events: readonly EncounterEvent[], rules: RulesLookup = lookup): readonly LogEntry[] {
  return buildLogEntries(events, rules);
}

export const last = (entries: readonly LogEntry[]) => entries[entries.length - 1]!;
