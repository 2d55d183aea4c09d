import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { BODY_CHUNK_BYTES } from '../files/utf8-chunks';
import { bodySizeProblem, CHECKSUM_PROBLEM, MAX_HEADER_BYTES, parseBackupHeader, type BackupHeader } from './backup-file';

export type BackupReading =
  | { readonly kind: 'not-ours' }
  | { readonly kind: 'damaged'; readonly header: BackupHeader; readonly problem: string }
  | { readonly kind: 'intact'; readonly header: BackupHeader; readonly body: string; readonly fileBytes: number };

/** The first bytes of a file (a header is far shorter than MAX_HEADER_BYTES), and its size. */
export async function readBackupStart(path: string): Promise<{ start: Buffer; size: number }> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const start = Buffer.alloc(Math.min(size, MAX_HEADER_BYTES));
    const { bytesRead } = await file.read(start, 0, start.byteLength, 0);
    return { start: start.subarray(0, bytesRead), size };
  } finally {
    await file.close();
  }
}

/**
 * Reads and checks a whole backup: its header, then its size (a cut-off file is named without
 * reading it), then its body a chunk at a time through one reused buffer, hashed and decoded as
 * it comes, so a 50 MB backup is held once, as the string handed back (appended piece by piece, which
 * V8 keeps as a rope until the IPC answer is serialised, rather than copied by a join). Throws file
 * errors as is.
 */
export async function readBackupFile(path: string, chunkBytes = BODY_CHUNK_BYTES): Promise<BackupReading> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const start = Buffer.alloc(Math.min(size, MAX_HEADER_BYTES));
    await file.read(start, 0, start.byteLength, 0);
    const parsed = parseBackupHeader(start);
    if (!parsed) return { kind: 'not-ours' };
    const { header, bodyOffset } = parsed;
    const sizeProblem = bodySizeProblem(size - bodyOffset, header);
    if (sizeProblem) return { kind: 'damaged', header, problem: sizeProblem };

    const hash = createHash('sha256');
    const decoder = new TextDecoder('utf-8');
    let body = '';
    const scratch = Buffer.alloc(Math.min(chunkBytes, Math.max(header.bytes, 1)));
    for (let position = bodyOffset; position < size; ) {
      const { bytesRead } = await file.read(scratch, 0, Math.min(scratch.byteLength, size - position), position);
      if (bytesRead === 0) return { kind: 'damaged', header, problem: bodySizeProblem(position - bodyOffset, header) ?? CHECKSUM_PROBLEM };
      const chunk = scratch.subarray(0, bytesRead);
      hash.update(chunk);
      body += decoder.decode(chunk, { stream: true });
      position += bytesRead;
    }
    body += decoder.decode();
    if (hash.digest('hex') !== header.sha256) return { kind: 'damaged', header, problem: CHECKSUM_PROBLEM };
    return { kind: 'intact', header, body, fileBytes: size };
  } finally {
    await file.close();
  }
}
