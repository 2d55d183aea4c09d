// Checks: death rolls on the combatant's own turn, the Serious Injuries roll after surviving;
// and the encounter-wide prompts (none in Electric State).
import type {
  CheckOutcome,
  CheckRequest,
  ConditionInit,
  EncounterMoment,
  RulesCombatant,
} from '../../../system-kit/tracker-rules';
import { RulesError, describe, requireInteger } from '../../../errors';
import { DIE_SIDES, checkD6 } from '../dice';
import {
  DEATH_ROLL_DICE,
  DEATH_ROLL_FAILURES_TO_DIE,
  DEATH_ROLL_SIXES_TO_STABILIZE,
  NEW_DEATH_ROLLS,
  resolveDeathRolls,
  type DeathRollTracker,
} from '../health';
import { SURGERY_NOTE, seriousInjury } from '../injuries';
import { SECTION, step } from '../sections';
import { load } from './combatant-status';
import { injuryConditionId, injuryNote } from './conditions';
import { injuryDueStep } from './harm';
import { asState, type ElectricStateHealth } from './health-record';

const DEATH_ROLL_PREFIX = 'death-roll:';
const INJURY_PREFIX = 'serious-injury:';

function requireMoment(moment: EncounterMoment): EncounterMoment {
  if (typeof moment !== 'object' || moment === null) {
    throw new RulesError('invalid-input', `The encounter moment must be an object, got ${describe(moment)}.`);
  }
  requireInteger('round', moment.round, 0, Number.MAX_SAFE_INTEGER);
  if (moment.activeCombatantId !== null && typeof moment.activeCombatantId !== 'string') {
    throw new RulesError('invalid-input', 'The active combatant must be an id or null.');
  }
  return moment;
}

export function checksDue(combatant: RulesCombatant, moment: EncounterMoment): readonly CheckRequest[] {
  const { h, status } = load(combatant);
  requireMoment(moment);
  const name = combatant.name;
  const due: CheckRequest[] = [];
  if (status.dying && moment.activeCombatantId === combatant.id && h.lastDeathRollRound !== moment.round) {
    due.push({
      id: `${DEATH_ROLL_PREFIX}${moment.round}`,
      combatantId: combatant.id,
      label: `${name}: death roll (${DEATH_ROLL_DICE} dice, no push)`,
      dice: { count: DEATH_ROLL_DICE, sides: DIE_SIDES },
      reason: step(
        `Each turn while making death rolls, roll ${DEATH_ROLL_DICE} dice: ${DEATH_ROLL_SIXES_TO_STABILIZE} sixes in total stabilize, ${DEATH_ROLL_FAILURES_TO_DIE} rolls with no 6 kill.` +
          (status.incapacitated ? '' : ' Being rallied does not stop the death rolls.'),
        status.incapacitated ? SECTION.deathRolls : SECTION.rallying,
      ),
    });
  }
  if (status.injuryRollDue) {
    due.push({
      id: `${INJURY_PREFIX}${h.downs}`,
      combatantId: combatant.id,
      label: `${name}: serious injury (D66)`,
      dice: { count: 2, sides: DIE_SIDES },
      reason: injuryDueStep(),
    });
  }
  return due;
}

export function resolveCheck(
  combatant: RulesCombatant,
  checkId: string,
  faces: readonly number[],
  moment: EncounterMoment,
): CheckOutcome {
  const { h } = load(combatant);
  const name = combatant.name;
  if (typeof checkId !== 'string') {
    throw new RulesError('invalid-input', `A check id must be text, got ${describe(checkId)}.`);
  }
  const due = checksDue(combatant, moment);
  if (!due.some((c) => c.id === checkId)) {
    const list = due.map((c) => c.label).join('; ') || 'none';
    throw new RulesError('not-allowed', `No check "${checkId}" is due for ${name} now; due: ${list}.`);
  }

  if (checkId.startsWith(DEATH_ROLL_PREFIX)) {
    const roll = checkD6(`${name}'s death roll`, faces);
    if (roll.length !== DEATH_ROLL_DICE) {
      throw new RulesError('invalid-input', `A death roll is ${DEATH_ROLL_DICE} dice, got ${roll.length}.`);
    }
    const r = resolveDeathRolls([roll], h.deathRolls ?? NEW_DEATH_ROLLS);
    const deathRolls: DeathRollTracker = {
      state: r.state,
      sixes: r.sixes,
      failedRolls: r.failedRolls,
      rollsCounted: r.rollsCounted,
    };
    const dead = r.state === 'dead';
    const next: ElectricStateHealth = {
      ...h,
      deathRolls,
      lastDeathRollRound: moment.round,
      dead,
      killedBy: dead ? 'death-rolls' : h.killedBy,
      injuryDue: dead ? false : h.injuryDue,
    };
    const steps = [...r.steps];
    if (r.state === 'stabilized' && h.injuryDue) steps.push(injuryDueStep());
    return { health: asState(next), steps };
  }

  // Serious injury
  const r = seriousInjury(faces);
  const steps = [...r.steps];
  const conditions: ConditionInit[] = [];
  if (r.entry) {
    conditions.push({ conditionId: injuryConditionId(r.entry), label: r.entry.injury, note: injuryNote(r.entry) });
    if (r.entry.requiresSurgery) steps.push(step(SURGERY_NOTE, SECTION.seriousInjuries));
  }
  return { health: asState({ ...h, injuryDue: false }), steps, conditions };
}

export function encounterPrompts(
  combatants: readonly RulesCombatant[],
  alreadyPrompted: readonly string[],
): readonly CheckRequest[] {
  if (!Array.isArray(combatants) || !Array.isArray(alreadyPrompted)) {
    throw new RulesError(
      'invalid-input',
      'Encounter prompts need the list of combatants and the prompts already shown.',
    );
  }
  // Electric State has no encounter-wide rolls (no morale); death rolls and injuries are per combatant.
  return [];
}
