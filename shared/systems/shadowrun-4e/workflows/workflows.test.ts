import { describe, expect, it } from 'vitest';
import type { RulesCombatant } from '../../../system-kit/tracker-rules';
import type {
  Participant,
  Resolution,
  ResolveContext,
  ResolveWorkflow,
  RolledStage,
  SetupValues,
} from '../../../system-kit/workflow';
import { RulesError } from '../../../errors';
import { createSeededSource } from '../../../dice/random';
import { SECTION } from '../sections';
import { shadowrunTables } from '../tables';
import { shadowrun4eTracker } from '../tracker';
import { shadowrun4eModule } from '../module';
import { workflows } from './index';
import { meleeAttack } from './melee';
import { rangedAttack } from './ranged';
import { context, fighter, rollAll, stage } from './test-support';
import { MELEE_WEAPON_TABLE_ID, MELEE_WEAPONS, RANGED_WEAPON_TABLE_ID, RANGED_WEAPONS } from '../weapons';

function rulesError(run: () => unknown): RulesError {
  try {
    run();
  } catch (error) {
    if (error instanceof RulesError) return error;
    throw error;
  }
  throw new Error('expected a RulesError');
}

function asCombatant(p: Participant, conditionIds: readonly string[] = []): RulesCombatant {
  return {
    id: p.combatantId!,
    name: p.name,
    kind: p.kind,
    side: 'b',
    stats: p.stats,
    health: p.health ?? { physical: 0, stun: 0 },
    conditionIds,
  };
}

const ghost = fighter('Ghost', { agility: 4, edge: 2 });
const ganger = fighter('Ganger', { body: 4, reaction: 3, willpower: 3, ballistic: 6, impact: 2 });

describe('registration', () => {
  it('registers the attacks, then the vehicle rolls, then the chase stunt and the surprise test for Shadowrun 4e', () => {
    // The panel's list wraps each workflow (the sheet-sources step), in the same order.
    expect(shadowrun4eModule.workflows.map((w) => w.id)).toEqual(workflows.map((w) => w.id));
    expect(workflows.map((w) => [w.id, w.label, w.systemId])).toEqual([
      ['sr4-ranged-attack', 'Ranged attack', 'shadowrun-4e'],
      ['sr4-melee-attack', 'Melee attack', 'shadowrun-4e'],
      ['sr4-explosive', 'Grenade, rocket or missile', 'shadowrun-4e'],
      ['sr4-vehicle-weapon', 'Vehicle weapon (Gunnery)', 'shadowrun-4e'],
      ['sr4-ramming', 'Ramming', 'shadowrun-4e'],
      ['sr4-chase-stunt', 'Chase stunt', 'shadowrun-4e'],
      ['sr4-surprise', 'Surprise test', 'shadowrun-4e'],
    ]);
  });

  // Ramming needs a vehicle as the attacker: ramming.test.ts checks its defaults with one.
  it.each(workflows.filter((w) => w.id !== 'sr4-ramming'))(
    '$label: every default is a valid value of its field',
    (workflow) => {
      const ctx = context(ghost, ganger);
      const defaults = workflow.defaults(ctx);
      expect(Object.keys(defaults).sort()).toEqual(
        workflow
          .fields(ctx)
          .map((f) => f.id)
          .sort(),
      );
      expect(workflow.problems(defaults, ctx)).toEqual([]);
      expect(workflow.problems({}, ctx)).toEqual([]);
    },
  );

  it('reads defaults from the participants: running, aiming, in melee, Full Defense', () => {
    const shooter = fighter('Ghost', {}, { conditionIds: ['running', 'aiming', 'in-melee'] });
    const dodger = fighter('Ganger', {}, { conditionIds: ['full-defense'] });
    const ranged = rangedAttack.defaults(context(shooter, dodger));
    expect(ranged).toMatchObject({ attackerRunning: true, aimedActions: 1, attackerInMelee: true, fullDefense: true });
    expect(meleeAttack.defaults(context(shooter, dodger))).toMatchObject({ attackerRunning: true, fullDefense: true });
  });
});

