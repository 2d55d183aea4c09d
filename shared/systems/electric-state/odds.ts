import { RulesError, requireInteger } from '../../errors';
import { trim, type Distribution } from '../../dice/distribution';
import { checkD6, countOnes, countSixes, isRerollable, MAX_POOL } from './dice';
import {
  DEATH_ROLL_DICE,
  DEATH_ROLL_FAILURES_TO_DIE,
  DEATH_ROLL_SIXES_TO_STABILIZE,
  NEW_DEATH_ROLLS,
  type DeathRollTracker,
} from './health';
import { isOpposed, MAX_BLAST_POWER, MAX_WEAPON_DAMAGE, TASER_RESIST_PENALTY, type Defense } from './combat';
import { withDefaults, type ElectricStateOptions } from './options';

/**
 * Exact odds for Electric State rolls. Everything is computed by convolution and small dynamic
 * programmes over the count of 6s, never by simulation.
 *
 * The push is modelled die by die: on the first roll each die is a 6 (1/6), a 1 (1/6) or
 * rerollable (4/6); a push rerolls exactly the rerollable dice, each a 6 with 1/6.
 */

const P6 = 1 / 6;
/** P(a die ends as a 6 when always pushed) = 1/6 + 4/6 · 1/6 = 10/36. */
export const P_SIX_AFTER_PUSH = 1 / 6 + (4 / 6) * (1 / 6);
/** Largest cover + armour dice the odds accept. */
export const MAX_PROTECTION_DICE = 40;

/**
 * When the attacker pushes: never; always; or only when the first roll does not already win
 * (no 6 against take-hit/stand-tall, no more 6s than the defender in a fight-back or dodge).
 */
export type PushPolicy = 'never' | 'always' | 'if-failed';
const PUSH_POLICIES: readonly PushPolicy[] = ['never', 'always', 'if-failed'];

const binomialCache = new Map<string, Float64Array>();

/** P(exactly k successes in n trials with chance p), cached by (n, p). */
function binom(n: number, p: number): Float64Array {
  const key = `${n}:${p}`;
  const cached = binomialCache.get(key);
  if (cached) return cached;
  let dist = new Float64Array([1]);
  for (let i = 0; i < n; i++) {
    const next = new Float64Array(dist.length + 1);
    for (let k = 0; k < dist.length; k++) {
      next[k]! += dist[k]! * (1 - p);
      next[k + 1]! += dist[k]! * p;
    }
    dist = next;
  }
  binomialCache.set(key, dist);
  return dist;
}

function checkPool(name: string, dice: number): number {
  return requireInteger(name, dice, 0, MAX_POOL);
}

function checkPolicy(push: PushPolicy | undefined): PushPolicy {
  const policy = push ?? 'never';
  if (!PUSH_POLICIES.includes(policy))
    throw new RulesError('invalid-input', `push must be never, always or if-failed, got ${String(push)}.`);
  return policy;
}

/** P(exactly k sixes) on n dice. */
export function successDistribution(dice: number): Distribution {
  return Array.from(binom(checkPool('dice', dice), P6));
}

/** P(exactly k sixes) on n dice after always pushing (each die a 6 with 10/36). */
export function pushedSuccessDistribution(dice: number): Distribution {
  return Array.from(binom(checkPool('dice', dice), P_SIX_AFTER_PUSH));
}

/**
 * For one pool size: contribution[s][k] = P(first roll has s sixes, and after pushing the
 * rerollable dice the total is k). Given s sixes, each other die is rerollable with 4/5.
 */
interface PushTables {
  readonly first: Float64Array;
  readonly pushedFrom: readonly Float64Array[];
}

const pushTableCache = new Map<number, PushTables>();

function pushTables(n: number): PushTables {
  const cached = pushTableCache.get(n);
  if (cached) return cached;
  const first = binom(n, P6);
  const pushedFrom: Float64Array[] = [];
  for (let s = 0; s <= n; s++) {
    const row = new Float64Array(n + 1);
    const rerollable = binom(n - s, 4 / 5);
    for (let r = 0; r <= n - s; r++) {
      const pr = first[s]! * rerollable[r]!;
      if (pr === 0) continue;
      const newSixes = binom(r, P6);
      for (let j = 0; j <= r; j++) row[s + j]! += pr * newSixes[j]!;
    }
    pushedFrom.push(row);
  }
  const tables = { first, pushedFrom };
  pushTableCache.set(n, tables);
  return tables;
}

/**
 * The attacker's final number of 6s when they push exactly when the first roll has at most
 * `pushAtOrBelow` sixes (−1: never push; n: always push).
 */
