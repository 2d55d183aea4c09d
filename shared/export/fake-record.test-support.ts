import type { EncounterEvent, EventInput } from '../encounter/events';
import { FAKE_SYSTEM_ID } from '../encounter/fake-rules.test-support';
import type { SystemId } from '../system-kit/rule-system';
import type { EncounterRecord, ExportOptions } from './encounter-record';

/** Small hand-made records for the exporters' unit tests (fake rules, fixed times). */

export interface Discarded {
  readonly discarded: EncounterEvent;
}

/** Marks an event as undone and overwritten in `recordOf`. */
export const discard = (event: EncounterEvent): Discarded => ({ discarded: event });

export function recordOf(
  items: readonly (EncounterEvent | Discarded)[],
  cursor: number | null = null,
  systemId: SystemId = FAKE_SYSTEM_ID,
): EncounterRecord {
  const log = items.map((item) => ('discarded' in item ? { event: item.discarded, discarded: true } : { event: item, discarded: false }));
  return {
    name: 'Warehouse',
    systemId,
    createdAt: log[0]!.event.at,
    updatedAt: log[log.length - 1]!.event.at,
    archived: false,
    cursor,
    log,
  };
}

/** An event maker whose times advance by one minute from 19:00 UTC. */
export function timedEvents(prefix = 'e'): (input: EventInput) => EncounterEvent {
  let counter = 0;
  return (input) => {
    counter++;
    const at = new Date(Date.parse('2026-11-29T19:00:00.000Z') + counter * 60_000).toISOString();
    return { id: `${prefix}${counter}`, at, ...input } as EncounterEvent;
  };
}

export const ALL: ExportOptions = { includeUndone: false, rounds: null };
export const WITH_UNDONE: ExportOptions = { includeUndone: true, rounds: null };
