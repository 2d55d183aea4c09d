import { z } from 'zod';
import { SYSTEM_IDS } from '../system-kit/rule-system';
import type { EncounterEvent } from '../encounter/events';
import { reduce, type RulesLookup } from '../encounter/reducer';
import { presentCombatants, type EncounterState } from '../encounter/state';
import { isRulesError } from '../errors';
import { ENCOUNTER_FILE_VERSION, FILE_ENCOUNTER_ID } from '../export/encounter-json';
import type { EncounterRecord, LoggedEvent } from '../export/encounter-record';
import { eventSchemas, IMPORT_LIMITS, isEventType, isoTime } from './event-schema';
import { FILE_FORMATS, recogniseByFirstLine, wrongKindMessage } from '../file-format/file-kind';
import { bringUpToDate, type FormatVersions } from './migrations';
import { parseUntrustedJson } from './safe-json';
import { checkShape } from './schema-issues';

/**
 * Reading an encounter file (docs/file-formats.md, "Encounter JSON") into an EncounterRecord, all
 * of it or nothing: a safe parse, the format and its version (older versions migrated), the
 * shape of every entry, the log's own rules (one creation, first; unique ids; a cursor in range),
 * then a replay of every active entry through the reducer, the redo branch past the cursor
 * included, so each system's rules judge stat blocks, harm and turns as they do in play.
 * Discarded entries (an undone branch that was overwritten) are only shape-checked: they are
 * kept for the exports and never replayed.
 */

/** What the import dialog shows before the GM confirms: as of the entries in effect. */
export interface EncounterFileSummary {
  /** Entries in effect (up to the cursor). */
  readonly events: number;
  /** Combatants present (not removed) at the cursor. */
  readonly combatants: number;
  /** The round reached at the cursor (0 = still in setup). */
  readonly rounds: number;
}

export type EncounterFileReading =
  | { readonly ok: true; readonly record: EncounterRecord; readonly summary: EncounterFileSummary; readonly state: EncounterState }
  | { readonly ok: false; readonly message: string };

/** Version 1 is the first format: there is nothing older to migrate yet. */
export const encounterFileVersions: FormatVersions = { current: ENCOUNTER_FILE_VERSION, migrations: {} };

/** More entries than the safe parse lets a list hold would be refused there first. */
export const MAX_LOG_ENTRIES = 1_000_000;

const headerSchema = z.strictObject({
  format: z.literal(FILE_FORMATS.encounter),
  version: z.number(),
  name: z.string().min(1).max(IMPORT_LIMITS.name),
  systemId: z.enum(SYSTEM_IDS),
  createdAt: isoTime,
  updatedAt: isoTime,
  archived: z.boolean(),
  cursor: z.int().min(1).nullable(),
  log: z.array(z.unknown()).min(1).max(MAX_LOG_ENTRIES),
});

const entrySchema = z.strictObject({
  discarded: z.boolean(),
  event: z.looseObject({ type: z.string().max(IMPORT_LIMITS.id) }),
});

type Failure = { readonly ok: false; readonly message: string };
const failure = (message: string): Failure => ({ ok: false, message });

function readEntry(raw: unknown, index: number): { ok: true; entry: LoggedEvent } | Failure {
  const at = ['log', index] as const;
  const shape = checkShape(entrySchema, raw, at);
  if (!shape.ok) return shape;
  const type = shape.value.event.type;
  if (!isEventType(type)) return failure(`log[${index}].event.type: ${JSON.stringify(type.slice(0, 40))} is not an event GM Screen knows.`);
  const event = checkShape<EncounterEvent>(eventSchemas[type], withFileEncounterId((raw as { event: object }).event), [...at, 'event']);
  if (!event.ok) return event;
  return { ok: true, entry: { discarded: shape.value.discarded, event: event.value } };
}

/**
 * A file's creation entry carries no encounter id (see encounter-json.ts): the record gets
 * FILE_ENCOUNTER_ID until an import stores it under an id of its own. One that has an id keeps it.
 */
function withFileEncounterId(event: object): object {
  if ((event as { type?: unknown }).type !== 'encounter-created' || Object.hasOwn(event, 'encounterId')) return event;
  return { ...event, encounterId: FILE_ENCOUNTER_ID };
}

