import { RulesError } from '../../../errors';
import type { ResolveContext, SetupValues } from '../../../system-kit/workflow';
import { memoizeBySetup } from '../../../system-kit/memo';
import type { ExplainStep } from '../../../system-kit/rule-system';
import {
  defensePool,
  FIRING_MODES,
  firingModeAction,
  firingModeEffect,
  RANGE_BANDS,
  rangedModifiers,
} from '../modifiers';
import type { BurstSpread, FiringMode, RangeBand } from '../modifiers';
import { SECTION, signed, step } from '../sections';
import { COMPONENT_SHOT_PENALTY, COMPONENTS } from '../vehicle-combat';
import { apText, firingModesOf, RANGE_CATEGORIES, rangedDamageCode, rangesText } from '../weapons';
import type { AttackPlan } from './engine';
import { attackPoolClosing, calledShotEffect, fullDefenseConditions, numericAp } from './pool';
import type { Part } from './pool';
import { canDefend, noDefenceReason, noDefenceStep, readSetup, readSides } from './setup';
import { skillNote, targetStatField } from './sheets';
import type { TargetStat } from './sheets';
import { COVER } from './situation';
import type { CalledShot, Cover, Visibility } from './situation';
import { componentShot } from './vehicle-component';
import type { ComponentChoice } from './vehicle-component';
import {
  personOnlyCalledShotProblem,
  readVehicleTarget,
  vehicleStatField,
  vehicleTargetDefence,
} from './vehicle-target';
import { book } from './ranged-fields';
import { bandFor, chosenWeapon, defaults, rangedFields } from './ranged-setup';

// A ranged setup read into an AttackPlan, or the problems that stop it.
interface Built {
  readonly problems: readonly string[];
  readonly plan: AttackPlan | null;
}

export const build = memoizeBySetup(buildPlan);

