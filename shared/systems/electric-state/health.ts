import type { ExplainStep } from '../../system-kit/rule-system';
import { RulesError, requireInteger } from '../../errors';
import { checkD6, countSixes } from './dice';
import { withDefaults, type ElectricStateOptions } from './options';
import { MAX_ATTRIBUTE } from './pool';
import { SECTION, plural, step } from './sections';

export const MAX_HEALTH_LIMIT = 50;
export const DEATH_ROLL_DICE = 4;
/** Total 6s across death rolls that stabilize the character. */
export const DEATH_ROLL_SIXES_TO_STABILIZE = 3;
/** Death rolls with no 6 before stabilizing that kill the character. */
export const DEATH_ROLL_FAILURES_TO_DIE = 3;

export type HealthState = 'ok' | 'incapacitated' | 'dead';

export interface DamageInput {
  readonly health: number;
  readonly maxHealth: number;
  /** Damage of this single hit after cover and armour. */
  readonly damage: number;
  /** Damage of the hit before cover and armour; used by the instantKill "before-armor" toggle. */
  readonly damageBeforeArmor?: number;
}

export interface DamageResult {
  readonly health: number;
  readonly state: HealthState;
  readonly instantKill: boolean;
  /** The character was already Incapacitated and took new damage: death rolls restart. */
  readonly deathRollsRestart: boolean;
  readonly steps: ExplainStep[];
}

/** Applies one hit's damage to Health (seed: Damage & Health). */
export function applyDamage(input: DamageInput, options?: Partial<ElectricStateOptions>): DamageResult {
  const opts = withDefaults(options);
  const maxHealth = requireInteger('maxHealth', input.maxHealth, 1, MAX_HEALTH_LIMIT);
  const health = requireInteger('health', input.health, 0, maxHealth);
  const damage = requireInteger('damage', input.damage, 0, 1000);
  const before = requireInteger('damageBeforeArmor', input.damageBeforeArmor ?? damage, 0, 1000);
  if (before < damage) {
    throw new RulesError(
      'invalid-input',
      `damageBeforeArmor (${before}) cannot be less than the damage after armour (${damage}).`,
    );
  }
  const steps: ExplainStep[] = [];
  const checked = opts.instantKill === 'before-armor' ? before : damage;
  const threshold = 2 * maxHealth;
  const newHealth = Math.max(0, health - damage);
  const wasDown = health === 0;
  if (damage > 0) steps.push(step(`${damage} damage: Health ${health} → ${newHealth}.`, SECTION.damageHealth));
  if (checked >= threshold) {
    steps.push(
      step(
        `A single hit of ${checked} (${opts.instantKill === 'before-armor' ? 'before' : 'after'} armour) is at least twice the maximum Health (${threshold}): killed outright, no death rolls.`,
        SECTION.damageHealth,
        opts.instantKill === 'before-armor' ? 'default' : 'seed',
      ),
    );
    return { health: newHealth, state: 'dead', instantKill: true, deathRollsRestart: false, steps };
  }
  if (newHealth === 0) {
    const restart = wasDown && damage > 0;
    steps.push(
      step(
        restart
          ? 'Already Incapacitated and hurt again: the death rolls restart.'
          : wasDown
            ? 'Still Incapacitated.'
            : 'Health 0: Incapacitated — can crawl and mumble but not roll attributes; death rolls each turn.',
        restart ? SECTION.rallying : SECTION.damageHealth,
      ),
    );
    return { health: 0, state: 'incapacitated', instantKill: false, deathRollsRestart: restart, steps };
  }
  return { health: newHealth, state: 'ok', instantKill: false, deathRollsRestart: false, steps };
}

export type DeathRollState = 'dying' | 'stabilized' | 'dead';

/** Where an Incapacitated character stands in their death rolls. */
export interface DeathRollTracker {
  readonly state: DeathRollState;
  /** Total 6s counted so far (may exceed 3 on the settling roll). */
  readonly sixes: number;
  /** Death rolls with no 6. */
  readonly failedRolls: number;
  /** Rolls counted (rolls after the outcome is settled are ignored). */
  readonly rollsCounted: number;
}

export const NEW_DEATH_ROLLS: DeathRollTracker = { state: 'dying', sixes: 0, failedRolls: 0, rollsCounted: 0 };

