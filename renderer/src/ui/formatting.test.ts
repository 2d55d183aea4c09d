import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount, slugify, systemLabel, systemShortLabel } from './formatting';

describe('formatting helpers', () => {
  it('slugs names for test ids', () => {
    expect(slugify('Ganger (copy)')).toBe('ganger-copy');
    expect(slugify('Draugr Wight')).toBe('draugr-wight');
    expect(slugify('???')).toBe('unnamed');
  });

  it('names systems, falling back to the id', () => {
    expect(systemShortLabel('electric-state')).toBe('The Electric State RPG');
    expect(systemShortLabel('hardware')).toBe('Hardware RPG');
    expect(systemShortLabel('shadowrun-4e')).toBe(systemLabel('shadowrun-4e'));
    expect(systemLabel('shadowrun-4e')).toMatch(/Shadowrun/);
    expect(systemLabel('nope')).toBe('nope');
  });

  it('formats counts as the locale groups digits, the same as toLocaleString', () => {
    expect(formatCount(10_000)).toBe((10_000).toLocaleString());
    expect(formatCount(7)).toBe('7');
  });
});

describe('formatBytes', () => {
  it('names bytes, kilobytes, megabytes and gigabytes at their boundaries', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(1023)).toBe('1,023 bytes');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(14_541)).toBe('14.2 KB');
    expect(formatBytes(1024 * 1024)).toBe('1 MB');
    expect(formatBytes(3.14 * 1024 * 1024)).toBe('3.1 MB');
    expect(formatBytes(2 * 1024 ** 3)).toBe('2 GB');
  });
});
