import { describe, expect, it } from 'vitest';
import { RulesError } from '../../errors';
import {
  NEW_DEATH_ROLLS,
  addDeathRoll,
  applyDamage,
  changeHope,
  healHealth,
  rally,
  recoverHealth,
  resolveDeathRolls,
  restartDeathRollsAfterDamage,
  selfRally,
  stabilize,
  stabilizeTracker,
  type DeathRollTracker,
} from './health';

// Exact results and explanation steps of the Electric State seed's "Damage & Health", "Death Rolls",
// "Rallying & Stabilizing" and "Recovery" sections, one test per branch.
const seed = (section: string) => ({ section, source: 'seed' });
const DAMAGE = seed('Damage & Health');
const DEATH = seed('Death Rolls');
const RALLY = seed('Rallying & Stabilizing');
const RECOVERY = seed('Recovery');

function thrown(f: () => unknown): RulesError {
  try {
    f();
  } catch (error) {
    if (error instanceof RulesError) return error;
    throw error;
  }
  throw new Error('expected a RulesError');
}

describe('applyDamage, each branch', () => {
  it('a hit that leaves Health above 0', () => {
    expect(applyDamage({ health: 4, maxHealth: 4, damage: 1 })).toEqual({
      health: 3,
      state: 'ok',
      instantKill: false,
      deathRollsRestart: false,
      steps: [{ text: '1 damage: Health 4 → 3.', rule: DAMAGE }],
    });
    // No damage, no step.
    expect(applyDamage({ health: 3, maxHealth: 4, damage: 0 })).toEqual({
      health: 3,
      state: 'ok',
      instantKill: false,
      deathRollsRestart: false,
      steps: [],
    });
  });

  it('Health 0: Incapacitated (seed: "At 0 Health: you are Incapacitated")', () => {
    expect(applyDamage({ health: 2, maxHealth: 4, damage: 5 })).toEqual({
      health: 0,
      state: 'incapacitated',
      instantKill: false,
      deathRollsRestart: false,
      steps: [
        { text: '5 damage: Health 2 → 0.', rule: DAMAGE },
        {
          text: 'Health 0: Incapacitated — can crawl and mumble but not roll attributes; death rolls each turn.',
          rule: DAMAGE,
        },
      ],
    });
  });

  it('hurt again while Incapacitated: the death rolls restart (seed: "even 1 point")', () => {
    expect(applyDamage({ health: 0, maxHealth: 4, damage: 1 })).toEqual({
      health: 0,
      state: 'incapacitated',
      instantKill: false,
      deathRollsRestart: true,
      steps: [
        { text: '1 damage: Health 0 → 0.', rule: DAMAGE },
        { text: 'Already Incapacitated and hurt again: the death rolls restart.', rule: RALLY },
      ],
    });
    expect(applyDamage({ health: 0, maxHealth: 4, damage: 0 })).toEqual({
      health: 0,
      state: 'incapacitated',
      instantKill: false,
      deathRollsRestart: false,
      steps: [{ text: 'Still Incapacitated.', rule: DAMAGE }],
    });
  });

  it('instant kill at exactly twice max Health, not one below (seed: "equal to or greater than twice")', () => {
    expect(applyDamage({ health: 4, maxHealth: 4, damage: 8 })).toEqual({
      health: 0,
      state: 'dead',
      instantKill: true,
      deathRollsRestart: false,
      steps: [
        { text: '8 damage: Health 4 → 0.', rule: DAMAGE },
        {
          text: 'A single hit of 8 (after armour) is at least twice the maximum Health (8): killed outright, no death rolls.',
          rule: DAMAGE,
        },
      ],
    });
    expect(applyDamage({ health: 4, maxHealth: 4, damage: 7 }).state).toBe('incapacitated');
    // An Incapacitated character killed outright does not restart death rolls.
    expect(applyDamage({ health: 0, maxHealth: 2, damage: 4 })).toMatchObject({
      state: 'dead',
      deathRollsRestart: false,
    });
  });

  it('the before-armor toggle checks the hit before armour, cited as a default', () => {
    const hit = { health: 4, maxHealth: 4, damage: 3, damageBeforeArmor: 8 };
    expect(applyDamage(hit, { instantKill: 'before-armor' })).toEqual({
      health: 1,
      state: 'dead',
      instantKill: true,
      deathRollsRestart: false,
      steps: [
        { text: '3 damage: Health 4 → 1.', rule: DAMAGE },
        {
          text: 'A single hit of 8 (before armour) is at least twice the maximum Health (8): killed outright, no death rolls.',
          rule: { section: 'Damage & Health', source: 'default' },
        },
      ],
    });
    expect(applyDamage({ ...hit, damageBeforeArmor: 7 }, { instantKill: 'before-armor' }).state).toBe('ok');
    // Without the value, the hit before armour is the hit itself.
    expect(applyDamage({ health: 4, maxHealth: 4, damage: 8 }, { instantKill: 'before-armor' }).state).toBe('dead');
    // The default ignores the hit before armour.
    expect(applyDamage(hit).state).toBe('ok');
  });

  it('refuses impossible numbers with a sentence', () => {
    expect(thrown(() => applyDamage({ health: 1, maxHealth: 4, damage: 3, damageBeforeArmor: 2 })).message).toBe(
      'damageBeforeArmor (2) cannot be less than the damage after armour (3).',
    );
    expect(applyDamage({ health: 4, maxHealth: 4, damage: 3, damageBeforeArmor: 3 }).health).toBe(1);
    expect(thrown(() => applyDamage({ health: 1, maxHealth: 51, damage: 1 })).message).toBe(
      'maxHealth must be between 1 and 50, got 51.',
    );
    expect(applyDamage({ health: 50, maxHealth: 50, damage: 1 }).health).toBe(49);
    expect(thrown(() => applyDamage({ health: 5, maxHealth: 4, damage: 1 })).message).toBe(
      'health must be between 0 and 4, got 5.',
    );
    expect(thrown(() => applyDamage({ health: 1, maxHealth: 4, damage: 1001 })).message).toBe(
      'damage must be between 0 and 1000, got 1001.',
    );
    expect(applyDamage({ health: 1, maxHealth: 4, damage: 1000 }).state).toBe('dead');
    expect(thrown(() => applyDamage({ health: 1, maxHealth: 4, damage: 1, damageBeforeArmor: 1001 })).message).toBe(
      'damageBeforeArmor must be between 0 and 1000, got 1001.',
    );
  });
});

