import type { ExplainStep } from '../../system-kit/rule-system';
import { RulesError, requireFaces } from '../../errors';
import { plural, SECTION, step } from './sections';
import type { GlitchRule } from './toggles';

/** A die showing 5 or 6 is a hit. */
export const HIT_FACE = 5;
/** The largest dice pool accepted anywhere in this system (real pools rarely pass 40). */
export const MAX_POOL = 100;

export type EdgeUse = 'none' | 'push-the-limit' | 'second-chance' | 'negate-glitch';

/** The outcome of one Success Test roll (hits, glitches), explained. */
export interface TestResult {
  /** Faces of the dice pool as finally read (after a Second Chance reroll). */
  readonly faces: readonly number[];
  /** Extra dice rolled for 6s under the Rule of Six (push the limit), in rolling order. */
  readonly explosions: readonly number[];
  readonly dice: number;
  readonly hits: number;
  readonly ones: number;
  readonly glitch: boolean;
  readonly criticalGlitch: boolean;
  /** How Edge was used on this test (at most one point of Edge per test). */
  readonly edge: EdgeUse;
  readonly steps: readonly ExplainStep[];
}

export function countHits(faces: readonly number[]): number {
  let hits = 0;
  for (const face of faces) if (face >= HIT_FACE) hits++;
  return hits;
}

export function countOnes(faces: readonly number[]): number {
  let ones = 0;
  for (const face of faces) if (face === 1) ones++;
  return ones;
}

/**
 * The fewest 1s that make a glitch on `dice` dice: SR4 half or more (⌈n/2⌉), SR5 more than
 * half (⌊n/2⌋ + 1). An empty pool cannot glitch: Infinity.
 */
export function glitchThreshold(dice: number, rule: GlitchRule): number {
  if (dice <= 0) return Number.POSITIVE_INFINITY;
  return rule === 'sr4' ? Math.ceil(dice / 2) : Math.floor(dice / 2) + 1;
}

export function isGlitch(ones: number, dice: number, rule: GlitchRule): boolean {
  return ones >= glitchThreshold(dice, rule);
}

function glitchSentence(dice: number, ones: number, rule: GlitchRule, glitch: boolean, critical: boolean): string {
  const need = glitchThreshold(dice, rule);
  const ruleText = rule === 'sr4' ? 'half or more' : 'more than half';
  if (dice === 0) return 'No dice were rolled, so there can be no glitch.';
  if (!glitch)
    return `${plural(ones, 'die shows', 'dice show')} 1 of ${dice}; a glitch needs ${ruleText} (${need}), so no glitch.`;
  return critical
    ? `${plural(ones, 'die shows', 'dice show')} 1 of ${dice} (${ruleText}: ${need}) with no hits: a critical glitch.`
    : `${plural(ones, 'die shows', 'dice show')} 1 of ${dice} (${ruleText}: ${need}): a glitch.`;
}

function glitchSource(rule: GlitchRule): 'book' | 'default' {
  return rule === 'sr4' ? 'book' : 'default';
}

/** Reads a plain roll: hits on 5–6, glitch and critical glitch by the chosen glitch rule. */
export function evaluateTest(faces: readonly number[], glitchRule: GlitchRule, label = 'dice'): TestResult {
  requireFaces(label, faces, 6, MAX_POOL);
  const hits = countHits(faces);
  const ones = countOnes(faces);
  const glitch = isGlitch(ones, faces.length, glitchRule);
  const criticalGlitch = glitch && hits === 0;
  return {
    faces: [...faces],
    explosions: [],
    dice: faces.length,
    hits,
    ones,
    glitch,
    criticalGlitch,
    edge: 'none',
    steps: [
      step(
        `${plural(hits, 'die shows', 'dice show')} 5 or 6 of ${faces.length}: ${plural(hits, 'hit', 'hits')}.`,
        SECTION.resolvingAttack,
        'book',
      ),
      step(
        glitchSentence(faces.length, ones, glitchRule, glitch, criticalGlitch),
        SECTION.combatTurn,
        glitchSource(glitchRule),
      ),
    ],
  };
}

