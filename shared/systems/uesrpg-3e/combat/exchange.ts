import { RulesError, requireInteger } from '../../../errors';
import type { ExplainStep } from '../../../system-kit/rule-system';
import {
  CRIT_FAIL,
  CRIT_SUCCESS,
  SUCCESS,
  classifyPacked,
  critTable,
  resolveTest,
  type CritProfile,
  type TestResult,
} from '../d100';
import { RULES } from '../sections';
import { describeTest } from './test-wording';
import { DEFAULT_TOGGLES, type LuckyOverTn } from '../toggles';
import { type HitLocation, LOCATION_LABELS, locationOfDigit } from './hit-location';

// ---------------------------------------------------------------------------
// The combat roll
// ---------------------------------------------------------------------------

export type DefenseType = 'none' | 'evade' | 'parry' | 'block' | 'counter';
export const DEFENSE_TYPES: readonly DefenseType[] = ['none', 'evade', 'parry', 'block', 'counter'];
export type CombatOutcome = 'hit' | 'miss' | 'blocked' | 'counter';
export type Side = 'attacker' | 'defender';

export interface AttackInput extends CritProfile {
  readonly tn: number;
  readonly roll: number;
  /** A ranged attack: cannot be parried or counter-attacked, never gains Advantage. */
  readonly ranged?: boolean;
  /** A spell attack: never gains Advantage. */
  readonly spell?: boolean;
  /** An area-of-effect attack: only Evade or Block, resolved against the body. */
  readonly area?: boolean;
}

export interface DefenseInput extends CritProfile {
  readonly type: DefenseType;
  readonly tn?: number;
  readonly roll?: number;
  /** Action Points left; with 0 AP every defence fails automatically. */
  readonly ap?: number;
  /** Unaware defenders cannot defend. */
  readonly aware?: boolean;
  /** Area attacks: whether the 1 m Evade move carries the defender out of the area. */
  readonly leavesArea?: boolean;
}

export interface CombatResult {
  readonly outcome: CombatOutcome;
  /** Who won the exchange (null when nothing resolves). */
  readonly winner: Side | null;
  /** Advantages gained by the winner. */
  readonly advantages: number;
  readonly advantageTo: Side | null;
  /** Where the hit lands: for `hit` from the attack roll, for `counter` from the counter-attacker's roll; area attacks hit the body. */
  readonly location?: HitLocation;
  /** Area attack stopped by a Block: the damage is halved (round up) and resolved against the body. */
  readonly areaDamage?: 'full' | 'half';
  readonly attack: TestResult;
  /** The defence test, or null when the defender did not (or could not) roll. */
  readonly defense: TestResult | null;
  /** The defence that actually applied (`none` when unaware or out of AP). */
  readonly effectiveDefense: DefenseType;
  readonly steps: ExplainStep[];
}

/** Outcome codes used by the packed decision (also by the exact odds). */
export const OUTCOME_HIT = 0;
export const OUTCOME_MISS = 1;
export const OUTCOME_BLOCKED = 2;
export const OUTCOME_COUNTER = 3;
export const OUTCOMES: readonly CombatOutcome[] = ['hit', 'miss', 'blocked', 'counter'];
/** Reason codes, for the explanation only. */
const WHY_NOTHING_BOTH_CRIT = 0;
const WHY_NOTHING_BOTH_FAIL = 1;
const WHY_NOTHING_EQUAL = 2;
const WHY_ONE_FAILED = 3;
const WHY_CRIT_BEATS_SUCCESS = 4;
const WHY_DOS = 5;
const WHY_BLOCK = 6;

export interface ExchangeContext {
  readonly defense: DefenseType;
  /** Ranged attacks and spells: 0 Advantages to either side. */
  readonly noAdvantage: boolean;
  readonly area: boolean;
  readonly leavesArea: boolean;
}

const DEFENSE_CODE: Readonly<Record<DefenseType, number>> = { none: 0, evade: 1, parry: 2, block: 3, counter: 4 };

