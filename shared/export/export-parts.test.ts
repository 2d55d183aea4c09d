import { describe, expect, it } from 'vitest';
import { MAX_EXPORT_PART_BYTES } from '../ipc/contract';
import { EXPORT_PART_CHARS, encodedParts, partsOf, saveInParts } from './export-parts';

describe('partsOf', () => {
  it('gathers pieces into parts of the size (the last shorter), and the parts join into exactly the pieces', () => {
    const pieces = ['# Mall\n', 'Round 1\n', 'Guard hits\n', 'x'];
    const parts = [...partsOf(pieces, 16)];
    expect(parts).toEqual(['# Mall\nRound 1\nG', 'uard hits\nx']);
    expect(parts.join('')).toBe(pieces.join(''));
  });

  it('cuts a piece longer than the size, never inside a surrogate pair', () => {
    // "𝔊" is two UTF-16 units; a cut after 5 units would split it, so the first part stops at 4.
    const parts = [...partsOf(['abcd𝔊efgh', 'ij'], 5)];
    expect(parts).toEqual(['abcd', '𝔊efg', 'hij']);
    expect(parts.join('')).toBe('abcd𝔊efghij');
  });

  it('gives nothing for nothing, and no empty part between pieces that fill a part exactly', () => {
    expect([...partsOf([], 4)]).toEqual([]);
    expect([...partsOf(['ab', 'cd', 'ef'], 4)]).toEqual(['abcd', 'ef']);
  });
});

describe('EXPORT_PART_CHARS', () => {
  it('is within what one append may carry, at 3 UTF-8 bytes per UTF-16 unit (the most one takes)', () => {
    expect([EXPORT_PART_CHARS, MAX_EXPORT_PART_BYTES]).toEqual([1024 * 1024, 12 * 1024 * 1024]);
    expect(EXPORT_PART_CHARS * 3).toBeLessThanOrEqual(MAX_EXPORT_PART_BYTES);
  });
});

describe('encodedParts', () => {
  it('gives each part as its UTF-8 bytes, a pair cut by partsOf whole in one part', () => {
    const parts = [...encodedParts(partsOf(['Zoë', ' 𝔊!'], 4))];
    expect(parts.map((bytes) => [...bytes])).toEqual([
      [0x5a, 0x6f, 0xc3, 0xab, 0x20],
      [0xf0, 0x9d, 0x94, 0x8a, 0x21],
    ]);
    expect(parts.map((bytes) => new TextDecoder().decode(bytes)).join('')).toBe('Zoë 𝔊!');
  });
});

describe('saveInParts', () => {
  /** Parts that say when each is made, and saves that say when each begins and wait to be let go. */
  function recorded(parts: readonly string[]) {
    const events: string[] = [];
    const pending: { part: string; finish: (error?: Error) => void }[] = [];
    function* made() {
      for (const part of parts) {
        events.push(`made ${part}`);
        yield part;
      }
    }
    const save = (part: string) =>
      new Promise<void>((resolve, reject) => {
        events.push(`saving ${part}`);
        pending.push({ part, finish: (error) => (error ? reject(error) : resolve()) });
      });
    const saved = async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      const next = pending.shift()!;
      events.push(`saved ${next.part}`);
      next.finish();
    };
    return { events, pending, made, save, saved };
  }

  it('makes the next part while the last is saved, and hands it over only once that one is', async () => {
    const r = recorded(['a', 'b', 'c']);
    const done = saveInParts(r.made(), r.save);
    await r.saved();
    await r.saved();
    await r.saved();
    await done;
    expect(r.events).toEqual(['made a', 'saving a', 'made b', 'saved a', 'saving b', 'made c', 'saved b', 'saving c', 'saved c']);
  });

  it('stops at the first part not saved, with its error, and saves nothing after it', async () => {
    const r = recorded(['a', 'b', 'c']);
    const done = saveInParts(r.made(), r.save);
    await new Promise((resolve) => setTimeout(resolve, 0));
    r.pending.shift()!.finish(new Error('the disk is full'));
    await expect(done).rejects.toThrow('the disk is full');
    // "b" was made while "a" was being saved, but never handed over.
    expect(r.events).toEqual(['made a', 'saving a', 'made b']);
  });

  it('saves nothing when there is nothing', async () => {
    const r = recorded([]);
    await saveInParts(r.made(), r.save);
    expect(r.events).toEqual([]);
  });
});
