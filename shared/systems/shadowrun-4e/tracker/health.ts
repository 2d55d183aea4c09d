import type {
  ConditionInit,
  Harm,
  HarmKind,
  HarmOutcome,
  HealthView,
  RulesCombatant,
} from '../../../system-kit/tracker-rules';
import { RulesError, describe, requireInteger } from '../../../errors';
import type { ExplainStep, ToggleValues } from '../../../system-kit/rule-system';
import { knocksDown } from '../combat';
import { applyDamage, conditionAfterDamage, MAX_BOXES } from '../health';
import type { ConditionInput, ConditionNumbers, ConditionResult } from '../health';
import { plural, SECTION, signed, step } from '../sections';
import type { ShadowrunRules } from '../toggles';
import { applyVehicleHarm, isAutonomous, isVehicle, vehicleCondition, vehicleHealthView } from '../vehicles';
import {
  conditionIdsOf,
  possessive,
  readStat,
  requireCombatant,
  requireStats,
  resolveRules,
  statMemo,
} from './checked-reads';
import { CONDITIONS } from './conditions';

// ---------------------------------------------------------------------------------------------
// Health: { physical: boxes incl. overflow, stun: boxes (capped) }
// ---------------------------------------------------------------------------------------------

/**
 * Stored health. Physical keeps overflow past the track so that Body changes and healing need
 * no second field; Stun is capped because excess Stun has already been moved into Physical.
 */
// A type alias (not an interface) so it is assignable to the JSON record HealthState.
type SrHealth = {
  readonly physical: number;
  readonly stun: number;
};

/**
 * The record itself once both counts are checked: two comparisons cost less than any cache,
 * and a replay makes a new record on every hit.
 */
export function readHealth(combatant: RulesCombatant): SrHealth {
  const health: unknown = combatant.health;
  if (typeof health !== 'object' || health === null || Array.isArray(health)) {
    throw new RulesError(
      'invalid-input',
      `${possessive(combatant.name)}health must be an object, got ${describe(health)}.`,
    );
  }
  const { physical, stun } = health as Record<string, unknown>;
  if (isBoxCount(physical) && isBoxCount(stun)) return health as SrHealth;
  // The names for the messages are only built when a count is bad.
  requireInteger(`${possessive(combatant.name)}Physical boxes`, physical, 0, MAX_BOXES);
  return {
    physical: physical as number,
    stun: requireInteger(`${possessive(combatant.name)}Stun boxes`, stun, 0, MAX_BOXES),
  };
}

function isBoxCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_BOXES;
}

/**
 * The last monitors worked out for one stat block, per Stun overflow rule. A combatant keeps its
 * stat block while its health record is replaced on every hit, so the block holds the memo (a
 * WeakMap entry per new record would cost more than the sums) and a redraw finds the record it saw.
 */
interface ConditionMemo {
  // One field per rule (not a record indexed by the rule): read on every redraw, a fixed field is faster.
  oneToOneOf?: object;
  oneToOne?: ConditionNumbers;
  twoToOneOf?: object;
  twoToOne?: ConditionNumbers;
}
const conditionCache = new WeakMap<object, ConditionMemo>();

/**
 * The combatant's monitors as they stand: the package's damage rule with nothing incoming.
 * A Stun track over a lowered Willpower overflows by the rule, so the toggle counts even here;
 * callers without toggles pass the default.
 */
export function currentCondition(combatant: RulesCombatant, rules: ShadowrunRules): ConditionNumbers {
  const oneToOne = rules.stunOverflow === '1:1';
  const stats = requireStats(combatant.stats, combatant.name);
  let memo = conditionCache.get(stats);
  if (memo !== undefined) {
    if (oneToOne ? memo.oneToOneOf === combatant.health : memo.twoToOneOf === combatant.health) {
      return (oneToOne ? memo.oneToOne : memo.twoToOne)!;
    }
  } else {
    memo = {};
    conditionCache.set(stats, memo);
  }
  const health = readHealth(combatant);
  const stat = statMemo(stats);
  const condition = isVehicle(stats)
    ? vehicleCondition(readStat(stats, 'body', combatant.name, stat), health.physical)
    : conditionAfterDamage(
        {
          body: readStat(stats, 'body', combatant.name, stat),
          willpower: readStat(stats, 'willpower', combatant.name, stat),
          physical: health.physical,
          stun: health.stun,
        },
        rules.stunOverflow,
      );
  if (oneToOne) {
    memo.oneToOneOf = health;
    memo.oneToOne = condition;
  } else {
    memo.twoToOneOf = health;
    memo.twoToOne = condition;
  }
  return condition;
}

