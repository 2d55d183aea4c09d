import { describe, expect, it } from 'vitest';
import type { HarmOutcome, RulesCombatant } from '../../../system-kit/tracker-rules';
import { hardwareTracker as T, readHardwareHealth } from '.';
import {
  after,
  book,
  combatant,
  errorOf,
  healthOf,
  none,
  now,
  participant,
  round,
  seed,
  withConditions,
  withHealth,
} from './combatant-fixtures.test-support';

// Harm, pending checks, morale prompts, refusal codes and odd stored data: every explanation and refusal whole.

describe('harm in the tracker', () => {
  it('damage past 0 Stamina: the package steps, then the save to roll now', () => {
    const rook = combatant('Rook', 'pc', { BOD: 10, stamina: 3 });
    const out = T.applyHarm(rook, { kind: 'damage', amount: 5 }, none);
    expect(out.steps).toEqual([
      { text: '5 damage to Stamina: 3 → 0, 2 past 0.', rule: seed('Attacking & Damage') },
      { text: 'The remaining 2 comes off BOD: 10 → 8.', rule: seed('Critical Damage') },
      { text: 'BOD save against the new BOD of 8 to avoid Critical Damage.', rule: seed('Critical Damage') },
      { text: 'Rook must roll the BOD save now (check critical-damage:1).', rule: seed('Critical Damage') },
    ]);
    expect(healthOf(out)).toMatchObject({
      stamina: 0,
      BOD: 8,
      seq: 1,
      pending: [{ id: 'critical-damage:1', type: 'critical', kind: 'damage', against: 8 }],
    });
    const due = T.checksDue(after(rook, out), now);
    expect(due).toEqual([
      {
        id: 'critical-damage:1',
        combatantId: 'Rook',
        label: 'Rook: BOD save vs 8 (Critical Damage)',
        dice: { count: 1, sides: 20 },
        reason: {
          text: 'Damage went past 0 Stamina: BOD save against the new BOD of 8 to avoid Critical Damage.',
          rule: seed('Critical Damage'),
        },
      },
    ]);
  });

  it('stress past 0 Stamina: the CTR save, cited under Critical Stress', () => {
    const vex = combatant('Vex', 'pc', { CTR: 12, stamina: 2 });
    const out = T.applyHarm(vex, { kind: 'stress', amount: 4 }, none);
    expect(out.steps.at(-1)).toEqual({
      text: 'Vex must roll the CTR save now (check critical-stress:1).',
      rule: seed('Critical Stress'),
    });
    expect(T.checksDue(after(vex, out), now)).toEqual([
      {
        id: 'critical-stress:1',
        combatantId: 'Vex',
        label: 'Vex: CTR save vs 10 (Critical Stress)',
        dice: { count: 1, sides: 20 },
        reason: {
          text: 'Stress went past 0 Stamina: CTR save against the new CTR of 10 to avoid Critical Stress.',
          rule: seed('Critical Stress'),
        },
      },
    ]);
  });

  it('harm within Stamina: the package step alone, nothing pending', () => {
    const out = T.applyHarm(combatant('a', 'pc', { stamina: 4 }), { kind: 'damage', amount: 4 }, none);
    expect(out.steps).toEqual([{ text: '4 damage to Stamina: 4 → 0.', rule: seed('Attacking & Damage') }]);
    expect(healthOf(out)).toMatchObject({ stamina: 0, seq: 0, pending: [] });
  });

  it('a blow on the already dead is recorded and clears what was pending', () => {
    const killed = withHealth(combatant('Thug', 'npc', { stamina: 2 }), {
      killed: true,
      pending: [{ id: 'npc-morale:1', type: 'morale' }],
    });
    const out = T.applyHarm(killed, { kind: 'damage', amount: 3 }, none);
    expect(out.steps.at(-1)).toEqual({ text: 'Thug is already dead: no save is made.', rule: seed('Attribute Loss') });
    expect(healthOf(out)).toMatchObject({ stamina: 0, BOD: 9, pending: [] });
    expect(T.checksDue(killed, now)).toEqual([]);
  });

  it('an attribute reaching 0 drops the checks it makes moot', () => {
    const pending = [
      { id: 'critical-damage:1', type: 'critical' as const, kind: 'damage' as const, against: 4 },
      { id: 'critical-stress:2', type: 'critical' as const, kind: 'stress' as const, against: 3 },
      { id: 'npc-morale:3', type: 'morale' as const },
    ];
    const npc = withHealth(combatant('Drone', 'npc', { BOD: 5, CTR: 5, AGL: 5, stamina: 0 }), {
      stamina: 0,
      BOD: 4,
      CTR: 3,
      pending,
    });
    // Stress to CTR 0: the stress save and the morale check are moot, the BOD save stays.
    expect(healthOf(T.applyHarm(npc, { kind: 'stress', amount: 3 }, none)).pending).toEqual([pending[0]]);
    // Damage to BOD 0: nothing is left to check.
    expect(healthOf(T.applyHarm(npc, { kind: 'damage', amount: 4 }, none)).pending).toEqual([]);
    // Attribute loss: AGL 0 moots nothing, CTR 0 and BOD 0 as above.
    expect(healthOf(T.applyHarm(npc, { kind: 'attribute', amount: 9, location: 'AGL' }, none)).pending).toEqual(
      pending,
    );
    expect(healthOf(T.applyHarm(npc, { kind: 'attribute', amount: 9, location: 'CTR' }, none)).pending).toEqual([
      pending[0],
    ]);
    expect(healthOf(T.applyHarm(npc, { kind: 'attribute', amount: 9, location: 'BOD' }, none)).pending).toEqual([]);
    // Attribute loss short of 0 keeps everything.
    const hit = T.applyHarm(npc, { kind: 'attribute', amount: 1, location: 'CTR' }, none);
    expect(healthOf(hit)).toMatchObject({ CTR: 2, pending });
    expect(hit.steps).toEqual([
      { text: 'Outside combat, 1 damage goes straight to CTR: 3 → 2.', rule: seed('Attribute Loss') },
    ]);
  });

  it('shred: the Armor sentence, with "never below 0" only when it bottoms out', () => {
    const tank = combatant('Tank', 'npc', { armor: 3 });
    const one = T.applyHarm(tank, { kind: 'shred', amount: 1 }, none);
    expect(one.steps).toEqual([{ text: "Shred: Tank's Armor drops from 3 to 2.", rule: book('Gear Tags') }]);
    expect(healthOf(one).armorLost).toBe(1);
    expect(T.applyHarm(tank, { kind: 'shred', amount: 3 }, none).steps[0]!.text).toBe(
      "Shred: Tank's Armor drops from 3 to 0.",
    );
    const worn = withHealth(tank, { armorLost: 2 });
    const past = T.applyHarm(worn, { kind: 'shred', amount: 2 }, none);
    expect(past.steps[0]!.text).toBe("Shred: Tank's Armor drops from 1 to 0 (never below 0).");
    expect(healthOf(past).armorLost).toBe(3);
    // The sheet's Armor lowered under what was already shredded: starts from 0.
    const lowered = withHealth(combatant('Tank', 'npc', { armor: 1 }), { armorLost: 3 });
    const again = T.applyHarm(lowered, { kind: 'shred', amount: 1 }, none);
    expect(again.steps[0]!.text).toBe("Shred: Tank's Armor drops from 0 to 0 (never below 0).");
    expect(healthOf(again).armorLost).toBe(1);
    expect(errorOf(() => T.applyHarm(tank, { kind: 'shred', amount: 4 }, none)).message).toBe(
      'Armor lost must be between 0 and 3, got 4.',
    );
  });

  it('restoring Stamina: the sentence, the maximum only when it caps, Overloaded ends only on a gain', () => {
    const pc = withHealth(combatant('Vex', 'pc', { stamina: 4 }), { stamina: 1 });
    const exact = T.applyHarm(pc, { kind: 'heal-stamina', amount: 3 }, none);
    expect(exact.steps).toEqual([
      { text: 'Vex recovers Stamina: 1 → 4.', rule: { section: 'Combat Rules', source: 'default' } },
    ]);
    expect(exact.removeConditions).toBeUndefined();
    expect(T.applyHarm(pc, { kind: 'heal-stamina', amount: 4 }, none).steps[0]!.text).toBe(
      'Vex recovers Stamina: 1 → 4 (maximum 4).',
    );
    const over = withConditions(pc, 'overloaded');
    const nothing = T.applyHarm(over, { kind: 'heal-stamina', amount: 0 }, none);
    expect(nothing.removeConditions).toBeUndefined();
    expect(nothing.steps).toEqual([
      { text: 'Vex recovers Stamina: 1 → 1.', rule: { section: 'Combat Rules', source: 'default' } },
    ]);
    const gain = T.applyHarm(over, { kind: 'heal-stamina', amount: 1 }, none);
    expect(gain.removeConditions).toEqual(['overloaded']);
    expect(gain.steps[1]).toEqual({
      text: 'Vex recovered Stamina and is no longer Overloaded.',
      rule: seed('Critical Stress'),
    });
    expect(errorOf(() => T.applyHarm(pc, { kind: 'heal-stamina', amount: 1000 }, none)).message).toBe(
      'Stamina restored must be between 0 and 999, got 1000.',
    );
  });

  it('stabilising a Dying PC', () => {
    const dying = withConditions(combatant('Rook', 'pc'), 'dying');
    const out = T.applyHarm(dying, { kind: 'stabilise', amount: 0 }, none);
    expect(out.steps).toEqual([
      { text: 'Rook is given aid and stabilises: no longer Dying.', rule: seed('Critical Damage') },
    ]);
    expect(out.removeConditions).toEqual(['dying']);
    expect(healthOf(out).stabilised).toBe(true);
    expect(errorOf(() => T.applyHarm(dying, { kind: 'stabilise', amount: -1 }, none)).message).toBe(
      'Stabilise amount must be between 0 and 999, got -1.',
    );
    const e = errorOf(() => T.applyHarm(combatant('Rook', 'pc'), { kind: 'stabilise', amount: 0 }, none));
    expect(e.code).toBe('not-allowed');
  });

  it('names bad harm', () => {
    const c = combatant('a', 'pc');
    expect(errorOf(() => T.applyHarm(c, null as never, none)).message).toBe(
      'Harm must be an object with a kind and an amount, got null.',
    );
    expect(errorOf(() => T.applyHarm(c, { kind: 'attribute', amount: 1, location: 'LUK' }, none)).message).toBe(
      'Attribute loss must name BOD, AGL or CTR as its location, got "LUK".',
    );
    expect(errorOf(() => T.applyHarm(c, { kind: 'stress', amount: 1, location: 'CTR' }, none)).message).toBe(
      'Stress (after Buffer) takes no location; Hardware has no hit locations.',
    );
    const dead = withHealth(c, { BOD: 0 });
    expect(errorOf(() => T.applyHarm(dead, { kind: 'heal-stamina', amount: 1 }, none)).code).toBe('not-allowed');
  });
});

