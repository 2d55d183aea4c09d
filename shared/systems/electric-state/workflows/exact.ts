import { binomial } from '../../../dice/distribution';
import type { OddsFigure } from '../../../system-kit/workflow';

/**
 * Exact helpers on top of the rules package's odds: what a hit does to one target once cover and
 * armour are rolled — the damage left and whether the single hit kills outright — so "goes down"
 * and "killed outright" can be read for any instant-kill toggle.
 */

const P6 = 1 / 6;
const blockedCache = new Map<number, number[]>();

function blocked(dice: number): number[] {
  let dist = blockedCache.get(dice);
  if (!dist) {
    dist = binomial(dice, P6);
    blockedCache.set(dice, dist);
  }
  return dist;
}

export interface HitOutcome {
  /** Damage left after cover and armour. */
  readonly after: number;
  /** The single hit reaches twice max Health (before or after armour, per the toggle). */
  readonly killed: boolean;
  readonly p: number;
}

/**
 * Outcomes of a hit whose damage before protection is distributed as `rawOnHit` (index = damage,
 * masses summing to the hit chance), after `protectionDice` dice that each block 1 on a 6.
 */
export function hitOutcomes(
  rawOnHit: readonly number[],
  protectionDice: number,
  killAt: number,
  beforeArmor: boolean,
): HitOutcome[] {
  const b = blocked(protectionDice);
  const byKey = new Map<number, { after: number; killed: boolean; p: number }>();
  for (let raw = 0; raw < rawOnHit.length; raw++) {
    const pr = rawOnHit[raw]!;
    if (pr === 0) continue;
    for (let k = 0; k < b.length; k++) {
      const after = Math.max(0, raw - k);
      const killed = (beforeArmor ? raw : after) >= killAt;
      const key = after * 2 + (killed ? 1 : 0);
      const known = byKey.get(key);
      if (known) known.p += pr * b[k]!;
      else byKey.set(key, { after, killed, p: pr * b[k]! });
    }
  }
  return [...byKey.values()];
}

/** The hits among a damage-before-protection distribution (misses sit at 0; every hit does at least 1). */
export function rawOnHit(damageBeforeProtection: readonly number[]): number[] {
  const out = [...damageBeforeProtection];
  out[0] = 0;
  return out;
}

export interface TargetChances {
  /** P(Health reaches 0, or the target is killed outright). */
  readonly down: number;
  readonly killed: number;
}

export function targetChances(outcomes: readonly HitOutcome[], health: number): TargetChances {
  const needed = Math.max(1, health);
  let down = 0;
  let killed = 0;
  for (const o of outcomes) {
    if (o.killed) killed += o.p;
    if (o.killed || o.after >= needed) down += o.p;
  }
  return { down, killed };
}

export function percent(label: string, value: number): OddsFigure {
  return { label, value: clamp01(value), format: 'percent' };
}

export function number(label: string, value: number): OddsFigure {
  return { label, value, format: 'number' };
}

function clamp01(v: number): number {
  return v < 0 ? 0 : v > 1 ? 1 : v;
}

export function downLabel(name: string, health: number): string {
  return health > 0 ? `${name} drops to 0 Health or dies` : `${name} takes damage (death rolls restart)`;
}

export function damageOutcomes(dist: readonly number[]): { label: string; p: number }[] {
  return dist.map((p, d) => ({ label: `${d} damage`, p }));
}