function toHealth(result: ConditionNumbers): SrHealth {
  // Past death more boxes change nothing; the cap keeps the record inside the package's limits.
  return { physical: Math.min(result.physical + result.overflow, MAX_BOXES), stun: result.stun };
}

export const HARM_KINDS: readonly HarmKind[] = [
  { id: 'physical', label: 'Physical damage', healing: false, locations: [] },
  { id: 'stun', label: 'Stun damage', healing: false, locations: [] },
  { id: 'heal-physical', label: 'Heal Physical', healing: true, locations: [] },
  { id: 'heal-stun', label: 'Heal Stun', healing: true, locations: [] },
];

function requireHarm(harm: unknown): Harm {
  if (typeof harm !== 'object' || harm === null || Array.isArray(harm)) {
    throw new RulesError('invalid-input', `Harm must be an object with kind and amount, got ${describe(harm)}.`);
  }
  const record = harm as Record<string, unknown>;
  if (typeof record.kind !== 'string' || !HARM_KINDS.some((k) => k.id === record.kind)) {
    throw new RulesError(
      'invalid-input',
      `Unknown harm kind ${describe(record.kind)}; use ${HARM_KINDS.map((k) => k.id).join(', ')}.`,
    );
  }
  if (record.location !== undefined) {
    throw new RulesError('invalid-input', 'Shadowrun has no hit locations; leave the location empty.');
  }
  const amount = requireInteger('Boxes of damage or healing', record.amount, 0, MAX_BOXES);
  return { kind: record.kind, amount };
}

/** Conditions a character keeps up by acting; they end when the character goes down. */
const HELD_CONDITIONS: readonly string[] = ['full-defense', 'running', 'aiming', 'delaying'];

/** What the harm leaves for the explanation to tell: the book's monitors, with the conditions it changes. */
interface DamageChange {
  /** The monitors and the incoming boxes, as the package's damage rule takes them. */
  readonly input: ConditionInput;
  readonly result: ConditionNumbers;
  readonly conditions: ConditionInit[];
  readonly removeConditions: string[];
  readonly knockedDown: boolean;
  readonly collapsed: boolean;
}

function damageChange(
  combatant: RulesCombatant,
  harm: Harm,
  body: number,
  willpower: number,
  rules: ShadowrunRules,
): DamageChange {
  const before = readHealth(combatant);
  const wasUp = currentCondition(combatant, rules).state === 'ok';
  const input: ConditionInput = {
    body,
    willpower,
    physical: before.physical,
    stun: before.stun,
    incomingPhysical: harm.kind === 'physical' ? harm.amount : 0,
    incomingStun: harm.kind === 'stun' ? harm.amount : 0,
  };
  const result = conditionAfterDamage(input, rules.stunOverflow);
  const conditions: ConditionInit[] = [];
  // The seed's flow ends "apply damage; check Knockdown": the package's book test decides it.
  const knockedDown = harm.amount > 0 && knocksDown(harm.amount, body) && result.state !== 'dead';
  if (knockedDown) conditions.push({ conditionId: 'prone', label: 'Prone', note: 'Knocked down' });
  const collapsed = wasUp && result.state !== 'ok';
  let removeConditions: string[] = [];
  if (collapsed) {
    // Whoever goes down drops to the ground and stops whatever they were keeping up.
    if (result.state !== 'dead' && !knockedDown) {
      conditions.push({ conditionId: 'prone', label: 'Prone', note: 'Collapsed' });
    }
    const held = conditionIdsOf(combatant);
    removeConditions = HELD_CONDITIONS.filter((id) => held.includes(id));
  }
  return { input, result, conditions, removeConditions, knockedDown, collapsed };
}

