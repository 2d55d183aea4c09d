import { describe, expect, it } from 'vitest';
import { createSeededSource, rollDice } from '../../dice/random';
import { explodingHitDistribution, hitDistribution } from './odds';
import {
  noteNames,
  pairOutcome,
  pairStep,
  surprisedBy,
  surprisedLabel,
  surprisedNote,
  surpriseOdds,
  surprisePool,
  type SurpriseEntrant,
} from './surprise';

const OTHER = 'Other Combat Factors';
const book = (text: string) => ({ text, rule: { section: OTHER, source: 'book' } });

const entrant = (name: string, side: string, hits: number, awareAmbusher = false): SurpriseEntrant => ({
  name,
  side,
  hits,
  awareAmbusher,
});

describe('the surprise pool: Reaction + Intuition and the book’s modifiers', () => {
  const base = { name: 'Ghost', reaction: 4, intuition: 3, stance: 'ready', woundModifier: 0, other: 0, edgeDice: 0 } as const;

  it('is the Initiative attributes alone when nothing applies', () => {
    expect(surprisePool(base)).toEqual({
      dice: 7,
      label: 'Reaction 4 + Intuition 3',
      steps: [
        {
          text: 'Ghost rolls Reaction 4 + Intuition 3, the Initiative attributes, for the surprise Initiative Test.',
          rule: { section: 'The Combat Turn', source: 'seed' },
        },
        book('Ghost rolls 7 dice.'),
      ],
    });
  });

  it('adds +3 alerted, +6 ambushing (aware or not), wounds, the GM’s modifier and Edge, each with its rule', () => {
    const all = surprisePool({ ...base, stance: 'alerted', woundModifier: -1, other: 2, edgeDice: 3 });
    // 4 + 3 + 3 − 1 + 2 + 3 = 14
    expect(all.dice).toBe(14);
    expect(all.label).toBe('Reaction 4 + Intuition 3, alerted +3, wounds −1, other +2, Edge +3');
    expect(all.steps.slice(1)).toEqual([
      book('Ghost was alerted: +3 dice.'),
      { text: "Ghost's wounds: −1 dice, Initiative included.", rule: { section: 'Damage', source: 'seed' } },
      { text: "The GM's other modifier for Ghost: +2 dice.", rule: { section: OTHER, source: 'default' } },
      {
        text: 'Ghost spends Edge before the roll: +3 dice, and every 6 explodes.',
        rule: { section: 'The Combat Turn', source: 'book' },
      },
      book('Ghost rolls 14 dice.'),
    ]);
    for (const stance of ['ambushing', 'ambushing-blind'] as const) {
      const pool = surprisePool({ ...base, stance });
      expect(pool.dice).toBe(13);
      expect(pool.label).toBe('Reaction 4 + Intuition 3, ambushing +6');
      expect(pool.steps[1]).toEqual(book('Ghost lies in ambush: +6 dice.'));
    }
  });

  it('rolls no dice when the modifiers take the pool below zero (our default)', () => {
    const pool = surprisePool({ ...base, reaction: 1, intuition: 1, woundModifier: -3 });
    expect(pool.dice).toBe(0);
    expect(pool.steps.at(-1)).toEqual({
      text: "Ghost's pool is −1 dice after modifiers: no dice, 0 hits.",
      rule: { section: OTHER, source: 'default' },
    });
  });
});

describe('who surprises whom', () => {
  it('more hits surprise, a tie surprises no one', () => {
    const e = [entrant('Ghost', 'a', 3), entrant('Ganger', 'b', 1), entrant('Sam', 'a', 1)];
    expect(pairOutcome(e, 0, 1)).toEqual({ surpriser: 0, surprised: 1, reason: 'more-hits' });
    expect(pairOutcome(e, 1, 0)).toEqual({ surpriser: 0, surprised: 1, reason: 'more-hits' });
    expect(pairOutcome(e, 1, 2)).toEqual({ surpriser: null, surprised: null, reason: 'tie' });
    expect(pairStep(e, 0, 1)).toEqual(
      book(
        'Ghost 3 hits vs Ganger 1 hit: Ganger is surprised by Ghost and can neither act against nor react to Ghost in the first Initiative Pass.',
      ),
    );
    expect(pairStep(e, 1, 2)).toEqual(
      book('Ganger 1 hit vs Sam 1 hit: a tie, so neither is surprised by the other (only more hits surprise).'),
    );
  });

  it('compares every pair, friends included, and lists each one’s surprisers', () => {
    const e = [entrant('Ghost', 'a', 4), entrant('Sam', 'a', 2), entrant('Ganger 1', 'b', 3), entrant('Ganger 2', 'b', 0)];
    // Ghost beats all; Ganger 1 beats Sam and Ganger 2; Sam beats Ganger 2 (and Sam, a friend, is still surprised by Ghost).
    expect(surprisedBy(e)).toEqual([[], [0, 2], [0], [0, 1, 2]]);
  });

  it('surprises nobody when everyone scores the same', () => {
    const e = [entrant('A', 'a', 2), entrant('B', 'b', 2), entrant('C', 'b', 2)];
    expect(surprisedBy(e)).toEqual([[], [], []]);
  });

  it('never lets the prey surprise an aware ambusher, but a blind one can be, and companions still can', () => {
    const e = [entrant('Sniper', 'a', 1, true), entrant('Guard', 'b', 3), entrant('Spotter', 'a', 2)];
    expect(pairOutcome(e, 0, 1)).toEqual({ surpriser: null, surprised: null, reason: 'ambusher' });
    expect(pairStep(e, 0, 1)).toEqual(
      book('Sniper 1 hit vs Guard 3 hits: Sniper lies in ambush aware of Guard, so is not surprised by them.'),
    );
    // The companion on the same side is no prey: more hits surprise as usual.
    expect(surprisedBy(e)).toEqual([[2], [], [1]]);
    const blind = [entrant('Sniper', 'a', 1, false), entrant('Guard', 'b', 3)];
    expect(surprisedBy(blind)).toEqual([[1], []]);
  });
});