function buildPlan(setup: SetupValues, context: ResolveContext): Built {
  const sides = readSides(context);
  const v = readSetup(rangedFields(context), defaults(context), setup);
  const problems = [...sides.problems, ...v.problems];
  const { attacker, target, rules } = sides;
  const vehicle = readVehicleTarget(context, problems);
  if (!attacker || !target) return { problems, plan: null };

  const weapon = chosenWeapon(v.choice('weapon'), context, problems);
  const targetStat = (stat: TargetStat) => v.number(targetStatField(context.targets[0], stat));
  const modeChoice = v.choice<FiringMode | 'usual'>('firingMode');
  const mode: FiringMode = modeChoice === 'usual' ? (firingModesOf(weapon)[0] ?? 'single-shot') : modeChoice;
  const spread = v.choice<BurstSpread>('spread');
  const calledShot = v.choice<CalledShot>('calledShot');
  const bulletsBefore = v.number('bulletsBefore');
  const fullDefense = vehicle ? false : v.flag('fullDefense');
  const component = vehicle ? v.choice<ComponentChoice>('component') : 'none';
  const visibility = v.choice<Visibility>('visibility');
  const blindFire = v.flag('blindFire');

  if (!firingModesOf(weapon).includes(mode)) {
    problems.push(
      `The ${weapon.name} cannot fire ${FIRING_MODES[mode].label.toLowerCase()}: its modes are ${weapon.modes.join('/')}.`,
    );
  }
  if (firingModeAction(mode) === 'complex' && bulletsBefore > 0) {
    problems.push(
      `A ${FIRING_MODES[mode].label.toLowerCase()} is full-auto fire, a Complex Action that takes the whole Action Phase: no bullets can have been fired before it.`,
    );
  }
  const personOnly = vehicle ? personOnlyCalledShotProblem(calledShot, target.name) : null;
  if (personOnly) problems.push(personOnly);
  if (component !== 'none' && calledShot !== 'none') {
    problems.push('One called shot per attack: choose either the called shot or the component.');
  }
  if ((calledShot !== 'none' || component !== 'none') && FIRING_MODES[mode].weaponMode === 'FA') {
    problems.push('A called shot cannot be made with full-auto fire; choose single-shot, semi-auto or burst fire.');
  }
  if (blindFire && visibility !== 'clear') {
    problems.push('Blind fire already covers not seeing the target: set visibility to Clear, or turn blind fire off.');
  }

  let band: RangeBand;
  const rangeChoice = v.choice<RangeBand | 'by-distance'>('range');
  const distance = v.number('distance');
  const rangeSteps: ExplainStep[] = [];
  if (rangeChoice === 'by-distance') {
    const found = bandFor(weapon, distance);
    const limits = RANGE_CATEGORIES[weapon.category];
    if (!found) {
      problems.push(
        `${distance} m is beyond the ${weapon.name}'s Extreme range (${limits.label}: ${limits.bands[3]} m).`,
      );
      band = 'extreme';
    } else {
      band = found;
      rangeSteps.push(
        step(
          `${distance} m is ${RANGE_BANDS[band].label} range for the ${weapon.name} (${limits.label}: ${rangesText(weapon.category)}).`,
          SECTION.ranged,
          'book',
        ),
      );
    }
  } else {
    band = rangeChoice;
  }

  const fm = firingModeEffect(mode, spread);
  const targetParticipant = context.targets[0];
  const armourRating = vehicle
    ? v.number(vehicleStatField(targetParticipant, 'vehicleArmor'))
    : weapon.electric
      ? targetStat('impact')
      : targetStat('ballistic');
  const called = calledShotEffect(calledShot, v.number('calledShotDv'), armourRating);
  const componentPart: Part | null =
    component === 'none'
      ? null
      : {
          label: `Called shot on the ${COMPONENTS[component].label.toLowerCase()}`,
          value: COMPONENT_SHOT_PENALTY,
          rule: book(SECTION.otherFactors),
        };
  const sight = v.choice<'none' | 'smartlink' | 'laser'>('sight');
  const seedParts = rangedModifiers({
    range: band,
    attackerRunning: v.flag('attackerRunning'),
    attackerInMelee: v.flag('attackerInMelee'),
    movingVehicle: v.flag('movingVehicle'),
    smartlink: sight === 'smartlink',
    laserSight: sight === 'laser',
    aimedActions: v.number('aimedActions'),
    blindFire,
    extraTargets: v.number('extraTargets'),
    recoil: { bulletsBefore, bullets: fm.bullets, recoilCompensation: weapon.rc + v.number('extraRc') },
  }).parts;
  // Short range and fully compensated recoil are worth nothing: listed only when they count.
  const parts: Part[] = seedParts.filter((part) => part.value !== 0);
  const cover = v.choice<Cover>('cover');
  if (COVER[cover].modifier)
    parts.push({ label: COVER[cover].label, value: COVER[cover].modifier, rule: book(SECTION.resolvingAttack) });
  const pool = attackPoolClosing(v, attacker, weapon.skill, componentPart ?? called.part, parts, problems);

  const defenceSteps: ExplainStep[] = [];
  let defenceDice = 0;
  let defenceLabel: string;
  if (vehicle) {
    const defence = vehicleTargetDefence(v, vehicle, target, fm.defenseModifier, 'Wide burst');
    defenceDice = defence.dice;
    defenceSteps.push(...defence.steps);
    defenceLabel = defence.label;
  } else if (canDefend(target)) {
    const modifier = target.woundModifier + fm.defenseModifier;
    if (target.woundModifier)
      defenceSteps.push(
        step(`${target.name}'s wounds: ${signed(target.woundModifier)} to the defence.`, SECTION.damage),
      );
    const defence = defensePool({
      attack: 'ranged',
      method: 'reaction',
      reaction: targetStat('reaction'),
      fullDefenseSkill: fullDefense ? v.number('dodge') : undefined,
      modifier,
    });
    defenceDice = defence.dice;
    defenceSteps.push(...defence.steps);
    defenceLabel = `Reaction ${targetStat('reaction')}${fullDefense ? ` + Dodge ${v.number('dodge')} (Full Defense)` : ''}${modifier ? `, modifiers ${modifier}` : ''}`;
  } else {
    if (fullDefense) problems.push(`${target.name} ${noDefenceReason(target)} and cannot go on Full Defense.`);
    defenceSteps.push(noDefenceStep(target));
    defenceLabel = 'cannot defend';
  }

  const weaponStep = step(
    `${weapon.name}: ${rangedDamageCode(weapon)}, AP ${apText(weapon.ap)}, ${weapon.modes.join('/')}, RC ${weapon.rc}${weapon.electric ? '; electricity is resisted with Impact armour' : ''}.`,
    SECTION.ranged,
    'book',
  );
  const plan: AttackPlan = {
    kind: 'ranged',
    attacker: attacker.name,
    target: target.name,
    weapon: weapon.name,
    attackDice: pool.dice,
    edgeDice: pool.edgeDice,
    attackLabel: pool.label,
    attackSteps: [
      weaponStep,
      ...skillNote(context.attackers[0], weapon.skill, weapon.name, v.number('skill')),
      ...rangeSteps,
      ...fm.steps,
      ...pool.steps,
    ],
    defenceDice,
    defenceLabel,
    defenceSteps,
    dv: weapon.dv + fm.dvModifier + called.dvBonus,
    dvSteps: called.dvSteps,
    damageType: weapon.damageType,
    armourName: vehicle ? 'Armor' : weapon.electric ? 'Impact armour' : 'Ballistic armour',
    armour: armourRating,
    ap: numericAp(weapon.ap, armourRating),
    apHalf: weapon.ap === 'half',
    armourBypassed: called.bypassArmour,
    body: vehicle ? v.number(vehicleStatField(targetParticipant, 'body')) : target.stats.body,
    disarmStrength: called.disarm ? target.stats.strength : null,
    secondChance: !v.flag('pushTheLimit') && attacker.stats.edge > 0,
    rules,
    targetConditions: fullDefenseConditions(target, attacker.name, fullDefense && canDefend(target)),
    attackAction: firingModeAction(mode),
    ...(vehicle ? { vehicleTarget: { component: componentShot(component) } } : {}),
  };
  return { problems, plan: problems.length ? null : plan };
}

export function planOrThrow(setup: SetupValues, context: ResolveContext): AttackPlan {
  const built = build(setup, context);
  if (!built.plan) throw new RulesError('not-allowed', built.problems[0] ?? 'The attack cannot be made.');
  return built.plan;
}