/**
 * Steps 3 and 4 of the combat roll on two classified tests, packed into one integer so the
 * exact odds can enumerate all 10,000 roll pairs quickly:
 *   outcome (0–3) | advantages << 2 | winner (0 none, 1 attacker, 2 defender) << 4 | reason << 6.
 * `attack` and `defense` are `classifyPacked` values; a defence of `none` is passed as a plain failure.
 */
export function decideExchange(
  attack: number,
  defense: number,
  defenseCode: number,
  noAdvantage: boolean,
  area: boolean,
  leavesArea: boolean,
): number {
  const aCat = attack & 3;
  const dCat = defense & 3;
  const aWins = aCat >= SUCCESS;
  const dWins = dCat >= SUCCESS;
  let winner = 0;
  let advantages = 0;
  let reason: number;
  if (aCat === CRIT_SUCCESS && dCat === CRIT_SUCCESS) {
    reason = WHY_NOTHING_BOTH_CRIT;
  } else if (!aWins && !dWins) {
    reason = WHY_NOTHING_BOTH_FAIL;
  } else if (aWins && !dWins) {
    winner = 1;
    advantages = aCat === CRIT_SUCCESS || dCat === CRIT_FAIL ? 2 : 0;
    reason = WHY_ONE_FAILED;
  } else if (!aWins && dWins) {
    winner = 2;
    advantages = dCat === CRIT_SUCCESS || aCat === CRIT_FAIL ? 2 : 0;
    reason = WHY_ONE_FAILED;
  } else if (aCat === CRIT_SUCCESS) {
    winner = 1;
    advantages = 1;
    reason = WHY_CRIT_BEATS_SUCCESS;
  } else if (dCat === CRIT_SUCCESS) {
    winner = 2;
    advantages = 1;
    reason = WHY_CRIT_BEATS_SUCCESS;
  } else if (defenseCode === 3) {
    // Both normal successes against a Block: the attack is always blocked.
    winner = 2;
    reason = WHY_BLOCK;
  } else {
    const aDos = attack >> 2;
    const dDos = defense >> 2;
    if (aDos > dDos) winner = 1;
    else if (defenseCode !== 4 || dDos > aDos) winner = 2;
    reason = winner === 0 ? WHY_NOTHING_EQUAL : WHY_DOS;
  }
  if (noAdvantage) advantages = 0;
  let outcome: number;
  if (winner === 0) outcome = OUTCOME_MISS;
  else if (winner === 1) outcome = OUTCOME_HIT;
  // Seed, Step 2: a Counter-Attack is two simultaneous attacks, so the counter-attacker hits
  // whenever they win the exchange, the attacker's failed attack included (RULES-NOTES §2).
  else if (defenseCode === 4) outcome = OUTCOME_COUNTER;
  else if (!aWins)
    outcome = OUTCOME_MISS; // any other defence only stops a failed attack
  else if (defenseCode === 3) outcome = OUTCOME_BLOCKED;
  else if (area && defenseCode === 1 && !leavesArea)
    outcome = OUTCOME_HIT; // evaded 1 m but still inside the area
  else outcome = OUTCOME_MISS;
  return outcome | (advantages << 2) | (winner << 4) | (reason << 6);
}

function sideName(code: number): Side | null {
  return code === 1 ? 'attacker' : code === 2 ? 'defender' : null;
}

/** Checks that the chosen defence is allowed against this attack. */
export function checkDefenseAllowed(attack: Pick<AttackInput, 'ranged' | 'area'>, type: DefenseType): void {
  if (!DEFENSE_TYPES.includes(type)) {
    throw new RulesError(
      'invalid-input',
      `Unknown defence "${String(type)}"; choose none, evade, parry, block or counter.`,
    );
  }
  if (attack.ranged === true && (type === 'parry' || type === 'counter')) {
    throw new RulesError(
      'not-allowed',
      `A ranged attack cannot be ${type === 'parry' ? 'parried' : 'counter-attacked'}; the defender may Evade, Block or not defend.`,
    );
  }
  if (attack.area === true && (type === 'parry' || type === 'counter')) {
    throw new RulesError('not-allowed', 'An area-of-effect attack can only be defended by Evade or Block.');
  }
}