describe('ranged attack: worked example', () => {
  // Agility 4 + Pistols 3 at 5 m (Short) with an Ares Predator IV (5P, AP −1): 7 dice.
  // Ganger: Reaction 3 defends with 3 dice; Body 4 + Ballistic 6 − 1 = 9 resistance dice.
  const ctx = context(ghost, ganger);
  const setup = rangedAttack.defaults(ctx);
  const attack = stage('attack', [6, 5, 5, 2, 3, 1, 4]); // 3 hits
  const defence = stage('defence', [5, 2, 3]); // 1 hit
  const soak = stage('soak', [5, 6, 1, 2, 3, 4, 2, 3, 4]); // 2 hits

  it('asks for the attack, the defence, then the resistance roll', () => {
    expect(rangedAttack.nextStage(setup, ctx, [])).toMatchObject({ id: 'attack', count: 7, sides: 6, roller: 'Ghost' });
    expect(rangedAttack.nextStage(setup, ctx, [attack])).toMatchObject({ id: 'defence', count: 3, roller: 'Ganger' });
    expect(rangedAttack.nextStage(setup, ctx, [attack, defence])).toMatchObject({ id: 'soak', count: 9 });
    expect(rangedAttack.nextStage(setup, ctx, [attack, defence, soak])).toBeNull();
  });

  it('hits with 2 net hits: DV 7 beats armour 5, 2 resisted, 5 Physical boxes', () => {
    const resolution = rangedAttack.resolve(setup, ctx, [attack, defence, soak]);
    expect(resolution.effects).toEqual([{ on: { side: 'targets', index: 0 }, harm: { kind: 'physical', amount: 5 } }]);
    expect(resolution.result).toMatchObject({
      hit: true,
      netHits: 2,
      modifiedDv: 7,
      damageType: 'P',
      armourAfterAp: 5,
      resistDice: 9,
      resistHits: 2,
      damage: 5,
      knockdown: true,
    });
    expect(resolution.summary).toBe('Ghost shot at Ganger with Ares Predator IV: 3 vs 1 → 7P, resisted 2 → 5 Physical');
    expect(resolution.steps.map((s) => s.text)).toContain('Modified DV = 5 + 2 net hits = 7.');
  });

  it("applied with the tracker: 5 of Ganger's 10 Physical boxes, wound modifier −1, knocked down", () => {
    const resolution = rangedAttack.resolve(setup, ctx, [attack, defence, soak]);
    const combatant = asCombatant(ganger);
    const outcome = shadowrun4eTracker.applyHarm(combatant, resolution.effects[0]!.harm!, {});
    expect(outcome.health).toEqual({ physical: 5, stun: 0 });
    expect(outcome.conditions?.map((c) => c.conditionId)).toEqual(['prone']);
    const view = shadowrun4eTracker.healthView({ ...combatant, health: outcome.health }, {});
    expect(view.tracks[0]).toMatchObject({ id: 'physical', current: 5, max: 10 });
    expect(view.modifiers).toEqual(['Wound modifier −1']);
  });

  it('resolves physical and crypto dice with the same faces to the same steps and effects', () => {
    const physical = rangedAttack.resolve(setup, ctx, [attack, defence, soak]);
    const crypto = rangedAttack.resolve(
      setup,
      ctx,
      [attack, defence, soak].map((s) => ({ ...s, source: 'crypto' })),
    );
    expect(crypto.steps).toEqual(physical.steps);
    expect(crypto.effects).toEqual(physical.effects);
    expect(crypto.summary).toBe(physical.summary);
  });

  it('offers an Edge second chance on the 4 misses, then works the attack out again', () => {
    const miss = stage('attack', [1, 2, 3, 4, 2, 3, 4]);
    const first = rangedAttack.resolve(setup, ctx, [miss, defence]);
    expect(first.result).toMatchObject({ hit: false, damage: 0 });
    expect(first.effects).toEqual([]);
    expect(rangedAttack.nextStage(setup, ctx, [miss, defence])).toBeNull();
    const [followUp] = first.followUps;
    expect(followUp).toMatchObject({ id: 'second-chance', stage: { id: 'second-chance', count: 7, sides: 6 } });
    const rerolled = [miss, defence, stage('second-chance', [5, 5, 6, 1, 2, 3, 4])];
    expect(rangedAttack.nextStage(setup, ctx, rerolled)).toMatchObject({ id: 'soak', count: 9 });
    const second = rangedAttack.resolve(setup, ctx, [...rerolled, soak]);
    expect(second.result).toMatchObject({ hit: true, edge: 'second-chance', attackHits: 3, netHits: 2, damage: 5 });
    expect(second.followUps).toEqual([]);
  });

  it('turns a hit that does not beat the armour into Stun', () => {
    const troll = fighter('Troll', { body: 8, reaction: 3, ballistic: 8 });
    const trollCtx = context(ghost, troll);
    // 2 attack hits vs 1: DV 5 + 1 = 6 against armour 8 − 1 = 7 → Stun; Body 8 + 7 = 15 dice, 3 hits → 3 Stun.
    const resolution = rangedAttack.resolve(setup, trollCtx, [
      stage('attack', [5, 6, 1, 2, 3, 4, 4]),
      stage('defence', [5, 1, 2]),
      stage('soak', [5, 5, 5, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4]),
    ]);
    expect(resolution.effects[0]!.harm).toEqual({ kind: 'stun', amount: 3 });
    expect(resolution.result).toMatchObject({ modifiedDv: 6, armourAfterAp: 7, damageType: 'S' });
  });
});

