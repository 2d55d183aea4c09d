import { describe, expect, it } from 'vitest';
import { allSystems } from '../systems/all-systems.test-support';
import { createReferenceIndex, referenceCatalog } from './catalog';
import type { ReferenceHit } from './search';
import { searchOwnSystemFirst } from './search-scope';

const index = createReferenceIndex(referenceCatalog(allSystems));
const keys = (hits: readonly ReferenceHit[]) => hits.map((hit) => hit.key);

describe('searchOwnSystemFirst', () => {
  it('shows only the system searched when it has a match', () => {
    const found = searchOwnSystemFirst(index, { text: 'sandbag', system: 'electric-state' });
    expect(keys(found.own)).toEqual(['table:es-cover']);
    expect(found.elsewhere).toEqual([]);
  });

  it("shows the other systems' matches, and none of the system searched, when that system has none", () => {
    const found = searchOwnSystemFirst(index, { text: 'buffer', system: 'electric-state' });
    expect(found.own).toEqual([]);
    expect(keys(found.elsewhere)).toEqual(keys(index.search({ text: 'buffer', system: 'all' })));
    expect(keys(found.elsewhere)[0]).toBe('summary:hardware:Buffer');
    expect(found.elsewhere.every((hit) => (hit.kind === 'table' ? hit.table.system : hit.system) === 'hardware')).toBe(
      true,
    );
  });

  it('keeps the rollable-only filter in the other systems', () => {
    const found = searchOwnSystemFirst(index, { text: 'hit location', system: 'hardware', rollableOnly: true });
    expect(found.own).toEqual([]);
    expect(keys(found.elsewhere)).toEqual(['table:ues-hit-location']);
    // No rollable table mentions glitches; without the filter, Shadowrun's tables do.
    const unfiltered = searchOwnSystemFirst(index, { text: 'glitch', system: 'uesrpg-3e', rollableOnly: true });
    expect(unfiltered).toEqual({ own: [], elsewhere: [] });
    expect(keys(searchOwnSystemFirst(index, { text: 'glitch', system: 'uesrpg-3e' }).elsewhere)).toEqual([
      'table:sr4-dice',
      'table:sr4-initiative',
      'table:sr4-edge',
      ...keys(index.search({ text: 'glitch', system: 'all' })).slice(3),
    ]);
  });

  it('has nothing elsewhere when every system was searched, or nothing matches anywhere', () => {
    const all = searchOwnSystemFirst(index, { text: 'buffer', system: 'all' });
    expect(keys(all.own)[0]).toBe('summary:hardware:Buffer');
    expect(all.elsewhere).toEqual([]);
    expect(searchOwnSystemFirst(index, { text: 'zzzzqqq', system: 'hardware' })).toEqual({ own: [], elsewhere: [] });
  });
});
