import { describe, expect, it } from 'vitest';
import { isRulesError, type RulesErrorCode } from '../../errors';
import { hardwareSystem } from './index';

const op = (name: string) => hardwareSystem.operations[name]!;

function errorOf(call: () => unknown): { code: RulesErrorCode; message: string } | null {
  try {
    call();
  } catch (error) {
    if (isRulesError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  return null;
}

describe('hardware operations', () => {
  it('exposes exactly the conformance ops plus odds-save', () => {
    expect(Object.keys(hardwareSystem.operations).sort()).toEqual(
      ['attack', 'damage-die', 'harm', 'initiative', 'odds-attack', 'odds-save', 'save'].sort(),
    );
  });

  it('declares the assists toggle with its default first', () => {
    const assists = hardwareSystem.toggles.find((t) => t.id === 'assists')!;
    expect(assists.defaultValue).toBe('every-4-plus');
    expect(assists.values[0]!.value).toBe('every-4-plus');
  });

  it('rejects unknown options and bad toggle values', () => {
    expect(errorOf(() => op('attack')({ attackers: [[5]] }, { glitch: 'sr4' }))?.code).toBe('unknown-option');
    expect(errorOf(() => op('attack')({ attackers: [[5]] }, { assists: 'some' }))?.code).toBe('invalid-input');
  });

  it('rejects bad input with clear sentences, never a TypeError', () => {
    const bad: [string, unknown][] = [
      ['save', { attribute: 10, rolls: [21] }],
      ['save', { attribute: 10, rolls: [1, 2, 3] }],
      ['save', { attribute: 10, rolls: [] }],
      ['save', { attribute: 500, rolls: [3] }],
      ['save', { attribute: 0, rolls: [1] }],
      ['save', { attribute: '10', rolls: [3] }],
      ['save', { attribute: 10, rolls: [3], extra: 1 }],
      ['save', null],
      ['damage-die', { die: 7 }],
      ['damage-die', { die: 6, edges: -1 }],
      ['damage-die', { die: 6, edges: Number.NaN }],
      ['attack', { attackers: [] }],
      ['attack', { attackers: [[13]] }],
      ['attack', { attackers: [[1, 2, 3]] }],
      ['attack', { attackers: [[5]], armor: -1 }],
      ['attack', { attackers: [[5]], cover: 3 }],
      ['attack', { attackers: [[5]], cover: 'medium' }],
      ['attack', { attackers: 'lots' }],
      ['harm', { kind: 'poison', stamina: 1, attribute: 5, amount: 1 }],
      ['harm', { kind: 'damage', stamina: -1, attribute: 5, amount: 1 }],
      ['harm', { kind: 'damage', stamina: 1, attribute: 5, amount: 1.5 }],
      ['harm', { kind: 'damage', stamina: 5, attribute: 5, amount: 1, saveRolls: [3] }],
      ['initiative', { pcs: [{ id: 'a', agl: 5 }] }],
      [
        'initiative',
        {
          pcs: [
            { id: 'a', agl: 5, roll: 3 },
            { id: 'a', agl: 6, roll: 4 },
          ],
        },
      ],
      ['initiative', { pcs: 'everyone' }],
      ['odds-attack', { dice: [] }],
      ['odds-attack', { dice: [7] }],
      ['odds-attack', { dice: [6], armor: 1.5 }],
      ['odds-attack', { dice: [6], stamina: 3 }],
      ['odds-attack', { dice: [[6, 6, 6]] }],
      ['odds-save', { attribute: 10, mode: 'lucky' }],
    ];
    for (const [name, input] of bad) {
      const error = errorOf(() => op(name)(input, {}));
      expect(error, `${name} ${JSON.stringify(input)}`).not.toBeNull();
      expect(error!.message.length).toBeGreaterThan(10);
    }
  });

  it('counts Armor above 3 as 3, with a step saying so (CONFORMANCE: hardware attack)', () => {
    const r = op('attack')({ attackers: [[5]], armor: 4 }, {});
    expect(r).toMatchObject({ kept: 5, damage: 2 });
    expect((r.steps as { text: string }[]).map((s) => s.text)).toContain(
      'A PC, NPC or other creature cannot have more than 3 Armor: 4 counts as 3.',
    );
    const capped = op('odds-attack')({ dice: [6], armor: 5 }, {});
    expect(capped.damage).toEqual(op('odds-attack')({ dice: [6], armor: 3 }, {}).damage);
    expect(capped.steps).toEqual([
      {
        text: 'A PC, NPC or other creature cannot have more than 3 Armor: 5 counts as 3.',
        rule: { section: 'Armor', source: 'seed' },
      },
    ]);
    expect(op('odds-attack')({ dice: [6], armor: 3 }, {}).steps).toEqual([]);
    const withCritical = op('odds-attack')({ dice: [6], armor: 4, stamina: 2, bod: 10 }, {});
    expect(withCritical.steps).toEqual([
      {
        text: 'A PC, NPC or other creature cannot have more than 3 Armor: 4 counts as 3.',
        rule: { section: 'Armor', source: 'seed' },
      },
    ]);
    // d6 − 3: 4, 5, 6 deal 1, 2, 3 — past Stamina 2 only on the 6.
    expect(withCritical.overflow).toBeCloseTo(1 / 6, 12);
  });

  it('returns explained results', () => {
    const r = op('attack')({ attackers: [[6], [4]], cover: 1, armor: 1 }, {});
    expect(r).toMatchObject({ kept: 6, assists: 1, damage: 5 });
    const steps = r.steps as { text: string; rule: { section: string; source: string } }[];
    expect(steps.map((s) => s.rule.section)).toEqual(expect.arrayContaining(['Attacking & Damage', 'Cover', 'Armor']));
  });

  it('odds-save gives the exact chance', () => {
    expect(op('odds-save')({ attribute: 10 }, {})).toEqual({ success: 0.5 });
    expect(op('odds-save')({ attribute: 20 }, {}).success).toBeCloseTo(0.95, 12);
    expect(op('odds-save')({ attribute: 10, mode: 'disadvantage' }, {}).success).toBeCloseTo(0.25, 12);
  });
});
