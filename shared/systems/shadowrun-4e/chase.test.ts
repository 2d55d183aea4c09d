import { describe, expect, it } from 'vitest';
import { rangeStep, resolveStunt, stuntRangeProblem, TERRAIN, vehicleTestPool, type StuntInput } from './chase';

const V = 'Vehicles & Chase Combat';

const input = (over: Partial<StuntInput>): StuntInput => ({
  stunt: 'break-off',
  range: 'medium',
  terrain: 'light',
  driverIsPursuer: false,
  driver: 'Van',
  other: 'Patrol Car',
  driverHits: 3,
  otherHits: 1,
  ...over,
});

describe('terrain thresholds (book terrain table)', () => {
  it('Open 1, Light 2, Restricted 3, Tight 4', () => {
    expect(Object.fromEntries(Object.entries(TERRAIN).map(([id, row]) => [id, row.threshold]))).toEqual({
      open: 1,
      light: 2,
      restricted: 3,
      tight: 4,
    });
  });

  it('the threshold decides: 2 hits pass Light but not Restricted', () => {
    expect(resolveStunt(input({ driverHits: 2, otherHits: 0, terrain: 'light' })).success).toBe(true);
    const restricted = resolveStunt(input({ driverHits: 2, otherHits: 0, terrain: 'restricted' }));
    expect(restricted.success).toBe(false);
    expect(restricted.steps[0]).toEqual({
      text: 'Restricted terrain (city streets, heavy traffic): threshold 3; Van scored 2 hits, not enough.',
      rule: { section: V, source: 'book' },
    });
    expect(restricted.steps.at(-1)).toEqual({
      text: 'Van misses the threshold: the Break Off fails and the range stays Medium.',
      rule: { section: V, source: 'default' },
    });
  });
});

describe('the Vehicle Test pool (seed: Reaction + Vehicle skill ± Handling)', () => {
  it('adds Reaction, skill and Handling, with the modifiers', () => {
    const pool = vehicleTestPool('Rigger', {
      reaction: 4,
      reactionLabel: 'Reaction',
      skill: 5,
      handling: -1,
      modifiers: [{ label: '1 extra side in the chase', value: -2, source: 'book' }],
    });
    expect(pool.dice).toBe(6);
    expect(pool.label).toBe('Reaction 4, skill 5, Handling −1, 1 extra side in the chase −2');
    expect(pool.steps).toEqual([
      {
        text: "Rigger's Vehicle Test: Reaction 4, skill 5, Handling −1, 1 extra side in the chase −2 = 6 dice (Reaction + Vehicle skill ± Handling).",
        rule: { section: V, source: 'seed' },
      },
      { text: '1 extra side in the chase: −2 dice.', rule: { section: V, source: 'book' } },
    ]);
  });

  it('defaults at −1 without the skill, and never goes below 0 dice', () => {
    const pool = vehicleTestPool('Drone', { reaction: 3, reactionLabel: 'Pilot', skill: 0, handling: 2, modifiers: [] });
    expect(pool.dice).toBe(4);
    expect(pool.steps[1]).toEqual({
      text: 'Drone has no vehicle skill: the test defaults on Pilot at −1.',
      rule: { section: V, source: 'book' },
    });
    expect(vehicleTestPool('X', { reaction: 1, reactionLabel: 'Reaction', skill: 0, handling: -3, modifiers: [] }).dice).toBe(0);
  });
});

describe('Engagement Range steps', () => {
  it('one step closer or farther, stopping at Short and Extreme', () => {
    expect(rangeStep('medium', 'closer')).toBe('short');
    expect(rangeStep('short', 'closer')).toBe('short');
    expect(rangeStep('long', 'farther')).toBe('extreme');
    expect(rangeStep('extreme', 'farther')).toBe('extreme');
  });
});