describe('resolving pending checks', () => {
  const hitPc = (kind: 'damage' | 'stress') => {
    const c = combatant('Rook', 'pc', { BOD: 10, CTR: 10, stamina: 3 });
    return after(c, T.applyHarm(c, { kind, amount: 5 }, none));
  };

  it('a failed BOD save: the save sentence with the name, the consequence, Dying and a Wound', () => {
    const hit = withHealth(hitPc('damage'), { stabilised: true });
    const out = T.resolveCheck(hit, 'critical-damage:1', [9], now, []);
    expect(out.steps).toEqual([
      { text: "Rook's BOD save: 9 is over 8, so it fails.", rule: book('Saves') },
      {
        text: 'Critical Damage: the PC is Dying and adds a Wound to their inventory. Dying PCs can only crawl weakly; with aid (such as a Medkit) they stabilise, untreated they die within the hour.',
        rule: seed('Critical Damage'),
      },
    ]);
    expect(out.conditions).toEqual([
      { conditionId: 'dying', label: 'Dying' },
      { conditionId: 'wound', label: 'Wound', note: 'Added to the inventory by Critical Damage.' },
    ]);
    expect(healthOf(out)).toMatchObject({ stabilised: false, killed: false, pending: [] });
  });

  it('a failed CTR save: Overloaded and a Strain', () => {
    const out = T.resolveCheck(hitPc('stress'), 'critical-stress:1', [9], now, []);
    expect(out.steps[0]!.text).toBe("Rook's CTR save: 9 is over 8, so it fails.");
    expect(out.conditions).toEqual([
      { conditionId: 'overloaded', label: 'Overloaded' },
      { conditionId: 'strain', label: 'Strain', note: 'Added to the inventory by Critical Stress.' },
    ]);
    const held = T.resolveCheck(hitPc('stress'), 'critical-stress:1', [8], now, []);
    expect(held.steps.at(-1)).toEqual({ text: 'The save holds: no Critical Stress.', rule: seed('Critical Stress') });
    expect(held.conditions).toBeUndefined();
  });

  it('only the check resolved is removed; the others stay due', () => {
    const both = after(hitPc('stress'), T.applyHarm(hitPc('stress'), { kind: 'damage', amount: 1 }, none));
    expect(healthOf({ health: both.health } as HarmOutcome).pending.map((p) => p.id)).toEqual([
      'critical-stress:1',
      'critical-damage:2',
    ]);
    const out = T.resolveCheck(both, 'critical-damage:2', [2], now, []);
    expect(healthOf(out).pending.map((p) => p.id)).toEqual(['critical-stress:1']);
  });

  it('an NPC failing Critical Damage is killed and owes nothing more', () => {
    const thug = combatant('Thug', 'npc', { BOD: 6, stamina: 2 });
    const hit = after(thug, T.applyHarm(thug, { kind: 'damage', amount: 4 }, none));
    const withMorale = withHealth(hit, {
      pending: [...readHardwareHealth(hit).pending, { id: 'npc-morale:9', type: 'morale' }],
    });
    const out = T.resolveCheck(withMorale, 'critical-damage:1', [20], now, []);
    expect(healthOf(out)).toMatchObject({ killed: true, pending: [] });
    expect(out.conditions).toEqual([]);
  });

  it('an NPC failing Critical Stress owes a morale check, which breaks or holds', () => {
    const drone = combatant('Drone', 'npc', { CTR: 8, stamina: 1 });
    const hit = after(drone, T.applyHarm(drone, { kind: 'stress', amount: 3 }, none));
    const out = T.resolveCheck(hit, 'critical-stress:1', [19], now, []);
    expect(out.steps.slice(1)).toEqual([
      {
        text: 'Critical Stress: the NPC must make a morale check, per the Admin’s discretion.',
        rule: seed('Critical Stress'),
      },
      { text: 'Drone must roll its morale check (check npc-morale:2).', rule: book('Morale') },
    ]);
    const shaken = after(hit, out);
    expect(T.checksDue(shaken, now)).toEqual([
      {
        id: 'npc-morale:2',
        combatantId: 'Drone',
        label: 'Drone: morale check (CTR save)',
        dice: { count: 1, sides: 20 },
        reason: {
          text: 'The NPC failed a Critical Stress save and must make a morale check (CTR save).',
          rule: seed('Critical Stress'),
        },
      },
    ]);
    const broke = T.resolveCheck(shaken, 'npc-morale:2', [7], now, []);
    expect(broke.steps).toEqual([
      { text: 'Morale CTR save: 7 is over 6, so it fails.', rule: book('Saves') },
      { text: 'Morale breaks: the group flees or surrenders (Admin’s call).', rule: book('Morale') },
    ]);
    expect(broke.conditions).toEqual([
      { conditionId: 'morale-broken', label: 'Morale broken', note: "Drone flees or surrenders (Admin's call)." },
    ]);
    const holds = T.resolveCheck(shaken, 'npc-morale:2', [6], now, []);
    expect(holds.conditions).toEqual([]);
    expect(healthOf(holds).pending).toEqual([]);
  });

  it('names an unknown or malformed check', () => {
    const c = combatant('a', 'pc');
    expect(errorOf(() => T.resolveCheck(c, 'critical-damage:1', [3], now, [])).message).toBe(
      'No check "critical-damage:1" is due for a; due: none.',
    );
    expect(errorOf(() => T.resolveCheck(c, 7 as unknown as string, [3], now, [])).message).toBe(
      'A check id must be text, got 7.',
    );
  });
});

