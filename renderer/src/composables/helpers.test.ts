import { describe, expect, it } from 'vitest';
import { DEFAULT_SIDES } from '../../../shared/encounter/state';
import { formatBytes, formatCount, slugify, systemLabel, systemShortLabel } from './formatting';
import { defaultSide, groupByDefault, parseCount } from './useBestiary';
import { describeResumeOffer } from './useResumeOffer';

describe('encounter and bestiary helpers', () => {
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

  it('reads the count to add', () => {
    expect(parseCount('3')).toEqual({ ok: true, count: 3 });
    expect(parseCount('0').ok).toBe(false);
    expect(parseCount('51').ok).toBe(false);
    expect(parseCount('-2').ok).toBe(false);
    expect(parseCount('two').ok).toBe(false);
  });

  it('puts PCs with the party and NPCs against it, grouping several NPCs', () => {
    expect(defaultSide('pc', DEFAULT_SIDES)).toBe('party');
    expect(defaultSide('npc', DEFAULT_SIDES)).toBe('opponents');
    expect(
      defaultSide('npc', [
        { id: 'a', name: 'A' },
        { id: 'b', name: 'B' },
      ]),
    ).toBe('b');
    expect(groupByDefault('npc', 2)).toBe(true);
    expect(groupByDefault('npc', 1)).toBe(false);
    expect(groupByDefault('pc', 4)).toBe(false);
  });

  it('words the resume offer', () => {
    const base = { id: 'e1', name: 'Warehouse ambush', systemId: 'shadowrun-4e' as const };
    expect(describeResumeOffer({ ...base, round: 2 })).toBe(
      `Resume 'Warehouse ambush' (${systemLabel('shadowrun-4e')}, round 2)?`,
    );
    expect(describeResumeOffer({ ...base, round: 0 })).toMatch(/not started\)\?$/);
    expect(describeResumeOffer({ ...base, round: null })).toMatch(/edition\)\?$/);
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
