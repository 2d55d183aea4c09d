import { RulesError, requireInteger } from '../../errors';
import type { ExplainStep } from '../../system-kit/rule-system';
import { RULES } from './sections';
import { DEFAULT_TOGGLES, type LuckyOverTn } from './toggles';

/** Lowest and highest target numbers accepted: wide enough for any stack of modifiers, narrow enough to catch typos. */
export const MIN_TN = -100;
export const MAX_TN = 200;

export type Critical = 'success' | 'failure' | null;

/** Who is rolling, for criticals: a PC with lucky / unlucky numbers, or an NPC (01–03 / 98–100). */
export interface CritProfile {
  readonly npc?: boolean;
  readonly lucky?: readonly number[];
  readonly unlucky?: readonly number[];
}

export interface TestInput extends CritProfile {
  readonly tn: number;
  readonly roll: number;
}

export interface TestResult {
  readonly tn: number;
  readonly roll: number;
  readonly success: boolean;
  readonly critical: Critical;
  /** DoS on a success, DoF on a failure. */
  readonly degrees: number;
  readonly steps: ExplainStep[];
}

/** Lookup of the 100 faces of a d100: 0 = ordinary, 1 = critical success, 2 = critical failure. Index 0 is unused. */
export type CritTable = Uint8Array;

export const NPC_CRITICAL_SUCCESS: readonly number[] = [1, 2, 3];
export const NPC_CRITICAL_FAILURE: readonly number[] = [98, 99, 100];

function checkNumberList(name: string, list: readonly number[]): void {
  const seen = new Set<number>();
  list.forEach((n, i) => {
    requireInteger(`${name}[${i}]`, n, 1, 100);
    if (seen.has(n)) {
      throw new RulesError('invalid-input', `${name} lists ${n} twice; each number may appear once.`, { name, n });
    }
    seen.add(n);
  });
}

/** Validates a crit profile and turns it into a 101-entry lookup. */
export function critTable(profile: CritProfile): CritTable {
  const table = new Uint8Array(101);
  const lucky = profile.lucky ?? [];
  const unlucky = profile.unlucky ?? [];
  if (profile.npc === true) {
    if (lucky.length > 0 || unlucky.length > 0) {
      throw new RulesError(
        'invalid-input',
        'An NPC crits on 01–03 and fumbles on 98–100; give lucky/unlucky numbers only for a PC (npc unset or false).',
      );
    }
    for (const n of NPC_CRITICAL_SUCCESS) table[n] = 1;
    for (const n of NPC_CRITICAL_FAILURE) table[n] = 2;
    return table;
  }
  checkNumberList('lucky', lucky);
  checkNumberList('unlucky', unlucky);
  for (const n of lucky) table[n] = 1;
  for (const n of unlucky) {
    if (table[n] === 1) {
      throw new RulesError('invalid-input', `${n} is both a lucky and an unlucky number; it can only be one.`, { n });
    }
    table[n] = 2;
  }
  return table;
}

/** Ordinal of a test result, used to compare two tests: 0 critical failure, 1 failure, 2 success, 3 critical success. */
export type TestCategory = 0 | 1 | 2 | 3;
export const CRIT_FAIL = 0;
export const FAIL = 1;
export const SUCCESS = 2;
export const CRIT_SUCCESS = 3;

/** Degrees of success of a success: the tens digit of the roll, at least 1 (a roll of 100 gives 10). */
export function degreesOfSuccess(roll: number): number {
  return Math.max(1, Math.floor(roll / 10));
}

/** Degrees of failure: 1 + the tens digit of (roll − TN). */
export function degreesOfFailure(roll: number, tn: number): number {
  return 1 + Math.floor((roll - tn) / 10);
}

/**
 * The bare classification of one roll, no explanation: the hot path of the exact odds.
 * Returns category and degrees packed as category + 4 × degrees.
 */
export function classifyPacked(roll: number, tn: number, crits: CritTable, luckyOverTn: LuckyOverTn): number {
  const crit = crits[roll]!;
  if (crit === 1) {
    const degrees = roll > tn && luckyOverTn === 'one' ? 1 : degreesOfSuccess(roll);
    return CRIT_SUCCESS + 4 * degrees;
  }
  if (crit === 2) return CRIT_FAIL + 4 * (roll <= tn ? 1 : degreesOfFailure(roll, tn));
  if (roll <= tn) return SUCCESS + 4 * degreesOfSuccess(roll);
  return FAIL + 4 * degreesOfFailure(roll, tn);
}

export function requireTn(name: string, tn: unknown): number {
  return requireInteger(name, tn, MIN_TN, MAX_TN);
}

export function requireD100(name: string, roll: unknown): number {
  return requireInteger(name, roll, 1, 100);
}