function checkDeathRoll(name: string, roll: readonly number[]): number[] {
  const faces = checkD6(name, roll);
  if (faces.length !== DEATH_ROLL_DICE) {
    throw new RulesError('invalid-input', `${name}: a death roll is ${DEATH_ROLL_DICE} dice, got ${faces.length}.`);
  }
  return faces;
}

/** Adds one death roll (4 dice, never pushed). A settled tracker ignores further rolls. */
export function addDeathRoll(tracker: DeathRollTracker, roll: readonly number[]): DeathRollTracker {
  checkDeathRoll('roll', roll);
  if (tracker.state !== 'dying') return tracker;
  const sixes = countSixes(roll);
  const total = tracker.sixes + sixes;
  const failed = tracker.failedRolls + (sixes === 0 ? 1 : 0);
  const state: DeathRollState =
    total >= DEATH_ROLL_SIXES_TO_STABILIZE ? 'stabilized' : failed >= DEATH_ROLL_FAILURES_TO_DIE ? 'dead' : 'dying';
  return { state, sixes: total, failedRolls: failed, rollsCounted: tracker.rollsCounted + 1 };
}

export interface DeathRollsResult extends DeathRollTracker {
  readonly ignoredRolls: number;
  readonly steps: ExplainStep[];
}

/** Runs a sequence of death rolls from the start (seed: Death Rolls). */
export function resolveDeathRolls(
  rolls: readonly (readonly number[])[],
  start: DeathRollTracker = NEW_DEATH_ROLLS,
): DeathRollsResult {
  if (!Array.isArray(rolls)) throw new RulesError('invalid-input', 'rolls must be a list of death rolls.');
  rolls.forEach((roll, index) => checkDeathRoll(`rolls[${index}]`, roll));
  const steps: ExplainStep[] = [];
  let tracker = start;
  let ignored = 0;
  rolls.forEach((roll, index) => {
    if (tracker.state !== 'dying') {
      ignored++;
      return;
    }
    const sixes = countSixes(roll);
    tracker = addDeathRoll(tracker, roll);
    steps.push(
      step(
        `Death roll ${start.rollsCounted + index + 1}: ${sixes === 0 ? 'no six, a failed roll' : plural(sixes, 'six', 'sixes')} — ${plural(tracker.sixes, 'six', 'sixes')} in total, ${plural(tracker.failedRolls, 'failed roll', 'failed rolls')}.` +
          (tracker.state === 'stabilized'
            ? ' Three sixes: Stabilized.'
            : tracker.state === 'dead'
              ? ' Three failed rolls: Dead.'
              : ''),
        SECTION.deathRolls,
      ),
    );
  });
  if (ignored > 0)
    steps.push(
      step(
        `${plural(ignored, 'later roll is', 'later rolls are')} ignored: the outcome was already settled.`,
        SECTION.deathRolls,
      ),
    );
  return { ...tracker, ignoredRolls: ignored, steps };
}

/**
 * New damage while Incapacitated (even 1 point) restarts the death rolls. Default: from zero;
 * toggle "keep-failures": the 6s (and any stabilization) are lost but failed rolls still count.
 */
export function restartDeathRollsAfterDamage(
  tracker: DeathRollTracker,
  damage: number,
  options?: Partial<ElectricStateOptions>,
): DeathRollTracker {
  const opts = withDefaults(options);
  requireInteger('damage', damage, 0, 1000);
  if (damage === 0 || tracker.state === 'dead') return tracker;
  if (opts.deathRollsOnDamage === 'keep-failures') {
    return { state: 'dying', sixes: 0, failedRolls: tracker.failedRolls, rollsCounted: tracker.rollsCounted };
  }
  return NEW_DEATH_ROLLS;
}

export interface HealInput {
  readonly health: number;
  readonly maxHealth: number;
  /** Health recovered: the 6s of a rally, 1 for a self-rally, or rest. */
  readonly amount: number;
  /** Where the death rolls stand, when the character has made any. */
  readonly deathRolls?: DeathRollState;
}

export interface HealResult {
  readonly health: number;
  readonly recovered: number;
  /** Back above 0 Health: no longer Incapacitated. */
  readonly backOnFeet: boolean;
  /** Recovered Health does not stop the death rolls; only stabilizing does (seed: Rallying & Stabilizing). */
  readonly stillMakingDeathRolls: boolean;
  readonly steps: ExplainStep[];
}

