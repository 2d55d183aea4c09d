import { describe, expect, it } from 'vitest';
import { bodySizeProblem, encodeBackup, parseBackupHeader } from './backup-file';

/** Each chunk copied as it comes: a chunk is only valid until the next one is asked for. */
const copies = (chunks: Iterable<Uint8Array>) => Array.from(chunks, (chunk) => Buffer.from(chunk));

const description = { createdAt: new Date('2026-12-01T19:05:00.000Z'), reason: 'quit' as const, encounters: 2, events: 40 };

describe('backup file format', () => {
  const { header, parts, bytes } = encodeBackup(description, '{"dump":"é"}');
  const file = Buffer.concat(copies(parts));

  it('starts with a one-line JSON header in a fixed key order, then the body as given', () => {
    expect(file.toString('utf8')).toBe(
      '{"format":"gm-screen-backup","version":1,"createdAt":"2026-12-01T19:05:00.000Z","reason":"quit","encounters":2,"events":40,' +
        '"bytes":13,"sha256":"' +
        header.sha256 +
        '"}\n{"dump":"é"}',
    );
    expect(bytes).toBe(file.byteLength);
    // 13 bytes: "é" is two bytes in UTF-8.
    expect(header.sha256).toBe('0ca239551262b7c64316912af3948f630f512244f02b96edfc646d648f44d61f');
  });

  it('reads its header back', () => {
    expect(parseBackupHeader(file)).toEqual({ header, bodyOffset: file.indexOf(10) + 1 });
  });

  it('refuses first lines that are not its header', () => {
    expect(parseBackupHeader(Buffer.from('no newline at all'))).toBeNull();
    expect(parseBackupHeader(Buffer.from('{not json\nbody'))).toBeNull();
    expect(parseBackupHeader(Buffer.from('{"format":"other-app","version":1}\nbody'))).toBeNull();
    const future = JSON.stringify({ ...header, version: 2 });
    expect(parseBackupHeader(Buffer.from(`${future}\nbody`))).toBeNull();
    const badHash = JSON.stringify({ ...header, sha256: 'xyz' });
    expect(parseBackupHeader(Buffer.from(`${badHash}\nbody`))).toBeNull();
  });

  it('names a body of the wrong size: cut short, or longer than said', () => {
    expect(bodySizeProblem(13, header)).toBeNull();
    expect(bodySizeProblem(9, header)).toBe('it is incomplete (9 of 13 bytes)');
    expect(bodySizeProblem(15, header)).toBe('it holds 2 bytes more than its header says');
  });

  it('counts a lone surrogate as the three bytes of U+FFFD it is written as', () => {
    const lone = encodeBackup(description, 'x\ud800y', 2);
    expect([lone.header.bytes, Buffer.concat(copies(lone.parts)).subarray(-5)]).toEqual([5, Buffer.from('x\ufffdy')]);
  });

  it('writes the same file whatever the chunk size', () => {
    const body = JSON.stringify({ names: ['Ýr', 'Zoë', '🐉'], n: 1 }).repeat(50);
    const whole = encodeBackup(description, body);
    const small = encodeBackup(description, body, 7);
    expect(small.header).toEqual(whole.header);
    expect(Buffer.concat(copies(small.parts))).toEqual(Buffer.concat(copies(whole.parts)));
    expect(small.bytes).toBe(whole.bytes);
  });
});