export function finalSixesDistribution(dice: number, pushAtOrBelow: number): Float64Array {
  const n = checkPool('dice', dice);
  const { first, pushedFrom } = pushTables(n);
  const out = new Float64Array(n + 1);
  for (let s = 0; s <= n; s++) {
    if (s <= pushAtOrBelow) {
      const row = pushedFrom[s]!;
      for (let k = s; k <= n; k++) out[k]! += row[k]!;
    } else {
      out[s]! += first[s]!;
    }
  }
  return out;
}

function pushThreshold(policy: PushPolicy, dice: number, toBeat: number): number {
  if (policy === 'never') return -1;
  if (policy === 'always') return dice;
  return toBeat;
}

/** P(first roll is pushed) under the policy, for a given threshold. */
function pushChance(dice: number, threshold: number): number {
  const first = binom(dice, P6);
  let p = 0;
  for (let s = 0; s <= Math.min(threshold, dice); s++) p += first[s]!;
  return p;
}

/** max(0, raw − blocked) where blocked ~ Bin(protectionDice, 1/6), applied to a damage distribution. */
function applyProtectionOdds(raw: Float64Array, protectionDice: number): Float64Array {
  if (protectionDice === 0) return raw;
  const blocked = binom(protectionDice, P6);
  const out = new Float64Array(raw.length);
  for (let x = 0; x < raw.length; x++) {
    const px = raw[x]!;
    if (px === 0) continue;
    for (let b = 0; b < blocked.length; b++) out[Math.max(0, x - b)]! += px * blocked[b]!;
  }
  return out;
}

function toDistribution(values: Float64Array): Distribution {
  return trim(Array.from(values));
}

function expected(values: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += i * values[i]!;
  return sum;
}

export interface AttackOddsInput {
  readonly defense: Defense;
  /** Attacker's dice (base + gear). */
  readonly attackDice: number;
  readonly weaponDamage: number;
  /** Defender's dice for fight-back or dodge (the defender can never push). */
  readonly defenseDice?: number;
  /** Defender's base damage, for fight-back. */
  readonly defenderWeaponDamage?: number;
  /** Armor Level of the target's cover (dice rolled first). */
  readonly coverLevel?: number;
  /** Armor Level of the target's body armour. */
  readonly armorLevel?: number;
  /** Armor Level of the attacker's body armour against a fight-back. */
  readonly attackerArmorLevel?: number;
  readonly push?: PushPolicy;
}

export interface AttackOdds {
  /** P(the attack hits: at least one 6, or more 6s than the defender). */
  readonly hit: number;
  /** P(the attack does not hit) = 1 − hit. */
  readonly miss: number;
  /** P(equal 6s in a fight-back or dodge). */
  readonly tie: number;
  /** P(the defender rolls more 6s). */
  readonly defenderWins: number;
  /** P(the attacker pushes) under the push policy. */
  readonly pushChance: number;
  /** Damage to the target after cover and armour (misses count as 0). */
  readonly damageToTarget: Distribution;
  /** Damage to the target before cover and armour. */
  readonly damageBeforeProtection: Distribution;
  /** Damage a winning fight-back deals to the attacker (after the attacker's armour). */
  readonly damageToAttacker: Distribution;
  readonly expectedDamageToTarget: number;
  readonly expectedDamageToAttacker: number;
}

