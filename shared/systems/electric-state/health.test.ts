import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { derivedStats, maxHealth, maxHope } from './derived';
import {
  addDeathRoll,
  applyDamage,
  changeHope,
  healHealth,
  NEW_DEATH_ROLLS,
  rally,
  recoverHealth,
  resolveDeathRolls,
  restartDeathRollsAfterDamage,
  selfRally,
  stabilize,
  stabilizeTracker,
} from './health';
import { SERIOUS_INJURIES, seriousInjury, seriousInjuryByCode } from './injuries';
import { checkTurn, reactionForfeits, sideInitiative, sideInitiativeTotal } from './initiative';

describe('derived stats', () => {
  it('max Health = ⌈(Str + Agi) / 2⌉, max Hope = ⌈(Wits + Emp) / 2⌉', () => {
    expect(maxHealth(3, 4)).toBe(4);
    expect(maxHealth(2, 2)).toBe(2);
    expect(maxHope(5, 2)).toBe(4);
    expect(derivedStats({ strength: 5, agility: 4, wits: 3, empathy: 3 })).toMatchObject({
      maxHealth: 5,
      maxHope: 3,
      instantKillThreshold: 10,
    });
    expect(() => maxHealth(-1, 3)).toThrow(/strength/);
  });
});

describe('applyDamage', () => {
  it('reduces Health; 0 → Incapacitated; ≥ 2 × max → dead', () => {
    expect(applyDamage({ health: 4, maxHealth: 4, damage: 1 })).toMatchObject({ health: 3, state: 'ok' });
    expect(applyDamage({ health: 2, maxHealth: 4, damage: 5 })).toMatchObject({ health: 0, state: 'incapacitated' });
    expect(applyDamage({ health: 4, maxHealth: 4, damage: 8 })).toMatchObject({ state: 'dead', instantKill: true });
  });

  it('instantKill toggle chooses the damage before or after armour', () => {
    const hit = { health: 4, maxHealth: 4, damage: 3, damageBeforeArmor: 8 };
    expect(applyDamage(hit)).toMatchObject({ state: 'ok', health: 1 });
    expect(applyDamage(hit, { instantKill: 'before-armor' })).toMatchObject({ state: 'dead' });
  });

  it('damage while Incapacitated restarts the death rolls', () => {
    expect(applyDamage({ health: 0, maxHealth: 4, damage: 1 })).toMatchObject({
      state: 'incapacitated',
      deathRollsRestart: true,
    });
    expect(applyDamage({ health: 0, maxHealth: 4, damage: 0 })).toMatchObject({ deathRollsRestart: false });
  });

  it('rejects impossible Health', () => {
    expect(() => applyDamage({ health: 5, maxHealth: 4, damage: 1 })).toThrow(/health/);
    expect(() => applyDamage({ health: 1, maxHealth: 0, damage: 1 })).toThrow(/maxHealth/);
    expect(() => applyDamage({ health: 1, maxHealth: 4, damage: -2 })).toThrow(/damage/);
    expect(() => applyDamage({ health: 1, maxHealth: 4, damage: 3, damageBeforeArmor: 2 })).toThrow(
      /damageBeforeArmor/,
    );
  });

  it('property: Health never negative and never rises', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), fc.nat(10), fc.nat(30), (max, h, dmg) => {
        const health = Math.min(h, max);
        const r = applyDamage({ health, maxHealth: max, damage: dmg });
        expect(r.health).toBeGreaterThanOrEqual(0);
        expect(r.health).toBeLessThanOrEqual(health);
        expect(r.state === 'dead').toBe(dmg >= 2 * max);
      }),
    );
  });
});

describe('death rolls', () => {
  it('three 6s in total stabilize; three rolls without a 6 kill; later rolls ignored', () => {
    expect(
      resolveDeathRolls([
        [6, 1, 2, 3],
        [6, 6, 2, 2],
      ]),
    ).toMatchObject({ state: 'stabilized', sixes: 3, failedRolls: 0 });
    expect(
      resolveDeathRolls([
        [1, 1, 1, 1],
        [2, 2, 2, 2],
        [3, 3, 3, 3],
        [6, 6, 6, 6],
      ]),
    ).toMatchObject({ state: 'dead', failedRolls: 3, ignoredRolls: 1 });
    expect(resolveDeathRolls([])).toMatchObject({ state: 'dying', sixes: 0, failedRolls: 0 });
  });

  it('needs four dice per roll', () => {
    expect(() => resolveDeathRolls([[6, 6, 6]])).toThrow(/4 dice/);
    expect(() => resolveDeathRolls([[6, 6, 6, 7]])).toThrow(/d6/);
  });

  it('new damage restarts from zero, or keeps failures with the toggle', () => {
    const t = addDeathRoll(addDeathRoll(NEW_DEATH_ROLLS, [6, 6, 1, 1]), [2, 2, 2, 2]);
    expect(t).toMatchObject({ state: 'dying', sixes: 2, failedRolls: 1 });
    expect(restartDeathRollsAfterDamage(t, 1)).toEqual(NEW_DEATH_ROLLS);
    expect(restartDeathRollsAfterDamage(t, 1, { deathRollsOnDamage: 'keep-failures' })).toMatchObject({
      state: 'dying',
      sixes: 0,
      failedRolls: 1,
    });
    expect(restartDeathRollsAfterDamage(t, 0)).toBe(t);
    const stable = stabilizeTracker(t);
    expect(stable.state).toBe('stabilized');
    expect(restartDeathRollsAfterDamage(stable, 2).state).toBe('dying');
  });
});

