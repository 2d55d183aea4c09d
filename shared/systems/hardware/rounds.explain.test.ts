import { describe, expect, it } from 'vitest';
import { RulesError } from '../../errors';
import {
  MOVE_METERS,
  NEAR_LIMIT_METERS,
  checkTurn,
  moraleChecksDue,
  rangeBand,
  reloadCheck,
  resolveMorale,
  resolveRetreat,
  resolveRoundStart,
} from './rounds';

const seed = (section: string) => ({ section, source: 'seed' });
const book = (section: string) => ({ section, source: 'book' });

function errorOf(call: () => unknown): RulesError {
  try {
    call();
  } catch (error) {
    if (error instanceof RulesError) return error;
    throw error;
  }
  throw new Error('expected a RulesError');
}

const simultaneous = {
  text: 'Then the opponents take their turn. The results of each side’s actions occur simultaneously.',
  rule: seed('Rounds'),
};

describe('round start explanations (seed: Rounds)', () => {
  it('explains every PC’s branch in input order, then the opponents', () => {
    const r = resolveRoundStart([
      { id: 'Ash', agl: 12, rolls: [10] },
      { id: 'Bo', agl: 8, rolls: [9] },
      { id: 'Cy', agl: 4, noSaveNeeded: true },
      { id: 'Di', agl: 0 },
    ]);
    expect(r.steps).toEqual([
      { text: 'Ash: AGL save 10 vs 12 — acts before the opponents.', rule: seed('Rounds') },
      { text: 'Bo: AGL save 9 vs 8 — fails and loses their turn this round.', rule: seed('Rounds') },
      { text: 'Cy needs no AGL save this round and acts before the opponents.', rule: seed('Rounds') },
      { text: 'Di has AGL 0: paralysed, unable to act.', rule: seed('Attribute Loss') },
      simultaneous,
    ]);
    expect(r.pcs.map((p) => [p.id, p.actsFirst, p.reason])).toEqual([
      ['Ash', true, 'save-succeeded'],
      ['Bo', false, 'save-failed'],
      ['Cy', true, 'no-save-needed'],
      ['Di', false, 'paralysed'],
    ]);
    expect(r.pcs[0]!.save).toMatchObject({ kept: 10, attribute: 12, success: true });
    expect(r.pcs[0]!.save!.steps[0]!.text).toBe('Ash AGL save: 10 is at or under 12, so it succeeds.');
    expect(r.pcs[2]!.save).toBeNull();
    expect(r.pcs[3]!.save).toBeNull();
  });

  it('two AGL dice are a save with disadvantage', () => {
    const r = resolveRoundStart([{ id: 'Ash', agl: 12, rolls: [3, 13] }]);
    expect(r).toMatchObject({ actFirst: [], loseTurn: ['Ash'] });
    expect(r.steps[0]!.text).toBe('Ash: AGL save 13 vs 12 — fails and loses their turn this round.');
  });

  it('no PCs: the opponents still act', () => {
    expect(resolveRoundStart([])).toEqual({ actFirst: [], loseTurn: [], pcs: [], steps: [simultaneous] });
  });

  it('says what is wrong with the list', () => {
    expect(errorOf(() => resolveRoundStart('pcs' as never)).message).toBe('pcs must be a list, got "pcs".');
    expect(errorOf(() => resolveRoundStart([{ id: '', agl: 5, rolls: [1] }])).message).toBe('Every PC needs an id.');
    expect(errorOf(() => resolveRoundStart([{ id: 7 as unknown as string, agl: 5, rolls: [1] }])).message).toBe(
      'Every PC needs an id.',
    );
    expect(
      errorOf(() =>
        resolveRoundStart([
          { id: 'Ash', agl: 5, rolls: [1] },
          { id: 'Ash', agl: 6, rolls: [2] },
        ]),
      ).message,
    ).toBe('PC "Ash" is listed twice.');
    expect(errorOf(() => resolveRoundStart([{ id: 'Ash', agl: 5 }])).message).toBe('Ash needs an AGL save roll.');
    expect(errorOf(() => resolveRoundStart([{ id: 'Ash', agl: 21, rolls: [1] }])).message).toBe(
      'Ash AGL must be between 0 and 20, got 21.',
    );
  });
});

describe('round refusal codes', () => {
  it('input problems are invalid-input (callers match on the code)', () => {
    const calls = [
      () => resolveRoundStart('pcs' as never),
      () => resolveRoundStart([{ id: '', agl: 5, rolls: [1] }]),
      () =>
        resolveRoundStart([
          { id: 'Ash', agl: 5, rolls: [1] },
          { id: 'Ash', agl: 6, rolls: [2] },
        ]),
      () => resolveRoundStart([{ id: 'Ash', agl: 5 }]),
      () => checkTurn({ moveMeters: 5, action: 'dance' as 'move' }),
      () => rangeBand({ meters: -1 }),
      () => reloadCheck({ agl: 10, firearms: [{ weapon: 'X', ammoGroup: 'Laser' as 'Rifle', rolls: [3] }] }),
    ];
    expect(calls.map((call) => errorOf(call).code)).toEqual(Array.from({ length: 7 }, () => 'invalid-input'));
  });
});