/** Exact odds of an attack against the chosen defence, with cover and armour, with or without a push. */
export function attackOdds(input: AttackOddsInput): AttackOdds {
  const n = checkPool('attackDice', input.attackDice);
  const weaponDamage = requireInteger('weaponDamage', input.weaponDamage, 0, MAX_WEAPON_DAMAGE);
  const protection =
    requireInteger('coverLevel', input.coverLevel ?? 0, 0, MAX_PROTECTION_DICE) +
    requireInteger('armorLevel', input.armorLevel ?? 0, 0, MAX_PROTECTION_DICE);
  if (protection > MAX_PROTECTION_DICE)
    throw new RulesError('out-of-range', `Cover and armour together may roll at most ${MAX_PROTECTION_DICE} dice.`);
  const attackerArmor = requireInteger('attackerArmorLevel', input.attackerArmorLevel ?? 0, 0, MAX_PROTECTION_DICE);
  const policy = checkPolicy(input.push);
  const opposed = isOpposed(input.defense);
  if (!opposed && input.defense !== 'take-hit' && input.defense !== 'stand-tall') {
    throw new RulesError('invalid-input', `Unknown defence "${String(input.defense)}".`);
  }
  if (!opposed) {
    const threshold = pushThreshold(policy, n, 0);
    const final = finalSixesDistribution(n, threshold);
    const raw = new Float64Array(Math.max(1, weaponDamage + n));
    raw[0]! += final[0]!;
    for (let a = 1; a <= n; a++) raw[weaponDamage + a - 1]! += final[a]!;
    const after = applyProtectionOdds(raw, protection);
    return {
      hit: 1 - final[0]!,
      miss: final[0]!,
      tie: 0,
      defenderWins: 0,
      pushChance: pushChance(n, threshold),
      damageToTarget: toDistribution(after),
      damageBeforeProtection: toDistribution(raw),
      damageToAttacker: [1],
      expectedDamageToTarget: expected(after),
      expectedDamageToAttacker: 0,
    };
  }
  if (input.defenseDice === undefined)
    throw new RulesError('invalid-input', `${input.defense} is opposed: give defenseDice.`);
  const m = checkPool('defenseDice', input.defenseDice);
  const fightBack = input.defense === 'fight-back';
  if (fightBack && input.defenderWeaponDamage === undefined) {
    throw new RulesError(
      'invalid-input',
      "Fight-back odds need defenderWeaponDamage, the defender's weapon base damage.",
    );
  }
  const defenderDamage = fightBack
    ? requireInteger('defenderWeaponDamage', input.defenderWeaponDamage, 0, MAX_WEAPON_DAMAGE)
    : 0;
  const defender = binom(m, P6);
  const rawTarget = new Float64Array(Math.max(1, weaponDamage + n));
  const rawAttacker = new Float64Array(Math.max(1, defenderDamage + m));
  let hit = 0;
  let tie = 0;
  let lose = 0;
  let pushed = 0;
  for (let d = 0; d <= m; d++) {
    const pd = defender[d]!;
    if (pd === 0) continue;
    const threshold = pushThreshold(policy, n, d);
    const final = finalSixesDistribution(n, threshold);
    pushed += pd * pushChance(n, threshold);
    for (let a = 0; a <= n; a++) {
      const p = pd * final[a]!;
      if (p === 0) continue;
      if (a > d) {
        hit += p;
        rawTarget[weaponDamage + a - d - 1]! += p;
        rawAttacker[0]! += p;
      } else if (a === d) {
        tie += p;
        rawTarget[0]! += p;
        rawAttacker[0]! += p;
      } else {
        lose += p;
        rawTarget[0]! += p;
        if (fightBack) rawAttacker[defenderDamage + d - a - 1]! += p;
        else rawAttacker[0]! += p;
      }
    }
  }
  const afterTarget = applyProtectionOdds(rawTarget, protection);
  const afterAttacker = applyProtectionOdds(rawAttacker, attackerArmor);
  return {
    hit,
    miss: tie + lose,
    tie,
    defenderWins: lose,
    pushChance: pushed,
    damageToTarget: toDistribution(afterTarget),
    damageBeforeProtection: toDistribution(rawTarget),
    damageToAttacker: toDistribution(afterAttacker),
    expectedDamageToTarget: expected(afterTarget),
    expectedDamageToAttacker: expected(afterAttacker),
  };
}

export interface BlastOddsInput {
  readonly attackDice: number;
  readonly blastPower: number;
  readonly coverLevel?: number;
  readonly armorLevel?: number;
  readonly push?: PushPolicy;
}

export interface BlastOdds {
  readonly hit: number;
  /** Damage to one target in the targeted zone, after its cover and armour (0 on a miss). */
  readonly damage: Distribution;
  /** Damage to one target in the zone before cover and armour (0 on a miss). */
  readonly damageBeforeProtection: Distribution;
  /** Damage to a target in the zone where a missed blast lands (Blast Power dice only). */
  readonly damageIfScattered: Distribution;
  readonly expectedDamage: number;
}

/** Exact odds of an explosive attack (Blast Power dice, +1 per extra attack 6). */
export function blastOdds(input: BlastOddsInput): BlastOdds {
  const n = checkPool('attackDice', input.attackDice);
  const power = requireInteger('blastPower', input.blastPower, 1, MAX_BLAST_POWER);
  const protection =
    requireInteger('coverLevel', input.coverLevel ?? 0, 0, MAX_PROTECTION_DICE) +
    requireInteger('armorLevel', input.armorLevel ?? 0, 0, MAX_PROTECTION_DICE);
  if (protection > MAX_PROTECTION_DICE)
    throw new RulesError('out-of-range', `Cover and armour together may roll at most ${MAX_PROTECTION_DICE} dice.`);
  const policy = checkPolicy(input.push);
  const final = finalSixesDistribution(n, pushThreshold(policy, n, 0));
  const blast = binom(power, P6);
  const raw = new Float64Array(power + Math.max(1, n));
  raw[0]! += final[0]!;
  for (let a = 1; a <= n; a++) {
    const pa = final[a]!;
    if (pa === 0) continue;
    for (let b = 0; b <= power; b++) raw[b + a - 1]! += pa * blast[b]!;
  }
  const after = applyProtectionOdds(raw, protection);
  const scattered = applyProtectionOdds(Float64Array.from(blast), protection);
  return {
    hit: 1 - final[0]!,
    damage: toDistribution(after),
    damageBeforeProtection: toDistribution(raw),
    damageIfScattered: toDistribution(scattered),
    expectedDamage: expected(after),
  };
}