/** A d100 test: success when the roll is at or under the TN; lucky/unlucky numbers (or NPC 01–03 / 98–100) crit regardless of TN. */
export function resolveTest(
  input: TestInput,
  luckyOverTn: LuckyOverTn = DEFAULT_TOGGLES.luckyOverTnDegrees,
): TestResult {
  const tn = requireTn('tn', input.tn);
  const roll = requireD100('roll', input.roll);
  const crits = critTable(input);
  const packed = classifyPacked(roll, tn, crits, luckyOverTn);
  const category = packed & 3;
  const degrees = packed >> 2;
  const success = category >= SUCCESS;
  const critical: Critical = category === CRIT_SUCCESS ? 'success' : category === CRIT_FAIL ? 'failure' : null;
  const steps: ExplainStep[] = [];
  const who = input.npc === true ? 'NPC' : 'PC';
  if (critical === 'success') {
    steps.push({
      text:
        input.npc === true
          ? `An NPC rolling ${roll} (01–03) critically succeeds, whatever the TN (${tn}).`
          : `${roll} is one of this PC's lucky numbers: a critical success, whatever the TN (${tn}).`,
      rule: RULES.criticals,
    });
    if (roll > tn) {
      steps.push({
        text:
          luckyOverTn === 'one'
            ? `The roll is above the TN, so the critical success counts 1 degree of success.`
            : `Degrees of success are the tens digit of the roll (at least 1): ${degrees}.`,
        rule: RULES.luckyOverTn,
      });
    } else {
      steps.push({
        text: `Degrees of success are the tens digit of the roll (at least 1): ${degrees}.`,
        rule: RULES.tests,
      });
    }
  } else if (critical === 'failure') {
    steps.push({
      text:
        input.npc === true
          ? `An NPC rolling ${roll} (98–100) critically fails, whatever the TN (${tn}).`
          : `${roll} is one of this PC's unlucky numbers: a critical failure, whatever the TN (${tn}).`,
      rule: RULES.criticals,
    });
    steps.push({
      text:
        roll <= tn
          ? `The roll is at or under the TN, so the critical failure counts 1 degree of failure.`
          : `Degrees of failure are 1 + the tens digit of ${roll} − ${tn} = ${roll - tn}: ${degrees}.`,
      rule: RULES.criticals,
    });
  } else if (success) {
    steps.push({
      text: `${roll} is at or under the TN ${tn}: a success with ${degrees} degree${degrees === 1 ? '' : 's'} of success (tens digit of the roll, at least 1${roll === 100 ? '; 100 gives 10' : ''}).`,
      rule: RULES.tests,
    });
  } else {
    steps.push({
      text: `${roll} is over the TN ${tn}: a failure with ${degrees} degree${degrees === 1 ? '' : 's'} of failure (1 + tens digit of ${roll - tn}).`,
      rule: RULES.tests,
    });
  }
  if (
    critical === null &&
    input.npc !== true &&
    (input.lucky ?? []).length === 0 &&
    (input.unlucky ?? []).length === 0
  ) {
    steps.push({
      text: `This ${who} has no lucky or unlucky numbers listed, so the roll cannot crit.`,
      rule: RULES.criticals,
    });
  }
  return { tn, roll, success, critical, degrees, steps };
}

/** Skill ranks (book): Novice +0 … Master +50; untrained is −20 instead of a rank. */
export const SKILL_RANKS = ['Novice', 'Apprentice', 'Journeyman', 'Adept', 'Expert', 'Master'] as const;
export const MAX_SKILL_RANK = SKILL_RANKS.length - 1;

export interface SkillTnInput {
  readonly characteristic: number;
  /** 0 (Novice) to 5 (Master); `null` or omitted with `trained: false` = untrained. */
  readonly rank?: number | null;
  readonly trained?: boolean;
  /** The weapon is part of the character's combat style (false: −20, as untrained). */
  readonly inStyle?: boolean;
  /** The character has a wound (−20 to all tests). */
  readonly wounded?: boolean;
  /** Any other situational modifier, already summed. */
  readonly modifier?: number;
}

export interface SkillTnResult {
  readonly tn: number;
  readonly steps: ExplainStep[];
}

/** Skill (or combat style) TN = characteristic + 10 × rank; untrained −20; weapon outside the combat style −20; wounded −20. */
export function skillTn(input: SkillTnInput): SkillTnResult {
  const characteristic = requireInteger('characteristic', input.characteristic, 0, 200);
  const trained = input.trained ?? input.rank !== null;
  if (!trained && input.rank !== undefined && input.rank !== null) {
    throw new RulesError('invalid-input', 'An untrained skill has no rank; leave rank out or set trained to true.');
  }
  const steps: ExplainStep[] = [];
  let tn = characteristic;
  if (trained) {
    const rank = requireInteger('rank', input.rank ?? 0, 0, MAX_SKILL_RANK);
    tn += 10 * rank;
    steps.push({
      text: `Characteristic ${characteristic} + 10 × rank ${rank} (${SKILL_RANKS[rank]}) = ${tn}.`,
      rule: RULES.tests,
    });
  } else {
    tn -= 20;
    steps.push({ text: `Untrained: characteristic ${characteristic} − 20 = ${tn}.`, rule: RULES.tests });
  }
  if (input.inStyle === false) {
    tn -= 20;
    steps.push({
      text: `The weapon is not in the combat style: −20 (the untrained penalty) → ${tn}.`,
      rule: RULES.attack,
    });
  }
  if (input.wounded === true) {
    tn -= 20;
    steps.push({ text: `Wounded: −20 to tests → ${tn}.`, rule: RULES.woundEffects });
  }
  if (input.modifier !== undefined && input.modifier !== 0) {
    const modifier = requireInteger('modifier', input.modifier, -200, 200);
    tn += modifier;
    steps.push({ text: `Other modifiers ${modifier > 0 ? '+' : ''}${modifier} → ${tn}.`, rule: RULES.tests });
  }
  requireTn('The resulting TN', tn);
  return { tn, steps };
}