describe('group morale (book: Morale)', () => {
  const gang = ['g1', 'g2', 'g3'].map((id) => combatant(id, 'npc', { CTR: 7 }));
  const down = (c: RulesCombatant) => withHealth(c, { BOD: 0 });

  it('the prompt carries the package’s sentences and rule', () => {
    const prompts = T.encounterPrompts([combatant('pc', 'pc'), down(gang[0]!), gang[1]!, gang[2]!], []);
    expect(prompts).toEqual([
      {
        id: 'morale:side:gang:first-casualty',
        combatantId: 'g2',
        label: 'Morale: the ungrouped gang NPCs save CTR (g2 rolls for the group)',
        dice: { count: 1, sides: 20 },
        reason: { text: 'First casualty: the group saves CTR.', rule: book('Morale') },
      },
    ]);
    const both = T.encounterPrompts([down(gang[0]!), down(gang[1]!), gang[2]!], []);
    expect(both[0]!.reason).toEqual({
      text: 'First casualty: the group saves CTR. 1 member of 3 left (half strength): the group saves CTR. Both checks fall due at once: one CTR save covers them.',
      rule: book('Morale'),
    });
  });

  it('a broken leader passes the roll to the next member standing', () => {
    const prompts = T.encounterPrompts([down(gang[0]!), withConditions(gang[1]!, 'morale-broken'), gang[2]!], []);
    expect(prompts.map((p) => p.combatantId)).toEqual(['g3']);
  });

  it('a whole group down gets no prompt', () => {
    expect(T.encounterPrompts(gang.map(down), [])).toEqual([]);
  });

  it('reads earlier prompt ids: foreign ids, ids without triggers and unknown triggers are ignored', () => {
    const one = [down(gang[0]!), gang[1]!, gang[2]!];
    expect(
      T.encounterPrompts(one, [
        'critical-damage:1',
        'morale:',
        'morale:side:gang:luck',
        'morale:side:gang:first-casualty+luck',
      ]),
    ).toEqual([]);
    expect(T.encounterPrompts(one, ['morale:side:gang:luck']).map((p) => p.id)).toEqual([
      'morale:side:gang:first-casualty',
    ]);
    expect(T.encounterPrompts(one, ['xmorale:side:gang:first-casualty']).map((p) => p.id)).toEqual([
      'morale:side:gang:first-casualty',
    ]);
    expect(
      T.encounterPrompts(one, ['morale:side:gang:first-casualty', 'morale:side:gang:first-casualty']).map((p) => p.id),
    ).toEqual([]);
  });

  it('names bad lists', () => {
    expect(errorOf(() => T.encounterPrompts('all' as never, [])).message).toBe('combatants must be a list, got "all".');
    expect(errorOf(() => T.encounterPrompts(gang, [5 as unknown as string])).message).toBe(
      'alreadyPrompted must be a list of prompt ids.',
    );
  });

  it('the group roll: a capitalised note for every living member not yet broken', () => {
    const roof = ['r1', 'r2', 'r3'].map((id) => combatant(id, 'npc', { CTR: 6 }, 'gang', 'roof'));
    const everyone = [down(roof[0]!), roof[1]!, roof[2]!, ...gang];
    const out = T.resolveCheck(roof[1]!, 'morale:group:roof:first-casualty', [12], now, everyone);
    const note = 'Group "roof" flee or surrender (Admin\'s call).';
    expect(out.conditions).toEqual([{ conditionId: 'morale-broken', label: 'Morale broken', note }]);
    expect(out.others).toEqual([
      { combatantId: 'r3', conditions: [{ conditionId: 'morale-broken', label: 'Morale broken', note }] },
    ]);
    expect(out.steps.at(-1)).toEqual({
      text: 'Morale breaks: the group flees or surrenders (Admin’s call).',
      rule: book('Morale'),
    });
    expect(healthOf(out)).toEqual(readHardwareHealth(roof[1]!));
    // The roller alone in the encounter list: nobody else breaks.
    expect(T.resolveCheck(roof[1]!, 'morale:group:roof:first-casualty', [12], now, []).others).toEqual([]);
  });

  it('refuses a group roll it cannot make', () => {
    const g = gang[0]!;
    expect(errorOf(() => T.resolveCheck(g, 'morale:side:gang:luck', [3], now, [])).message).toBe(
      '"morale:side:gang:luck" is not a morale check of g1\'s group (the ungrouped gang NPCs).',
    );
    expect(errorOf(() => T.resolveCheck(g, 'morale:side:gang:first-casualty+luck', [3], now, [])).code).toBe(
      'unknown-entry',
    );
    const e = errorOf(() =>
      T.resolveCheck(withConditions(g, 'paralysed'), 'morale:side:gang:first-casualty', [3], now, []),
    );
    expect(e).toMatchObject({ code: 'not-allowed', message: 'g1 cannot act, so cannot roll morale for the group.' });
    expect(errorOf(() => T.resolveCheck(g, 'morale:side:gang:first-casualty', [3], now, 'x' as never)).message).toBe(
      'everyone must be the list of combatants, got "x".',
    );
    expect(
      errorOf(() => T.resolveCheck(combatant('p', 'pc'), 'morale:side:party:first-casualty', [3], now, [])).code,
    ).toBe('not-allowed');
  });
});
describe('tracker refusal codes', () => {
  it('each refusal carries the code callers match on', () => {
    const pc = combatant('ana', 'pc', { AGL: 12 });
    const npc = combatant('g1', 'npc');
    const dying = withConditions(pc, 'dying');
    const para = withHealth(pc, { AGL: 0 });
    const entry = T.initiative.score(participant(pc), [3], none);
    const cases: [string, () => unknown][] = [
      ['invalid-input', () => readHardwareHealth({ name: 'a', health: null as never })],
      ['invalid-input', () => T.initialHealth({ BOD: 30 }, 'pc')],
      ['invalid-input', () => T.initialHealth({}, 'boss' as 'pc')],
      ['invalid-input', () => T.healthView(null as never, none)],
      ['invalid-input', () => T.healthView({ ...pc, kind: 'boss' as 'pc' }, none)],
      ['invalid-input', () => T.healthView({ ...pc, side: 3 as never }, none)],
      ['invalid-input', () => T.healthView({ ...pc, groupId: 5 as never }, none)],
      ['invalid-input', () => T.healthView({ ...pc, conditionIds: 'x' as never }, none)],
      ['invalid-input', () => T.applyHarm(pc, null as never, none)],
      ['invalid-input', () => T.applyHarm(pc, { kind: 'fire', amount: 1 }, none)],
      ['invalid-input', () => T.applyHarm(pc, { kind: 'damage', amount: 1, location: 'BOD' }, none)],
      ['invalid-input', () => T.applyHarm(pc, { kind: 'attribute', amount: 1 }, none)],
      ['not-allowed', () => T.applyHarm(withHealth(pc, { BOD: 0 }), { kind: 'heal-stamina', amount: 1 }, none)],
      ['not-allowed', () => T.applyHarm(pc, { kind: 'stabilise', amount: 0 }, none)],
      ['invalid-input', () => T.encounterPrompts('x' as never, [])],
      ['invalid-input', () => T.encounterPrompts([], 'x' as never)],
      ['invalid-input', () => T.resolveCheck(pc, 5 as never, [3], now, [])],
      ['not-allowed', () => T.resolveCheck(pc, 'morale:side:party:first-casualty', [3], now, [])],
      ['unknown-entry', () => T.resolveCheck(npc, 'morale:side:drones:first-casualty', [3], now, [])],
      [
        'not-allowed',
        () => T.resolveCheck(withConditions(npc, 'paralysed'), 'morale:side:gang:first-casualty', [3], now, []),
      ],
      ['invalid-input', () => T.resolveCheck(npc, 'morale:side:gang:first-casualty', [3], now, 'x' as never)],
      ['unknown-entry', () => T.resolveCheck(pc, 'nope', [3], now, [])],
      ['invalid-input', () => T.initiative.dice(null as never, none)],
      ['invalid-input', () => T.initiative.dice({ id: 'x', label: 'X', members: [] }, none)],
      ['invalid-input', () => T.initiative.dice(participant(npc), none)],
      ['invalid-input', () => T.initiative.dice({ id: 'x', label: 'X', members: [pc] }, none)],
      ['invalid-input', () => T.initiative.participants('x' as never, [])],
      ['invalid-input', () => T.initiative.participants([pc, pc], [])],
      ['invalid-input', () => T.initiative.score(participant(pc), 'x' as never, none)],
      ['invalid-input', () => T.initiative.score(participant(dying), [3], none)],
      ['invalid-input', () => T.initiative.score(participant(para), [3], none)],
      ['invalid-input', () => T.initiative.order('x' as never, [], none)],
      ['invalid-input', () => T.initiative.order([entry], [participant(pc), participant(pc)], none)],
      ['unknown-entry', () => T.initiative.order([entry], [participant(combatant('bo', 'pc'))], none)],
      ['invalid-input', () => T.initiative.order([entry, entry], [participant(pc)], none)],
      ['invalid-input', () => T.initiative.order([], [participant(pc)], none)],
      ['invalid-input', () => T.buildRound(null as never)],
      ['invalid-input', () => T.buildRound(round([npc, npc]))],
      ['invalid-input', () => T.buildRound({ ...round([npc]), acted: 'x' } as never)],
      ['not-allowed', () => T.buildRound(round([pc]))],
      [
        'unknown-entry',
        () => T.buildRound(round([npc], { initiative: { order: ['ghost'], losesTurn: [], steps: [] } })),
      ],
      ['invalid-input', () => T.buildRound(round([npc], { initiative: { order: ['g1'], losesTurn: [], steps: [] } }))],
    ];
    expect(cases.map(([, call]) => errorOf(call).code)).toEqual(cases.map(([code]) => code));
  });
});