/**
 * Edge before the roll ("push the limit"): the pool already includes the Edge dice, and every 6
 * explodes (Rule of Six): it is rerolled and a hit on the reroll counts too, again and again.
 * `explosions` are the extra dice in rolling order; there must be exactly one per 6 rolled
 * (including 6s among the extra dice). Glitches are judged on the pool's own dice only
 * (our default: an exploded die already scored a 6, so its reroll cannot make it a 1).
 */
export function pushTheLimit(
  faces: readonly number[],
  explosions: readonly number[],
  glitchRule: GlitchRule,
): TestResult {
  const base = evaluateTest(faces, glitchRule);
  requireFaces('explosions', explosions, 6, MAX_POOL * 10);
  const needed = base.faces.filter((f) => f === 6).length + explosions.filter((f) => f === 6).length;
  if (explosions.length !== needed) {
    throw new RulesError(
      'invalid-input',
      `The Rule of Six needs exactly one extra die per 6 rolled (${needed} here, counting 6s on the extra dice), but ${explosions.length} extra ${explosions.length === 1 ? 'die was' : 'dice were'} given.`,
      { needed, given: explosions.length },
    );
  }
  const extraHits = countHits(explosions);
  return {
    ...base,
    explosions: [...explosions],
    hits: base.hits + extraHits,
    criticalGlitch: base.glitch && base.hits + extraHits === 0,
    edge: 'push-the-limit',
    steps: [
      step(
        `Edge spent before the roll: Edge dice were added and every 6 exploded (Rule of Six); ${plural(explosions.length, 'extra die', 'extra dice')} added ${plural(extraHits, 'hit', 'hits')}, ${plural(base.hits + extraHits, 'hit', 'hits')} in all.`,
        SECTION.combatTurn,
        'book',
      ),
      ...base.steps.slice(1),
      step(
        "Only the pool's own dice count toward a glitch; the Rule of Six rerolls never do.",
        SECTION.combatTurn,
        'default',
      ),
    ],
  };
}

/**
 * Edge after the roll ("second chance"): every die that did not score a hit is rerolled once.
 * `rerolls` are the new faces for the missed dice, in position order. Hits and glitches are read
 * from the final dice (our default).
 */
export function secondChance(faces: readonly number[], rerolls: readonly number[], glitchRule: GlitchRule): TestResult {
  const first = evaluateTest(faces, glitchRule);
  requireFaces('rerolls', rerolls, 6, MAX_POOL);
  const misses = first.dice - first.hits;
  if (rerolls.length !== misses) {
    throw new RulesError(
      'invalid-input',
      `A second chance rerolls every die that missed (${misses} here), but ${rerolls.length} new ${rerolls.length === 1 ? 'face was' : 'faces were'} given.`,
      { misses, given: rerolls.length },
    );
  }
  let next = 0;
  const final = first.faces.map((face) => (face >= HIT_FACE ? face : rerolls[next++]!));
  const result = evaluateTest(final, glitchRule);
  return {
    ...result,
    edge: 'second-chance',
    steps: [
      step(
        `Edge spent after the roll: the ${plural(misses, 'die', 'dice')} that missed ${misses === 1 ? 'was' : 'were'} rerolled, ${plural(countHits(rerolls), 'new hit', 'new hits')}.`,
        SECTION.combatTurn,
        'book',
      ),
      ...result.steps,
      step('The glitch is read from the dice as they stand after the reroll.', SECTION.combatTurn, 'default'),
    ],
  };
}

/**
 * Spends Edge to negate the effects of a glitch or critical glitch. Only one point of Edge may be
 * spent on a test, so a test that already used Edge cannot be saved this way.
 */
export function negateGlitch(result: TestResult): TestResult {
  if (result.edge !== 'none') {
    throw new RulesError(
      'not-allowed',
      'Only one point of Edge may be spent on a test, and this test already used Edge.',
    );
  }
  if (!result.glitch) {
    throw new RulesError('not-allowed', 'There is no glitch to negate on this roll.');
  }
  return {
    ...result,
    glitch: false,
    criticalGlitch: false,
    edge: 'negate-glitch',
    steps: [
      ...result.steps,
      step(
        `Edge spent to negate the ${result.criticalGlitch ? 'critical glitch' : 'glitch'}: it has no effect.`,
        SECTION.combatTurn,
        'book',
      ),
    ],
  };
}
