import { describe, expect, it } from 'vitest';
import type { Participant, ResolveContext, RolledStage, SetupValues } from '../../../system-kit/workflow';
import { workflows } from './index';
import { ctx, fighter, typed } from './test-support';

const stats = { strength: 3, agility: 3, wits: 2, empathy: 1, armor: 0 };
const attack = workflows.find((wf) => wf.id === 'electric-state.attack')!;
const drifter = fighter('Drifter', 'pc', { strength: 5, agility: 5, wits: 3, empathy: 2, armor: 0, hopeLost: 0 });
const guard = (conditionIds: string[] = []): Participant => fighter('Guard', 'npc', stats, { conditionIds });
const started = (target: Participant, combatStarted: boolean): ResolveContext => ({
  ...ctx([drifter], [target]),
  combatStarted,
});

/** Resolves the attack with every die showing 1 (typed from physical dice). */
function resolveWithOnes(setup: SetupValues, context: ResolveContext) {
  const rolled: RolledStage[] = [];
  for (let stage = attack.nextStage(setup, context, rolled); stage; stage = attack.nextStage(setup, context, rolled)) {
    rolled.push(typed(stage, [Array(stage.count).fill(1), ...(stage.extra ?? []).map((e) => Array(e.count).fill(1))]));
  }
  return attack.resolve(setup, context, rolled);
}

const ALREADY_IN_COMBAT =
  'Guard is already in active combat: you cannot ambush someone already in active combat. Mark them Unaware in the tracker if they have not noticed the fight.';

describe('Electric State ambush, from the encounter (seed: Ambushes)', () => {
  it('before the fight starts anyone may be ambushed; once it has, only a target the tracker marks Unaware', () => {
    const ambush = { ...attack.defaults(started(guard(), false)), ambush: true };
    expect(attack.problems(ambush, started(guard(), false))).toEqual([]);
    expect(attack.problems(ambush, started(guard(), true))).toEqual([ALREADY_IN_COMBAT]);
    expect(attack.problems(ambush, started(guard(['unaware']), true))).toEqual([]);
  });

  it('a target marked Unaware starts ambushed, and the applied roll ends its Unaware condition with a step saying so', () => {
    const context = started(guard(['unaware']), true);
    const setup = attack.defaults(context);
    expect(setup.ambush).toBe(true);
    const result = resolveWithOnes(setup, context);
    expect(result.effects).toContainEqual({ on: { side: 'targets', index: 0 }, removeConditions: ['unaware'] });
    expect(result.steps).toContainEqual({
      text: 'Guard is no longer unaware: the ambush is sprung.',
      rule: { section: 'Ambushes', source: 'seed' },
    });
    // Not ambushed: the target keeps whatever it had.
    const aware = started(guard(), true);
    const plain = attack.defaults(aware);
    expect(resolveWithOnes(plain, aware).effects.some((e) => e.removeConditions)).toBe(false);
  });
});