describe('rally, stabilize, recovery', () => {
  it('rally: Health = 6s rolled, death rolls continue', () => {
    expect(rally({ empathyDice: [6, 6, 3], health: 0, maxHealth: 4 })).toMatchObject({
      healthRecovered: 2,
      health: 2,
      rallied: true,
      stillMakingDeathRolls: true,
    });
    expect(rally({ empathyDice: [6, 6, 6, 6, 6], health: 0, maxHealth: 3 }).health).toBe(3);
    expect(() => rally({ empathyDice: [6], health: 2, maxHealth: 3 })).toThrow(/Incapacitated/);
  });

  it('self-rally: +1 Health after a Stretch if alive', () => {
    expect(selfRally({ health: 0, maxHealth: 3, state: 'dying' }).health).toBe(1);
    expect(() => selfRally({ health: 0, maxHealth: 3, state: 'dead' })).toThrow(/dead/);
  });

  it('stabilize needs the Medic talent and a 6 on Wits', () => {
    expect(stabilize({ medic: true, witsDice: [6, 2] })).toMatchObject({ success: true, stopsDeathRolls: true });
    expect(stabilize({ medic: true, witsDice: [5, 2] }).success).toBe(false);
    expect(() => stabilize({ medic: false, witsDice: [6] })).toThrow(/Medic/);
  });

  it('recovery: 1 per Shift, 2 with Nurse, blocked by conditions or strenuous activity', () => {
    expect(recoverHealth({ health: 1, maxHealth: 4 }).health).toBe(2);
    expect(recoverHealth({ health: 1, maxHealth: 4, nurse: true }).health).toBe(3);
    expect(recoverHealth({ health: 1, maxHealth: 4, nurse: true, shifts: 3 }).health).toBe(4);
    expect(recoverHealth({ health: 1, maxHealth: 4, blocked: true }).recovered).toBe(0);
    expect(recoverHealth({ health: 1, maxHealth: 4, strenuous: true }).recovered).toBe(0);
  });
});

describe('serious injuries', () => {
  it('reads D66 as tens then units; 11–36 is no injury', () => {
    expect(seriousInjury([3, 6])).toMatchObject({ code: 36, injury: null });
    expect(seriousInjury([6, 3])).toMatchObject({ code: 63, injury: 'Disfigured face' });
    expect(seriousInjury([6, 3]).entry!.requiresSurgery).toBe(true);
    expect(seriousInjuryByCode(66)!.damagePerRoll).toBe('D6');
    expect(seriousInjuryByCode(56)!.diseaseVirulence).toBe(6);
    expect(seriousInjuryByCode(62)!.moveOrAct).toBe(true);
  });

  it('covers every code 41–66 exactly once', () => {
    const codes = SERIOUS_INJURIES.map((i) => i.code);
    const expected = [4, 5, 6].flatMap((t) => [1, 2, 3, 4, 5, 6].map((u) => t * 10 + u));
    expect(codes).toEqual(expected);
  });

  it('rejects bad rolls', () => {
    expect(() => seriousInjury([7, 1])).toThrow();
    expect(() => seriousInjury([1])).toThrow(/two dice/);
    expect(() => seriousInjuryByCode(70)).toThrow(/D66/);
  });
});

