import { describe, expect, it } from 'vitest';
import { nameWithSuffix } from './names';

describe('nameWithSuffix', () => {
  it('adds the suffix as it is when the whole fits', () => {
    expect(nameWithSuffix('Ganger', ' 3')).toBe('Ganger 3');
    expect(nameWithSuffix('  Ganger ', ' ×2')).toBe('Ganger ×2');
    expect(nameWithSuffix('a'.repeat(78), ' 9')).toBe(`${'a'.repeat(78)} 9`);
  });

  it('shortens the base with an ellipsis so the name stays within the limit', () => {
    const long = 'b'.repeat(78);
    const numbered = nameWithSuffix(long, ' 10');
    expect(numbered).toBe(`${'b'.repeat(76)}… 10`);
    expect(numbered).toHaveLength(80);
    expect(nameWithSuffix('c'.repeat(80), ' ×12')).toBe(`${'c'.repeat(75)}… ×12`);
    expect(nameWithSuffix('word '.repeat(20), ' 1', 12)).toBe('word word… 1');
  });
});
