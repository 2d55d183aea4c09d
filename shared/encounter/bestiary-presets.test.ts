import { describe, expect, it } from 'vitest';
import { ruleSystems } from '../systems';
import { allPresets, bestiaryPresets } from './bestiary-presets';
import { rulesLookup } from './rules-lookup';

describe('bestiary presets', () => {
  it.each(ruleSystems.map((s) => s.id))('%s has ready-made NPCs and a PC whose stats its rules accept', (systemId) => {
    const presets = bestiaryPresets(systemId);
    expect(presets.filter((p) => p.kind === 'npc').length).toBeGreaterThanOrEqual(2);
    expect(presets.some((p) => p.kind === 'pc')).toBe(true);
    for (const preset of presets) expect(rulesLookup.tracker(systemId).validateStats(preset.stats), preset.name).toEqual([]);
  });

  it('has unique ids', () => {
    expect(new Set(allPresets.map((p) => p.id)).size).toBe(allPresets.length);
  });
});