/**
 * Health recovered by an amount already known (a rally's 6s, a self-rally, rest), never above
 * max Health. Above 0 ends Incapacitated, but death rolls go on until Stabilized or Dead.
 */
export function healHealth(input: HealInput): HealResult {
  const maxHealth = requireInteger('maxHealth', input.maxHealth, 1, MAX_HEALTH_LIMIT);
  const health = requireInteger('health', input.health, 0, maxHealth);
  const amount = requireInteger('Health recovered', input.amount, 0, 1000);
  if (input.deathRolls === 'dead') throw new RulesError('not-allowed', 'A dead character cannot recover Health.');
  const newHealth = Math.min(maxHealth, health + amount);
  const backOnFeet = health === 0 && newHealth > 0;
  const stillMakingDeathRolls = input.deathRolls === 'dying';
  const steps = [
    step(
      `${newHealth - health} Health recovered: Health ${health} → ${newHealth}${health + amount > maxHealth ? ` (max Health ${maxHealth})` : ''}.`,
      SECTION.rallying,
    ),
  ];
  if (backOnFeet)
    steps.push(
      step(
        stillMakingDeathRolls
          ? 'Back on their feet, no longer Incapacitated — but still making death rolls until Stabilized.'
          : 'Back on their feet: no longer Incapacitated.',
        SECTION.rallying,
      ),
    );
  return { health: newHealth, recovered: newHealth - health, backOnFeet, stillMakingDeathRolls, steps };
}

export interface HopeChangeResult {
  readonly hope: number;
  /** The change actually made (negative for a loss), after the 0 and max Hope limits. */
  readonly change: number;
  readonly steps: ExplainStep[];
}

/** Hope lost or regained by an amount, never below 0 nor above max Hope [book]. */
export function changeHope(input: {
  readonly hope: number;
  readonly maxHope: number;
  readonly change: number;
}): HopeChangeResult {
  const maxHope = requireInteger('maxHope', input.maxHope, 0, MAX_ATTRIBUTE);
  const hope = requireInteger('Hope', input.hope, 0, maxHope);
  const change = requireInteger('Hope change', input.change, -1000, 1000);
  const newHope = Math.min(maxHope, Math.max(0, hope + change));
  const verb = change < 0 ? 'lost' : 'regained';
  const limited = hope + change < 0 ? ' (never below 0)' : hope + change > maxHope ? ` (max Hope ${maxHope})` : '';
  return {
    hope: newHope,
    change: newHope - hope,
    steps: [
      step(`${Math.abs(newHope - hope)} Hope ${verb}: Hope ${hope} → ${newHope}${limited}.`, SECTION.derived, 'book'),
    ],
  };
}

export interface RallyInput {
  /** The rallying character's Empathy roll (same zone). */
  readonly empathyDice: readonly number[];
  readonly health: number;
  readonly maxHealth: number;
}

export interface RallyResult {
  readonly sixes: number;
  readonly healthRecovered: number;
  readonly health: number;
  /** Back on their feet (Health above 0). */
  readonly rallied: boolean;
  /** A rallied character keeps making death rolls (seed: Rallying & Stabilizing). */
  readonly stillMakingDeathRolls: true;
  readonly steps: ExplainStep[];
}

/** Rally an Incapacitated fighter: an Empathy roll, Health recovered = 6s rolled. */
export function rally(input: RallyInput): RallyResult {
  const maxHealth = requireInteger('maxHealth', input.maxHealth, 1, MAX_HEALTH_LIMIT);
  const health = requireInteger('health', input.health, 0, maxHealth);
  if (health > 0) throw new RulesError('not-allowed', 'Only an Incapacitated fighter (Health 0) can be rallied.');
  const sixes = countSixes(checkD6('empathyDice', input.empathyDice));
  const newHealth = Math.min(maxHealth, health + sixes);
  const recovered = newHealth - health;
  return {
    sixes,
    healthRecovered: recovered,
    health: newHealth,
    rallied: newHealth > 0,
    stillMakingDeathRolls: true,
    steps: [
      step(
        `Rally (an action, same zone): Empathy roll with ${plural(sixes, 'six', 'sixes')}, ${recovered} Health recovered (Health ${newHealth}); death rolls continue.`,
        SECTION.rallying,
      ),
    ],
  };
}

