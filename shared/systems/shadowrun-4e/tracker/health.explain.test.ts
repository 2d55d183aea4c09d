import type { HealthState, RulesCombatant, Stats } from '../../../system-kit/tracker-rules';
import { shadowrun4eTracker as T } from './index';
import { describe, expect, it } from 'vitest';
import {
  DAMAGE,
  TOGGLES,
  TWO_TO_ONE,
  book,
  byDefault,
  fighter,
  packageSteps,
  refusal,
  seed,
} from './tracker.test-support';

describe('applyHarm explanation, branch by branch', () => {
  it('damage that leaves the character up: who takes what, then the package steps', () => {
    const out = T.applyHarm(fighter('sam', { body: 4, willpower: 4 }), { kind: 'stun', amount: 1 }, TOGGLES);
    expect(out).toEqual({
      health: { physical: 0, stun: 1 },
      steps: [seed('sam takes 1 Stun box.', DAMAGE), ...packageSteps(4, 4, 0, 0, { incomingStun: 1 })],
    });
    expect(T.applyHarm(fighter('sam'), { kind: 'physical', amount: 1 }, TOGGLES).steps[0]).toEqual(
      seed('sam takes 1 Physical box.', DAMAGE),
    );
    expect(T.applyHarm(fighter('sam'), { kind: 'stun', amount: 2 }, TOGGLES).steps[0]).toEqual(
      seed('sam takes 2 Stun boxes.', DAMAGE),
    );
  });

  it('uses the combatant’s name, not the id', () => {
    const out = T.applyHarm(fighter('c1', {}, undefined, { name: 'Ghost' }), { kind: 'physical', amount: 2 }, TOGGLES);
    expect(out.steps[0]).toEqual(seed('Ghost takes 2 Physical boxes.', DAMAGE));
  });

  it('knockdown above Body, with the book citation', () => {
    const out = T.applyHarm(fighter('sam', { body: 3, willpower: 4 }), { kind: 'physical', amount: 4 }, TOGGLES);
    expect(out).toEqual({
      health: { physical: 4, stun: 0 },
      steps: [
        seed('sam takes 4 Physical boxes.', DAMAGE),
        ...packageSteps(3, 4, 0, 0, { incomingPhysical: 4 }),
        book('4 boxes exceed Body 3: sam is knocked down (Prone).', 'Combat resolution flow'),
      ],
      conditions: [{ conditionId: 'prone', label: 'Prone', note: 'Knocked down' }],
    });
  });

  it('knockdown at exactly 10 boxes even with a higher Body; 9 boxes and boxes equal to Body do not', () => {
    const troll = fighter('troll', { body: 12, willpower: 12 });
    const ten = T.applyHarm(troll, { kind: 'physical', amount: 10 }, TOGGLES);
    expect(ten.conditions).toEqual([{ conditionId: 'prone', label: 'Prone', note: 'Knocked down' }]);
    expect(ten.steps.at(-1)).toEqual(
      book('10 boxes reach 10: troll is knocked down (Prone).', 'Combat resolution flow'),
    );
    const nine = T.applyHarm(troll, { kind: 'stun', amount: 9 }, TOGGLES);
    expect(nine).toEqual({
      health: { physical: 0, stun: 9 },
      steps: [seed('troll takes 9 Stun boxes.', DAMAGE), ...packageSteps(12, 12, 0, 0, { incomingStun: 9 })],
    });
    expect(T.applyHarm(fighter('x', { body: 4 }), { kind: 'physical', amount: 4 }, TOGGLES).conditions).toBeUndefined();
    // Past Body and past 10: the sentence names the 10.
    expect(T.applyHarm(fighter('x', { body: 8 }), { kind: 'stun', amount: 11 }, TOGGLES).steps).toContainEqual(
      book('11 boxes reach 10: x is knocked down (Prone).', 'Combat resolution flow'),
    );
  });

  it('zero boxes are no damage: no knockdown, no collapse', () => {
    const out = T.applyHarm(fighter('x'), { kind: 'physical', amount: 0 }, TOGGLES);
    expect(out).toEqual({
      health: { physical: 0, stun: 0 },
      steps: [seed('x takes 0 Physical boxes.', DAMAGE), ...packageSteps(3, 3, 0, 0, {})],
    });
  });

  it('collapse without knockdown: Prone "Collapsed", and nothing held to end', () => {
    const tired = fighter('sam', { body: 5, willpower: 4 }, { physical: 0, stun: 5 });
    const out = T.applyHarm(tired, { kind: 'stun', amount: 5 }, TOGGLES);
    expect(out).toEqual({
      health: { physical: 0, stun: 10 },
      steps: [
        seed('sam takes 5 Stun boxes.', DAMAGE),
        ...packageSteps(5, 4, 0, 5, { incomingStun: 5 }),
        byDefault('sam collapses (Prone).', DAMAGE),
      ],
      conditions: [{ conditionId: 'prone', label: 'Prone', note: 'Collapsed' }],
    });
  });

  it('one held condition "ends", several "end", in the package order, others kept', () => {
    const running = fighter(
      'sam',
      { body: 5, willpower: 4 },
      { physical: 0, stun: 5 },
      { conditionIds: ['in-melee', 'running'] },
    );
    const one = T.applyHarm(running, { kind: 'stun', amount: 5 }, TOGGLES);
    expect(one.removeConditions).toEqual(['running']);
    expect(one.steps.at(-1)).toEqual(byDefault('sam collapses (Prone); Running ends.', DAMAGE));
    const busy = { ...running, conditionIds: ['delaying', 'aiming', 'running', 'full-defense', 'pinned'] };
    const all = T.applyHarm(busy, { kind: 'stun', amount: 5 }, TOGGLES);
    expect(all.removeConditions).toEqual(['full-defense', 'running', 'aiming', 'delaying']);
    expect(all.steps.at(-1)).toEqual(
      byDefault('sam collapses (Prone); Full Defense, Running, Taking aim, Delaying action end.', DAMAGE),
    );
  });

  it('killed outright: no Prone, one held condition ends, or nothing at all is said', () => {
    const aiming = fighter('sam', { body: 2 }, undefined, { conditionIds: ['aiming'] });
    const killed = T.applyHarm(aiming, { kind: 'physical', amount: 20 }, TOGGLES);
    expect(killed).toEqual({
      health: { physical: 20, stun: 0 },
      steps: [
        seed('sam takes 20 Physical boxes.', DAMAGE),
        ...packageSteps(2, 3, 0, 0, { incomingPhysical: 20 }),
        byDefault('Taking aim ends.', DAMAGE),
      ],
      removeConditions: ['aiming'],
    });
    const plain = T.applyHarm(fighter('sam', { body: 2 }), { kind: 'physical', amount: 20 }, TOGGLES);
    expect(plain).toEqual({
      health: { physical: 20, stun: 0 },
      steps: [seed('sam takes 20 Physical boxes.', DAMAGE), ...packageSteps(2, 3, 0, 0, { incomingPhysical: 20 })],
    });
  });

  it('someone already down neither collapses again nor ends anything', () => {
    const out = fighter('sam', {}, { physical: 0, stun: 10 }, { conditionIds: ['aiming'] });
    expect(T.applyHarm(out, { kind: 'stun', amount: 1 }, TOGGLES)).toEqual({
      health: { physical: 1, stun: 10 },
      steps: [seed('sam takes 1 Stun box.', DAMAGE), ...packageSteps(3, 3, 0, 10, { incomingStun: 1 })],
    });
  });

  it('follows the Stun overflow toggle', () => {
    const out = fighter('sam', {}, { physical: 0, stun: 10 });
    expect(T.applyHarm(out, { kind: 'stun', amount: 3 }, TWO_TO_ONE)).toEqual({
      health: { physical: 1, stun: 10 },
      steps: [seed('sam takes 3 Stun boxes.', DAMAGE), ...packageSteps(3, 3, 0, 10, { incomingStun: 3 }, '2:1')],
    });
  });

  it('keeps at most 200 Physical boxes, however far past death', () => {
    const out = T.applyHarm(
      fighter('x', { body: 1 }, { physical: 150, stun: 0 }),
      { kind: 'physical', amount: 100 },
      TOGGLES,
    );
    expect(out.health).toEqual({ physical: 200, stun: 0 });
  });
});