describe('stunts', () => {
  it('Break Off opens the range one step on a win', () => {
    const out = resolveStunt(input({}));
    expect(out.effect).toEqual({ kind: 'range', to: 'long' });
    expect(out.summary).toBe('Break Off: 3 hits vs 1, threshold 2 → Medium to Long');
    expect(out.steps.at(-1)).toEqual({
      text: 'Van breaks away: the range opens one step, Medium → Long.',
      rule: { section: V, source: 'default' },
    });
  });

  it('Break Off at Extreme range escapes: the pair’s chase ends', () => {
    const out = resolveStunt(input({ range: 'extreme' }));
    expect(out.effect).toEqual({ kind: 'pair-ended', outcome: 'broke-off', byDriver: true });
    expect(out.steps.at(-1)!.text).toBe('At Extreme range Van breaks off: Patrol Car has lost them.');
  });

  it('a tie goes against the stunt', () => {
    const out = resolveStunt(input({ driverHits: 2, otherHits: 2 }));
    expect(out.effect).toEqual({ kind: 'none' });
    expect(out.summary).toBe('Break Off: 2 hits vs 2, threshold 2 → fails, Medium range stays');
    expect(out.steps.at(-1)!.text).toBe("Patrol Car matches or beats Van's hits: the Break Off fails and the range stays Medium.");
  });

  it('Cut Off closes the range one step, and at Short forces the other to stop', () => {
    const closer = resolveStunt(input({ stunt: 'cut-off', driverIsPursuer: true, range: 'long' }));
    expect(closer.effect).toEqual({ kind: 'range', to: 'medium' });
    expect(closer.steps.at(-1)!.text).toBe("Van cuts across the other's path: the range closes one step, Long → Medium.");
    const stop = resolveStunt(input({ stunt: 'cut-off', range: 'short' }));
    expect(stop.effect).toEqual({ kind: 'pair-ended', outcome: 'cut-off', byDriver: true });
    expect(stop.steps.at(-1)).toEqual({
      text: 'At Short range Van cuts Patrol Car off: Patrol Car must stop (or crash trying), and their chase ends.',
      rule: { section: V, source: 'book' },
    });
  });

  it('Maneuver: each hit over the threshold is a die for the next Chase Turn’s test', () => {
    const out = resolveStunt(input({ stunt: 'maneuver', otherHits: null, terrain: 'restricted', driverHits: 5 }));
    expect(out.effect).toEqual({ kind: 'maneuver', dice: 2 });
    expect(out.summary).toBe('Maneuver: 5 hits, threshold 3 → +2 next Chase Turn');
    expect(out.steps.at(-1)).toEqual({
      text: 'Maneuver: 2 net hits over the threshold give Van +2 dice on the opposed test at the start of the next Chase Turn.',
      rule: { section: V, source: 'book' },
    });
    const none = resolveStunt(input({ stunt: 'maneuver', otherHits: null, terrain: 'restricted', driverHits: 3 }));
    expect(none.effect).toEqual({ kind: 'none' });
    expect(none.steps.at(-1)!.text).toBe('Maneuver: no hits over the threshold, so no extra dice next Chase Turn.');
  });

  it('the Chase Turn test: the winner moves the range its way, whoever rolled it', () => {
    const quarryWins = resolveStunt(input({ stunt: 'chase-test' }));
    expect(quarryWins.effect).toEqual({ kind: 'range', to: 'long' });
    expect(quarryWins.steps.at(-1)!.text).toBe('Van wins and pulls away: Medium → Long range.');
    const pursuerWins = resolveStunt(input({ stunt: 'chase-test', driverHits: 1, otherHits: 3 }));
    expect(pursuerWins.effect).toEqual({ kind: 'range', to: 'short' });
    expect(pursuerWins.success).toBe(false);
    expect(pursuerWins.steps.at(-1)!.text).toBe('Patrol Car wins and closes in: Medium → Short range.');
    const stays = resolveStunt(input({ stunt: 'chase-test', range: 'extreme' }));
    expect(stays.effect).toEqual({ kind: 'none' });
    expect(stays.steps.at(-1)!.text).toBe('Van wins, but the range is already Extreme (escaping takes a Break Off).');
    const nobody = resolveStunt(input({ stunt: 'chase-test', driverHits: 1, otherHits: 1 }));
    expect(nobody.summary).toBe('Chase Turn test (opposed): 1 hit vs 1, threshold 2 → Medium range stays');
    // More hits than the other, but under the threshold: no winner either.
    const short = resolveStunt(input({ stunt: 'chase-test', driverHits: 1, otherHits: 0 }));
    expect(short.effect).toEqual({ kind: 'none' });
    expect(short.steps.at(-1)).toEqual({
      text: 'Neither driver wins (a tie, or the winner missed the threshold): the range stays.',
      rule: { section: V, source: 'default' },
    });
  });

  it('Ram needs Short range and then points to the Ramming roll', () => {
    const names = { driver: 'Van', other: 'Patrol Car' };
    expect(stuntRangeProblem('ram', 'medium', names)).toBe(
      'Ram needs Short range; Van and Patrol Car are at Medium: close in with Cut Off or the Chase Turn test first.',
    );
    expect(stuntRangeProblem('ram', 'short', names)).toBe(
      'Van and Patrol Car are at Short range: resolve the Ram with the Ramming roll (choose it as the roll kind).',
    );
    expect(stuntRangeProblem('break-off', 'short', names)).toBeNull();
  });
});
