import { describe, expect, it } from 'vitest';
import { allPresets, bestiaryPresets, ruleSystems, rulesLookup } from './all-systems.test-support';
import { weaponProblems } from '../system-kit/sheet-weapons';
import { shadowrunWeapons } from '../systems/shadowrun-4e/sheet-weapons';
import { SHADOWRUN_SKILLS } from '../systems/shadowrun-4e/skills';

describe('bestiary presets', () => {
  it.each(ruleSystems.map((s) => s.id))('%s has ready-made NPCs and a PC whose stats its rules accept', (systemId) => {
    const presets = bestiaryPresets(systemId);
    expect(presets.filter((p) => p.kind === 'npc').length).toBeGreaterThanOrEqual(2);
    expect(presets.some((p) => p.kind === 'pc')).toBe(true);
    for (const preset of presets)
      expect(rulesLookup.tracker(systemId).validateStats(preset.stats), preset.name).toEqual([]);
  });

  it('Shadowrun: an autonomous patrol drone and a crewed sedan, as vehicles the rules accept', () => {
    const T = rulesLookup.tracker('shadowrun-4e');
    const byId = (id: string) => allPresets.find((p) => p.id === `preset:shadowrun-4e:${id}`)!;
    expect(T.derive(byId('patrol-drone').stats)).toEqual([
      { id: 'physicalMonitor', label: 'Condition monitor', value: 10, help: 'Boxes: 8 + ⌈Body/2⌉; no Stun monitor.' },
      { id: 'initiative', label: 'Initiative', value: 6, help: 'Pilot + Response: an autonomous drone rolls its own Initiative.' },
    ]);
    expect(T.derive(byId('sedan').stats).map((d) => [d.label, d.value])).toEqual([
      ['Condition monitor', 13],
      ['Initiative', 0],
    ]);
  });

  it('has unique ids', () => {
    expect(new Set(allPresets.map((p) => p.id)).size).toBe(allPresets.length);
  });

  it('Shadowrun: every ready-made sheet carries the skills and weapons its notes name, as the rules accept them', () => {
    const sheets = bestiaryPresets('shadowrun-4e').map((p) => ({
      name: p.name,
      skills: Object.fromEntries(
        SHADOWRUN_SKILLS.flatMap((s) => (p.stats[s.id] === undefined ? [] : [[s.id, p.stats[s.id]]])),
      ),
      weapons: (p.weapons ?? []).map(
        (w) =>
          `${w.id} ${w.name} (${String(w.values.kind)}, ${String(w.values.skill)})${w.values.smartlink ? ' smartlinked' : ''}`,
      ),
    }));
    expect(sheets).toEqual([
      {
        name: 'Ganger',
        skills: { pistols: 3, blades: 3, clubs: 2, unarmedCombat: 2, dodge: 2 },
        weapons: ['w1 Ares Predator IV (ranged, pistols)', 'w2 Knife (melee, blades)'],
      },
      {
        name: 'Corporate security',
        skills: { automatics: 4, pistols: 3, clubs: 3, unarmedCombat: 3, throwingWeapons: 3, dodge: 3 },
        weapons: [
          'w1 HK-227X (ranged, automatics)',
          'w2 Stun baton (melee, clubs)',
          'w3 Fragmentation grenades (2) (explosive, throwingWeapons)',
        ],
      },
      {
        name: 'Street samurai',
        skills: { automatics: 5, pistols: 4, blades: 4, unarmedCombat: 3, dodge: 3 },
        weapons: ['w1 Ares Alpha (ranged, automatics) smartlinked', 'w2 Katana (melee, blades)'],
      },
      {
        name: 'Combat mage',
        skills: { pistols: 2, unarmedCombat: 1, dodge: 3 },
        weapons: ['w1 Colt America L36 (ranged, pistols)'],
      },
      // Vehicles: a drone's own Pilot stands in for its skills; the mounted gun is set in the Gunnery roll.
      { name: 'Patrol drone', skills: {}, weapons: [] },
      { name: 'Sedan', skills: {}, weapons: [] },
    ]);
    for (const preset of bestiaryPresets('shadowrun-4e'))
      expect(weaponProblems(preset.weapons, shadowrunWeapons), preset.name).toEqual([]);
  });
});