/** Self-rally: after a Stretch, if still alive, recover 1 Health automatically. */
export function selfRally(input: {
  readonly health: number;
  readonly maxHealth: number;
  readonly state: DeathRollState | HealthState;
}): RallyResult {
  const maxHealth = requireInteger('maxHealth', input.maxHealth, 1, MAX_HEALTH_LIMIT);
  const health = requireInteger('health', input.health, 0, maxHealth);
  if (input.state === 'dead') throw new RulesError('not-allowed', 'A dead character cannot self-rally.');
  if (health > 0) throw new RulesError('not-allowed', 'Self-rally is for an Incapacitated character (Health 0).');
  const newHealth = Math.min(maxHealth, health + 1);
  return {
    sixes: 0,
    healthRecovered: newHealth - health,
    health: newHealth,
    rallied: newHealth > 0,
    stillMakingDeathRolls: true,
    steps: [
      step(
        `Self-rally after a Stretch: ${newHealth - health} Health recovered automatically (Health ${newHealth}).`,
        SECTION.rallying,
      ),
    ],
  };
}

export interface StabilizeInput {
  /** The helper has the Medic talent (required). */
  readonly medic: boolean;
  /** Their Wits roll (a first aid kit adds gear dice). */
  readonly witsDice: readonly number[];
}

export interface StabilizeResult {
  readonly success: boolean;
  readonly sixes: number;
  /** No more death rolls on a success; the character stays Incapacitated. */
  readonly stopsDeathRolls: boolean;
  readonly steps: ExplainStep[];
}

/** Stabilize: a character with the Medic talent rolls Wits; a 6 stops the death rolls. */
export function stabilize(input: StabilizeInput): StabilizeResult {
  if (!input.medic)
    throw new RulesError('not-allowed', 'Only a character with the Medic talent can stabilize someone.');
  const sixes = countSixes(checkD6('witsDice', input.witsDice));
  const success = sixes > 0;
  return {
    success,
    sixes,
    stopsDeathRolls: success,
    steps: [
      step(
        success
          ? 'Stabilized: no more death rolls, but still Incapacitated.'
          : 'No six: not stabilized, the death rolls go on.',
        SECTION.rallying,
      ),
    ],
  };
}

/** Stabilizing a death-roll tracker after a successful Medic roll. */
export function stabilizeTracker(tracker: DeathRollTracker): DeathRollTracker {
  return tracker.state === 'dying' ? { ...tracker, state: 'stabilized' } : tracker;
}

export interface RecoveryInput {
  readonly health: number;
  readonly maxHealth: number;
  readonly shifts?: number;
  readonly nurse?: boolean;
  /** Strenuous activity during the Shift: no recovery. */
  readonly strenuous?: boolean;
  /** A condition such as disease or hunger blocks recovery. */
  readonly blocked?: boolean;
}

export interface RecoveryResult {
  readonly health: number;
  readonly recovered: number;
  readonly steps: ExplainStep[];
}

/** Natural recovery: 1 Health per Shift without strenuous activity, 2 with the Nurse talent. */
export function recoverHealth(input: RecoveryInput): RecoveryResult {
  const maxHealth = requireInteger('maxHealth', input.maxHealth, 1, MAX_HEALTH_LIMIT);
  const health = requireInteger('health', input.health, 0, maxHealth);
  const shifts = requireInteger('shifts', input.shifts ?? 1, 0, 1000);
  if (input.blocked)
    return {
      health,
      recovered: 0,
      steps: [step('A condition (disease, hunger …) blocks recovery.', SECTION.recovery)],
    };
  if (input.strenuous)
    return { health, recovered: 0, steps: [step('Strenuous activity: no recovery this Shift.', SECTION.recovery)] };
  const perShift = input.nurse ? 2 : 1;
  const newHealth = Math.min(maxHealth, health + perShift * shifts);
  return {
    health: newHealth,
    recovered: newHealth - health,
    steps: [
      step(
        `${plural(shifts, 'Shift', 'Shifts')} of rest at ${perShift} Health each${input.nurse ? ' (Nurse talent)' : ''}: Health ${health} → ${newHealth}.`,
        SECTION.recovery,
      ),
    ],
  };
}
