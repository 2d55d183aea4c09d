import { describe, expect, it } from 'vitest';
import type { Participant } from '../../../system-kit/workflow';
import { workflows } from './index';
import { coverOf } from './common';
import { ctx, fighter } from './test-support';

const stats = { strength: 3, agility: 3, wits: 2, empathy: 1, armor: 0 };
const inCover = (note?: string): Participant => ({
  ...fighter('Guard', 'npc', stats, { conditionIds: ['in-cover'] }),
  ...(note === undefined ? {} : { conditionNotes: { 'in-cover': note } }),
});

describe('Electric State: a target the tracker shows in cover starts with that cover', () => {
  it('reads the cover the "In cover" condition names in its note, by name or id, in any case', () => {
    expect(coverOf(inCover('Behind a BRICK WALL'))).toBe('brick-wall');
    expect(coverOf(inCover('car-door'))).toBe('car-door');
    expect(coverOf(inCover('sandbag'))).toBe('sandbag');
  });

  it('starts with no cover when the note names none of the seed’s, or there is no condition', () => {
    expect(coverOf(inCover('a tree'))).toBe('none');
    expect(coverOf(inCover())).toBe('none');
    expect(coverOf(fighter('Guard', 'npc', stats))).toBe('none');
    expect(coverOf(undefined)).toBe('none');
  });

  it("is the default of every workflow's cover field for that target", () => {
    const context = ctx([fighter('Drifter', 'pc', { ...stats, hopeLost: 0 })], [inCover('furniture')]);
    for (const wf of workflows) {
      const defaults = wf.defaults(context);
      const coverFields = Object.entries(defaults).filter(([id]) => id === 'cover' || id.startsWith('cover'));
      expect({ workflow: wf.id, cover: coverFields.map(([, value]) => value) }).toEqual({
        workflow: wf.id,
        cover: ['furniture'],
      });
    }
  });
});