describe('healing explanation', () => {
  it('heals some of the marked boxes, singular and plural', () => {
    const c = fighter('sam', { body: 4, willpower: 4 }, { physical: 3, stun: 3 });
    const one = T.applyHarm(c, { kind: 'heal-stun', amount: 1 }, TOGGLES);
    expect(one).toEqual({
      health: { physical: 3, stun: 2 },
      steps: [book('sam heals 1 Stun box: 3 → 2.', DAMAGE), ...packageSteps(4, 4, 3, 2, {}).slice(1)],
    });
    expect(T.applyHarm(c, { kind: 'heal-physical', amount: 3 }, TOGGLES)).toEqual({
      health: { physical: 0, stun: 3 },
      steps: [book('sam heals 3 Physical boxes: 3 → 0.', DAMAGE), ...packageSteps(4, 4, 0, 3, {}).slice(1)],
    });
  });

  it('heals all when asked for more, and says when there is nothing to heal', () => {
    const c = fighter('sam', {}, { physical: 1, stun: 0 });
    expect(T.applyHarm(c, { kind: 'heal-physical', amount: 2 }, TOGGLES).steps[0]).toEqual(
      book('sam has only 1 Physical box marked; all 1 are healed.', DAMAGE),
    );
    const nothing = T.applyHarm(c, { kind: 'heal-stun', amount: 1 }, TOGGLES);
    expect(nothing.health).toEqual({ physical: 1, stun: 0 });
    expect(nothing.steps[0]).toEqual(book('sam has only 0 Stun boxes marked; nothing to heal.', DAMAGE));
  });

  it('healing nothing of nothing is a plain heal of 0 boxes', () => {
    expect(T.applyHarm(fighter('sam'), { kind: 'heal-physical', amount: 0 }, TOGGLES).steps[0]).toEqual(
      book('sam heals 0 Physical boxes: 0 → 0.', DAMAGE),
    );
  });

  it('brings the dying back but refuses to raise the dead, with a sentence', () => {
    const dying = fighter('sam', { body: 4 }, { physical: 14, stun: 0 });
    expect(T.applyHarm(dying, { kind: 'heal-physical', amount: 5 }, TOGGLES).health).toEqual({ physical: 9, stun: 0 });
    const dead = fighter('Sam', { body: 4 }, { physical: 15, stun: 0 });
    expect(refusal(() => T.applyHarm(dead, { kind: 'heal-stun', amount: 1 }, TOGGLES))).toBe(
      'not-allowed: Sam is dead, and healing cannot bring them back; undo the damage instead if it was a mistake.',
    );
  });
});

