import { describe, expect, it } from 'vitest';
import { RulesError } from '../../errors';
import { uesrpg3eSystem } from './index';

const op = (name: string, input: unknown, options: Record<string, string | boolean> = {}) =>
  uesrpg3eSystem.operations[name]!(input, options);

describe('operations adapter', () => {
  it('exposes every CONFORMANCE op', () => {
    for (const name of [
      'test',
      'hit-location',
      'combat',
      'damage',
      'block',
      'damage-modifier',
      'ranged-tn',
      'initiative',
      'derived',
      'odds-test',
    ]) {
      expect(uesrpg3eSystem.operations[name], name).toBeTypeOf('function');
    }
  });

  it('returns explained results', () => {
    const r = op('combat', { attack: { tn: 60, roll: 48 }, defense: { type: 'none' } });
    expect(r).toMatchObject({ outcome: 'hit', advantages: 0, location: 'right-arm' });
    expect(Array.isArray(r.steps)).toBe(true);
  });

  it('omits location on a miss and a block', () => {
    expect('location' in op('combat', { attack: { tn: 30, roll: 70 }, defense: { type: 'none' } })).toBe(false);
    expect(
      'location' in op('combat', { attack: { tn: 80, roll: 77 }, defense: { type: 'block', tn: 50, roll: 12 } }),
    ).toBe(false);
  });

  it('defence none ignores a roll given by mistake', () => {
    expect(op('combat', { attack: { tn: 60, roll: 48 }, defense: { type: 'none', tn: 90, roll: 5 } }).outcome).toBe(
      'hit',
    );
  });

  const bad: [string, unknown][] = [
    ['test', { tn: 500, roll: 50 }],
    ['test', { tn: 50, roll: 0 }],
    ['test', { tn: 50, roll: 50.5 }],
    ['test', { tn: Number.NaN, roll: 50 }],
    ['test', { tn: '50', roll: 50 }],
    ['test', { tn: 50 }],
    ['test', { tn: 50, roll: 50, luky: [5] }],
    ['test', { tn: 50, roll: 50, npc: true, lucky: [5] }],
    ['test', null],
    ['hit-location', { roll: 101 }],
    ['combat', { attack: { tn: 50, roll: 20, ranged: true }, defense: { type: 'parry', tn: 50, roll: 20 } }],
    ['combat', { attack: { tn: 50, roll: 20, ranged: true }, defense: { type: 'counter', tn: 50, roll: 20 } }],
    ['combat', { attack: { tn: 50, roll: 20 }, defense: { type: 'dodge', tn: 50, roll: 20 } }],
    ['combat', { attack: { tn: 50, roll: 20 }, defense: { type: 'evade' } }],
    ['damage', { hp: 10, damage: -3, ar: 0, wt: 5 }],
    ['damage', { hp: 10, damage: 3, ar: 0 }],
    ['block', { damage: 5, br: 3, magic: 'yes' }],
    ['damage-modifier', { kind: 'penetrable-cover', rolls: [3] }],
    ['damage-modifier', { kind: 'lava', damage: 3 }],
    ['damage-modifier', { kind: 'swing', damage: 3 }],
    ['ranged-tn', { tn: 50, band: 'extreme' }],
    ['initiative', { combatants: [] }],
    ['initiative', { combatants: [{ id: 'a', ir: 3, roll: 7, luckBonus: 1, pc: true }] }],
    [
      'initiative',
      {
        combatants: [
          { id: 'a', ir: 3, roll: 2, luckBonus: 1, pc: true },
          { id: 'a', ir: 3, roll: 2, luckBonus: 1, pc: true },
        ],
      },
    ],
    ['derived', { strength: 40 }],
    [
      'derived',
      { strength: -1, endurance: 40, agility: 40, intelligence: 40, willpower: 40, perception: 40, luck: 40 },
    ],
    ['odds-test', { tn: 50, lucky: [101] }],
    ['odds-combat', { attack: { tn: 50, ranged: true }, defense: { type: 'parry', tn: 50 } }],
    ['ap-track', { events: [{ type: 'dance' }] }],
  ];
  it.each(bad)('%s rejects %j with a RulesError', (name, input) => {
    expect(() => op(name, input)).toThrow(RulesError);
  });

  it('rejects unknown toggles and toggle values', () => {
    expect(() => op('test', { tn: 50, roll: 40 }, { glitch: 'sr4' })).toThrow(RulesError);
    expect(() => op('ap-track', { events: [] }, { apRefresh: 'never' })).toThrow(RulesError);
  });

  it('declares toggles with the default first', () => {
    for (const t of uesrpg3eSystem.toggles) expect(t.values[0]!.value).toBe(t.defaultValue);
    expect(uesrpg3eSystem.toggles.find((t) => t.id === 'apRefresh')?.values.map((v) => v.value)).toEqual([
      'round',
      'turn',
    ]);
  });
});
