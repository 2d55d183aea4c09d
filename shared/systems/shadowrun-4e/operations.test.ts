import { describe, expect, it } from 'vitest';
import { isRulesError, RulesError } from '../../errors';
import { shadowrun4eSystem } from './index';

const ops = shadowrun4eSystem.operations;

function rejects(op: string, input: unknown, options: Record<string, string | boolean> = {}): RulesError {
  try {
    ops[op]!(input, options);
  } catch (error) {
    expect(isRulesError(error)).toBe(true);
    expect((error as RulesError).message.length).toBeGreaterThan(10);
    return error as RulesError;
  }
  throw new Error(`${op} accepted ${JSON.stringify(input)}`);
}

describe('shadowrun-4e operations', () => {
  it('declares the toggles CONFORMANCE.md names, default first', () => {
    const byId = Object.fromEntries(shadowrun4eSystem.toggles.map((t) => [t.id, t]));
    expect(byId.glitch!.values.map((v) => v.value)).toEqual(['sr4', 'sr5']);
    expect(byId.stunWhenEqual!.values.map((v) => v.value)).toEqual([true, false]);
    expect(byId.stunOverflow!.values.map((v) => v.value)).toEqual(['1:1', '2:1']);
    for (const t of shadowrun4eSystem.toggles) expect(t.defaultValue).toBe(t.values[0]!.value);
  });

  it('rejects unknown toggles and toggle values', () => {
    expect(rejects('roll', { dice: [5] }, { glich: 'sr4' }).code).toBe('unknown-option');
    rejects('roll', { dice: [5] }, { glitch: 'sr6' });
    rejects(
      'attack',
      { attackDice: [5], defenseDice: [], dv: 1, damageType: 'P', ap: 0, armor: 0 },
      { stunWhenEqual: 'yes' },
    );
  });

  it('rejects bad input with clear RulesErrors', () => {
    expect(rejects('roll', { dice: [0, 7] }).message).toMatch(/dice\[0\]/);
    rejects('roll', { dice: 'five' });
    rejects('roll', {});
    rejects('roll', null);
    rejects('roll', { dice: [5], extra: 1 });
    rejects('attack', { attackDice: [5], defenseDice: [], dv: -3, damageType: 'P', ap: 0, armor: 0 });
    rejects('attack', { attackDice: [5], defenseDice: [], dv: 3, damageType: 'X', ap: 0, armor: 0 });
    rejects('attack', { attackDice: [5], defenseDice: [], dv: 3, damageType: 'P', ap: 0, armor: Number.NaN });
    rejects('monitors', { body: 0, willpower: 3 });
    rejects('monitors', { body: '4', willpower: 3 });
    rejects('wound-modifier', { physical: -1, stun: 0 });
    rejects('initiative', { reaction: 3, intuition: 3, dice: [5], woundModifier: 2 });
    rejects('condition', { body: 4, willpower: 4, physical: 0, stun: 0, incomingStun: 1.5 });
    rejects('scatter', { kind: 'standard', roll: 9, netHits: 1 });
    rejects('scatter', { kind: 'catapult', roll: 3, netHits: 1 });
    rejects('blast', { type: 'gas', distance: 2 });
    rejects('blast', { type: 'fragmentation-grenade', distance: 2.5 });
    rejects('odds-roll', { dice: 500 });
    rejects('odds-roll', { dice: 3, edgeDice: 2, secondChance: true });
    rejects('odds-attack', { attackDice: 3, defenseDice: 2, dv: 5, damageType: 'P', ap: 0, armor: -1 });
  });

  it('explains every result with steps that cite a section', () => {
    const results = [
      ops.roll!({ dice: [5, 1] }, {}),
      ops.attack!(
        { attackDice: [5, 6], defenseDice: [2], dv: 5, damageType: 'P', ap: -1, armor: 4, resistDice: [5, 2] },
        {},
      ),
      ops.monitors!({ body: 4, willpower: 3 }, {}),
      ops['wound-modifier']!({ physical: 4, stun: 3 }, {}),
      ops.initiative!({ reaction: 3, intuition: 4, dice: [5, 5, 1] }, {}),
      ops.condition!({ body: 4, willpower: 3, physical: 0, stun: 0, incomingStun: 12 }, {}),
      ops.scatter!({ kind: 'launcher', roll: 11, netHits: 2 }, {}),
      ops.blast!({ type: 'high-explosive-missile', distance: 2 }, {}),
    ];
    for (const result of results) {
      const steps = result.steps as { text: string; rule: { section: string; source: string } }[];
      expect(steps.length).toBeGreaterThan(0);
      for (const s of steps) {
        expect(s.text).not.toMatch(/NaN|undefined/);
        expect(['seed', 'book', 'default']).toContain(s.rule.source);
      }
    }
  });

  it('offers exact attack odds through odds-attack', () => {
    const result = ops['odds-attack']!(
      { attackDice: 12, defenseDice: 5, dv: 6, damageType: 'P', ap: -2, armor: 9, resistDice: 10 },
      {},
    );
    expect((result.boxes as number[]).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(typeof result.hit).toBe('number');
  });
});
