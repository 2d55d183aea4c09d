import { describe, expect, it } from 'vitest';
import { MAX_EXPORT_PART_BYTES } from '../ipc/contract';
import { EXPORT_PART_BYTES, saveInParts, saveUtf8Parts, utf8Parts } from './export-parts';

const text = (parts: Iterable<Uint8Array>) =>
  [...parts].map((bytes) => new TextDecoder('utf-8', { fatal: true }).decode(bytes));

describe('utf8Parts', () => {
  it('encodes the pieces into parts of the size (the last shorter); joined, they are exactly the pieces', () => {
    const pieces = ['# Mall\n', 'Round 1\n', 'Guard hits\n', 'x'];
    const parts = [...utf8Parts(pieces, 16)];
    expect(parts.map((bytes) => bytes.byteLength)).toEqual([16, 11]);
    expect(text(parts)).toEqual(['# Mall\nRound 1\nG', 'uard hits\nx']);
  });

  it('cuts a piece where a part is full, never inside a character: each part is UTF-8 on its own', () => {
    // "ë" is 2 bytes and "𝔊" 4 (a surrogate pair in the string): neither is split across parts.
    const parts = [...utf8Parts(['abcë', '𝔊ef', 'gh'], 5)];
    expect(parts.map((bytes) => [...bytes])).toEqual([
      [0x61, 0x62, 0x63, 0xc3, 0xab],
      [0xf0, 0x9d, 0x94, 0x8a, 0x65],
      [0x66, 0x67, 0x68],
    ]);
    expect(text(utf8Parts(['ab𝔊'], 4))).toEqual(['ab', '𝔊']);
    expect(text(utf8Parts(['abc', 'ë'], 4))).toEqual(['abc', 'ë']);
    // A part takes at least 4 bytes, the longest character.
    expect(text(utf8Parts(['a𝔊'], 1))).toEqual(['a', '𝔊']);
  });

  it('gives nothing for nothing, and no empty part where pieces fill a part exactly', () => {
    expect([...utf8Parts([], 4)]).toEqual([]);
    expect([...utf8Parts(['', ''], 4)]).toEqual([]);
    expect(text(utf8Parts(['ab', 'cd', 'ef'], 4))).toEqual(['abcd', 'ef']);
  });

  it('makes each part in a buffer of its own (a part handed over may be moved to another thread)', () => {
    const parts = [...utf8Parts(['abcdefgh'], 4)];
    expect(text(parts)).toEqual(['abcd', 'efgh']);
    expect(parts[0]!.buffer).not.toBe(parts[1]!.buffer);
  });
});

describe('EXPORT_PART_BYTES', () => {
  it('is within what one append may carry', () => {
    expect([EXPORT_PART_BYTES, MAX_EXPORT_PART_BYTES]).toEqual([4 * 1024 * 1024, 12 * 1024 * 1024]);
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
    expect(r.events).toEqual([
      'made a',
      'saving a',
      'made b',
      'saved a',
      'saving b',
      'made c',
      'saved b',
      'saving c',
      'saved c',
    ]);
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

describe('saveUtf8Parts', () => {
  const decode = (bytes: Uint8Array) => new TextDecoder('utf-8', { fatal: true }).decode(bytes);

  /** Saves that read their part when handed it and again just before they resolve, noting its buffer. */
  function saves(keep: (part: Uint8Array<ArrayBuffer>) => void = () => undefined) {
    const seen: { text: string; later: string; buffer: ArrayBuffer }[] = [];
    const save = async (part: Uint8Array<ArrayBuffer>) => {
      const text = decode(part);
      const buffer = part.buffer;
      keep(part);
      await new Promise((resolve) => setTimeout(resolve, 0));
      seen.push({ text, later: part.buffer.byteLength ? decode(part) : text, buffer });
    };
    return { seen, save };
  }

  it('makes the part after next in the memory of a part once it is saved, never before', async () => {
    const { seen, save } = saves();
    await saveUtf8Parts(['abcdef', 'ghij', 'klmnë'], save, 4);
    expect(seen.map((s) => s.text)).toEqual(['abcd', 'efgh', 'ijkl', 'mnë']);
    // Each part still read the same when its save ended: the next was made in other memory.
    expect(seen.map((s) => s.later)).toEqual(['abcd', 'efgh', 'ijkl', 'mnë']);
    const [first, second, third, fourth] = seen.map((s) => s.buffer);
    expect([third === first, fourth === second, second === first]).toEqual([true, true, false]);
  });

  it('does not use a part again once it was moved elsewhere (detached)', async () => {
    const { seen, save } = saves((part) => void structuredClone(part.buffer, { transfer: [part.buffer] }));
    await saveUtf8Parts(['abcdefghijkl'], save, 4);
    expect(seen.map((s) => s.text)).toEqual(['abcd', 'efgh', 'ijkl']);
    expect(new Set(seen.map((s) => s.buffer)).size).toBe(3);
  });

  it('uses a moved part again when the save hands its memory back', async () => {
    const texts: string[] = [];
    const memories: ArrayBuffer[] = [];
    const handedBack: ArrayBuffer[] = [];
    await saveUtf8Parts(
      ['abcdefghijkl'],
      async (part) => {
        texts.push(decode(part));
        memories.push(part.buffer);
        // As the export worker's part goes to the page and comes back once saved.
        const back = structuredClone(part.buffer, { transfer: [part.buffer] });
        handedBack.push(back);
        return back;
      },
      4,
    );
    expect(texts).toEqual(['abcd', 'efgh', 'ijkl']);
    expect([memories[2] === handedBack[0], memories[1] === handedBack[0]]).toEqual([true, false]);
  });

  it('stops at a part that is not saved, with its error', async () => {
    const saved: string[] = [];
    const done = saveUtf8Parts(
      ['abcdefghijkl'],
      async (part) => {
        if (saved.push(decode(part)) === 2) throw new Error('the disk is full');
      },
      4,
    );
    await expect(done).rejects.toThrow('the disk is full');
    expect(saved).toEqual(['abcd', 'efgh']);
  });
});