describe('turn plans (seed: Actions)', () => {
  const actions = seed('Actions');

  it('a normal turn: 10 m and one action, with the empty tail when allowed', () => {
    expect(MOVE_METERS).toBe(10);
    expect(checkTurn({ moveMeters: 10, action: 'attack' })).toEqual({
      allowed: true,
      maxMeters: 10,
      steps: [{ text: 'Move up to 10 m and take one action.', rule: actions }],
    });
    expect(checkTurn({ moveMeters: 11, action: 'hack' })).toEqual({
      allowed: false,
      maxMeters: 10,
      steps: [{ text: 'Move up to 10 m and take one action: 11 m is too far.', rule: actions }],
    });
  });

  it('moving again as the action: 20 m in all', () => {
    expect(checkTurn({ moveMeters: 20, action: 'move' })).toEqual({
      allowed: true,
      maxMeters: 20,
      steps: [{ text: 'Moving a second time is the action: up to 20 m in all.', rule: actions }],
    });
    expect(checkTurn({ moveMeters: 21, action: 'move' })).toEqual({
      allowed: false,
      maxMeters: 20,
      steps: [{ text: 'Moving a second time is the action: up to 20 m in all, not 21 m.', rule: actions }],
    });
  });

  it('every listed action is accepted; others are named', () => {
    for (const action of ['hack', 'attack', 'move', 'aim', 'other', 'none'] as const) {
      expect(checkTurn({ moveMeters: 0, action }).allowed).toBe(true);
    }
    expect(errorOf(() => checkTurn({ moveMeters: 5, action: 'dance' as 'move' })).message).toBe(
      'Unknown action "dance"; use hack, attack, move, aim, other, none.',
    );
    expect(errorOf(() => checkTurn({ moveMeters: 1001, action: 'none' })).message).toBe(
      'moveMeters must be between 0 and 1000, got 1001.',
    );
  });
});

describe('range bands (seed: Ranged Attacks)', () => {
  it('beside is Close at any distance; 0 m is Near otherwise', () => {
    expect(NEAR_LIMIT_METERS).toBe(30);
    expect(rangeBand({ meters: 40, beside: true })).toBe('close');
    expect(rangeBand({ meters: 0 })).toBe('near');
    expect(rangeBand({ meters: 30.5 })).toBe('far');
  });

  it('names a bad distance', () => {
    expect(errorOf(() => rangeBand({ meters: -1 })).message).toBe(
      'Distance must be a number of metres of 0 or more, got -1.',
    );
    expect(errorOf(() => rangeBand({ meters: Number.POSITIVE_INFINITY })).message).toBe(
      'Distance must be a number of metres of 0 or more, got Infinity.',
    );
    expect(errorOf(() => rangeBand({ meters: '5' as unknown as number })).message).toBe(
      'Distance must be a number of metres of 0 or more, got "5".',
    );
  });
});

describe('reload check explanations (seed: Ammo & Reloading)', () => {
  const ammo = seed('Ammo & Reloading');

  it('each branch of the sentence: plain or burst, kept or discarded, with or without a group', () => {
    const r = reloadCheck({
      agl: 10,
      firearms: [
        { weapon: 'Pistol', ammoGroup: 'Handgun', rolls: [7] },
        { weapon: 'SMG', ammoGroup: 'Handgun', burst: true, rolls: [3, 14] },
        { weapon: 'Flare gun', rolls: [12] },
        { weapon: 'Carbine', burst: true, rolls: [2, 9] },
      ],
    });
    expect(r.steps).toEqual([
      { text: 'Pistol: AGL save 7 vs 10 — Ammo kept.', rule: ammo },
      { text: 'SMG: AGL save with Disadvantage (burst) 14 vs 10 — reload: discard one Handgun Ammo.', rule: ammo },
      { text: 'Flare gun: AGL save 12 vs 10 — reload: discard one Ammo.', rule: ammo },
      { text: 'Carbine: AGL save with Disadvantage (burst) 9 vs 10 — Ammo kept.', rule: ammo },
    ]);
    expect(r.firearms.map((f) => [f.weapon, f.ammoGroup, f.ammoDiscarded, f.save.mode])).toEqual([
      ['Pistol', 'Handgun', 0, 'normal'],
      ['SMG', 'Handgun', 1, 'disadvantage'],
      ['Flare gun', null, 1, 'normal'],
      ['Carbine', null, 0, 'disadvantage'],
    ]);
    expect(r.ammoDiscarded).toBe(2);
    expect(r.firearms[2]!.save.steps[0]!.text).toBe('Flare gun reload check: 12 is over 10, so it fails.');
  });

  it('every seed Ammo group is accepted; others are named', () => {
    for (const group of ['Handgun', 'Rifle', 'Shotgun', 'Explosive', 'Arrow'] as const) {
      expect(reloadCheck({ agl: 10, firearms: [{ weapon: 'W', ammoGroup: group, rolls: [15] }] }).steps[0]!.text).toBe(
        `W: AGL save 15 vs 10 — reload: discard one ${group} Ammo.`,
      );
    }
    expect(
      errorOf(() => reloadCheck({ agl: 10, firearms: [{ weapon: 'X', ammoGroup: 'Laser' as 'Rifle', rolls: [3] }] }))
        .message,
    ).toBe('Unknown Ammo group "Laser"; use Handgun, Rifle, Shotgun, Explosive, Arrow.');
    expect(errorOf(() => reloadCheck({ agl: 21, firearms: [] })).message).toBe(
      'AGL must be between 0 and 20, got 21.',
    );
  });

  it('no firearms used: nothing to check', () => {
    expect(reloadCheck({ agl: 10, firearms: [] })).toEqual({ firearms: [], ammoDiscarded: 0, steps: [] });
  });
});