describe('initiative and turns', () => {
  it('higher D6 + highest Wits acts first; ties reroll', () => {
    expect(
      sideInitiative({
        sides: [
          { id: 'a', highestWits: 4, roll: 3 },
          { id: 'b', highestWits: 3, roll: 5 },
        ],
      }),
    ).toMatchObject({ order: ['b', 'a'], tie: false });
    expect(
      sideInitiative({
        sides: [
          { id: 'a', highestWits: 3, roll: 4 },
          { id: 'b', highestWits: 5, roll: 2 },
        ],
      }),
    ).toMatchObject({ order: ['a', 'b'], tie: true });
  });

  it('the side that started the fight goes first without a roll', () => {
    expect(
      sideInitiative({
        sides: [
          { id: 'a', highestWits: 4 },
          { id: 'b', highestWits: 3 },
        ],
        startedBy: 'b',
      }).order,
    ).toEqual(['b', 'a']);
  });

  it('rejects bad sides', () => {
    expect(() => sideInitiative({ sides: [{ id: 'a', highestWits: 4, roll: 3 }] })).toThrow(/two sides/);
    expect(() =>
      sideInitiative({
        sides: [
          { id: 'a', highestWits: 4, roll: 7 },
          { id: 'b', highestWits: 1, roll: 1 },
        ],
      }),
    ).toThrow(/roll of a/);
    expect(() =>
      sideInitiative({
        sides: [
          { id: 'a', highestWits: 4, roll: 3 },
          { id: 'a', highestWits: 1, roll: 1 },
        ],
      }),
    ).toThrow(/share/);
    expect(() =>
      sideInitiative({
        sides: [
          { id: 'a', highestWits: 4 },
          { id: 'b', highestWits: 1, roll: 1 },
        ],
      }),
    ).toThrow(/needs its initiative roll/);
    expect(() =>
      sideInitiative({
        sides: [
          { id: 'a', highestWits: 4 },
          { id: 'b', highestWits: 1 },
        ],
        startedBy: 'c',
      }),
    ).toThrow(/not one of the sides/);
  });

  it('one move + one action (move first) or two moves', () => {
    expect(checkTurn(['move', 'action']).valid).toBe(true);
    expect(checkTurn(['move', 'move']).valid).toBe(true);
    expect(checkTurn(['free', 'action', 'free']).valid).toBe(true);
    expect(checkTurn(['action', 'move'])).toMatchObject({
      valid: false,
      reason: 'The move must come before the action.',
    });
    expect(checkTurn(['action', 'action']).valid).toBe(false);
    expect(checkTurn(['move', 'move', 'move']).valid).toBe(false);
    expect(reactionForfeits(false)).toBe('this-round-turn');
    expect(reactionForfeits(true)).toBe('next-round-turn');
  });
});

describe('healing and Hope by an amount', () => {
  it('heals up to max Health; above 0 ends Incapacitated but the death rolls go on', () => {
    expect(healHealth({ health: 2, maxHealth: 4, amount: 1 })).toMatchObject({
      health: 3,
      recovered: 1,
      backOnFeet: false,
    });
    const up = healHealth({ health: 0, maxHealth: 4, amount: 9, deathRolls: 'dying' });
    expect(up).toMatchObject({ health: 4, recovered: 4, backOnFeet: true, stillMakingDeathRolls: true });
    expect(up.steps.map((s) => s.text).join(' ')).toMatch(/max Health 4.*still making death rolls/);
    expect(healHealth({ health: 0, maxHealth: 4, amount: 1, deathRolls: 'stabilized' })).toMatchObject({
      backOnFeet: true,
      stillMakingDeathRolls: false,
    });
    expect(healHealth({ health: 0, maxHealth: 4, amount: 0 }).backOnFeet).toBe(false);
    expect(() => healHealth({ health: 0, maxHealth: 4, amount: 1, deathRolls: 'dead' })).toThrow(/dead/);
    expect(() => healHealth({ health: 1, maxHealth: 4, amount: -1 })).toThrow(/Health recovered/);
  });

  it('changes Hope within 0 and max Hope', () => {
    expect(changeHope({ hope: 3, maxHope: 4, change: -1 })).toMatchObject({ hope: 2, change: -1 });
    expect(changeHope({ hope: 1, maxHope: 4, change: -3 })).toMatchObject({ hope: 0, change: -1 });
    expect(changeHope({ hope: 3, maxHope: 4, change: 5 })).toMatchObject({ hope: 4, change: 1 });
    expect(changeHope({ hope: 1, maxHope: 4, change: -3 }).steps[0]!.text).toMatch(/never below 0/);
    expect(() => changeHope({ hope: 5, maxHope: 4, change: 0 })).toThrow(/Hope/);
  });
});

describe('side initiative total and death roll numbering', () => {
  it('totals D6 + highest Wits and checks both', () => {
    expect(sideInitiativeTotal({ label: 'Party', highestWits: 4, roll: 3 })).toMatchObject({ total: 7 });
    expect(() => sideInitiativeTotal({ label: 'Party', highestWits: 4, roll: 0 })).toThrow(/roll of Party/);
  });

  it('numbers death rolls on from the rolls already counted', () => {
    const start = addDeathRoll(NEW_DEATH_ROLLS, [6, 1, 1, 1]);
    expect(resolveDeathRolls([[2, 2, 2, 2]], start).steps[0]!.text).toMatch(/^Death roll 2:/);
  });
});
