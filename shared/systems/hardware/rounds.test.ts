import { describe, expect, it } from 'vitest';
import { isRulesError } from '../../errors';
import {
  checkTurn,
  moraleChecksDue,
  rangeBand,
  reloadCheck,
  resolveMorale,
  resolveRetreat,
  resolveRoundStart,
} from './rounds';

function throwsRulesError(call: () => unknown): boolean {
  try {
    call();
  } catch (error) {
    return isRulesError(error);
  }
  return false;
}

describe('round start', () => {
  it('PCs who pass the AGL save act first; the others lose their turn', () => {
    const r = resolveRoundStart([
      { id: 'a', agl: 12, rolls: [10] },
      { id: 'b', agl: 8, rolls: [9] },
      { id: 'c', agl: 15, rolls: [20] },
      { id: 'd', agl: 4, noSaveNeeded: true },
    ]);
    expect(r.actFirst).toEqual(['a', 'd']);
    expect(r.loseTurn).toEqual(['b', 'c']);
    expect(r.steps.at(-1)!.text).toMatch(/simultaneously/);
  });

  it('AGL 0 cannot act', () => {
    expect(resolveRoundStart([{ id: 'a', agl: 0, rolls: [1] }]).loseTurn).toEqual(['a']);
  });

  it('rejects duplicates and missing rolls', () => {
    expect(
      throwsRulesError(() =>
        resolveRoundStart([
          { id: 'a', agl: 5, rolls: [1] },
          { id: 'a', agl: 5, rolls: [1] },
        ]),
      ),
    ).toBe(true);
    expect(throwsRulesError(() => resolveRoundStart([{ id: 'a', agl: 5 }]))).toBe(true);
    expect(throwsRulesError(() => resolveRoundStart([{ id: '', agl: 5, rolls: [1] }]))).toBe(true);
  });
});

describe('actions and ranges', () => {
  it('move 10 m and one action; moving again as the action allows 20 m', () => {
    expect(checkTurn({ moveMeters: 10, action: 'attack' }).allowed).toBe(true);
    expect(checkTurn({ moveMeters: 11, action: 'attack' }).allowed).toBe(false);
    expect(checkTurn({ moveMeters: 20, action: 'move' }).allowed).toBe(true);
    expect(throwsRulesError(() => checkTurn({ moveMeters: 5, action: 'dance' as 'move' }))).toBe(true);
  });

  it('Close beside, Near within 30 m, Far beyond', () => {
    expect(rangeBand({ meters: 1, beside: true })).toBe('close');
    expect(rangeBand({ meters: 30 })).toBe('near');
    expect(rangeBand({ meters: 31 })).toBe('far');
    expect(throwsRulesError(() => rangeBand({ meters: -1 }))).toBe(true);
    expect(throwsRulesError(() => rangeBand({ meters: Number.NaN }))).toBe(true);
  });
});

describe('reload check, retreat and morale', () => {
  it('an AGL save per firearm; burst rolls with Disadvantage; failure discards one Ammo', () => {
    const r = reloadCheck({
      agl: 10,
      firearms: [
        { weapon: 'Pistol', ammoGroup: 'Handgun', rolls: [7] },
        { weapon: 'SMG', ammoGroup: 'Handgun', burst: true, rolls: [3, 14] },
      ],
    });
    expect(r.firearms.map((f) => f.ammoDiscarded)).toEqual([0, 1]);
    expect(r.ammoDiscarded).toBe(1);
    expect(
      throwsRulesError(() => reloadCheck({ agl: 10, firearms: [{ weapon: 'SMG', burst: true, rolls: [3] }] })),
    ).toBe(true);
    expect(
      throwsRulesError(() =>
        reloadCheck({ agl: 10, firearms: [{ weapon: 'X', ammoGroup: 'Laser' as 'Rifle', rolls: [3] }] }),
      ),
    ).toBe(true);
  });

  it('retreat needs an AGL save and a safe destination', () => {
    expect(resolveRetreat({ agl: 10, rolls: [5], safeDestination: true }).escaped).toBe(true);
    expect(resolveRetreat({ agl: 10, rolls: [5], safeDestination: false }).escaped).toBe(false);
    expect(resolveRetreat({ agl: 10, rolls: [15], safeDestination: true }).escaped).toBe(false);
  });

  it('morale is checked at the first casualty and at half strength', () => {
    expect(moraleChecksDue({ groupSize: 6, casualties: 1 }).due).toEqual(['first-casualty']);
    expect(moraleChecksDue({ groupSize: 6, casualties: 3, alreadyChecked: ['first-casualty'] }).due).toEqual([
      'half-strength',
    ]);
    expect(moraleChecksDue({ groupSize: 5, casualties: 2, alreadyChecked: ['first-casualty'] }).due).toEqual([]);
    expect(moraleChecksDue({ groupSize: 2, casualties: 1 }).due).toEqual(['first-casualty', 'half-strength']);
    expect(moraleChecksDue({ groupSize: 3, casualties: 3 }).due).toEqual([]);
    expect(throwsRulesError(() => moraleChecksDue({ groupSize: 3, casualties: 4 }))).toBe(true);
    expect(resolveMorale({ ctr: 8, rolls: [9] }).holds).toBe(false);
    expect(resolveMorale({ ctr: 8, rolls: [8] }).holds).toBe(true);
  });
});
