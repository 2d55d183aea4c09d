import { describe, expect, it } from 'vitest';
import type { Participant, ResolveContext } from '../../../system-kit/workflow';
import { createSeededSource } from '../../../dice/random';
import { explosiveAttack } from './explosive';
import { meleeAttack } from './melee';
import { rangedAttack } from './ranged';
import { surpriseTest as wf } from './surprise';
import { fighter, rollAll, stage } from './test-support';

const OTHER = 'Other Combat Factors';
const book = (text: string) => ({ text, rule: { section: OTHER, source: 'book' } });

const ghost = fighter('Ghost', { reaction: 4, intuition: 3, edge: 2 }, { kind: 'pc' });
const sam = fighter('Sam', { reaction: 2, intuition: 2, edge: 0 }, { kind: 'pc' });
const ganger = fighter('Ganger', { reaction: 3, intuition: 3 });

const ctx = (
  attackers: Participant[],
  targets: Participant[],
  extra: Partial<ResolveContext> = {},
): ResolveContext => ({
  attackers,
  targets,
  toggles: {},
  ...extra,
});

describe('the surprise test form', () => {
  const c = ctx([ghost, sam], [ganger]);

  it('asks each participant’s situation at once, the other dice and Edge under More', () => {
    const fields = wf.fields(c);
    expect(fields.map((f) => [f.id, f.label, f.group, f.common === true])).toEqual([
      ['stance.ghost', 'Ghost: surprise', 'attack', true],
      ['stance.sam', 'Sam: surprise', 'attack', true],
      ['stance.ganger', 'Ganger: surprise', 'defence', true],
      ['other.ghost', 'Ghost: other surprise dice', 'attack', false],
      ['other.sam', 'Sam: other surprise dice', 'attack', false],
      ['other.ganger', 'Ganger: other surprise dice', 'defence', false],
      ['edge.ghost', 'Ghost: Edge before the roll', 'extra', false],
      ['edge.sam', 'Sam: Edge before the roll', 'extra', false],
      ['edge.ganger', 'Ganger: Edge before the roll', 'extra', false],
    ]);
    expect(wf.defaults(c)).toEqual({
      'stance.ghost': 'ready',
      'stance.sam': 'ready',
      'stance.ganger': 'ready',
      'other.ghost': 0,
      'other.sam': 0,
      'other.ganger': 0,
      'edge.ghost': false,
      'edge.sam': false,
      'edge.ganger': false,
    });
  });

  it('refuses what cannot be tested, each in a sentence', () => {
    const setup = wf.defaults(c);
    expect(wf.problems(wf.defaults(ctx([ghost], [])), ctx([ghost], []))).toEqual([
      'Choose the other side of the fight as the targets.',
    ]);
    expect(wf.problems(setup, ctx([ghost, sam], [ganger, ghost]))).toEqual([
      'Ghost is chosen twice; choose each combatant once.',
    ]);
    expect(wf.problems({ ...setup, 'edge.sam': true }, c)).toEqual(['Sam has no Edge to spend.']);
    const down = fighter(
      'Ganger',
      { reaction: 3, intuition: 3, body: 2, willpower: 2 },
      { health: { physical: 0, stun: 9 } },
    );
    expect(wf.problems(setup, ctx([ghost, sam], [down]))).toEqual([
      'Ganger is unconscious and takes no part in the surprise test.',
    ]);
    expect(wf.problems(setup, ctx([ghost, sam], [{ ...ganger, removed: true }]))).toEqual([
      'Ganger has left the encounter and takes no part in the surprise test.',
    ]);
    expect(wf.problems(setup, { ...c, turn: { round: 1, pass: 2 } })).toEqual([
      "Surprise is tested at the fight's start and counts only in its first Initiative Pass; this fight is already in round 1, pass 2.",
    ]);
    expect(wf.problems(setup, { ...c, turn: { round: 1, pass: 1 } })).toEqual([]);
  });
});

