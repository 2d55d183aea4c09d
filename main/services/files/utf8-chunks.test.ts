import { describe, expect, it } from 'vitest';
import { utf8Chunks } from './utf8-chunks';

/** Each chunk copied as it comes: a chunk is only valid until the next one is asked for. */
const copies = (chunks: Iterable<Uint8Array>) => Array.from(chunks, (chunk) => Buffer.from(chunk));

describe('utf8Chunks', () => {
  it('converts text in chunks that never split a character, each a view of one reused buffer', () => {
    const text = 'aé€😀'.repeat(5);
    const chunks = copies(utf8Chunks(text, 5));
    expect(Buffer.concat(chunks).toString('utf8')).toBe(text);
    // "a"+"é" (3); "€" alone, as "😀" would not fit (3); then "😀a", "é€" … (5 each); "😀" last (4).
    expect(chunks.map((chunk) => chunk.byteLength)).toEqual([3, 3, 5, 5, 5, 5, 5, 5, 5, 5, 4]);
    const [first, second] = utf8Chunks(text, 5);
    expect(first!.buffer).toBe(second!.buffer);
  });

  it('yields nothing for empty text, and one chunk for text that fits', () => {
    expect([...utf8Chunks('')]).toEqual([]);
    expect(copies(utf8Chunks('Zoë'))).toEqual([Buffer.from('Zoë')]);
  });

  it('turns a lone surrogate into U+FFFD, three bytes, as Buffer.byteLength counts it', () => {
    expect(Buffer.concat(copies(utf8Chunks('x\ud800y', 4)))).toEqual(Buffer.from('x\ufffdy'));
    expect(Buffer.byteLength('x\ud800y')).toBe(5);
  });
});