describe('odd stored data (surviving mutants of the first run)', () => {
  const pc = combatant('ana', 'pc');

  it('health, a combatant or harm that is a number is named as such', () => {
    expect(errorOf(() => readHardwareHealth({ name: 'ana', health: 5 as never })).message).toBe(
      "ana's health is not Hardware health data: got 5.",
    );
    expect(errorOf(() => T.healthView(5 as never, none)).message).toBe('A combatant must be an object, got 5.');
    expect(errorOf(() => T.applyHarm(pc, 5 as never, none)).message).toBe(
      'Harm must be an object with a kind and an amount, got 5.',
    );
  });

  it('a pending check of an unknown type is refused even with a kind', () => {
    const health = { ...readHardwareHealth(pc), pending: [{ id: 'c', type: 'luck', kind: 'damage', against: 5 }] };
    expect(errorOf(() => readHardwareHealth({ name: 'ana', health: health as never })).message).toBe(
      "ana's health is not Hardware health data: pending check c has an unknown type.",
    );
  });

  it('BOD 0 asks for nothing, even with checks left in the record', () => {
    const stale = withHealth(pc, {
      BOD: 0,
      pending: [{ id: 'critical-stress:1', type: 'critical', kind: 'stress', against: 4 }],
    });
    expect(T.checksDue(stale, now)).toEqual([]);
  });

  it('an id from another namespace is not read as a morale prompt', () => {
    const gang = ['g1', 'g2'].map((id) => combatant(id, 'npc'));
    const one = [withHealth(gang[0]!, { BOD: 0 }), gang[1]!];
    expect(T.encounterPrompts(one, ['damage:side:gang:first-casualty+half-strength']).map((p) => p.id)).toEqual([
      'morale:side:gang:first-casualty+half-strength',
    ]);
  });
});