describe('retreat (seed: Retreat) and morale (book)', () => {
  const retreat = seed('Retreat');
  const morale = book('Morale');

  it('retreat: the save and the destination each decide, with a sentence', () => {
    expect(resolveRetreat({ agl: 10, rolls: [5], safeDestination: true }).steps).toEqual([
      { text: 'Retreat AGL save: 5 is at or under 10, so it succeeds.', rule: book('Saves') },
      { text: 'The character gets away.', rule: retreat },
    ]);
    expect(resolveRetreat({ agl: 10, rolls: [5], safeDestination: false }).steps).toEqual([
      { text: 'Retreat AGL save: 5 is at or under 10, so it succeeds.', rule: book('Saves') },
      { text: 'There is no safe destination to run to: the retreat fails.', rule: retreat },
      { text: 'The retreat fails.', rule: retreat },
    ]);
    const failed = resolveRetreat({ agl: 10, rolls: [15], safeDestination: true });
    expect(failed.escaped).toBe(false);
    expect(failed.save.success).toBe(false);
    expect(failed.steps.slice(1)).toEqual([{ text: 'The retreat fails.', rule: retreat }]);
  });

  it('a truthy non-boolean destination is not a safe destination', () => {
    const r = resolveRetreat({ agl: 10, rolls: [5], safeDestination: 'yes' as unknown as boolean });
    expect(r.escaped).toBe(false);
  });

  it('morale checks: each trigger and both at once', () => {
    expect(moraleChecksDue({ groupSize: 6, casualties: 1 }).steps).toEqual([
      { text: 'First casualty: the group saves CTR.', rule: morale },
    ]);
    expect(moraleChecksDue({ groupSize: 6, casualties: 3, alreadyChecked: ['first-casualty'] }).steps).toEqual([
      { text: '3 members of 6 left (half strength): the group saves CTR.', rule: morale },
    ]);
    expect(moraleChecksDue({ groupSize: 2, casualties: 1 }).steps).toEqual([
      { text: 'First casualty: the group saves CTR.', rule: morale },
      { text: '1 member of 2 left (half strength): the group saves CTR.', rule: morale },
      {
        text: 'Both checks fall due at once: one CTR save covers them.',
        rule: { section: 'Morale', source: 'default' },
      },
    ]);
    expect(moraleChecksDue({ groupSize: 3, casualties: 3 })).toEqual({
      due: [],
      steps: [{ text: 'The whole group is down: no morale check is left to make.', rule: morale }],
    });
  });

  it('morale boundaries: no casualties, just above half, exactly half', () => {
    expect(moraleChecksDue({ groupSize: 4, casualties: 0 })).toEqual({ due: [], steps: [] });
    expect(moraleChecksDue({ groupSize: 5, casualties: 2 }).due).toEqual(['first-casualty']);
    expect(moraleChecksDue({ groupSize: 4, casualties: 2 }).due).toEqual(['first-casualty', 'half-strength']);
    expect(
      moraleChecksDue({ groupSize: 4, casualties: 3, alreadyChecked: ['first-casualty', 'half-strength'] }),
    ).toEqual({ due: [], steps: [] });
    expect(moraleChecksDue({ groupSize: 4, casualties: 3, alreadyChecked: ['half-strength'] }).due).toEqual([
      'first-casualty',
    ]);
    expect(errorOf(() => moraleChecksDue({ groupSize: 0, casualties: 0 })).message).toBe(
      'groupSize must be between 1 and 1000, got 0.',
    );
    expect(errorOf(() => moraleChecksDue({ groupSize: 3, casualties: 4 })).message).toBe(
      'casualties must be between 0 and 3, got 4.',
    );
  });

  it('the morale save: stands or breaks', () => {
    expect(resolveMorale({ ctr: 8, rolls: [8] }).steps).toEqual([
      { text: 'Morale CTR save: 8 is at or under 8, so it succeeds.', rule: book('Saves') },
      { text: 'The group stands and fights.', rule: morale },
    ]);
    const broken = resolveMorale({ ctr: 8, rolls: [9] });
    expect(broken.holds).toBe(false);
    expect(broken.save.kept).toBe(9);
    expect(broken.steps).toEqual([
      { text: 'Morale CTR save: 9 is over 8, so it fails.', rule: book('Saves') },
      { text: 'Morale breaks: the group flees or surrenders (Admin’s call).', rule: morale },
    ]);
  });
});
