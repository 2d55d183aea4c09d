import { RulesError, requireInteger } from '../../errors';
import type { ExplainStep } from '../contract';
import {
  CRIT_FAIL,
  CRIT_SUCCESS,
  SUCCESS,
  classifyPacked,
  critTable,
  requireD100,
  requireTn,
  resolveTest,
  type CritProfile,
  type TestResult,
} from './d100';
import { RULES } from './sections';
import { DEFAULT_TOGGLES, type LuckyOverTn } from './toggles';

// ---------------------------------------------------------------------------
// Hit location
// ---------------------------------------------------------------------------

export type HitLocation = 'body' | 'right-leg' | 'left-leg' | 'right-arm' | 'left-arm' | 'head';
export const HIT_LOCATIONS: readonly HitLocation[] = ['body', 'right-leg', 'left-leg', 'right-arm', 'left-arm', 'head'];
export const LOCATION_LABELS: Readonly<Record<HitLocation, string>> = {
  body: 'Body',
  'right-leg': 'Right Leg',
  'left-leg': 'Left Leg',
  'right-arm': 'Right Arm',
  'left-arm': 'Left Arm',
  head: 'Head',
};

/** Location by the ones digit 0–9. */
const LOCATION_BY_DIGIT: readonly HitLocation[] = [
  'head',
  'body',
  'body',
  'body',
  'body',
  'body',
  'right-leg',
  'left-leg',
  'right-arm',
  'left-arm',
];

/** Hit location from the ones digit of a d100 attack roll (or a d10, 10 counting as 0): 1–5 body, 6 R leg, 7 L leg, 8 R arm, 9 L arm, 0 head. */
export function hitLocation(roll: number): HitLocation {
  requireD100('roll', roll);
  return LOCATION_BY_DIGIT[roll % 10]!;
}

export function locationOfDigit(roll: number): HitLocation {
  return LOCATION_BY_DIGIT[roll % 10]!;
}

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
  else if (!aWins) outcome = OUTCOME_MISS; // any other defence only stops a failed attack
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