describe('a surprise test from physical dice', () => {
  // Ghost alerted: 4 + 3 + 3 = 10 dice; Sam 2 + 2 = 4; Ganger 3 + 3 = 6, with 1 box of wounds? none: 6.
  const c = ctx([ghost, sam], [ganger]);
  const setup = { ...wf.defaults(c), 'stance.ghost': 'alerted' };

  it('rolls each participant in turn', () => {
    expect(wf.nextStage(setup, c, [])).toEqual({
      id: 'surprise-0',
      label: 'Surprise: Ghost rolls 10 dice (Reaction 4 + Intuition 3, alerted +3)',
      roller: 'Ghost',
      count: 10,
      sides: 6,
    });
    expect(wf.nextStage(setup, c, [stage('surprise-0', [5, 5, 1, 2, 3, 4, 2, 3, 4, 6])])?.label).toBe(
      'Surprise: Sam rolls 4 dice (Reaction 2 + Intuition 2)',
    );
    expect(() => wf.nextStage(setup, c, [stage('surprise-1', [1, 1, 1, 1])])).toThrow(
      'The roll "surprise-1" was not asked for: the next roll is "Surprise: Ghost rolls 10 dice (Reaction 4 + Intuition 3, alerted +3)".',
    );
  });

  it('explains each pair and marks the surprised with who surprised them, for the first pass', () => {
    // Ghost 10 dice: 5 5 6 → 3 hits. Sam 4 dice: 1 1 1 5 → 1 hit, 3 ones of 4 (half or more): a glitch.
    // Ganger 6 dice: 5 6 2 2 3 4 → 2 hits.
    // Pairs: Ghost 3 > Sam 1 → Sam surprised by Ghost (friends too); Ghost 3 > Ganger 2 → Ganger surprised by Ghost;
    // Sam 1 < Ganger 2 → Sam surprised by Ganger.
    const rolled = [
      stage('surprise-0', [5, 5, 1, 2, 3, 4, 2, 3, 4, 6]),
      stage('surprise-1', [1, 1, 1, 5]),
      stage('surprise-2', [5, 6, 2, 2, 3, 4]),
    ];
    expect(wf.nextStage(setup, c, rolled)).toBeNull();
    const r = wf.resolve(setup, c, rolled);
    expect(r.steps).toEqual([
      {
        text: "Surprise: everyone involved makes an Initiative Test at the fight's start, which decides who can act against whom in the first Initiative Pass.",
        rule: { section: OTHER, source: 'seed' },
      },
      {
        text: 'Ghost rolls Reaction 4 + Intuition 3, the Initiative attributes, for the surprise Initiative Test.',
        rule: { section: 'The Combat Turn', source: 'seed' },
      },
      book('Ghost was alerted: +3 dice.'),
      book('Ghost rolls 10 dice.'),
      { text: 'Ghost rolled 5 5 1 2 3 4 2 3 4 6: 3 hits.', rule: { section: 'Resolving an Attack', source: 'book' } },
      {
        text: 'Sam rolls Reaction 2 + Intuition 2, the Initiative attributes, for the surprise Initiative Test.',
        rule: { section: 'The Combat Turn', source: 'seed' },
      },
      book('Sam rolls 4 dice.'),
      { text: 'Sam rolled 1 1 1 5: 1 hit.', rule: { section: 'Resolving an Attack', source: 'book' } },
      {
        text: 'Sam glitched (3 dice show 1): a glitch changes nothing in who surprises whom.',
        rule: { section: OTHER, source: 'default' },
      },
      {
        text: 'Ganger rolls Reaction 3 + Intuition 3, the Initiative attributes, for the surprise Initiative Test.',
        rule: { section: 'The Combat Turn', source: 'seed' },
      },
      book('Ganger rolls 6 dice.'),
      { text: 'Ganger rolled 5 6 2 2 3 4: 2 hits.', rule: { section: 'Resolving an Attack', source: 'book' } },
      book(
        'Ghost 3 hits vs Sam 1 hit: Sam is surprised by Ghost and can neither act against nor react to Ghost in the first Initiative Pass.',
      ),
      book(
        'Ghost 3 hits vs Ganger 2 hits: Ganger is surprised by Ghost and can neither act against nor react to Ghost in the first Initiative Pass.',
      ),
      book(
        'Sam 1 hit vs Ganger 2 hits: Sam is surprised by Ganger and can neither act against nor react to Ganger in the first Initiative Pass.',
      ),
      book(
        'Surprised in the first Initiative Pass: Sam by Ghost, Ganger; Ganger by Ghost. The Surprised condition lasts until the second pass begins.',
      ),
    ]);
    expect(r.summary).toBe('Surprise test: Sam by Ghost, Ganger; Ganger by Ghost (first pass)');
    expect(r.effects).toEqual([
      {
        on: { side: 'attackers', index: 1 },
        conditions: [
          {
            conditionId: 'surprised',
            label: 'Surprised by Ghost, Ganger',
            rounds: 1,
            expires: 'pass-end',
            note: 'Surprised by Ghost, Ganger (first pass)',
          },
        ],
      },
      {
        on: { side: 'targets', index: 0 },
        conditions: [
          {
            conditionId: 'surprised',
            label: 'Surprised by Ghost',
            rounds: 1,
            expires: 'pass-end',
            note: 'Surprised by Ghost (first pass)',
          },
        ],
      },
    ]);
    expect(r.result).toEqual({
      hits: { Ghost: 3, Sam: 1, Ganger: 2 },
      surprisedBy: { Sam: ['Ghost', 'Ganger'], Ganger: ['Ghost'] },
      glitches: ['Sam'],
    });
    expect(r.spends).toBeUndefined();
  });

  it('ends an earlier Surprised condition that no longer holds, and replaces one that does', () => {
    const before = { conditionIds: ['surprised'], conditionNotes: { surprised: 'Surprised by Sam (first pass)' } };
    const c2 = ctx([{ ...ghost, ...before }, sam], [{ ...ganger, ...before }]);
    const rolled = [
      stage('surprise-0', [5, 1, 2, 3, 4, 2, 3, 4, 2, 3]),
      stage('surprise-1', [2, 3, 4, 2]),
      stage('surprise-2', [5, 2, 2, 2, 3, 4]),
    ];
    // Ghost 1 hit, Sam 0, Ganger 1: Sam surprised by both; Ghost and Ganger tie.
    const r = wf.resolve({ ...setup }, c2, rolled);
    expect(r.effects).toEqual([
      { on: { side: 'attackers', index: 0 }, removeConditions: ['surprised'] },
      {
        on: { side: 'attackers', index: 1 },
        conditions: [
          {
            conditionId: 'surprised',
            label: 'Surprised by Ghost, Ganger',
            rounds: 1,
            expires: 'pass-end',
            note: 'Surprised by Ghost, Ganger (first pass)',
          },
        ],
      },
      { on: { side: 'targets', index: 0 }, removeConditions: ['surprised'] },
    ]);
    expect(r.steps.at(-3)).toEqual(
      book('Ghost 1 hit vs Ganger 1 hit: a tie, so neither is surprised by the other (only more hits surprise).'),
    );
  });

  it('rolls the Rule of Six for a participant spending Edge', () => {
    const edgeSetup = { ...wf.defaults(c), 'edge.ghost': true };
    // Ghost: 4 + 3 + Edge 2 = 9 dice, two 6s → 2 more dice, one 6 → 1 more die.
    const first = [stage('surprise-0', [6, 6, 1, 2, 3, 4, 2, 3, 4])];
    expect(wf.nextStage(edgeSetup, c, first)).toEqual({
      id: 'surprise-0-six-1',
      label: 'Rule of Six: Ghost rolls 2 more dice for the 2 sixes',
      roller: 'Ghost',
      count: 2,
      sides: 6,
    });
    const rolled = [
      ...first,
      stage('surprise-0-six-1', [6, 2]),
      stage('surprise-0-six-2', [5]),
      stage('surprise-1', [2, 2, 2, 2]),
      stage('surprise-2', [2, 2, 2, 2, 2, 2]),
    ];
    const r = wf.resolve(edgeSetup, c, rolled);
    expect(r.steps).toContainEqual({
      text: 'Ghost rolled 6 6 1 2 3 4 2 3 4, Rule of Six 6 2 / 5: 4 hits.',
      rule: { section: 'Resolving an Attack', source: 'book' },
    });
    expect((r.result as { hits: Record<string, number> }).hits).toEqual({ Ghost: 4, Sam: 0, Ganger: 0 });
  });
});