describe('ranged attack: Edge before the roll', () => {
  const ctx = context(ghost, ganger);
  const setup = { ...rangedAttack.defaults(ctx), pushTheLimit: true };

  it('adds Edge dice and asks for a reroll of every 6 until none is rolled', () => {
    const attack = stage('attack', [6, 6, 1, 2, 3, 4, 2, 3, 4]);
    expect(rangedAttack.nextStage(setup, ctx, [])).toMatchObject({ id: 'attack', count: 9 });
    expect(rangedAttack.nextStage(setup, ctx, [attack])).toMatchObject({ id: 'attack-six-1', count: 2 });
    const sixes = [attack, stage('attack-six-1', [6, 5])];
    expect(rangedAttack.nextStage(setup, ctx, sixes)).toMatchObject({ id: 'attack-six-2', count: 1 });
    const all = [...sixes, stage('attack-six-2', [2])];
    expect(rangedAttack.nextStage(setup, ctx, all)).toMatchObject({ id: 'defence', count: 3 });
    const resolution = rangedAttack.resolve(setup, ctx, [
      ...all,
      stage('defence', [1, 2, 3]),
      stage('soak', [1, 1, 1, 1, 2, 2, 2, 2, 2]),
    ]);
    // 2 sixes + 6 and 5 on the rerolls: 4 hits, 4 net hits, DV 9, nothing resisted.
    expect(resolution.result).toMatchObject({ attackHits: 4, netHits: 4, edge: 'push-the-limit', damage: 9 });
    expect(resolution.followUps).toEqual([]);
  });

  it('refuses a Rule of Six reroll when no 6 was rolled', () => {
    const error = rulesError(() =>
      rangedAttack.nextStage(setup, ctx, [stage('attack', [5, 1, 2, 3, 4, 2, 3, 4, 4]), stage('attack-six-1', [5])]),
    );
    expect(error.code).toBe('not-allowed');
  });
});

