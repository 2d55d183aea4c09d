import { describe, expect, it } from 'vitest';
import { DEFAULT_SIDES } from '../../../shared/encounter/state';
import { defaultSide, groupByDefault, parseCount } from './useBestiary';

describe('bestiary helpers', () => {
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
});