describe('death rolls, each branch', () => {
  const tracker = (state: DeathRollTracker['state'], sixes: number, failedRolls: number, rollsCounted: number) => ({
    state,
    sixes,
    failedRolls,
    rollsCounted,
  });

  it('adds one roll: its 6s, a failure when it has none, and the count', () => {
    expect(addDeathRoll(NEW_DEATH_ROLLS, [6, 1, 2, 3])).toEqual(tracker('dying', 1, 0, 1));
    expect(addDeathRoll(NEW_DEATH_ROLLS, [1, 2, 3, 4])).toEqual(tracker('dying', 0, 1, 1));
    // Exactly 3 sixes stabilize; exactly 3 failures kill.
    expect(addDeathRoll(tracker('dying', 2, 2, 4), [6, 2, 2, 2])).toEqual(tracker('stabilized', 3, 2, 5));
    expect(addDeathRoll(tracker('dying', 2, 2, 4), [5, 2, 2, 2])).toEqual(tracker('dead', 2, 3, 5));
    expect(addDeathRoll(tracker('dying', 1, 1, 2), [6, 2, 2, 2])).toEqual(tracker('dying', 2, 1, 3));
  });

  it('a settled tracker ignores further rolls but still checks them', () => {
    const dead = tracker('dead', 0, 3, 3);
    expect(addDeathRoll(dead, [6, 6, 6, 6])).toBe(dead);
    const stable = tracker('stabilized', 3, 0, 2);
    expect(addDeathRoll(stable, [1, 1, 1, 1])).toBe(stable);
    expect(thrown(() => addDeathRoll(dead, [6, 6, 6])).message).toBe('roll: a death roll is 4 dice, got 3.');
  });

  it('explains each roll, the settling roll and the ignored ones', () => {
    expect(
      resolveDeathRolls([
        [6, 1, 2, 3],
        [6, 6, 2, 2],
        [1, 1, 1, 1],
      ]),
    ).toEqual({
      ...tracker('stabilized', 3, 0, 2),
      ignoredRolls: 1,
      steps: [
        { text: 'Death roll 1: 1 six — 1 six in total, 0 failed rolls.', rule: DEATH },
        { text: 'Death roll 2: 2 sixes — 3 sixes in total, 0 failed rolls. Three sixes: Stabilized.', rule: DEATH },
        { text: '1 later roll is ignored: the outcome was already settled.', rule: DEATH },
      ],
    });
    const dead = resolveDeathRolls([
      [1, 1, 1, 1],
      [2, 2, 2, 2],
      [3, 3, 3, 3],
      [6, 6, 6, 6],
      [6, 6, 6, 6],
    ]);
    expect(dead.steps.map((s) => s.text)).toEqual([
      'Death roll 1: no six, a failed roll — 0 sixes in total, 1 failed roll.',
      'Death roll 2: no six, a failed roll — 0 sixes in total, 2 failed rolls.',
      'Death roll 3: no six, a failed roll — 0 sixes in total, 3 failed rolls. Three failed rolls: Dead.',
      '2 later rolls are ignored: the outcome was already settled.',
    ]);
    expect([dead.state, dead.ignoredRolls, dead.rollsCounted]).toEqual(['dead', 2, 3]);
  });

  it('numbers on from the tracker it starts from; a settled start ignores every roll', () => {
    const r = resolveDeathRolls([[6, 2, 2, 2]], tracker('dying', 1, 1, 2));
    expect(r.steps).toEqual([{ text: 'Death roll 3: 1 six — 2 sixes in total, 1 failed roll.', rule: DEATH }]);
    expect(resolveDeathRolls([[6, 2, 2, 2]], tracker('dead', 0, 3, 3))).toEqual({
      ...tracker('dead', 0, 3, 3),
      ignoredRolls: 1,
      steps: [{ text: '1 later roll is ignored: the outcome was already settled.', rule: DEATH }],
    });
    expect(resolveDeathRolls([])).toEqual({ ...NEW_DEATH_ROLLS, ignoredRolls: 0, steps: [] });
  });

  it('checks every roll before counting any', () => {
    expect(thrown(() => resolveDeathRolls([[1, 1, 1, 1], [1, 1, 1, 1], [1, 1, 1, 1], [6]])).message).toBe(
      'rolls[3]: a death roll is 4 dice, got 1.',
    );
    expect(thrown(() => resolveDeathRolls('6666' as never)).message).toBe('rolls must be a list of death rolls.');
  });

  it('new damage restarts the rolls; the dead stay dead; no damage changes nothing', () => {
    const mid = tracker('dying', 2, 1, 3);
    expect(restartDeathRollsAfterDamage(mid, 1)).toEqual(NEW_DEATH_ROLLS);
    expect(restartDeathRollsAfterDamage(mid, 1, { deathRollsOnDamage: 'keep-failures' })).toEqual(
      tracker('dying', 0, 1, 3),
    );
    expect(
      restartDeathRollsAfterDamage(tracker('stabilized', 3, 2, 4), 2, { deathRollsOnDamage: 'keep-failures' }),
    ).toEqual(tracker('dying', 0, 2, 4));
    const dead = tracker('dead', 0, 3, 3);
    expect(restartDeathRollsAfterDamage(dead, 5)).toBe(dead);
    expect(restartDeathRollsAfterDamage(mid, 0)).toBe(mid);
    expect(thrown(() => restartDeathRollsAfterDamage(mid, -1)).message).toBe(
      'damage must be between 0 and 1000, got -1.',
    );
  });

  it('stabilizing a tracker only changes a dying one', () => {
    expect(stabilizeTracker(tracker('dying', 1, 2, 3))).toEqual(tracker('stabilized', 1, 2, 3));
    const dead = tracker('dead', 0, 3, 3);
    expect(stabilizeTracker(dead)).toBe(dead);
  });
});