/**
 * The combat roll (attack test against the defence chosen before the roll), steps 1–4 of the seed.
 * Defence `none`, an unaware defender or one with 0 AP counts as a failed defence roll.
 */
export function resolveCombat(
  attackInput: AttackInput,
  defenseInput: DefenseInput,
  luckyOverTn: LuckyOverTn = DEFAULT_TOGGLES.luckyOverTnDegrees,
): CombatResult {
  checkDefenseAllowed(attackInput, defenseInput.type);
  const steps: ExplainStep[] = [];
  const attack = resolveTest(attackInput, luckyOverTn);
  const kind =
    attackInput.area === true
      ? 'area attack'
      : attackInput.ranged === true
        ? 'ranged attack'
        : attackInput.spell === true
          ? 'spell attack'
          : 'melee attack';
  steps.push({
    text: `Attack (${kind}): rolled ${attack.roll} against TN ${attack.tn} → ${describeTest(attack)}.`,
    rule: RULES.attack,
  });

  let effective: DefenseType = defenseInput.type;
  if (effective !== 'none') {
    if (defenseInput.aware === false) {
      effective = 'none';
      steps.push({
        text: 'The defender is unaware of the attack and cannot defend: a failed defence.',
        rule: RULES.defend,
      });
    } else if (defenseInput.ap !== undefined && requireInteger('defense.ap', defenseInput.ap, 0, 99) === 0) {
      effective = 'none';
      steps.push({
        text: 'The defender has no AP left, so the defence fails automatically.',
        rule: RULES.multipleOpponents,
      });
    }
  }

  let defense: TestResult | null = null;
  let defensePacked: number;
  if (effective === 'none') {
    if (defenseInput.type === 'none') {
      steps.push({ text: 'No defence: it counts as a failed defence roll.', rule: RULES.defend });
    }
    defensePacked = 1 + 4; // a plain failure (1 DoF); its degrees never matter
  } else {
    if (defenseInput.tn === undefined || defenseInput.roll === undefined) {
      throw new RulesError('invalid-input', `A ${effective} defence needs its own tn and roll.`);
    }
    defense = resolveTest(
      {
        tn: defenseInput.tn,
        roll: defenseInput.roll,
        npc: defenseInput.npc,
        lucky: defenseInput.lucky,
        unlucky: defenseInput.unlucky,
      },
      luckyOverTn,
    );
    defensePacked = classifyPacked(defense.roll, defense.tn, critTable(defenseInput), luckyOverTn);
    steps.push({
      text: `Defence (${effective === 'counter' ? 'counter-attack' : effective}): rolled ${defense.roll} against TN ${defense.tn} → ${describeTest(defense)}.`,
      rule: RULES.defend,
    });
  }
  const attackPacked = classifyPacked(attack.roll, attack.tn, critTable(attackInput), luckyOverTn);
  const noAdvantage = attackInput.ranged === true || attackInput.spell === true;
  const area = attackInput.area === true;
  const leavesArea = defenseInput.leavesArea === true;
  const code = decideExchange(attackPacked, defensePacked, DEFENSE_CODE[effective], noAdvantage, area, leavesArea);
  const outcome = OUTCOMES[code & 3]!;
  const advantages = (code >> 2) & 3;
  const winner = sideName((code >> 4) & 3);
  const reason = code >> 6;

  steps.push({ text: explainReason(reason, winner, effective, attack, defense), rule: RULES.compare });
  if (advantages > 0 && winner) {
    steps.push({
      text: `The ${winner} gains ${advantages} Advantage${advantages === 1 ? '' : 's'}.`,
      rule: RULES.compare,
    });
  } else if (
    noAdvantage &&
    ((decideExchange(attackPacked, defensePacked, DEFENSE_CODE[effective], false, area, leavesArea) >> 2) & 3) > 0
  ) {
    steps.push({
      text: 'Ranged attacks and spells cannot gain or use Advantage: no Advantage for either side.',
      rule: RULES.advantage,
    });
  }

  let location: HitLocation | undefined;
  let areaDamage: 'full' | 'half' | undefined;
  if (outcome === 'hit') {
    if (area) {
      location = 'body';
      areaDamage = 'full';
      if (winner === 'defender') {
        steps.push({
          text: 'The Evade moves the defender 1 m, but they are still inside the area: they are hit.',
          rule: RULES.areaOfEffect,
        });
      }
      steps.push({ text: 'Area attacks are resolved against the body.', rule: RULES.areaOfEffect });
    } else {
      location = locationOfDigit(attack.roll);
      steps.push({
        text: `The attack hits. Ones digit of ${attack.roll} → ${LOCATION_LABELS[location]}. Roll damage, subtract that location's AR.`,
        rule: RULES.resolve,
      });
    }
  } else if (outcome === 'counter') {
    location = locationOfDigit(defense!.roll);
    steps.push({
      text: `The counter-attack hits the attacker. Ones digit of the counter-attacker's ${defense!.roll} → ${LOCATION_LABELS[location]}.`,
      rule: RULES.resolve,
    });
  } else if (outcome === 'blocked') {
    if (area) {
      location = 'body';
      areaDamage = 'half';
      steps.push({
        text: 'Blocked area attack: halve the damage (round up) and resolve it against the body.',
        rule: RULES.areaOfEffect,
      });
    } else {
      steps.push({
        text: "Blocked: roll the attack's damage; if it exceeds the shield's BR the full damage goes to the shield arm, otherwise none.",
        rule: RULES.resolve,
      });
    }
  } else if (winner === 'defender') {
    if (effective === 'evade') {
      steps.push({
        text: area
          ? 'The Evade carries the defender 1 m out of the area: unaffected.'
          : 'Evaded: the attack is negated and the defender may move 1 m freely (no attack of opportunity).',
        rule: area ? RULES.areaOfEffect : RULES.resolve,
      });
    } else if (effective === 'parry') {
      steps.push({ text: 'Parried: the attack is negated entirely.', rule: RULES.resolve });
    } else {
      steps.push({ text: 'The attack fails and misses.', rule: RULES.resolve });
    }
  } else if (winner === null) {
    steps.push({ text: 'Nothing resolves: the attack misses.', rule: RULES.compare });
  }

  const base = {
    outcome,
    winner,
    advantages,
    advantageTo: advantages > 0 ? winner : null,
    attack,
    defense,
    effectiveDefense: effective,
    steps,
  };
  return {
    ...base,
    ...(location === undefined ? {} : { location }),
    ...(areaDamage === undefined ? {} : { areaDamage }),
  };
}