describe('melee attack: worked example', () => {
  // Agility 4 + Blades 3 + Reach 1 against 0 = 8 dice with a katana: (STR 5 / 2, rounded up, + 3)P = 6P, AP −1.
  // Ganger dodges with Dodge 2 + Reaction 3; resists with Body 3 + Impact 4 − 1 = 6 dice.
  const samurai = fighter('Ghost', { agility: 4, strength: 5 });
  const target = fighter(
    'Ganger',
    { body: 3, reaction: 3, willpower: 3, impact: 4 },
    { health: { physical: 2, stun: 0 } },
  );
  const ctx = context(samurai, target);
  const setup = { ...meleeAttack.defaults(ctx), weapon: 'katana', dodge: 2 };
  const rolled = [
    stage('attack', [5, 5, 6, 1, 2, 3, 4, 4]), // 3 hits
    stage('defence', [5, 1, 2, 2, 3]), // 1 hit
    stage('soak', [5, 5, 1, 1, 2, 3]), // 2 hits
  ];

  it('asks for 8 attack dice, 5 defence dice, 6 resistance dice', () => {
    expect(meleeAttack.nextStage(setup, ctx, [])).toMatchObject({ id: 'attack', count: 8 });
    expect(meleeAttack.nextStage(setup, ctx, rolled.slice(0, 1))).toMatchObject({ id: 'defence', count: 5 });
    expect(meleeAttack.nextStage(setup, ctx, rolled.slice(0, 2))).toMatchObject({ id: 'soak', count: 6 });
  });

  it('deals DV 8 − 2 = 6 Physical, and the tracker fills Ganger to 8 of 10 boxes', () => {
    const resolution = meleeAttack.resolve(setup, ctx, rolled);
    expect(resolution.result).toMatchObject({
      netHits: 2,
      modifiedDv: 8,
      armourAfterAp: 3,
      damageType: 'P',
      damage: 6,
    });
    const outcome = shadowrun4eTracker.applyHarm(asCombatant(target), resolution.effects[0]!.harm!, {});
    expect(outcome.health).toEqual({ physical: 8, stun: 0 });
    expect(outcome.conditions?.map((c) => c.conditionId)).toEqual(['prone']);
    const view = shadowrun4eTracker.healthView({ ...asCombatant(target), health: outcome.health }, {});
    expect(view.modifiers).toEqual(['Wound modifier −2']);
  });

  it('gives the defender the Reach difference, and Full Defense adds Dodge and marks the target', () => {
    const full = { ...setup, weapon: 'knife', defenderReach: 2, fullDefense: true };
    // Knife Reach 0 against 2: +2 to the defence. Dodge 2 + Reaction 3 + Dodge 2 + 2 = 9.
    expect(meleeAttack.nextStage(full, ctx, [stage('attack', [1, 2, 3, 4, 4, 4, 4])])).toMatchObject({
      id: 'defence',
      count: 9,
    });
    const resolution = meleeAttack.resolve(full, ctx, [
      stage('attack', [1, 2, 3, 4, 4, 4, 4]),
      stage('defence', [1, 2, 3, 4, 4, 4, 4, 4, 4]),
    ]);
    expect(resolution.effects).toEqual([
      {
        on: { side: 'targets', index: 0 },
        conditions: [
          {
            conditionId: 'full-defense',
            label: 'Full Defense',
            rounds: 1,
            expires: 'round-end',
            note: 'Went on Full Defense against Ghost',
          },
        ],
      },
    ]);
  });

  it('a disarm deals no damage and sets the modified DV against Strength', () => {
    const disarm = { ...setup, calledShot: 'disarm' };
    // 8 − 4 = 4 dice: 3 hits against 0; DV 6 + 3 = 9 beats Strength 3; no resistance roll.
    const attack = stage('attack', [5, 5, 6, 1]);
    const defence = stage('defence', [1, 2, 3, 4, 4]);
    expect(meleeAttack.nextStage(disarm, ctx, [attack, defence])).toBeNull();
    const resolution = meleeAttack.resolve(disarm, ctx, [attack, defence]);
    expect(resolution.result).toMatchObject({ disarmed: true, damage: 0 });
    expect(resolution.effects).toEqual([]);
  });

  it('a called shot past the armour costs its rating in dice and leaves Body alone to resist', () => {
    const past = { ...setup, calledShot: 'armour' };
    expect(meleeAttack.nextStage(past, ctx, [])).toMatchObject({ count: 4 });
    const resolution = meleeAttack.resolve(past, ctx, [
      stage('attack', [5, 5, 2, 2]),
      stage('defence', [1, 2, 3, 4, 4]),
      stage('soak', [1, 2, 3]),
    ]);
    expect(resolution.result).toMatchObject({ modifiedDv: 8, armourAfterAp: 0, resistDice: 3, damage: 8 });
  });

  it('a target who is out cold gets no defence roll', () => {
    const out = fighter('Ganger', { body: 3, willpower: 2, impact: 4 }, { health: { physical: 0, stun: 9 } });
    const outCtx = context(samurai, out);
    const setupOut = meleeAttack.defaults(outCtx);
    const attack = stage('attack', [5, 1, 2, 3, 4, 4, 4]);
    expect(meleeAttack.nextStage(setupOut, outCtx, [attack])).toMatchObject({ id: 'soak' });
    expect(meleeAttack.problems({ ...setupOut, fullDefense: true }, outCtx)).toContain(
      'Ganger is unconscious and cannot go on Full Defense.',
    );
  });
});

