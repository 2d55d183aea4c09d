import { describe, expect, it } from 'vitest';
import { MAX_EXPORT_PART_CHARS } from '../ipc/contract';
import { EXPORT_PART_CHARS, partsOf } from './export-parts';

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
  it('is within what one append may carry', () => {
    expect([EXPORT_PART_CHARS, MAX_EXPORT_PART_CHARS]).toEqual([1024 * 1024, 4 * 1024 * 1024]);
  });
});