/** The log's own rules, before any event is replayed. */
function checkLogStructure(log: readonly LoggedEvent[], systemId: string, cursor: number | null): Failure | null {
  const first = log[0]!;
  if (first.event.type !== 'encounter-created') {
    return failure(`log[0].event.type: the first entry must create the encounter ("encounter-created"), not "${first.event.type}".`);
  }
  if (first.discarded) return failure('log[0].discarded: the entry that creates the encounter cannot be undone.');
  if (first.event.systemId !== systemId) {
    return failure(`systemId: the file says "${systemId}", but its first entry creates a "${first.event.systemId}" encounter.`);
  }
  const seen = new Map<string, number>();
  let active = 0;
  for (const [index, { event, discarded }] of log.entries()) {
    if (index > 0 && event.type === 'encounter-created') return failure(`log[${index}].event.type: only the first entry may create the encounter.`);
    const earlier = seen.get(event.id);
    if (earlier !== undefined) return failure(`log[${index}].event.id: "${event.id}" is already the id of log[${earlier}].`);
    seen.set(event.id, index);
    if (!discarded) active++;
  }
  if (cursor !== null && cursor > active) {
    return failure(`cursor: ${cursor} entries are in effect, but the log has only ${active} that are not discarded.`);
  }
  return null;
}

/** Every active entry through the reducer; the state at the cursor. */
function replayLog(log: readonly LoggedEvent[], cursor: number | null, lookup: RulesLookup): { ok: true; state: EncounterState } | Failure {
  let state: EncounterState | null = null;
  let atCursor: EncounterState | null = null;
  let active = 0;
  for (const [index, { event, discarded }] of log.entries()) {
    if (discarded) continue;
    try {
      state = reduce(state, event, lookup);
    } catch (error) {
      const what = `Entry ${index + 1} (${event.type}, log[${index}])`;
      if (isRulesError(error)) return failure(`${what} was refused: ${error.message}`);
      return failure(`${what} could not be replayed: ${error instanceof Error ? error.message : String(error)}`);
    }
    active++;
    if (active === cursor) atCursor = state;
  }
  return { ok: true, state: atCursor ?? state! };
}

/**
 * Reads an encounter file. Never throws. The record keeps the file's ids: an import stores it as
 * a copy under a new encounter id (see `asImportedCopy`).
 */
export function readEncounterFile(text: string, lookup: RulesLookup, versions: FormatVersions = encounterFileVersions): EncounterFileReading {
  const parsed = parseUntrustedJson(text);
  if (!parsed.ok) return failure(recogniseByFirstLine(text, 'encounter') ?? parsed.message);
  const wrongKind = wrongKindMessage(parsed.value, 'encounter');
  if (wrongKind) return failure(wrongKind);
  const migrated = bringUpToDate(parsed.value as Record<string, unknown>, versions, 'encounter file');
  if (!migrated.ok) return migrated;
  const header = checkShape(headerSchema, migrated.value);
  if (!header.ok) return header;
  const { log: rawLog, cursor, ...facts } = header.value;

  const log: LoggedEvent[] = [];
  for (const [index, raw] of rawLog.entries()) {
    const read = readEntry(raw, index);
    if (!read.ok) return read;
    log.push(read.entry);
  }
  const structure = checkLogStructure(log, facts.systemId, cursor);
  if (structure) return structure;
  const replayed = replayLog(log, cursor, lookup);
  if (!replayed.ok) return replayed;

  const { state } = replayed;
  const record: EncounterRecord = {
    name: facts.name,
    systemId: facts.systemId,
    createdAt: facts.createdAt,
    updatedAt: facts.updatedAt,
    archived: facts.archived,
    cursor,
    log,
  };
  const inEffect = cursor ?? log.filter((entry) => !entry.discarded).length;
  return { ok: true, record, state, summary: { events: inEffect, combatants: presentCombatants(state).length, rounds: state.round } };
}

/**
 * The record as a new encounter: its creation entry names the new id (the state's id comes from
 * it). Event ids are kept: they only need to be unique within their encounter.
 */
export function asImportedCopy(record: EncounterRecord, encounterId: string): EncounterRecord {
  const [first, ...rest] = record.log;
  if (!first || first.event.type !== 'encounter-created') throw new Error('An encounter record starts with its creation entry.');
  return { ...record, log: [{ ...first, event: { ...first.event, encounterId } }, ...rest] };
}
