import { RulesError } from '../../../errors';
import type { ResolveContext, SetupValues } from '../../../system-kit/workflow';
import { memoizeBySetup } from '../../../system-kit/memo';
import type { ExplainStep } from '../../../system-kit/rule-system';
import { defensePool } from '../modifiers';
import type { DefenseMethod } from '../modifiers';
import { SECTION, signed, step } from '../sections';
import { apText, meleeDamageCode, meleeDv } from '../weapons';
import type { AttackPlan } from './engine';
import { attackPoolClosing, calledShotEffect, fullDefenseConditions, numericAp } from './pool';
import type { Part } from './pool';
import { canDefend, noDefenceReason, noDefenceStep, readSetup, readSides } from './setup';
import { skillNote, targetStatField } from './sheets';
import type { TargetStat } from './sheets';
import { MELEE_MODIFIERS } from './situation';
import type { CalledShot } from './situation';
import {
  personOnlyCalledShotProblem,
  readVehicleTarget,
  vehicleStatField,
  vehicleTargetDefence,
} from './vehicle-target';
import { book, seed } from './melee-fields';
import { chosenWeapon, defaults, meleeFields } from './melee-setup';

// A melee setup read into an AttackPlan, or the problems that stop it.
interface Built {
  readonly problems: readonly string[];
  readonly plan: AttackPlan | null;
}

export const build = memoizeBySetup(buildPlan);