describe('harm refusals, with their sentences', () => {
  const c = fighter('x');

  it('names what is wrong with the harm', () => {
    expect(refusal(() => T.applyHarm(c, null as unknown as { kind: string; amount: number }, TOGGLES))).toBe(
      'invalid-input: Harm must be an object with kind and amount, got null.',
    );
    expect(refusal(() => T.applyHarm(c, [] as unknown as { kind: string; amount: number }, TOGGLES))).toBe(
      'invalid-input: Harm must be an object with kind and amount, got a list.',
    );
    expect(refusal(() => T.applyHarm(c, { kind: 'fire', amount: 1 }, TOGGLES))).toBe(
      'invalid-input: Unknown harm kind "fire"; use physical, stun, heal-physical, heal-stun.',
    );
    expect(refusal(() => T.applyHarm(c, { kind: 5 as unknown as string, amount: 1 }, TOGGLES))).toBe(
      'invalid-input: Unknown harm kind 5; use physical, stun, heal-physical, heal-stun.',
    );
    expect(refusal(() => T.applyHarm(c, { kind: 'stun', amount: 1, location: 'arm' }, TOGGLES))).toBe(
      'invalid-input: Shadowrun has no hit locations; leave the location empty.',
    );
    expect(refusal(() => T.applyHarm(c, { kind: 'stun', amount: 201 }, TOGGLES))).toBe(
      'out-of-range: Boxes of damage or healing must be between 0 and 200, got 201.',
    );
    expect(T.applyHarm(c, { kind: 'stun', amount: 200 }, TOGGLES).health).toEqual({ physical: 190, stun: 10 });
  });

  it('names what is wrong with the combatant', () => {
    const harm = { kind: 'stun', amount: 1 };
    expect(refusal(() => T.applyHarm(null as unknown as RulesCombatant, harm, TOGGLES))).toBe(
      'invalid-input: A combatant must be an object, got null.',
    );
    expect(refusal(() => T.applyHarm([] as unknown as RulesCombatant, harm, TOGGLES))).toBe(
      'invalid-input: A combatant must be an object, got a list.',
    );
    expect(refusal(() => T.applyHarm({ ...c, stats: null as unknown as Stats }, harm, TOGGLES))).toBe(
      "invalid-input: x's The stat block must be an object of stats, got null.",
    );
    expect(refusal(() => T.applyHarm({ ...c, stats: { willpower: 0 } }, harm, TOGGLES))).toBe(
      "out-of-range: x's Willpower must be between 1 and 20, got 0.",
    );
    expect(refusal(() => T.applyHarm({ ...c, conditionIds: [1] as unknown as string[] }, harm, TOGGLES))).toBe(
      "invalid-input: x's conditions must be a list of condition ids, got a list.",
    );
    expect(refusal(() => T.applyHarm({ ...c, health: null as unknown as HealthState }, harm, TOGGLES))).toBe(
      "invalid-input: x's health must be an object, got null.",
    );
    expect(refusal(() => T.applyHarm({ ...c, health: { physical: 0, stun: 201 } }, harm, TOGGLES))).toBe(
      "out-of-range: x's Stun boxes must be between 0 and 200, got 201.",
    );
    expect(refusal(() => T.applyHarm({ ...c, health: { physical: 201, stun: 0 } }, harm, TOGGLES))).toBe(
      "out-of-range: x's Physical boxes must be between 0 and 200, got 201.",
    );
    expect(refusal(() => T.applyHarm({ ...c, health: { physical: 0, stun: 1.5 } }, harm, TOGGLES))).toBe(
      "invalid-input: x's Stun boxes must be a whole number, got 1.5.",
    );
    expect(T.applyHarm({ ...c, health: { physical: 200, stun: 0 } }, harm, TOGGLES).health).toEqual({
      physical: 200,
      stun: 1,
    });
  });

  it('names bad toggles', () => {
    expect(refusal(() => T.applyHarm(c, { kind: 'stun', amount: 1 }, 'sr4' as unknown as typeof TOGGLES))).toBe(
      'invalid-input: options must be an object of rule toggles, got "sr4".',
    );
    expect(T.applyHarm(c, { kind: 'stun', amount: 1 }, null as unknown as typeof TOGGLES).health).toEqual({
      physical: 0,
      stun: 1,
    });
  });
});

