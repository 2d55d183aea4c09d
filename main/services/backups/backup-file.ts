import { createHash } from 'node:crypto';
import { z } from 'zod';
import { BODY_CHUNK_BYTES, utf8Chunks } from '../files/utf8-chunks';
import { backupReasonSchema, type BackupReason } from '../../../shared/ipc/contract';

/**
 * A backup file: one JSON header line, `\n`, then the body — the renderer's database dump, stored
 * as given. The header carries the body's size and SHA-256, so damage (a flipped byte, a cut-off
 * file) is found before a restore trusts the body.
 */
export const BACKUP_FORMAT = 'gm-screen-backup';
export const BACKUP_VERSION = 1;
/** A header is a few hundred bytes; list reads at most this much of each file. */
export const MAX_HEADER_BYTES = 64 * 1024;

export const backupHeaderSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  createdAt: z.iso.datetime(),
  reason: backupReasonSchema,
  encounters: z.number().int().nonnegative(),
  events: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type BackupHeader = z.infer<typeof backupHeaderSchema>;

export interface BackupDescription {
  readonly createdAt: Date;
  readonly reason: BackupReason;
  readonly encounters: number;
  readonly events: number;
}

/**
 * The file for a body: its header line (in this key order) and then the body's UTF-8 bytes as
 * chunks, to hand to the writer. The body is encoded twice (once to hash, once to write), which
 * costs less than holding it in a buffer of its own.
 */
export function encodeBackup(
  description: BackupDescription,
  body: string,
  chunkBytes = BODY_CHUNK_BYTES,
): { header: BackupHeader; parts: Iterable<Uint8Array>; bytes: number } {
  const hash = createHash('sha256');
  for (const chunk of utf8Chunks(body, chunkBytes)) hash.update(chunk);
  const header: BackupHeader = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: description.createdAt.toISOString(),
    reason: description.reason,
    encounters: description.encounters,
    events: description.events,
    bytes: Buffer.byteLength(body, 'utf8'),
    sha256: hash.digest('hex'),
  };
  const headerLine = Buffer.from(`${JSON.stringify(header)}\n`, 'utf8');
  function* parts(): Generator<Uint8Array> {
    yield headerLine;
    yield* utf8Chunks(body, chunkBytes);
  }
  return { header, parts: parts(), bytes: headerLine.byteLength + header.bytes };
}

/** The header in a file's first bytes, or null when they do not start with a header of ours. */
export function parseBackupHeader(start: Buffer): { header: BackupHeader; bodyOffset: number } | null {
  const newline = start.subarray(0, MAX_HEADER_BYTES).indexOf(0x0a);
  if (newline < 0) return null;
  let json: unknown;
  try {
    json = JSON.parse(start.subarray(0, newline).toString('utf8'));
  } catch {
    return null;
  }
  const parsed = backupHeaderSchema.safeParse(json);
  return parsed.success ? { header: parsed.data, bodyOffset: newline + 1 } : null;
}

/** What is wrong with a body of `bodyBytes` bytes under this header's size, or null when the size is right. */
export function bodySizeProblem(bodyBytes: number, header: BackupHeader): string | null {
  if (bodyBytes < header.bytes) return `it is incomplete (${bodyBytes} of ${header.bytes} bytes)`;
  if (bodyBytes > header.bytes) return `it holds ${bodyBytes - header.bytes} bytes more than its header says`;
  return null;
}

export const CHECKSUM_PROBLEM = 'its checksum does not match';