function buildPlan(setup: SetupValues, context: ResolveContext): Built {
  const sides = readSides(context);
  const v = readSetup(meleeFields(context), defaults(context), setup);
  const problems = [...sides.problems, ...v.problems];
  const { attacker, target, rules } = sides;
  const vehicle = readVehicleTarget(context, problems);
  if (!attacker || !target) return { problems, plan: null };

  const weapon = chosenWeapon(v.choice('weapon'), context, problems);
  const targetStat = (stat: TargetStat) => v.number(targetStatField(context.targets[0], stat));
  const fullDefense = vehicle ? false : v.flag('fullDefense');
  const method = vehicle ? 'dodge' : v.choice<DefenseMethod>('defence');
  const armourRating = vehicle ? v.number(vehicleStatField(context.targets[0], 'vehicleArmor')) : targetStat('impact');
  const calledShot = v.choice<CalledShot>('calledShot');
  const personOnly = vehicle ? personOnlyCalledShotProblem(calledShot, target.name) : null;
  if (personOnly) problems.push(personOnly);
  const called = calledShotEffect(calledShot, v.number('calledShotDv'), armourRating);
  // A vehicle has no Reach: the attacker's longer weapon gains nothing against it.
  const reachDifference = vehicle ? 0 : weapon.reach - v.number('defenderReach');

  const parts: Part[] = [];
  const situationSteps: ExplainStep[] = [];
  const charging = v.flag('charging');
  if (charging) parts.push({ label: 'Charging', value: MELEE_MODIFIERS.charging, rule: book(SECTION.melee) });
  if (v.flag('attackerRunning')) {
    if (charging) situationSteps.push(step('Running does not cost dice on a charge.', SECTION.movement));
    else parts.push({ label: 'Attacker running', value: -2, rule: seed(SECTION.movement) });
  }
  if (v.flag('superiorPosition'))
    parts.push({ label: 'Superior position', value: MELEE_MODIFIERS.superiorPosition, rule: book(SECTION.melee) });
  const friends = v.number('friendsInMelee');
  if (friends)
    parts.push({
      label: `Friends in the melee (${friends})`,
      value: friends * MELEE_MODIFIERS.perFriendInMelee,
      rule: book(SECTION.melee),
    });
  if (v.flag('offHand'))
    parts.push({ label: 'Off-hand weapon', value: MELEE_MODIFIERS.offHand, rule: book(SECTION.melee) });
  if (reachDifference > 0)
    parts.push({
      label: `Longer Reach (${weapon.reach} against ${weapon.reach - reachDifference})`,
      value: reachDifference,
      rule: book(SECTION.melee),
    });
  const pool = attackPoolClosing(v, attacker, weapon.skill, called.part, parts, problems);

  const defenceSteps: ExplainStep[] = [];
  let defenceDice = 0;
  let defenceLabel: string;
  if (vehicle) {
    const defence = vehicleTargetDefence(v, vehicle, target, 0, '');
    defenceDice = defence.dice;
    defenceSteps.push(...defence.steps);
    defenceLabel = defence.label;
  } else if (canDefend(target)) {
    const reachBonus = reachDifference < 0 ? -reachDifference : 0;
    const modifier = target.woundModifier + reachBonus;
    if (target.woundModifier)
      defenceSteps.push(
        step(`${target.name}'s wounds: ${signed(target.woundModifier)} to the defence.`, SECTION.damage),
      );
    if (reachBonus)
      defenceSteps.push(
        step(`${target.name}'s longer Reach: ${signed(reachBonus)} to the defence.`, SECTION.melee, 'book'),
      );
    const skill = method === 'dodge' ? v.number('dodge') : v.number('defenceSkill');
    const defence = defensePool({
      attack: 'melee',
      method,
      reaction: targetStat('reaction'),
      skill,
      fullDefenseSkill: fullDefense ? v.number('dodge') : undefined,
      modifier,
    });
    defenceDice = defence.dice;
    defenceSteps.push(...defence.steps);
    const skillName = { dodge: 'Dodge', block: 'Unarmed Combat', parry: 'weapon skill', reaction: '' }[method];
    defenceLabel = `${skillName ? `${skillName} ${skill} + ` : ''}Reaction ${targetStat('reaction')}${fullDefense ? ` + Dodge ${v.number('dodge')} (Full Defense)` : ''}${modifier ? `, modifiers ${signed(modifier)}` : ''}`;
  } else {
    if (fullDefense) problems.push(`${target.name} ${noDefenceReason(target)} and cannot go on Full Defense.`);
    defenceSteps.push(noDefenceStep(target));
    defenceLabel = 'cannot defend';
  }

  const dv = meleeDv(weapon, attacker.stats.strength);
  const weaponStep = step(
    'fixed' in weapon.dv
      ? `${weapon.name}: ${meleeDamageCode(weapon)}, AP ${apText(weapon.ap)}, Reach ${weapon.reach}.`
      : `${weapon.name}: ${meleeDamageCode(weapon)} with Strength ${attacker.stats.strength} = DV ${dv} (STR/2 rounds up), AP ${apText(weapon.ap)}, Reach ${weapon.reach}.`,
    SECTION.melee,
    'book',
  );
  const plan: AttackPlan = {
    kind: 'melee',
    attacker: attacker.name,
    target: target.name,
    weapon: weapon.name,
    attackDice: pool.dice,
    edgeDice: pool.edgeDice,
    attackLabel: pool.label,
    attackSteps: [
      weaponStep,
      ...skillNote(context.attackers[0], weapon.skill, weapon.name, v.number('skill')),
      ...situationSteps,
      ...pool.steps,
    ],
    defenceDice,
    defenceLabel,
    defenceSteps,
    dv: dv + called.dvBonus,
    dvSteps: called.dvSteps,
    damageType: weapon.damageType,
    armourName: vehicle ? 'Armor' : 'Impact armour',
    armour: armourRating,
    ap: numericAp(weapon.ap, armourRating),
    apHalf: weapon.ap === 'half',
    armourBypassed: called.bypassArmour,
    body: vehicle ? v.number(vehicleStatField(context.targets[0], 'body')) : target.stats.body,
    disarmStrength: called.disarm ? target.stats.strength : null,
    secondChance: !v.flag('pushTheLimit') && attacker.stats.edge > 0,
    rules,
    targetConditions: fullDefenseConditions(target, attacker.name, fullDefense && canDefend(target)),
    // Seed, Actions: a melee or unarmed attack is a Complex Action.
    attackAction: 'complex',
    ...(vehicle ? { vehicleTarget: { component: null } } : {}),
  };
  return { problems, plan: problems.length ? null : plan };
}

export function planOrThrow(setup: SetupValues, context: ResolveContext): AttackPlan {
  const built = build(setup, context);
  if (!built.plan) throw new RulesError('not-allowed', built.problems[0] ?? 'The attack cannot be made.');
  return built.plan;
}