describe('healing, Hope, rally, stabilize, recovery: exact steps', () => {
  it('healHealth: the amount, the max Health cap, and back on their feet', () => {
    expect(healHealth({ health: 2, maxHealth: 4, amount: 1 })).toEqual({
      health: 3,
      recovered: 1,
      backOnFeet: false,
      stillMakingDeathRolls: false,
      steps: [{ text: '1 Health recovered: Health 2 → 3.', rule: RALLY }],
    });
    // Reaching max Health exactly is not capped.
    expect(healHealth({ health: 2, maxHealth: 4, amount: 2 }).steps[0]!.text).toBe('2 Health recovered: Health 2 → 4.');
    expect(healHealth({ health: 0, maxHealth: 4, amount: 9, deathRolls: 'dying' })).toEqual({
      health: 4,
      recovered: 4,
      backOnFeet: true,
      stillMakingDeathRolls: true,
      steps: [
        { text: '4 Health recovered: Health 0 → 4 (max Health 4).', rule: RALLY },
        {
          text: 'Back on their feet, no longer Incapacitated — but still making death rolls until Stabilized.',
          rule: RALLY,
        },
      ],
    });
    expect(healHealth({ health: 0, maxHealth: 4, amount: 1, deathRolls: 'stabilized' }).steps[1]).toEqual({
      text: 'Back on their feet: no longer Incapacitated.',
      rule: RALLY,
    });
    expect(healHealth({ health: 0, maxHealth: 4, amount: 0, deathRolls: 'dying' })).toMatchObject({
      backOnFeet: false,
      stillMakingDeathRolls: true,
      steps: [{ text: '0 Health recovered: Health 0 → 0.', rule: RALLY }],
    });
    const dead = thrown(() => healHealth({ health: 0, maxHealth: 4, amount: 1, deathRolls: 'dead' }));
    expect([dead.code, dead.message]).toEqual(['not-allowed', 'A dead character cannot recover Health.']);
    expect(thrown(() => healHealth({ health: 1, maxHealth: 4, amount: -1 })).message).toBe(
      'Health recovered must be between 0 and 1000, got -1.',
    );
  });

  it('changeHope: lost, regained, and the 0 and max Hope limits', () => {
    const HOPE = { section: 'Health and Hope', source: 'book' };
    expect(changeHope({ hope: 3, maxHope: 4, change: -1 })).toEqual({
      hope: 2,
      change: -1,
      steps: [{ text: '1 Hope lost: Hope 3 → 2.', rule: HOPE }],
    });
    expect(changeHope({ hope: 1, maxHope: 4, change: -1 }).steps[0]!.text).toBe('1 Hope lost: Hope 1 → 0.');
    expect(changeHope({ hope: 1, maxHope: 4, change: -3 })).toEqual({
      hope: 0,
      change: -1,
      steps: [{ text: '1 Hope lost: Hope 1 → 0 (never below 0).', rule: HOPE }],
    });
    expect(changeHope({ hope: 3, maxHope: 4, change: 1 }).steps[0]!.text).toBe('1 Hope regained: Hope 3 → 4.');
    expect(changeHope({ hope: 3, maxHope: 4, change: 5 })).toEqual({
      hope: 4,
      change: 1,
      steps: [{ text: '1 Hope regained: Hope 3 → 4 (max Hope 4).', rule: HOPE }],
    });
    expect(changeHope({ hope: 2, maxHope: 4, change: 0 }).steps[0]!.text).toBe('0 Hope regained: Hope 2 → 2.');
    expect(changeHope({ hope: 0, maxHope: 0, change: 1 }).hope).toBe(0);
    expect(thrown(() => changeHope({ hope: 5, maxHope: 4, change: 0 })).message).toBe(
      'Hope must be between 0 and 4, got 5.',
    );
    expect(thrown(() => changeHope({ hope: 0, maxHope: 11, change: 0 })).message).toBe(
      'maxHope must be between 0 and 10, got 11.',
    );
    expect(thrown(() => changeHope({ hope: 0, maxHope: 4, change: -1001 })).message).toBe(
      'Hope change must be between -1000 and 1000, got -1001.',
    );
  });

  it('rally: Health = 6s rolled, death rolls continue', () => {
    expect(rally({ empathyDice: [6, 6, 3], health: 0, maxHealth: 4 })).toEqual({
      sixes: 2,
      healthRecovered: 2,
      health: 2,
      rallied: true,
      stillMakingDeathRolls: true,
      steps: [
        {
          text: 'Rally (an action, same zone): Empathy roll with 2 sixes, 2 Health recovered (Health 2); death rolls continue.',
          rule: RALLY,
        },
      ],
    });
    expect(rally({ empathyDice: [6, 6, 6], health: 0, maxHealth: 2 })).toMatchObject({
      sixes: 3,
      healthRecovered: 2,
      health: 2,
    });
    const miss = rally({ empathyDice: [5, 1], health: 0, maxHealth: 4 });
    expect([miss.sixes, miss.health, miss.rallied]).toEqual([0, 0, false]);
    expect(miss.steps[0]!.text).toBe(
      'Rally (an action, same zone): Empathy roll with 0 sixes, 0 Health recovered (Health 0); death rolls continue.',
    );
    expect(rally({ empathyDice: [6], health: 0, maxHealth: 4 }).steps[0]!.text).toBe(
      'Rally (an action, same zone): Empathy roll with 1 six, 1 Health recovered (Health 1); death rolls continue.',
    );
    const standing = thrown(() => rally({ empathyDice: [6], health: 1, maxHealth: 4 }));
    expect([standing.code, standing.message]).toEqual([
      'not-allowed',
      'Only an Incapacitated fighter (Health 0) can be rallied.',
    ]);
    expect(thrown(() => rally({ empathyDice: [7], health: 0, maxHealth: 4 })).message).toBe(
      'empathyDice[0] is 7, which is not a face of a d6 (1–6).',
    );
  });

  it('selfRally: 1 Health after a Stretch, not for the dead nor the standing', () => {
    expect(selfRally({ health: 0, maxHealth: 3, state: 'dying' })).toEqual({
      sixes: 0,
      healthRecovered: 1,
      health: 1,
      rallied: true,
      stillMakingDeathRolls: true,
      steps: [{ text: 'Self-rally after a Stretch: 1 Health recovered automatically (Health 1).', rule: RALLY }],
    });
    expect(thrown(() => selfRally({ health: 2, maxHealth: 3, state: 'dead' })).message).toBe(
      'A dead character cannot self-rally.',
    );
    const standing = thrown(() => selfRally({ health: 1, maxHealth: 3, state: 'ok' }));
    expect([standing.code, standing.message]).toEqual([
      'not-allowed',
      'Self-rally is for an Incapacitated character (Health 0).',
    ]);
  });

  it('stabilize: a Medic needs one 6 on Wits', () => {
    expect(stabilize({ medic: true, witsDice: [6, 6, 1] })).toEqual({
      success: true,
      sixes: 2,
      stopsDeathRolls: true,
      steps: [{ text: 'Stabilized: no more death rolls, but still Incapacitated.', rule: RALLY }],
    });
    expect(stabilize({ medic: true, witsDice: [5, 2] })).toEqual({
      success: false,
      sixes: 0,
      stopsDeathRolls: false,
      steps: [{ text: 'No six: not stabilized, the death rolls go on.', rule: RALLY }],
    });
    const noMedic = thrown(() => stabilize({ medic: false, witsDice: [6] }));
    expect([noMedic.code, noMedic.message]).toEqual([
      'not-allowed',
      'Only a character with the Medic talent can stabilize someone.',
    ]);
  });

  it('recoverHealth: per Shift, with Nurse, blocked or strenuous', () => {
    expect(recoverHealth({ health: 1, maxHealth: 4 })).toEqual({
      health: 2,
      recovered: 1,
      steps: [{ text: '1 Shift of rest at 1 Health each: Health 1 → 2.', rule: RECOVERY }],
    });
    expect(recoverHealth({ health: 1, maxHealth: 4, nurse: true, shifts: 3 })).toEqual({
      health: 4,
      recovered: 3,
      steps: [{ text: '3 Shifts of rest at 2 Health each (Nurse talent): Health 1 → 4.', rule: RECOVERY }],
    });
    expect(recoverHealth({ health: 1, maxHealth: 4, shifts: 0 }).steps[0]!.text).toBe(
      '0 Shifts of rest at 1 Health each: Health 1 → 1.',
    );
    expect(recoverHealth({ health: 1, maxHealth: 4, blocked: true, strenuous: true })).toEqual({
      health: 1,
      recovered: 0,
      steps: [{ text: 'A condition (disease, hunger …) blocks recovery.', rule: RECOVERY }],
    });
    expect(recoverHealth({ health: 1, maxHealth: 4, strenuous: true })).toEqual({
      health: 1,
      recovered: 0,
      steps: [{ text: 'Strenuous activity: no recovery this Shift.', rule: RECOVERY }],
    });
    expect(thrown(() => recoverHealth({ health: 1, maxHealth: 4, shifts: -1 })).message).toBe(
      'shifts must be between 0 and 1000, got -1.',
    );
  });
});
