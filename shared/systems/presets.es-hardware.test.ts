import { describe, expect, it } from 'vitest';
import { bestiaryPresets, rulesLookup } from './all-systems.test-support';
import { weaponProblems } from '../system-kit/sheet-weapons';

const weaponsOf = (systemId: 'electric-state' | 'hardware') =>
  bestiaryPresets(systemId).map((p) => [p.name, (p.weapons ?? []).map((w) => `${w.id} ${w.name}`)]);

describe('Electric State and Hardware presets carry the weapons their notes name', () => {
  it.each(['electric-state', 'hardware'] as const)('%s: every preset weapon passes the sheet check', (systemId) => {
    const rules = rulesLookup.tracker(systemId).weapons!;
    for (const p of bestiaryPresets(systemId)) expect(weaponProblems(p.weapons ?? [], rules), p.name).toEqual([]);
  });

  it('Electric State: the Weapons Table rows of the notes', () => {
    expect(weaponsOf('electric-state')).toEqual([
      ['Drone guard', ['w1 Handgun']],
      ['Scavenger', ['w1 Knife', 'w2 Rocks']],
      ['Militia soldier', ['w1 Assault rifle']],
      ['Drifter', ['w1 Derringer']],
    ]);
    const scavenger = bestiaryPresets('electric-state').find((p) => p.name === 'Scavenger')!;
    expect(scavenger.weapons![1]).toEqual({
      id: 'w2',
      name: 'Rocks',
      row: { tableId: 'es-weapons', rowIndex: 6 },
      values: { bonus: 0, neurocaster: false, effect: 'damage', damage: 1, minRange: 'engaged', maxRange: 'medium', firearm: false, fullAuto: false },
    });
  });

  it('Hardware: the dice of the notes; the drone, whose notes name no weapon, keeps its weapon die', () => {
    expect(weaponsOf('hardware')).toEqual([
      ['Street punk', ['w1 Handgun']],
      ['Corp enforcer', ['w1 Rifle']],
      ['Security drone', []],
      ['Runner', ['w1 Pistol']],
    ]);
    const enforcer = bestiaryPresets('hardware').find((p) => p.name === 'Corp enforcer')!;
    expect(enforcer.weapons![0]).toEqual({
      id: 'w1',
      name: 'Rifle',
      values: { die: '8', attack: 'ranged', piercing: false, shred: false, blast: false, reload: false, pair: false },
    });
  });
});