function explainReason(
  reason: number,
  winner: Side | null,
  defense: DefenseType,
  attack: TestResult,
  defenseTest: TestResult | null,
): string {
  switch (reason) {
    case WHY_NOTHING_BOTH_CRIT:
      return 'Both sides critically succeed: the criticals cancel out and nothing happens.';
    case WHY_NOTHING_BOTH_FAIL:
      return defense === 'none' ? 'The attack fails.' : 'Both sides fail: nothing happens.';
    case WHY_NOTHING_EQUAL:
      return `Both succeed with equal degrees of success (${attack.degrees}) on a counter-attack: nothing happens.`;
    case WHY_ONE_FAILED:
      return winner === 'attacker'
        ? `The attack succeeds and the ${defense === 'none' ? 'defender does not defend' : 'defence fails'}: the attacker wins.`
        : 'The attack fails and the defence succeeds: the defender wins.';
    case WHY_CRIT_BEATS_SUCCESS:
      return `A critical success beats a normal success: the ${winner} wins.`;
    case WHY_BLOCK:
      return 'Both succeed and the defender blocks: a successful Block always stops an attack that would land.';
    default:
      return `Both succeed: attacker ${attack.degrees} DoS against defender ${defenseTest?.degrees ?? 0} DoS; ${
        winner === 'attacker'
          ? 'the attacker has more and wins'
          : defense === 'counter'
            ? 'the counter-attacker has more and wins'
            : 'the attacker needs more than the defender, so the defender wins'
      }.`;
  }
}