function explainDamage(
  combatant: RulesCombatant,
  harm: Harm,
  body: number,
  rules: ShadowrunRules,
  change: DamageChange,
): ExplainStep[] {
  const steps: ExplainStep[] = [
    step(
      `${combatant.name} takes ${plural(harm.amount, harm.kind === 'physical' ? 'Physical box' : 'Stun box', harm.kind === 'physical' ? 'Physical boxes' : 'Stun boxes')}.`,
      SECTION.damage,
    ),
    ...applyDamage(change.input, rules.stunOverflow).steps,
  ];
  if (change.knockedDown) {
    steps.push(
      step(
        `${plural(harm.amount, 'box', 'boxes')} ${harm.amount >= 10 ? 'reach 10' : `exceed Body ${body}`}: ${combatant.name} is knocked down (Prone).`,
        SECTION.resolutionFlow,
        'book',
      ),
    );
  }
  if (change.collapsed) {
    const ended = change.removeConditions.map((id) => CONDITIONS.find((c) => c.id === id)?.label ?? id);
    const endedText = ended.length ? `${ended.join(', ')} ${ended.length === 1 ? 'ends' : 'end'}` : '';
    if (change.result.state !== 'dead') {
      steps.push(
        step(`${combatant.name} collapses (Prone)${endedText ? `; ${endedText}` : ''}.`, SECTION.damage, 'default'),
      );
    } else if (endedText) {
      steps.push(step(`${endedText}.`, SECTION.damage, 'default'));
    }
  }
  return steps;
}

export function applyHarm(
  combatant: RulesCombatant,
  harmInput: Harm,
  toggles: ToggleValues,
  quiet = false,
): HarmOutcome {
  const rules = resolveRules(toggles);
  const harm = requireHarm(harmInput);
  requireCombatant(combatant);
  const stats = requireStats(combatant.stats, combatant.name);
  const body = readStat(stats, 'body', combatant.name);
  if (isVehicle(stats)) return applyVehicleHarm(combatant.name, body, readHealth(combatant).physical, harm);
  const willpower = readStat(stats, 'willpower', combatant.name);
  // Checked for every kind of harm, healing too: a damaged condition list is refused, not carried on.
  conditionIdsOf(combatant);

  if (harm.kind === 'physical' || harm.kind === 'stun') {
    const change = damageChange(combatant, harm, body, willpower, rules);
    return {
      health: toHealth(change.result),
      steps: quiet ? [] : explainDamage(combatant, harm, body, rules, change),
      ...(change.conditions.length ? { conditions: change.conditions } : {}),
      ...(change.removeConditions.length ? { removeConditions: change.removeConditions } : {}),
    };
  }

  const beforeCondition = currentCondition(combatant, rules);
  if (beforeCondition.state === 'dead') {
    throw new RulesError(
      'not-allowed',
      `${combatant.name} is dead, and healing cannot bring them back; undo the damage instead if it was a mistake.`,
    );
  }
  const before = readHealth(combatant);
  const track = harm.kind === 'heal-physical' ? 'physical' : 'stun';
  const marked = before[track];
  const healed = Math.min(marked, harm.amount);
  const after: SrHealth =
    track === 'physical'
      ? { physical: marked - healed, stun: before.stun }
      : { physical: before.physical, stun: marked - healed };
  const input = { body, willpower, physical: after.physical, stun: after.stun };
  if (quiet) return { health: toHealth(conditionAfterDamage(input, rules.stunOverflow)), steps: [] };
  const trackName = track === 'physical' ? 'Physical' : 'Stun';
  const result = applyDamage(input, rules.stunOverflow);
  return {
    health: toHealth(result),
    steps: [
      step(
        healed < harm.amount
          ? `${combatant.name} has only ${plural(marked, `${trackName} box`, `${trackName} boxes`)} marked; ${healed === 0 ? 'nothing to heal' : `all ${healed} are healed`}.`
          : `${combatant.name} heals ${plural(healed, `${trackName} box`, `${trackName} boxes`)}: ${marked} → ${marked - healed}.`,
        SECTION.damage,
        'book',
      ),
      // The first package step restates the monitor sizes; after healing only the new state matters.
      ...result.steps.slice(1),
    ],
  };
}