describe('dice checks', () => {
  const ctx = context(ghost, ganger);
  const setup = rangedAttack.defaults(ctx);
  const attack = stage('attack', [6, 5, 5, 2, 3, 1, 4]);

  it.each<[string, RolledStage[]]>([
    ['a face a d6 cannot show', [stage('attack', [6, 5, 7, 2, 3, 1, 4])]],
    ['too few faces', [stage('attack', [6, 5, 5])]],
    ['too many faces', [stage('attack', [6, 5, 5, 2, 3, 1, 4, 4])]],
    [
      'the wrong die',
      [{ stageId: 'attack', groups: [{ id: 'attack', sides: 10, faces: [6, 5, 5, 2, 3, 1, 4] }], source: 'physical' }],
    ],
    [
      'two groups',
      [
        {
          stageId: 'attack',
          groups: [
            { id: 'a', sides: 6, faces: [1] },
            { id: 'b', sides: 6, faces: [1] },
          ],
          source: 'physical',
        },
      ],
    ],
    ['a stage that was not asked for', [stage('soak', [1, 2, 3])]],
    ['the defence before the attack', [stage('defence', [1, 2, 3])]],
    ['a second chance that was not offered', [attack, stage('second-chance', [1, 2, 3, 4])]],
    ['a roll after the attack is decided', [attack, stage('defence', [5, 5, 5]), stage('soak', [1, 2, 3])]],
  ])('refuses %s', (_name, rolled) => {
    expect(() => rangedAttack.nextStage(setup, ctx, rolled)).toThrow(RulesError);
    expect(() => rangedAttack.resolve(setup, ctx, rolled)).toThrow(RulesError);
  });

  it('refuses to resolve before every needed roll is in', () => {
    const error = rulesError(() => rangedAttack.resolve(setup, ctx, [attack]));
    expect(error.message).toBe('Roll "Defence: 3 dice (Reaction 3)" before resolving the attack.');
  });
});

interface ProblemCase {
  readonly name: string;
  readonly workflow: ResolveWorkflow;
  readonly setup: SetupValues;
  readonly ctx: ResolveContext;
  readonly problem: string;
}

