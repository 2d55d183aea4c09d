import { problemOf } from '../../../errors';
import type { Participant, ResolveContext, SetupValues } from '../../../system-kit/workflow';
import type { ExplainStep } from '../../../system-kit/rule-system';
import { checkDefenseAllowed, coverEffect, rangedTn } from '../combat';
import { requireTn, skillTn } from '../d100';
import { RULES } from '../sections';
import { readToggles } from '../toggles';
import { defenceTn, woundedAndModified, type TargetNumber } from './exchange-kit';
import { readSetup } from './attack-setup-reading';
import { defenceLabel, type AttackMode, type AttackSetup } from './fields';
import { isDown, isStunned, participantProblems, statNumber } from './participants';
import { signed } from './workflow-kit';

// The attack workflow's setup checks: what is wrong with a setup, and the attack and defence target numbers.

// ---------------------------------------------------------------------------------------------
// Problems
// ---------------------------------------------------------------------------------------------

function participantsProblems(context: ResolveContext): string[] {
  if (typeof context !== 'object' || context === null) return ['The roll needs an attacker and a target.'];
  const attackers = Array.isArray(context.attackers) ? context.attackers : [];
  const targets = Array.isArray(context.targets) ? context.targets : [];
  const problems: string[] = [];
  if (attackers.length === 0) problems.push('Choose who attacks.');
  else if (attackers.length > 1) problems.push('An attack has one attacker: choose just one.');
  if (targets.length === 0) problems.push('Choose the target of the attack.');
  else if (targets.length > 1) problems.push('An attack has one target: choose just one.');
  const attacker = attackers[0];
  const target = targets[0];
  if (attacker?.removed === true) problems.push(`${attacker.name} has left the encounter and cannot attack.`);
  if (target?.removed === true) problems.push(`${target.name} has left the encounter and cannot be attacked.`);
  if (attacker && target && attacker.combatantId !== undefined && attacker.combatantId === target.combatantId) {
    problems.push(`${attacker.name} cannot attack themselves.`);
  }
  if (attacker) problems.push(...participantProblems(attacker));
  if (target) problems.push(...participantProblems(target));
  const toggles = problemOf(() => readToggles(context.toggles));
  if (toggles) problems.push(toggles);
  if (problems.length > 0) return problems;
  if (attacker && isDown(attacker)) problems.push(`${attacker.name} is down (HP 0 or less) and cannot attack.`);
  else if (attacker && isStunned(attacker)) {
    problems.push(`${attacker.name} is stunned (head wound) and can take no actions this round.`);
  }
  return problems;
}

function ruleProblems(s: AttackSetup, attacker: Participant, target: Participant): string[] {
  const problems: string[] = [];
  const ranged = s.mode === 'ranged';
  if (s.cover === 'impenetrable') problems.push(coverEffect('impenetrable').steps[0]!.text);
  if (s.rangeBand === 'beyond') {
    problems.push(`${target.name} is beyond the weapon's long range: pick a range band it reaches.`);
  }
  const allowed = problemOf(() => checkDefenseAllowed({ ranged, area: s.area }, s.defence));
  if (allowed) problems.push(allowed);
  if (s.defence !== 'none') {
    if (isDown(target)) {
      problems.push(`${target.name} is down (HP 0 or less) and can make no reactions: choose No defence.`);
    } else if (isStunned(target)) {
      problems.push(`${target.name} is stunned (head wound) and can make no reactions: choose No defence.`);
    }
  }
  if (s.defence === 'block' && s.shieldBr === 0) {
    problems.push("A Block needs a shield: enter the shield's Block Rating (BR).");
  }
  if (
    !ranged &&
    (s.defence === 'parry' || s.defence === 'counter') &&
    s.counterWeapon === 'unarmed' &&
    s.outsideUnarmedReach
  ) {
    problems.push(
      `An unarmed ${s.defence === 'parry' ? 'Parry' : 'Counter-attack'} only works on an opponent within the defender's own engagement range: ${attacker.name} is beyond it.`,
    );
  }
  const attackTnProblem = problemOf(() => attackTn(s, attacker));
  if (attackTnProblem) problems.push(attackTnProblem);
  if (s.defence !== 'none') {
    const defenceTnProblem = problemOf(() => attackDefenceTn(s, target));
    if (defenceTnProblem) problems.push(defenceTnProblem);
  }
  return problems;
}

export function findProblems(mode: AttackMode, setup: SetupValues, context: ResolveContext): string[] {
  const problems = participantsProblems(context);
  if (problems.length > 0) return problems;
  const read = readSetup(mode, setup, context);
  if (!read.setup) return read.problems;
  return ruleProblems(read.setup, context.attackers[0]!, context.targets[0]!);
}

// ---------------------------------------------------------------------------------------------
// Target numbers
// ---------------------------------------------------------------------------------------------

export function weaponName(s: AttackSetup): string {
  if (s.weaponName !== null) return s.weaponName;
  return s.weapon === 'unarmed' ? 'Punches/Kicks' : s.weapon === 'improvised' ? 'improvised weapon' : 'weapon';
}

/** The attack test's TN: Combat Style (or characteristic − 20 untrained), style fit, range band, wounds, modifiers. */
export function attackTn(s: AttackSetup, attacker: Participant): TargetNumber {
  const steps: ExplainStep[] = [];
  const parts: string[] = [];
  let tn: number;
  if (s.basis === 'style') {
    tn = s.styleTn;
    const style = s.secondStyle ? 'second Combat Style' : 'Combat Style';
    steps.push({
      text: `${attacker.name} attacks with their ${style} (${s.mode === 'melee' ? 'Str or Ag' : 'Ag'}): TN ${tn}.`,
      rule: RULES.attack,
    });
    parts.push(`${s.secondStyle ? 'second ' : ''}Combat Style ${tn}`);
    const improvised = s.weapon === 'improvised';
    if (improvised ? !s.improvisedInStyle : !s.inStyle) {
      tn -= 20;
      steps.push(
        improvised
          ? { text: `An improvised weapon outside the Combat Style: −20 untrained → ${tn}.`, rule: RULES.improvised }
          : {
              text: `The ${weaponName(s)} is not in the Combat Style: the standard −20 untrained penalty → ${tn}.`,
              rule: RULES.attack,
            },
      );
      parts.push('out of style −20');
    }
  } else {
    const strength = s.basis === 'untrained-str';
    const characteristic = statNumber(attacker, strength ? 'strength' : 'agility');
    // The package's skill TN for an untrained test: the characteristic − 20.
    tn = skillTn({ characteristic, trained: false }).tn;
    steps.push({
      text: `No Combat Style: ${strength ? 'Strength' : 'Agility'} ${characteristic} − 20 untrained = ${tn}.`,
      rule: RULES.attack,
    });
    parts.push(`${strength ? 'Str' : 'Ag'} ${characteristic} untrained −20`);
  }
  if (s.rangeBand !== null && s.rangeBand !== 'beyond') {
    const ranged = rangedTn(tn, s.rangeBand);
    steps.push(...ranged.steps);
    parts.push(`${s.rangeBand} range ${signed(ranged.tn - tn)}`);
    tn = ranged.tn;
  }
  const attack = woundedAndModified({ tn, steps, parts }, attacker.name, s.attackerWounded, s.attackModifier);
  requireTn('The attack TN', attack.tn);
  return attack;
}

/** The defence test's TN: Evade, or the Combat Style for Parry, Block and Counter-attack. */
export function attackDefenceTn(s: AttackSetup, target: Participant): TargetNumber {
  return defenceTn(s, target, defenceLabel(s.defence));
}