describe('healthView markers and labels', () => {
  it('wounded without a wound modifier yet: no modifier line', () => {
    expect(T.healthView(fighter('x', {}, { physical: 0, stun: 2 }), TOGGLES)).toEqual({
      tracks: [
        { id: 'physical', label: 'Physical', current: 10, max: 10, style: 'boxes' },
        { id: 'stun', label: 'Stun', current: 8, max: 10, style: 'boxes' },
      ],
      stateLabel: 'Wounded',
      severity: 'hurt',
      modifiers: [],
      markers: [],
      canAct: true,
    });
    expect(T.healthView(fighter('x', {}, { physical: 1, stun: 0 }), TOGGLES).stateLabel).toBe('Wounded');
  });

  it('dying with overflow, and a full Stun track, both marked', () => {
    const view = T.healthView(fighter('x', { body: 4, willpower: 4 }, { physical: 12, stun: 10 }), TWO_TO_ONE);
    expect(view).toEqual({
      tracks: [
        { id: 'physical', label: 'Physical', current: 0, max: 10, style: 'boxes' },
        { id: 'stun', label: 'Stun', current: 0, max: 10, style: 'boxes' },
      ],
      stateLabel: 'Dying',
      severity: 'down',
      modifiers: ['Wound modifier −6'],
      markers: [
        'Overflow 2 of Body 4 (more than 4 is death)',
        'Stun track full: more Stun overflows into Physical (2:1)',
      ],
      canAct: false,
    });
  });

  it('one box short of a full Stun track has no marker; the dead get none for Stun', () => {
    expect(T.healthView(fighter('x', {}, { physical: 0, stun: 9 }), TOGGLES).markers).toEqual([]);
    const dead = T.healthView(fighter('x', { body: 4 }, { physical: 15, stun: 10 }), TOGGLES);
    expect(dead.markers).toEqual(['Overflow 5 of Body 4 (more than 4 is death)']);
    expect(dead).toMatchObject({ stateLabel: 'Dead', severity: 'dead', canAct: false });
  });

  it('a paralysed character who is down shows no "Cannot act" marker: being down says it', () => {
    const view = T.healthView(fighter('x', {}, { physical: 0, stun: 10 }, { conditionIds: ['paralysed'] }), TOGGLES);
    expect(view).toMatchObject({ stateLabel: 'Unconscious', severity: 'down', canAct: false });
    expect(view.markers).toEqual(['Stun track full: more Stun overflows into Physical (1:1)']);
    const up = T.healthView(
      fighter('x', {}, { physical: 4, stun: 0 }, { conditionIds: ['prone', 'paralysed'] }),
      TOGGLES,
    );
    expect(up).toMatchObject({ severity: 'hurt', markers: ['Cannot act: Paralysed'], canAct: false });
  });

  it('names a bad combatant or stat block', () => {
    expect(refusal(() => T.healthView(5 as unknown as RulesCombatant, TOGGLES))).toBe(
      'invalid-input: A combatant must be an object, got 5.',
    );
    expect(refusal(() => T.healthView({ ...fighter('x'), stats: 'big' as unknown as Stats }, TOGGLES))).toBe(
      `invalid-input: x's The stat block must be an object of stats, got "big".`,
    );
  });
});