const base = context(ghost, ganger);
const PROBLEMS: readonly ProblemCase[] = [
  {
    name: 'a target beyond Extreme range',
    workflow: rangedAttack,
    setup: { distance: 100 },
    ctx: base,
    problem: "100 m is beyond the Ares Predator IV's Extreme range (Heavy pistol: 60 m).",
  },
  {
    name: 'a firing mode the weapon lacks',
    workflow: rangedAttack,
    setup: { firingMode: 'burst' },
    ctx: base,
    problem: 'The Ares Predator IV cannot fire burst fire: its modes are SA.',
  },
  {
    name: 'a full burst after other shots',
    workflow: rangedAttack,
    setup: { weapon: 'hk-227x', firingMode: 'full-burst', bulletsBefore: 3 },
    ctx: base,
    problem:
      'A full-auto full burst is full-auto fire, a Complex Action that takes the whole Action Phase: no bullets can have been fired before it.',
  },
  {
    name: 'a called shot with full-auto',
    workflow: rangedAttack,
    setup: { weapon: 'ak-97', firingMode: 'long-burst', calledShot: 'damage' },
    ctx: base,
    problem: 'A called shot cannot be made with full-auto fire; choose single-shot, semi-auto or burst fire.',
  },
  {
    name: 'blind fire with a visibility modifier',
    workflow: rangedAttack,
    setup: { blindFire: true, visibility: 'glare' },
    ctx: base,
    problem: 'Blind fire already covers not seeing the target: set visibility to Clear, or turn blind fire off.',
  },
  {
    name: 'Edge with none to spend',
    workflow: rangedAttack,
    setup: { pushTheLimit: true },
    ctx: context(fighter('Rook', { edge: 0 }), ganger),
    problem: 'Rook has no Edge to spend before the roll.',
  },
  {
    name: 'a pool below one die',
    workflow: rangedAttack,
    setup: { skill: 0, blindFire: true, otherModifier: -2 },
    ctx: context(fighter('Rook', { agility: 2, edge: 0 }), ganger),
    problem: 'The attack pool is −6 dice after modifiers: there is nothing to roll. Lift a penalty.',
  },
  {
    name: 'a target who left',
    workflow: rangedAttack,
    setup: {},
    ctx: context(ghost, { ...ganger, removed: true }),
    problem: 'Ganger has left the encounter and cannot be attacked.',
  },
  {
    name: 'an attacker who left',
    workflow: meleeAttack,
    setup: {},
    ctx: context({ ...ghost, removed: true }, ganger),
    problem: 'Ghost has left the encounter and cannot attack.',
  },
  {
    name: 'an attacker who is knocked out',
    workflow: meleeAttack,
    setup: {},
    ctx: context(fighter('Ghost', { willpower: 3 }, { health: { physical: 0, stun: 10 } }), ganger),
    problem: 'Ghost is unconscious and cannot attack.',
  },
  {
    name: 'nobody attacking',
    workflow: meleeAttack,
    setup: {},
    ctx: { attackers: [], targets: [ganger], toggles: {} },
    problem: 'Choose who attacks.',
  },
  {
    name: 'two targets',
    workflow: rangedAttack,
    setup: {},
    ctx: { attackers: [ghost], targets: [ganger, fighter('Ganger 2', {})], toggles: {} },
    problem:
      'This attack has one target; choose one (multiple targets are −2 dice per extra target, rolled one by one).',
  },
  {
    name: 'an attack on oneself',
    workflow: meleeAttack,
    setup: {},
    ctx: context(ghost, ghost),
    problem: 'Ghost cannot attack themself; choose another target.',
  },
  {
    name: 'Full Defense by a paralysed target',
    workflow: meleeAttack,
    setup: { fullDefense: true },
    ctx: context(ghost, fighter('Ganger', {}, { conditionIds: ['paralysed'] })),
    problem: 'Ganger is paralysed and cannot go on Full Defense.',
  },
  {
    name: 'a distance that is not a number',
    workflow: rangedAttack,
    setup: { distance: 'far' },
    ctx: base,
    problem: 'Distance (m) must be a whole number, got "far".',
  },
  {
    name: 'a skill out of range',
    workflow: meleeAttack,
    setup: { skill: 40 },
    ctx: base,
    problem: 'Melee skill must be between 0 and 12, got 40.',
  },
  {
    name: 'an unknown weapon',
    workflow: meleeAttack,
    setup: { weapon: 'chainsaw' },
    ctx: base,
    problem: `Weapon: "chainsaw" is not one of the choices (${MELEE_WEAPONS.map((w) => w.name).join(', ')}).`,
  },
  {
    name: 'a bad stat',
    workflow: rangedAttack,
    setup: {},
    ctx: context(fighter('Ghost', { agility: 0 }), ganger),
    problem: "Ghost's Agility must be between 1 and 20, got 0.",
  },
  {
    name: 'an unknown rule toggle',
    workflow: rangedAttack,
    setup: {},
    ctx: context(ghost, ganger, { glitches: 'sr5' }),
    problem:
      'Unknown rule toggle "glitches". Known toggles: glitch, stunWhenEqual, stunOverflow, initiativeCriticalGlitch.',
  },
];

describe('problems', () => {
  it.each(PROBLEMS)('$name: says so, and nextStage and resolve refuse', ({ workflow, setup, ctx, problem }) => {
    const problems = workflow.problems(setup, ctx);
    expect(problems).toContain(problem);
    expect(workflow.odds(setup, ctx).figures).toEqual([]);
    expect(rulesError(() => workflow.nextStage(setup, ctx, [])).message).toBe(problems[0]);
    expect(rulesError(() => workflow.resolve(setup, ctx, [])).message).toBe(problems[0]);
  });
});