describe('surprise odds', () => {
  it('give each one’s chance of being surprised and each pair across the sides, as a seeded run finds them', () => {
    const c = ctx([ghost], [ganger, sam]);
    const setup = { ...wf.defaults(c), 'stance.ganger': 'ambushing-blind' };
    const odds = wf.odds(setup, c);
    expect(odds.figures.map((f) => f.label)).toEqual([
      'Ghost surprised',
      'Ganger surprised',
      'Sam surprised',
      'Ghost surprises Ganger',
      'Ghost surprises Sam',
      'Ganger surprises Ghost',
      'Sam surprises Ghost',
    ]);
    const source = createSeededSource('surprise-workflow');
    const runs = 6000;
    const counts = new Map<string, number>();
    for (let i = 0; i < runs; i++) {
      const { resolution } = rollAll(wf, setup, c, source);
      const by = (resolution.result as { surprisedBy: Record<string, string[]> }).surprisedBy;
      for (const [whom, list] of Object.entries(by)) {
        counts.set(`${whom} surprised`, (counts.get(`${whom} surprised`) ?? 0) + 1);
        for (const who of list)
          counts.set(`${who} surprises ${whom}`, (counts.get(`${who} surprises ${whom}`) ?? 0) + 1);
      }
    }
    for (const figure of odds.figures)
      expect(Math.abs((counts.get(figure.label) ?? 0) / runs - figure.value), figure.label).toBeLessThan(0.025);
  });
});