export interface PushOutcomeOdds {
  /** Dice that would be rerolled. */
  readonly rerolled: number;
  /** Total 6s after the push. */
  readonly successes: Distribution;
  readonly hopeLost: Distribution;
  readonly gearDamage: Distribution;
  /** P(losing at least 1 Hope). */
  readonly anyHopeLost: number;
  /** P(the gear bonus drops). */
  readonly anyGearDamage: number;
}

function shifted(dist: Float64Array, by: number): Distribution {
  const out = new Array<number>(by + dist.length).fill(0);
  for (let i = 0; i < dist.length; i++) out[by + i] = dist[i]!;
  return out;
}

/** What pushing these already-rolled dice would bring: 6s gained, Hope lost, gear damaged. */
export function pushOutcomeOdds(
  base: readonly number[],
  gear: readonly number[],
  options?: Partial<ElectricStateOptions>,
): PushOutcomeOdds {
  const opts = withDefaults(options);
  checkD6('base', base);
  checkD6('gear', gear);
  const rBase = base.filter(isRerollable).length;
  const rGear = gear.filter(isRerollable).length;
  const sixes = countSixes(base) + countSixes(gear);
  const successes = shifted(binom(rBase + rGear, P6), sixes);
  const hopeLost = shifted(binom(rBase, P6), opts.hopeOnlyNewOnes ? 0 : countOnes(base));
  const gearDamage = shifted(binom(rGear, P6), countOnes(gear));
  return {
    rerolled: rBase + rGear,
    successes,
    hopeLost,
    gearDamage,
    anyHopeLost: 1 - hopeLost[0]!,
    anyGearDamage: 1 - gearDamage[0]!,
  };
}

export interface DeathRollOdds {
  readonly stabilized: number;
  readonly dead: number;
  /** Expected number of further death rolls (turns) until settled. */
  readonly expectedRolls: number;
}

/** Exact chance that death rolls from the given point end stabilized or dead. */
export function deathRollOdds(from: DeathRollTracker = NEW_DEATH_ROLLS): DeathRollOdds {
  if (from.state === 'stabilized') return { stabilized: 1, dead: 0, expectedRolls: 0 };
  if (from.state === 'dead') return { stabilized: 0, dead: 1, expectedRolls: 0 };
  const sixes = requireInteger('sixes', from.sixes, 0, DEATH_ROLL_SIXES_TO_STABILIZE - 1);
  const failed = requireInteger('failedRolls', from.failedRolls, 0, DEATH_ROLL_FAILURES_TO_DIE - 1);
  const roll = binom(DEATH_ROLL_DICE, P6);
  const memo = new Map<string, [number, number, number]>();
  const solve = (s: number, f: number): [number, number, number] => {
    if (s >= DEATH_ROLL_SIXES_TO_STABILIZE) return [1, 0, 0];
    if (f >= DEATH_ROLL_FAILURES_TO_DIE) return [0, 1, 0];
    const key = `${s}:${f}`;
    const hit = memo.get(key);
    if (hit) return hit;
    let st = 0;
    let de = 0;
    let ex = 1;
    for (let k = 0; k <= DEATH_ROLL_DICE; k++) {
      const [a, b, c] = k === 0 ? solve(s, f + 1) : solve(s + k, f);
      st += roll[k]! * a;
      de += roll[k]! * b;
      ex += roll[k]! * c;
    }
    const result: [number, number, number] = [st, de, ex];
    memo.set(key, result);
    return result;
  };
  const [stabilized, dead, expectedRolls] = solve(sixes, failed);
  return { stabilized, dead, expectedRolls };
}

/** P(a tasered target loses their next turn): no 6 on Strength −2 dice (zeroPool toggle applies). */
export function taserOdds(strength: number, options?: Partial<ElectricStateOptions>): number {
  const opts = withDefaults(options);
  const net = requireInteger('strength', strength, 0, 10) - TASER_RESIST_PENALTY;
  const dice = net > 0 ? net : opts.zeroPool === 'one-die' ? 1 : 0;
  return Math.pow(5 / 6, dice);
}