function describeTest(test: TestResult): string {
  const what =
    test.critical === 'success'
      ? 'critical success'
      : test.critical === 'failure'
        ? 'critical failure'
        : test.success
          ? 'success'
          : 'failure';
  return `${what}, ${test.degrees} ${test.success ? 'DoS' : 'DoF'}`;
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

// ---------------------------------------------------------------------------
// Block, damage modifiers, ranged TN
// ---------------------------------------------------------------------------

export interface BlockInput {
  readonly damage: number;
  readonly br: number;
  /** The incoming damage is magic. */
  readonly magic?: boolean;
  /** The shield's BR is magical (not halved against magic damage). */
  readonly magicBr?: boolean;
}

export interface BlockResult {
  readonly effectiveBr: number;
  readonly damageToShieldArm: number;
  readonly steps: ExplainStep[];
}

/** A successful Block: damage above the shield's BR goes in full to the shield arm, else nothing; magic halves BR (round up) unless the BR is magic. */
export function resolveBlock(input: BlockInput): BlockResult {
  const damage = requireInteger('damage', input.damage, 0, 1000);
  const br = requireInteger('br', input.br, 0, 1000);
  const halved = input.magic === true && input.magicBr !== true;
  const effectiveBr = halved ? Math.ceil(br / 2) : br;
  const steps: ExplainStep[] = [];
  if (halved) {
    steps.push({
      text: `Magic damage against a shield without magic BR: BR ${br} counts as half, rounded up: ${effectiveBr}.`,
      rule: RULES.resolve,
    });
  } else if (input.magic === true) {
    steps.push({
      text: `The shield's BR ${br} is magical, so it is not halved against magic damage.`,
      rule: RULES.resolve,
    });
  }
  const through = damage > effectiveBr;
  steps.push({
    text: through
      ? `Damage ${damage} exceeds BR ${effectiveBr}: the full ${damage} damage goes to the shield arm (subtract that arm's AR).`
      : `Damage ${damage} does not exceed BR ${effectiveBr}: the shield stops it all.`,
    rule: RULES.resolve,
  });
  return { effectiveBr, damageToShieldArm: through ? damage : 0, steps };
}

export type DamageModifier =
  | { readonly kind: 'penetrable-cover'; readonly rolls: readonly number[] }
  | { readonly kind: 'area-block'; readonly damage: number }
  | { readonly kind: 'swimming'; readonly damage: number }
  | { readonly kind: 'swing'; readonly damage: number; readonly meters: number };

export interface DamageModifierResult {
  readonly damage: number;
  readonly steps: ExplainStep[];
}

/** Situational damage changes: penetrable cover (lower of two rolls), area Block (half, up), swimming (half, up), swing/jump (+1 per 2 m, down). */
export function modifyDamage(input: DamageModifier): DamageModifierResult {
  switch (input.kind) {
    case 'penetrable-cover': {
      if (!Array.isArray(input.rolls) || input.rolls.length !== 2) {
        throw new RulesError(
          'invalid-input',
          'Penetrable cover needs exactly two damage rolls (roll damage twice, take the lower).',
        );
      }
      const [a, b] = input.rolls.map((r, i) => requireInteger(`rolls[${i}]`, r, 0, 1000)) as [number, number];
      const damage = Math.min(a, b);
      return {
        damage,
        steps: [
          {
            text: `Penetrable cover: damage rolled twice (${a}, ${b}); the lower, ${damage}, counts.`,
            rule: RULES.cover,
          },
        ],
      };
    }
    case 'area-block': {
      const raw = requireInteger('damage', input.damage, 0, 1000);
      const damage = Math.ceil(raw / 2);
      return {
        damage,
        steps: [
          { text: `Blocked area attack: ${raw} damage halved, rounded up: ${damage}.`, rule: RULES.areaOfEffect },
        ],
      };
    }
    case 'swimming': {
      const raw = requireInteger('damage', input.damage, 0, 1000);
      const damage = Math.ceil(raw / 2);
      return {
        damage,
        steps: [
          {
            text: `Fighting in water: attacks deal half damage, ${raw} → ${damage} (rounded up).`,
            rule: RULES.swimming,
          },
        ],
      };
    }
    case 'swing': {
      const raw = requireInteger('damage', input.damage, 0, 1000);
      const meters = requireInteger('meters', input.meters, 0, 1000);
      const bonus = Math.floor(meters / 2);
      return {
        damage: raw + bonus,
        steps: [
          {
            text: `Swinging or jumping ${meters} m into the attack: +1 damage per 2 m (round down) = +${bonus}, ${raw} → ${raw + bonus}.`,
            rule: RULES.swinging,
          },
        ],
      };
    }
    default:
      throw new RulesError(
        'invalid-input',
        `Unknown damage modifier kind "${String((input as { kind: unknown }).kind)}".`,
      );
  }
}

export type RangeBand = 'close' | 'effective' | 'long';
export const RANGE_BAND_MODIFIER: Readonly<Record<RangeBand, number>> = { close: 10, effective: 0, long: -20 };

export interface RangedTnResult {
  readonly tn: number;
  readonly steps: ExplainStep[];
}

/** Ranged attack TN: close +10, effective 0, long −20; a weapon outside the combat style −20. */
export function rangedTn(tn: number, band: RangeBand, inStyle = true): RangedTnResult {
  requireTn('tn', tn);
  const modifier = RANGE_BAND_MODIFIER[band];
  if (modifier === undefined)
    throw new RulesError('invalid-input', `Unknown range band "${String(band)}"; use close, effective or long.`);
  const steps: ExplainStep[] = [];
  let out = tn + modifier;
  steps.push({
    text: `${band[0]!.toUpperCase()}${band.slice(1)} range: ${modifier >= 0 ? '+' : ''}${modifier} → ${out}.`,
    rule: RULES.rangeBands,
  });
  if (!inStyle) {
    out -= 20;
    steps.push({ text: `The weapon is not in the combat style: −20 → ${out}.`, rule: RULES.attack });
  }
  return { tn: out, steps };
}

export type CoverKind = 'none' | 'penetrable' | 'impenetrable';

/** Whether an attack can reach a target behind cover, and what happens to its damage. */
export function coverEffect(cover: CoverKind): {
  readonly canHit: boolean;
  readonly damage: 'normal' | 'lower-of-two';
  readonly steps: ExplainStep[];
} {
  if (cover === 'impenetrable') {
    return {
      canHit: false,
      damage: 'normal',
      steps: [{ text: 'Behind impenetrable cover the target simply cannot be hit.', rule: RULES.cover }],
    };
  }
  if (cover === 'penetrable') {
    return {
      canHit: true,
      damage: 'lower-of-two',
      steps: [
        { text: 'Penetrable cover: no penalty to hit, but roll damage twice and take the lower.', rule: RULES.cover },
      ],
    };
  }
  if (cover !== 'none')
    throw new RulesError('invalid-input', `Unknown cover "${String(cover)}"; use none, penetrable or impenetrable.`);
  return { canHit: true, damage: 'normal', steps: [] };
}

// ---------------------------------------------------------------------------
// Unarmed combat and grappling
// ---------------------------------------------------------------------------

export interface WeaponProfile {
  readonly name: string;
  readonly damage: string;
  readonly dieSides: number;
  readonly rangeMeters: number;
  readonly notes: string;
}

/** Natural weapons everybody has unless a Natural Weapons trait overrides them. */
export const UNARMED: WeaponProfile = {
  name: 'Punches/Kicks',
  damage: '1d4',
  dieSides: 4,
  rangeMeters: 1,
  notes:
    'Cannot be disarmed or enchanted. Unarmed parry and counter-attack only against opponents within your own engagement range.',
};

/** Unarmed damage: the 1d4 face rolled. */
export function unarmedDamage(face: number): number {
  return requireInteger('unarmed damage die (d4)', face, 1, 4);
}

export interface OpposedSide extends CritProfile {
  readonly tn: number;
  readonly roll: number;
}

export interface GrappleInput {
  readonly grappler: OpposedSide;
  /** The target resists with Combat Style, Athletics or Evade. */
  readonly target: OpposedSide;
  /** The grappler's combat style includes unarmed combat. */
  readonly unarmedStyle?: boolean;
  /** How many size steps larger the target is than the grappler (0 or less = same size or smaller). */
  readonly sizeDifference?: number;
}

export interface GrappleResult {
  readonly allowed: boolean;
  readonly restrained: boolean;
  readonly grapplerTn: number;
  readonly grappler: TestResult | null;
  readonly target: TestResult | null;
  readonly steps: ExplainStep[];
}

/**
 * A grapple attempt: opposed Combat Style test (−30 against a larger creature, impossible 2+ sizes larger).
 * On a win the target is Restrained. Opposed: success beats failure, a critical beats a normal success,
 * otherwise more DoS; a tie leaves the target free (our default).
 */
export function resolveGrapple(
  input: GrappleInput,
  luckyOverTn: LuckyOverTn = DEFAULT_TOGGLES.luckyOverTnDegrees,
): GrappleResult {
  const steps: ExplainStep[] = [];
  if (input.unarmedStyle === false) {
    steps.push({ text: 'Only a character with an unarmed Combat Style can grapple.', rule: RULES.grappling });
    return { allowed: false, restrained: false, grapplerTn: input.grappler.tn, grappler: null, target: null, steps };
  }
  const size = requireInteger('sizeDifference', input.sizeDifference ?? 0, -10, 10);
  if (size >= 2) {
    steps.push({ text: 'A creature 2 or more sizes larger cannot be grappled.', rule: RULES.grappling });
    return { allowed: false, restrained: false, grapplerTn: input.grappler.tn, grappler: null, target: null, steps };
  }
  let grapplerTn = requireTn('grappler.tn', input.grappler.tn);
  if (size === 1) {
    grapplerTn -= 30;
    steps.push({ text: `The target is larger: −30 to grapple → TN ${grapplerTn}.`, rule: RULES.grappling });
    requireTn('The grappler TN after the size penalty', grapplerTn);
  }
  const grappler = resolveTest({ ...input.grappler, tn: grapplerTn }, luckyOverTn);
  const target = resolveTest(input.target, luckyOverTn);
  const g = classifyPacked(grappler.roll, grappler.tn, critTable(input.grappler), luckyOverTn);
  const t = classifyPacked(target.roll, target.tn, critTable(input.target), luckyOverTn);
  const winner = opposedWinner(g, t);
  steps.push({
    text: `Grappler ${describeTest(grappler)} against target ${describeTest(target)}: ${
      winner === 1
        ? 'the grappler wins and the target is Restrained'
        : winner === 2
          ? 'the target resists'
          : 'a tie, the target stays free'
    }.`,
    rule: winner === 0 ? RULES.opposedTies : RULES.grappling,
  });
  return { allowed: true, restrained: winner === 1, grapplerTn, grappler, target, steps };
}

/** Winner of an opposed test on packed classifications: 1 first side, 2 second side, 0 nobody. */
export function opposedWinner(a: number, b: number): number {
  const ac = a & 3;
  const bc = b & 3;
  const aS = ac >= SUCCESS;
  const bS = bc >= SUCCESS;
  if (aS && !bS) return 1;
  if (bS && !aS) return 2;
  if (!aS && !bS) return 0;
  if (ac !== bc) return ac > bc ? 1 : 2;
  const ad = a >> 2;
  const bd = b >> 2;
  return ad > bd ? 1 : bd > ad ? 2 : 0;
}

export type GrappleActionKind = 'takedown' | 'move' | 'attack';

export interface GrappleActionInput {
  readonly action: GrappleActionKind;
  /** Grappler's Strength bonus (drag distance). */
  readonly strengthBonus?: number;
  /** Attacking with a weapon rather than unarmed. */
  readonly armed?: boolean;
  /** The weapon's reach in metres (must be 1 or less). */
  readonly weaponRange?: number;
  readonly targetProne?: boolean;
}

export interface GrappleActionResult {
  readonly allowed: boolean;
  readonly apCost: number;
  readonly targetCanDefend: boolean;
  /** Metres both combatants may be dragged (Move). */
  readonly dragMeters?: number;
  /** Unarmed attack on a restrained target drains 1 SP instead of dealing damage. */
  readonly staminaDrain?: number;
  readonly coupDeGrace?: boolean;
  readonly steps: ExplainStep[];
}

/** The grappler's Primary Actions against a Restrained target (1 AP each; the grappler cannot move otherwise). */
export function grappleAction(input: GrappleActionInput): GrappleActionResult {
  const rule = RULES.grappling;
  switch (input.action) {
    case 'takedown':
      return {
        allowed: true,
        apCost: 1,
        targetCanDefend: true,
        steps: [
          {
            text: 'Takedown: both combatants fall Prone; the grappler ignores prone penalties against the target.',
            rule,
          },
        ],
      };
    case 'move': {
      const sb = requireInteger('strengthBonus', input.strengthBonus, 0, 20);
      return {
        allowed: true,
        apCost: 1,
        targetCanDefend: true,
        dragMeters: sb,
        steps: [{ text: `Move: drag both combatants up to SB = ${sb} m.`, rule }],
      };
    }
    case 'attack': {
      if (input.armed === true) {
        const reach = input.weaponRange === undefined ? 1 : requireInteger('weaponRange', input.weaponRange, 0, 100);
        if (reach > 1) {
          return {
            allowed: false,
            apCost: 1,
            targetCanDefend: false,
            steps: [
              {
                text: `A weapon with ${reach} m range is too long: attacks in a grapple need 1 m range or less.`,
                rule,
              },
            ],
          };
        }
        const coup = input.targetProne === true;
        return {
          allowed: true,
          apCost: 1,
          targetCanDefend: false,
          coupDeGrace: coup,
          steps: [
            { text: 'Attack the Restrained target, who cannot defend.', rule },
            ...(coup
              ? [
                  {
                    text: 'The target is Prone and Restrained and the attacker is armed: this may be a Coup de Grace.',
                    rule,
                  },
                ]
              : []),
          ],
        };
      }
      return {
        allowed: true,
        apCost: 1,
        targetCanDefend: false,
        staminaDrain: 1,
        coupDeGrace: false,
        steps: [
          {
            text: 'Unarmed attack on the Restrained target (who cannot defend): drain 1 SP instead of dealing damage.',
            rule,
          },
        ],
      };
    }
    default:
      throw new RulesError(
        'invalid-input',
        `Unknown grapple action "${String((input as { action: unknown }).action)}"; use takedown, move or attack.`,
      );
  }
}