describe('what surprise forbids an attack', () => {
  const surprisedGanger = {
    ...ganger,
    conditionIds: ['surprised'],
    conditionNotes: { surprised: 'Surprised by Ghost (first pass)' },
  };
  const attack = (turn?: ResolveContext['turn']) => ctx([surprisedGanger], [ghost], turn ? { turn } : {});
  const refusal =
    'Ganger is surprised by Ghost and cannot act against Ghost in the first Initiative Pass (a surprised character may not act toward or react to those who surprised them); from the second pass on, Ganger can.';

  it('refuses a surprised attacker against the surpriser in the first pass, and before the start', () => {
    for (const c of [attack({ round: 1, pass: 1 }), attack()]) {
      expect(rangedAttack.problems(rangedAttack.defaults(c), c)).toEqual([refusal]);
      expect(meleeAttack.problems(meleeAttack.defaults(c), c)).toEqual([refusal]);
    }
  });

  it('allows the same attack from the second pass, and against someone else', () => {
    const pass2 = attack({ round: 1, pass: 2 });
    expect(rangedAttack.problems(rangedAttack.defaults(pass2), pass2)).toEqual([]);
    const other = ctx([surprisedGanger], [sam], { turn: { round: 1, pass: 1 } });
    expect(rangedAttack.problems(rangedAttack.defaults(other), other)).toEqual([]);
  });

  it('gives the surprised target no defence roll against the surpriser in the first pass', () => {
    const c = ctx([ghost], [surprisedGanger], { turn: { round: 1, pass: 1 } });
    const setup = rangedAttack.defaults(c);
    expect(rangedAttack.problems(setup, c)).toEqual([]);
    const rolled = [stage('attack', [5, 5, 1, 2, 3, 4])];
    // No defence stage: straight to damage resistance.
    expect(rangedAttack.nextStage(setup, c, rolled)?.id).toBe('soak');
    const r = rangedAttack.resolve(setup, c, [...rolled, stage('soak', [1, 1, 1])]);
    expect(r.steps).toContainEqual(
      book(
        'Ganger is surprised by Ghost and cannot react to their attack in the first Initiative Pass: no defence roll.',
      ),
    );
    expect(rangedAttack.problems({ ...setup, fullDefense: true }, c)).toEqual([
      'Ganger is surprised by Ghost and cannot go on Full Defense.',
    ]);
    const pass2 = { ...c, turn: { round: 1, pass: 2 } };
    expect(rangedAttack.nextStage(setup, pass2, rolled)?.id).toBe('defence');
  });

  it('applies to a grenade too: not thrown at a blast holding the surpriser, no dodge for a surprised target', () => {
    const thrower = ctx([surprisedGanger], [sam, ghost], { turn: { round: 1, pass: 1 } });
    expect(explosiveAttack.problems(explosiveAttack.defaults(thrower), thrower)).toContain(refusal);
    const atGanger = ctx([ghost], [surprisedGanger], { turn: { round: 1, pass: 1 } });
    const setup = explosiveAttack.defaults(atGanger);
    expect(explosiveAttack.problems(setup, atGanger)).toEqual([]);
    const attack = explosiveAttack.nextStage(setup, atGanger, [])!;
    const rolled = [stage(attack.id, Array<number>(attack.count).fill(2))];
    expect(explosiveAttack.nextStage(setup, atGanger, rolled)?.id).toBe('scatter');
    const pass2 = { ...atGanger, turn: { round: 1, pass: 2 } };
    expect(explosiveAttack.nextStage(setup, pass2, rolled)?.id).toBe('defence');
  });
});