describe('surprise odds', () => {
  it('are exact: one die against one die is 1/3 × 2/3', () => {
    const odds = surpriseOdds([
      { name: 'A', side: 'a', awareAmbusher: false, hits: hitDistribution(1) },
      { name: 'B', side: 'b', awareAmbusher: false, hits: hitDistribution(1) },
    ]);
    expect(odds.pair[0]![1]).toBeCloseTo(2 / 9, 12);
    expect(odds.pair[1]![0]).toBeCloseTo(2 / 9, 12);
    expect(odds.pair[0]![0]).toBe(0);
    // With one opponent each, being surprised at all is that opponent's pair chance.
    expect(odds.surprised[0]).toBeCloseTo(2 / 9, 12);
    expect(odds.surprised[1]).toBeCloseTo(2 / 9, 12);
  });

  it('give an aware ambusher no chance of being surprised by the prey', () => {
    const odds = surpriseOdds([
      { name: 'A', side: 'a', awareAmbusher: true, hits: hitDistribution(2) },
      { name: 'B', side: 'b', awareAmbusher: false, hits: hitDistribution(8) },
    ]);
    expect(odds.pair[1]![0]).toBe(0);
    expect(odds.surprised[0]).toBe(0);
  });

  it('match a seeded simulation of three rollers, one with Edge', () => {
    const pools = [
      { name: 'Ghost', side: 'a', awareAmbusher: false, dice: 7, exploding: true },
      { name: 'Ganger 1', side: 'b', awareAmbusher: false, dice: 6, exploding: false },
      { name: 'Ganger 2', side: 'b', awareAmbusher: false, dice: 4, exploding: false },
    ];
    const odds = surpriseOdds(
      pools.map((p) => ({ ...p, hits: p.exploding ? explodingHitDistribution(p.dice) : hitDistribution(p.dice) })),
    );
    const source = createSeededSource('surprise-odds');
    const runs = 20_000;
    const pair = pools.map(() => pools.map(() => 0));
    const surprised = pools.map(() => 0);
    const hitsOf = (dice: number, exploding: boolean) => {
      let hits = 0;
      for (let left = dice; left > 0; ) {
        const faces = rollDice(source, left, 6);
        hits += faces.filter((f) => f >= 5).length;
        left = exploding ? faces.filter((f) => f === 6).length : 0;
      }
      return hits;
    };
    for (let run = 0; run < runs; run++) {
      const hits = pools.map((p) => hitsOf(p.dice, p.exploding));
      const entrants = pools.map((p, i) => entrant(p.name, p.side, hits[i]!));
      surprisedBy(entrants).forEach((by, j) => {
        if (by.length) surprised[j]!++;
        for (const i of by) pair[i]![j]!++;
      });
    }
    pools.forEach((_, i) => {
      expect(Math.abs(surprised[i]! / runs - odds.surprised[i]!)).toBeLessThan(0.015);
      pools.forEach((__, j) => expect(Math.abs(pair[i]![j]! / runs - odds.pair[i]![j]!)).toBeLessThan(0.015));
    });
  });
});

describe('the Surprised note and label', () => {
  it('name the surprisers, and are read back by name only whole', () => {
    const note = surprisedNote(['Ghost', 'Ganger 1', 'Smith, J.']);
    expect(note).toBe('Surprised by Ghost, Ganger 1, Smith, J. (first pass)');
    expect(noteNames(note, 'Ghost')).toBe(true);
    expect(noteNames(note, 'Ganger 1')).toBe(true);
    expect(noteNames(note, 'Smith, J.')).toBe(true);
    expect(noteNames(note, 'Ganger 10')).toBe(false);
    expect(noteNames(note, 'Ganger')).toBe(false);
    expect(noteNames(surprisedNote(['Ghost']), 'Ghost')).toBe(true);
    expect(noteNames('Ambushed by Ghost', 'Ghost')).toBe(false);
    expect(surprisedLabel(['Ghost', 'Sam'])).toBe('Surprised by Ghost, Sam');
    const many = Array.from({ length: 12 }, (_, i) => `Ganger ${i + 1}`);
    expect(surprisedLabel(many)).toBe('Surprised by 12 others (see note)');
  });
});
