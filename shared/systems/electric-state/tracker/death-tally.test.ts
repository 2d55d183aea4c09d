import { describe, expect, it } from 'vitest';
import type { EncounterMoment, RulesCombatant, Stats } from '../../../system-kit/tracker-rules';
import { electricStateTracker as T } from './index';
import { keepFailures, toggles } from './tracker.test-support';

// Strength 2 + Agility 2: max Health 2, so 2 damage is Incapacitated (4 would kill outright).
const frail: Stats = { strength: 2, agility: 2, wits: 2, empathy: 2 };

function downed(): RulesCombatant {
  const pc: RulesCombatant = {
    id: 'ada',
    name: 'Ada',
    kind: 'pc',
    side: 'party',
    stats: frail,
    health: T.initialHealth(frail, 'pc'),
    conditionIds: [],
  };
  return { ...pc, health: T.applyHarm(pc, { kind: 'damage', amount: 2 }, toggles).health };
}

const turn = (round: number): EncounterMoment => ({ round, activeCombatantId: 'ada', toggles });

/** The death roll due on Ada's turn in `round`, rolled with these faces. */
function deathRoll(c: RulesCombatant, round: number, faces: number[]): RulesCombatant {
  const [due] = T.checksDue(c, turn(round));
  expect(due!.id).toBe(`death-roll:${round}`);
  return { ...c, health: T.resolveCheck(c, due!.id, faces, turn(round), [c]).health };
}

const markers = (c: RulesCombatant, t = toggles) => T.healthView(c, t).markers;

describe('Electric State: a dying character shows its death-roll tally', () => {
  it('counts the rolls made, the sixes and the failed rolls after each roll', () => {
    let ada = downed();
    expect(markers(ada)).toEqual(['Death rolls: 0 rolls made — 0 sixes of 3, 0 failed rolls of 3']);
    ada = deathRoll(ada, 1, [6, 2, 3, 4]);
    expect(markers(ada)).toEqual(['Death rolls: 1 roll made — 1 six of 3, 0 failed rolls of 3']);
    ada = deathRoll(ada, 2, [1, 2, 3, 4]);
    expect(markers(ada)).toEqual(['Death rolls: 2 rolls made — 1 six of 3, 1 failed roll of 3']);
    ada = deathRoll(ada, 3, [6, 5, 5, 2]);
    expect(markers(ada)).toEqual(['Death rolls: 3 rolls made — 2 sixes of 3, 1 failed roll of 3']);
  });

  it('the tally goes once the rolls are settled: stabilized (the injury roll is then due) or dead', () => {
    const stable = deathRoll(downed(), 1, [6, 6, 6, 1]);
    expect(markers(stable)).toEqual(['Serious injury roll due (D66)']);
    let dead = downed();
    for (const round of [1, 2, 3]) dead = deathRoll(dead, round, [1, 2, 3, 4]);
    expect(T.healthView(dead, toggles).stateLabel).toBe('Dead (failed death rolls)');
    expect(markers(dead)).toEqual([]);
  });

  it('new damage restarts the tally; with "keep failures" the failed rolls and rolls made stay', () => {
    const twoRolls = deathRoll(deathRoll(downed(), 1, [6, 2, 3, 4]), 2, [1, 2, 3, 4]);
    const hitAgain = (t: typeof toggles) => ({
      ...twoRolls,
      health: T.applyHarm(twoRolls, { kind: 'damage', amount: 1 }, t).health,
    });
    expect(markers(hitAgain(toggles))).toEqual(['Death rolls: 0 rolls made — 0 sixes of 3, 0 failed rolls of 3']);
    expect(markers(hitAgain(keepFailures), keepFailures)).toEqual([
      'Death rolls: 2 rolls made — 0 sixes of 3, 1 failed roll of 3',
    ]);
  });
});
