import type { HealthState, RulesCombatant } from '../../../system-kit/tracker-rules';
import { resolveToggles } from '../../../system-kit/toggles';
import { shadowrunToggles } from '../toggles';
import { shadowrun4eTracker as T } from './index';
import { describe, expect, it } from 'vitest';
import { DEFAULTS, TOGGLES, TWO_TO_ONE, expectRulesError, fighter, hurt } from './tracker.test-support';

describe('health', () => {
  it('starts with empty monitors and checks the block', () => {
    expect(T.initialHealth(DEFAULTS, 'pc')).toEqual({ physical: 0, stun: 0 });
    expectRulesError(() => T.initialHealth({ ...DEFAULTS, body: -1 }, 'npc'), /Body must be between/);
    expectRulesError(() => T.initialHealth(DEFAULTS, 'boss' as 'pc'), /kind must be "pc" or "npc"/);
  });

  it('lists the four harm kinds', () => {
    expect(T.harmKinds.map((k) => [k.id, k.healing])).toEqual([
      ['physical', false],
      ['stun', false],
      ['heal-physical', true],
      ['heal-stun', true],
    ]);
  });

  it('marks Physical boxes and shows what is left of each track', () => {
    const c = fighter('ghost', { body: 4 });
    const outcome = T.applyHarm(c, { kind: 'physical', amount: 4 }, TOGGLES);
    expect(outcome.health).toEqual({ physical: 4, stun: 0 });
    expect(outcome.conditions).toBeUndefined();
    expect(outcome.removeConditions).toBeUndefined();
    expect(outcome.steps[0]?.text).toBe('ghost takes 4 Physical boxes.');
    expect(outcome.steps.some((s) => s.text.includes('wound modifier −1'))).toBe(true);
    const view = T.healthView({ ...c, health: outcome.health }, TOGGLES);
    expect(view).toEqual({
      tracks: [
        { id: 'physical', label: 'Physical', current: 6, max: 10, style: 'boxes' },
        { id: 'stun', label: 'Stun', current: 10, max: 10, style: 'boxes' },
      ],
      stateLabel: 'Wounded',
      severity: 'hurt',
      modifiers: ['Wound modifier −1'],
      markers: [],
      canAct: true,
    });
    expect(T.healthView(c, TOGGLES)).toMatchObject({
      stateLabel: 'Unhurt',
      severity: 'ok',
      modifiers: [],
      canAct: true,
    });
  });

  it('knocks a character down when the boxes exceed Body', () => {
    const outcome = T.applyHarm(fighter('ganger', { body: 3 }), { kind: 'physical', amount: 4 }, TOGGLES);
    expect(outcome.conditions).toEqual([{ conditionId: 'prone', label: 'Prone', note: 'Knocked down' }]);
    expect(outcome.steps.at(-1)?.text).toMatch(/exceed Body 3: ganger is knocked down/);
    expect(T.applyHarm(fighter('troll', { body: 9 }), { kind: 'stun', amount: 9 }, TOGGLES).conditions).toBeUndefined();
  });

  it('knocks out on a full Stun track and spills Stun into Physical (1:1 or 2:1)', () => {
    const c = fighter('decker', { willpower: 3 });
    const out = T.applyHarm(c, { kind: 'stun', amount: 13 }, TOGGLES);
    expect(out.health).toEqual({ physical: 3, stun: 10 });
    const view = T.healthView({ ...c, health: out.health }, TOGGLES);
    expect(view).toMatchObject({ stateLabel: 'Unconscious', severity: 'down', canAct: false });
    expect(view.markers).toEqual(['Stun track full: more Stun overflows into Physical (1:1)']);
    expect(view.modifiers).toEqual(['Wound modifier −4']);

    const halved = resolveToggles(shadowrunToggles, { stunOverflow: '2:1' });
    expect(T.applyHarm(c, { kind: 'stun', amount: 13 }, halved).health).toEqual({ physical: 1, stun: 10 });
  });

  it('drops whoever goes down prone and ends what they were keeping up', () => {
    const c = fighter('sam', { body: 5, willpower: 4 }, undefined, {
      conditionIds: ['full-defense', 'in-melee', 'aiming'],
    });
    const out = T.applyHarm(c, { kind: 'stun', amount: 10 }, TOGGLES);
    expect(out.conditions).toEqual([{ conditionId: 'prone', label: 'Prone', note: 'Knocked down' }]);
    expect(out.removeConditions).toEqual(['full-defense', 'aiming']);
    expect(out.steps.at(-1)?.text).toBe('sam collapses (Prone); Full Defense, Taking aim end.');
    // Not knocked down (5 boxes do not exceed Body 5) but still collapses.
    const tired = hurt(c, 'stun', 5);
    const second = T.applyHarm(tired, { kind: 'stun', amount: 5 }, TOGGLES);
    expect(second.conditions).toEqual([{ conditionId: 'prone', label: 'Prone', note: 'Collapsed' }]);
    // Already down: nothing more to end.
    const down = { ...c, health: out.health, conditionIds: ['prone'] };
    const again = T.applyHarm(down, { kind: 'physical', amount: 1 }, TOGGLES);
    expect(again.conditions).toBeUndefined();
    expect(again.removeConditions).toBeUndefined();
    // Killed outright: no Prone, but held conditions still end.
    const killed = T.applyHarm(c, { kind: 'physical', amount: 30 }, TOGGLES);
    expect(killed.conditions).toBeUndefined();
    expect(killed.removeConditions).toEqual(['full-defense', 'aiming']);
    expect(killed.steps.at(-1)?.text).toBe('Full Defense, Taking aim end.');
  });

  it('runs from dying through overflow to death', () => {
    let c = fighter('runner', { body: 4 }); // Physical monitor 10
    c = hurt(c, 'physical', 10);
    expect(T.healthView(c, TOGGLES)).toMatchObject({
      stateLabel: 'Dying',
      severity: 'down',
      canAct: false,
      markers: [],
    });
    c = hurt(c, 'physical', 4);
    expect(c.health).toEqual({ physical: 14, stun: 0 });
    expect(T.healthView(c, TOGGLES)).toMatchObject({
      stateLabel: 'Dying',
      markers: ['Overflow 4 of Body 4 (more than 4 is death)'],
    });
    const last = T.applyHarm(c, { kind: 'physical', amount: 1 }, TOGGLES);
    expect(last.steps.some((s) => s.text.includes('more than Body 4: the character is dead'))).toBe(true);
    expect(last.conditions).toBeUndefined(); // no knockdown for the dead
    c = { ...c, health: last.health };
    expect(T.healthView(c, TOGGLES)).toMatchObject({
      stateLabel: 'Dead',
      severity: 'dead',
      canAct: false,
      tracks: [{ current: 0, max: 10 }, { current: 10 }],
    });
    expectRulesError(() => T.applyHarm(c, { kind: 'heal-physical', amount: 5 }, TOGGLES), /is dead/, 'not-allowed');
  });

  it('heals each track, never below zero, and brings the dying back', () => {
    let c = fighter('sam', { body: 4 });
    c = hurt(hurt(c, 'physical', 11), 'stun', 2);
    const healed = T.applyHarm(c, { kind: 'heal-physical', amount: 3 }, TOGGLES);
    expect(healed.health).toEqual({ physical: 8, stun: 2 });
    expect(healed.steps[0]?.text).toBe('sam heals 3 Physical boxes: 11 → 8.');
    expect(T.healthView({ ...c, health: healed.health }, TOGGLES)).toMatchObject({
      stateLabel: 'Wounded',
      canAct: true,
    });
    const over = T.applyHarm(c, { kind: 'heal-stun', amount: 5 }, TOGGLES);
    expect(over.health).toEqual({ physical: 11, stun: 0 });
    expect(over.steps[0]?.text).toBe('sam has only 2 Stun boxes marked; all 2 are healed.');
  });

  it('gives the same outcome without its explanation when asked to be quiet', () => {
    const holding = fighter('sam', { body: 5, willpower: 4 }, undefined, { conditionIds: ['full-defense', 'aiming'] });
    const dying = hurt(fighter('runner', { body: 4 }), 'physical', 11);
    const cases: [RulesCombatant, string, number, typeof TOGGLES][] = [
      [fighter('ghost', { body: 4 }), 'physical', 4, TOGGLES], // wounded
      [fighter('ganger', { body: 3 }), 'physical', 4, TOGGLES], // knocked down
      [holding, 'stun', 10, TOGGLES], // knocked out: prone, held conditions end
      [hurt(holding, 'stun', 5), 'stun', 5, TOGGLES], // collapses without a knockdown
      [holding, 'physical', 30, TOGGLES], // killed outright
      [fighter('decker', { willpower: 3 }), 'stun', 13, TWO_TO_ONE], // Stun overflow, 2:1
      [dying, 'heal-physical', 3, TOGGLES],
      [hurt(dying, 'stun', 2), 'heal-stun', 5, TOGGLES], // more healing than boxes
    ];
    for (const [c, kind, amount, toggles] of cases) {
      const loud = T.applyHarm(c, { kind, amount }, toggles);
      const quiet = T.applyHarm(c, { kind, amount }, toggles, true);
      expect(loud.steps.length).toBeGreaterThan(1);
      expect(quiet).toEqual({ ...loud, steps: [] });
    }
    expect(T.applyHarm(holding, { kind: 'stun', amount: 10 }, TOGGLES, true)).toEqual({
      health: { physical: 0, stun: 10 },
      steps: [],
      conditions: [{ conditionId: 'prone', label: 'Prone', note: 'Knocked down' }],
      removeConditions: ['full-defense', 'aiming'],
    });
    const dead = hurt(dying, 'physical', 5);
    expectRulesError(
      () => T.applyHarm(dead, { kind: 'heal-physical', amount: 5 }, TOGGLES, true),
      /is dead/,
      'not-allowed',
    );
  });

  it('gives turn-order facts that differ exactly when the view the order reads differs', () => {
    const viewKey = (c: RulesCombatant, toggles: typeof TOGGLES) => {
      const view = T.healthView(c, toggles);
      return `${view.canAct}|${view.stateLabel}|${view.modifiers.join('|')}`;
    };
    const people: [RulesCombatant, typeof TOGGLES][] = [];
    for (const toggles of [TOGGLES, TWO_TO_ONE])
      for (const conditionIds of [[], ['paralysed'], ['prone']])
        for (let physical = 0; physical <= 16; physical += 1)
          for (let stun = 0; stun <= 10; stun += 2)
            people.push([fighter('x', { body: 4, willpower: 3 }, { physical, stun }, { conditionIds }), toggles]);
    const factsByKey = new Map<string, string | number>();
    const keyByFacts = new Map<string | number, string>();
    for (const [c, toggles] of people) {
      const facts = T.turnOrderFacts!(c, toggles);
      const key = viewKey(c, toggles);
      expect(factsByKey.get(key) ?? facts).toBe(facts);
      expect(keyByFacts.get(facts) ?? key).toBe(key);
      factsByKey.set(key, facts);
      keyByFacts.set(facts, key);
    }
    // The grid reaches every state, able to act or not.
    expect(new Set([...factsByKey.keys()].map((key) => key.split('|').slice(0, 2).join('|')))).toEqual(
      new Set([
        'true|Unhurt',
        'false|Unhurt',
        'true|Wounded',
        'false|Wounded',
        'false|Unconscious',
        'false|Dying',
        'false|Dead',
      ]),
    );
    const drone = fighter('drone', { vehicle: 1 as never }, { physical: 2, stun: 0 });
    const vehicle = { ...drone, stats: { ...drone.stats, vehicle: true } } as RulesCombatant;
    expect(T.turnOrderFacts!(vehicle, TOGGLES)).toBe(viewKey(vehicle, TOGGLES));
  });

  it('stops a paralysed character acting, with the reason in words', () => {
    const c = fighter('x', {}, undefined, { conditionIds: ['paralysed'] });
    expect(T.healthView(c, TOGGLES)).toMatchObject({
      stateLabel: 'Unhurt',
      canAct: false,
      markers: ['Cannot act: Paralysed'],
    });
  });

  it('rejects harm it cannot apply', () => {
    const c = fighter('x');
    expectRulesError(() => T.applyHarm(c, { kind: 'fire', amount: 2 }, TOGGLES), /Unknown harm kind "fire"/);
    expectRulesError(() => T.applyHarm(c, { kind: 'physical', amount: -1 }, TOGGLES), /between 0 and 200/);
    expectRulesError(
      () => T.applyHarm(c, { kind: 'physical', amount: 2, location: 'head' }, TOGGLES),
      /no hit locations/,
    );
    expectRulesError(
      () => T.applyHarm({ ...c, health: { physical: 'lots' } }, { kind: 'stun', amount: 1 }, TOGGLES),
      /x's Physical boxes must be a whole number/,
    );
    expectRulesError(
      () => T.applyHarm(c, { kind: 'stun', amount: 1 }, { ...TOGGLES, stunOverflow: '3:1' }),
      /stunOverflow/,
    );
    expectRulesError(
      () => T.healthView({ ...c, health: [] as unknown as HealthState }, TOGGLES),
      /health must be an object/,
    );
    expectRulesError(
      () => T.healthView({ ...c, conditionIds: 'prone' as unknown as string[] }, TOGGLES),
      /x's conditions must be a list of condition ids/,
    );
  });

  it('keeps health as plain JSON', () => {
    const c = hurt(fighter('j'), 'physical', 5);
    expect(JSON.parse(JSON.stringify(c.health))).toEqual(c.health);
  });
});