/** Conditions under which a character gets no Action Phases at all. */
const NO_ACTION_CONDITIONS: readonly string[] = ['paralysed'];

/** Up (not knocked out, dying or dead) and not held by a condition that stops all action. */
export function canAct(combatant: RulesCombatant, rules: ShadowrunRules): boolean {
  return currentCondition(combatant, rules).state === 'ok' && !stoppedByCondition(combatant);
}

export function stoppedByCondition(combatant: RulesCombatant): boolean {
  return conditionIdsOf(combatant).some((id) => NO_ACTION_CONDITIONS.includes(id));
}

const STATE_LABEL: Readonly<Record<ConditionResult['state'], string>> = {
  ok: 'Wounded',
  unconscious: 'Unconscious',
  dying: 'Dying',
  dead: 'Dead',
};

export function healthView(combatant: RulesCombatant, toggles: ToggleValues): HealthView {
  const rules = resolveRules(toggles);
  requireCombatant(combatant);
  const condition = currentCondition(combatant, rules);
  const body = readStat(requireStats(combatant.stats), 'body', combatant.name);
  if (isVehicle(combatant.stats)) {
    const stoppedBy = conditionIdsOf(combatant).filter((id) => NO_ACTION_CONDITIONS.includes(id));
    return vehicleHealthView(
      body,
      condition.physical,
      isAutonomous(combatant.stats),
      stoppedBy.map((id) => CONDITIONS.find((c) => c.id === id)?.label ?? id),
    );
  }
  const unhurt = condition.physical === 0 && condition.stun === 0;
  const markers: string[] = [];
  if (condition.overflow > 0) {
    markers.push(`Overflow ${condition.overflow} of Body ${body} (more than ${body} is death)`);
  }
  if (condition.stun >= condition.monitors.stun && condition.state !== 'dead') {
    markers.push(`Stun track full: more Stun overflows into Physical (${rules.stunOverflow})`);
  }
  const stopped = conditionIdsOf(combatant).filter((id) => NO_ACTION_CONDITIONS.includes(id));
  if (condition.state === 'ok' && stopped.length) {
    // Says why a character who is up gets no turn.
    markers.push(`Cannot act: ${stopped.map((id) => CONDITIONS.find((c) => c.id === id)?.label ?? id).join(', ')}`);
  }
  return {
    tracks: [
      {
        id: 'physical',
        label: 'Physical',
        current: condition.monitors.physical - condition.physical,
        max: condition.monitors.physical,
        style: 'boxes',
      },
      {
        id: 'stun',
        label: 'Stun',
        current: condition.monitors.stun - condition.stun,
        max: condition.monitors.stun,
        style: 'boxes',
      },
    ],
    stateLabel: unhurt ? 'Unhurt' : STATE_LABEL[condition.state],
    severity: condition.state === 'dead' ? 'dead' : condition.state === 'ok' ? (unhurt ? 'ok' : 'hurt') : 'down',
    modifiers: condition.woundModifier ? [`Wound modifier ${signed(condition.woundModifier)}`] : [],
    markers,
    canAct: condition.state === 'ok' && stopped.length === 0,
  };
}

const STATE_FACT: Readonly<Record<ConditionResult['state'], number>> = { ok: 0, unconscious: 1, dying: 2, dead: 3 };

/**
 * healthView's canAct, state label and modifiers as one number (wound modifier, state, unhurt,
 * can act), which the view's words follow from. A vehicle's view is built.
 */
export function turnOrderFacts(combatant: RulesCombatant, toggles: ToggleValues): string | number {
  const rules = resolveRules(toggles);
  requireCombatant(combatant);
  if (isVehicle(requireStats(combatant.stats, combatant.name))) {
    const view = healthView(combatant, toggles);
    return `${view.canAct}|${view.stateLabel}|${view.modifiers.join('|')}`;
  }
  const condition = currentCondition(combatant, rules);
  const unhurt = condition.physical === 0 && condition.stun === 0;
  const canAct = condition.state === 'ok' && !stoppedByCondition(combatant);
  return -condition.woundModifier * 16 + STATE_FACT[condition.state] * 4 + (unhurt ? 2 : 0) + (canAct ? 1 : 0);
}
