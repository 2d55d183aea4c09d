import { describe, expect, it } from 'vitest';
import { RulesError } from '../../errors';
import type { RandomSource } from '../../dice/random';
import { initiativeRanking, orderInitiative, rollInitiative, type InitiativeCombatant } from './initiative';
import { RULES } from './sections';

const c = (id: string, ir: number, roll: number, luckBonus: number, pc: boolean): InitiativeCombatant => ({
  id,
  ir,
  roll,
  luckBonus,
  pc,
});

/** The RulesError a call throws, as plain data, so code and sentence are asserted exactly. */
function rulesErrorOf(call: () => unknown): { code: string; message: string } {
  try {
    call();
  } catch (error) {
    if (error instanceof RulesError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a RulesError, but the call returned');
}

/** A source that deals the given d6 faces in order and counts how many it dealt. */
function scriptedD6(faces: readonly number[]): RandomSource & { readonly dealt: () => number } {
  let next = 0;
  return {
    kind: 'scripted',
    nextUint32: () => faces[next++]! - 1,
    dealt: () => next,
  };
}

describe('orderInitiative explanations', () => {
  it('lists every total, highest first, and the entries without their input position', () => {
    expect(orderInitiative([c('Aela', 5, 3, 2, true), c('Bandit', 4, 6, 1, false), c('Wolf', 6, 1, 0, false)])).toEqual(
      {
        order: ['Bandit', 'Aela', 'Wolf'],
        entries: [
          { id: 'Bandit', total: 10, ir: 4, luckBonus: 1, pc: false },
          { id: 'Aela', total: 8, ir: 5, luckBonus: 2, pc: true },
          { id: 'Wolf', total: 7, ir: 6, luckBonus: 0, pc: false },
        ],
        steps: [{ text: '1d6 + Initiative Rating, highest first: Bandit 10, Aela 8, Wolf 7.', rule: RULES.initiative }],
      },
    );
  });

  it('a tie broken by IR says so', () => {
    expect(orderInitiative([c('a', 4, 5, 3, true), c('b', 6, 3, 1, false)]).steps).toEqual([
      { text: '1d6 + Initiative Rating, highest first: b 9, a 9.', rule: RULES.initiative },
      { text: 'b goes before a on 9: higher IR (6 vs 4).', rule: RULES.initiative },
    ]);
  });

  it('a tie broken by Luck Bonus says so', () => {
    expect(orderInitiative([c('a', 5, 4, 3, false), c('b', 5, 4, 5, false)]).steps[1]).toEqual({
      text: 'b goes before a on 9: higher Luck Bonus (5 vs 3).',
      rule: RULES.initiative,
    });
  });

  it('a tie broken by PC before NPC says so', () => {
    expect(orderInitiative([c('n', 5, 4, 3, false), c('p', 5, 4, 3, true)])).toMatchObject({
      order: ['p', 'n'],
      steps: [
        { text: '1d6 + Initiative Rating, highest first: p 9, n 9.', rule: RULES.initiative },
        { text: 'p goes before n on 9: PCs beat NPCs.', rule: RULES.initiative },
      ],
    });
  });

  it('a full tie keeps input order and says the seed leaves it to Luck rolls or the GM', () => {
    const result = orderInitiative([c('x', 3, 2, 2, true), c('y', 3, 2, 2, true), c('z', 3, 2, 2, true)]);
    expect(result.order).toEqual(['x', 'y', 'z']);
    expect(result.steps).toEqual([
      { text: '1d6 + Initiative Rating, highest first: x 5, y 5, z 5.', rule: RULES.initiative },
      {
        text: 'x goes before y on 5: still tied, so input order stands (the seed says contested Luck rolls or GM call).',
        rule: RULES.initiative,
      },
      {
        text: 'y goes before z on 5: still tied, so input order stands (the seed says contested Luck rolls or GM call).',
        rule: RULES.initiative,
      },
    ]);
    expect(orderInitiative([c('z', 3, 2, 2, true), c('y', 3, 2, 2, true), c('x', 3, 2, 2, true)]).order).toEqual([
      'z',
      'y',
      'x',
    ]);
  });

  it('only neighbours with equal totals get a tie step', () => {
    expect(orderInitiative([c('a', 1, 1, 9, true), c('b', 1, 2, 0, false)]).steps).toHaveLength(1);
  });

  it('a wounded combatant takes −2, with a step naming the wound rule', () => {
    expect(orderInitiative([{ ...c('a', 5, 4, 0, true), wounded: true }, c('b', 4, 4, 0, true)])).toMatchObject({
      entries: [
        { id: 'b', total: 8 },
        { id: 'a', total: 7 },
      ],
      steps: [
        { text: '1d6 + Initiative Rating, highest first: b 8, a 7.', rule: RULES.initiative },
        { text: 'Wounded combatants take −2 initiative.', rule: RULES.woundEffects },
      ],
    });
    expect(orderInitiative([{ ...c('a', 5, 4, 0, true), wounded: false }]).steps).toHaveLength(1);
  });

  it('the tie-breakers apply in seed order: IR before Luck Bonus before PC', () => {
    expect(orderInitiative([c('lucky', 4, 5, 9, true), c('quick', 5, 4, 0, false)]).order).toEqual(['quick', 'lucky']);
    expect(orderInitiative([c('pc', 4, 5, 1, true), c('npc', 4, 5, 2, false)]).order).toEqual(['npc', 'pc']);
  });
});

describe('initiative input checks', () => {
  it('accepts the edges of each range', () => {
    expect(orderInitiative([c('lo', 0, 1, 0, false), c('hi', 60, 6, 20, true)]).entries).toEqual([
      { id: 'hi', total: 66, ir: 60, luckBonus: 20, pc: true },
      { id: 'lo', total: 1, ir: 0, luckBonus: 0, pc: false },
    ]);
  });

  it('refuses each value just outside its range, naming the field and position', () => {
    const refusals: [InitiativeCombatant, string][] = [
      [c('a', -1, 3, 0, true), 'combatants[1].ir must be between 0 and 60, got -1.'],
      [c('a', 61, 3, 0, true), 'combatants[1].ir must be between 0 and 60, got 61.'],
      [c('a', 3, 0, 0, true), 'combatants[1].roll must be between 1 and 6, got 0.'],
      [c('a', 3, 7, 0, true), 'combatants[1].roll must be between 1 and 6, got 7.'],
      [c('a', 3, 3, -1, true), 'combatants[1].luckBonus must be between 0 and 20, got -1.'],
      [c('a', 3, 3, 21, true), 'combatants[1].luckBonus must be between 0 and 20, got 21.'],
      [c('a', 2.5, 3, 0, true), 'combatants[1].ir must be a whole number, got 2.5.'],
    ];
    for (const [bad, message] of refusals) {
      expect(rulesErrorOf(() => orderInitiative([c('ok', 1, 1, 1, true), bad]))).toEqual({
        code: bad.ir === 2.5 ? 'invalid-input' : 'out-of-range',
        message,
      });
      expect(rulesErrorOf(() => initiativeRanking([c('ok', 1, 1, 1, true), bad])).message).toBe(message);
    }
  });

  it('refuses an empty list, a missing id, a repeated id and a pc flag that is not true or false', () => {
    expect(rulesErrorOf(() => orderInitiative([]))).toEqual({
      code: 'invalid-input',
      message: 'Initiative needs at least one combatant.',
    });
    expect(rulesErrorOf(() => orderInitiative('a' as never)).message).toBe('Initiative needs at least one combatant.');
    expect(rulesErrorOf(() => orderInitiative([c('a', 1, 1, 1, true), c('', 1, 1, 1, true)]))).toEqual({
      code: 'invalid-input',
      message: 'combatants[1].id must be a non-empty name.',
    });
    expect(rulesErrorOf(() => orderInitiative([{ ...c('a', 1, 1, 1, true), id: 7 as never }])).message).toBe(
      'combatants[0].id must be a non-empty name.',
    );
    expect(rulesErrorOf(() => orderInitiative([c('a', 1, 1, 1, true), c('a', 2, 2, 2, false)]))).toEqual({
      code: 'invalid-input',
      message: 'Two combatants share the id "a"; ids must be unique.',
    });
    expect(rulesErrorOf(() => orderInitiative([{ ...c('a', 1, 1, 1, true), pc: 'yes' as never }]))).toEqual({
      code: 'invalid-input',
      message: 'combatants[0].pc must be true or false.',
    });
  });

  it('a group shares one roll; a member with another roll is refused with both rolls named', () => {
    expect(
      rulesErrorOf(() =>
        orderInitiative([
          { ...c('w1', 3, 2, 0, false), group: 'wolves' },
          { ...c('w2', 3, 2, 0, false), group: 'wolves' },
          { ...c('w3', 3, 5, 0, false), group: 'wolves' },
        ]),
      ),
    ).toEqual({
      code: 'invalid-input',
      message: 'Group "wolves" rolls initiative once, but "w3" has 5 while the group rolled 2.',
    });
    expect(
      orderInitiative([
        { ...c('w1', 3, 2, 0, false), group: 'wolves' },
        { ...c('b1', 3, 5, 0, false), group: 'bears' },
      ]).order,
    ).toEqual(['b1', 'w1']);
  });
});

describe('rollInitiative', () => {
  it('rolls one d6 per ungrouped combatant and one per group, in input order', () => {
    const source = scriptedD6([4, 6, 1]);
    const result = rollInitiative(source, [
      { id: 'w1', ir: 3, luckBonus: 0, pc: false, group: 'wolves' },
      { id: 'hero', ir: 5, luckBonus: 4, pc: true },
      { id: 'w2', ir: 3, luckBonus: 0, pc: false, group: 'wolves' },
      { id: 'bear', ir: 2, luckBonus: 0, pc: false, group: 'bears' },
    ]);
    expect(source.dealt()).toBe(3);
    expect(result.rolls).toEqual({ w1: 4, hero: 6, w2: 4, bear: 1 });
    expect(result.order).toEqual(['hero', 'w1', 'w2', 'bear']);
    expect(result.steps[0]).toEqual({
      text: '1d6 + Initiative Rating, highest first: hero 11, w1 7, w2 7, bear 3.',
      rule: RULES.initiative,
    });
  });
});

describe('rollInitiative without groups', () => {
  it('every ungrouped combatant rolls its own d6', () => {
    const source = scriptedD6([2, 5]);
    const result = rollInitiative(source, [
      { id: 'a', ir: 3, luckBonus: 0, pc: true },
      { id: 'b', ir: 3, luckBonus: 0, pc: true },
    ]);
    expect(source.dealt()).toBe(2);
    expect(result.rolls).toEqual({ a: 2, b: 5 });
    expect(result.order).toEqual(['b', 'a']);
  });
});