describe('fromTableRow', () => {
  const table = (id: string) => shadowrunTables.find((t) => t.id === id)!;

  it('sets the weapon from a weapon row, in its usual firing mode', () => {
    expect(rangedAttack.fromTableRow(RANGED_WEAPON_TABLE_ID, 3)).toEqual({
      weapon: RANGED_WEAPONS[3]!.id,
      firingMode: 'usual',
    });
    const ingram = rangedAttack.fromTableRow(RANGED_WEAPON_TABLE_ID, 8)!;
    expect(ingram).toEqual({ weapon: 'ingram-smartgun-x', firingMode: 'usual' });
    // The Ingram fires BF/FA: its usual mode is a burst, so the row gives a valid setup at once.
    const ctx = context(ghost, ganger);
    const setup: SetupValues = {
      ...rangedAttack.defaults(ctx),
      weapon: ingram.weapon!,
      firingMode: ingram.firingMode!,
    };
    expect(rangedAttack.problems(setup, ctx)).toEqual([]);
    const resolution = rangedAttack.resolve(setup, ctx, [
      stage('attack', [1, 2, 3, 4, 4, 4, 4]),
      stage('defence', [1, 2, 3]),
    ]);
    expect(resolution.steps.map((s) => s.text)).toContain('Burst fire (narrow): 3 bullets raise the DV by 2.');
    expect(meleeAttack.fromTableRow(MELEE_WEAPON_TABLE_ID, 3)).toEqual({ weapon: 'katana' });
    expect(rangedAttack.fromTableRow(RANGED_WEAPON_TABLE_ID, 99)).toBeNull();
  });

  it("reads the system's firing mode, range band and defence rows", () => {
    expect(String(table('sr4-firing-modes').rows[2]!.cells.mode)).toMatch(/^Burst/);
    expect(rangedAttack.fromTableRow('sr4-firing-modes', 2)).toEqual({ firingMode: 'burst' });
    expect(table('sr4-range-bands').rows[2]!.cells.band).toBe('Long');
    expect(rangedAttack.fromTableRow('sr4-range-bands', 2)).toEqual({ range: 'long' });
    expect(table('sr4-defenses').rows[2]!.cells.defense).toBe('Block');
    expect(meleeAttack.fromTableRow('sr4-defenses', 2)).toEqual({ defence: 'block' });
    expect(meleeAttack.fromTableRow('sr4-defenses', 4)).toEqual({ fullDefense: true });
    expect(rangedAttack.fromTableRow('sr4-defenses', 4)).toEqual({ fullDefense: true });
  });

  it('has no use for other tables', () => {
    expect(rangedAttack.fromTableRow('sr4-damage-tracks', 0)).toBeNull();
    expect(rangedAttack.fromTableRow('sr4-blast', 2)).toBeNull();
    expect(meleeAttack.fromTableRow('sr4-firing-modes', 0)).toBeNull();
    expect(meleeAttack.fromTableRow(RANGED_WEAPON_TABLE_ID, 0)).toBeNull();
  });
});

describe('rule references', () => {
  it('cites only real seed sections, in fields, steps and follow-ups', () => {
    const sections = new Set<string>(Object.values(SECTION));
    const cited: string[] = [];
    const source = createSeededSource('sr4-resolve:rules');
    const collect = (r: Resolution) => {
      cited.push(...r.steps.map((s) => s.rule.section), ...r.followUps.map((f) => f.rule.section));
    };
    const wounded = fighter('Ghost', { agility: 6, edge: 3 }, { health: { physical: 3, stun: 3 } });
    const out = fighter('Ganger', { willpower: 1 }, { health: { physical: 0, stun: 9 } });
    const ctxs = [context(wounded, ganger), context(wounded, out), context(ghost, ganger, { stunWhenEqual: false })];
    const setups: [ResolveWorkflow, SetupValues][] = [
      [rangedAttack, {}],
      [
        rangedAttack,
        {
          pushTheLimit: true,
          calledShot: 'damage',
          weapon: 'hk-227x',
          firingMode: 'burst',
          spread: 'wide',
          range: 'long',
        },
      ],
      [rangedAttack, { weapon: 'defiance-super-shock', firingMode: 'single-shot', cover: 'good', visibility: 'glare' }],
      [rangedAttack, { calledShot: 'armour', sight: 'laser', aimedActions: 2, distance: 15, bulletsBefore: 2 }],
      [meleeAttack, { calledShot: 'disarm', charging: true, attackerRunning: true }],
      [meleeAttack, { weapon: 'staff', defence: 'parry', friendsInMelee: 2, offHand: true, superiorPosition: true }],
      [meleeAttack, { weapon: 'stun-baton', defence: 'reaction', defenderReach: 3, fullDefense: true }],
    ];
    for (const ctx of ctxs) {
      for (const [workflow, overrides] of setups) {
        for (const field of workflow.fields(ctx)) if (field.rule) cited.push(field.rule.section);
        const setup = { ...workflow.defaults(ctx), ...overrides };
        if (ctx === ctxs[1] && overrides.fullDefense) continue;
        expect(workflow.problems(setup, ctx)).toEqual([]);
        for (let i = 0; i < 30; i++) collect(rollAll(workflow, setup, ctx, source).resolution);
      }
    }
    expect(cited.length).toBeGreaterThan(100);
    for (const section of cited) expect(sections.has(section), section).toBe(true);
  });
});
