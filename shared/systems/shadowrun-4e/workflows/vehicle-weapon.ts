import type {
  FieldDef,
  ResolveContext,
  ResolveWorkflow,
  SetupValues,
  SheetReading,
  SheetSource,
} from '../../../system-kit/workflow';
import type { ExplainStep } from '../../../system-kit/rule-system';
import type { DamageType } from '../combat';
import { plural, rule, SECTION, signed, step } from '../sections';
import { MAX_SKILL } from '../skills';
import { COMPONENT_SHOT_PENALTY, COMPONENTS } from '../vehicle-combat';
import { COMPONENT_FIELD, componentShot, type ComponentChoice } from './vehicle-component';
import { readSetup } from './setup';
import { vehicleWorkflow, type Resister, type VehicleBuilt, type VehiclePlan } from './vehicle-engine';
import { canDefend, downWord, readVehicleSides, skillOf, type Side } from './vehicle-sides';
import { vehicleDefence, VEHICLE_DEFENCE_FIELDS, vehicleDefenceDefaults } from './vehicle-defence';

/**
 * "Vehicle weapon (Gunnery)": a mounted weapon fired by hand (Agility + Gunnery) or through the
 * vehicle's sensors (Gunnery + Sensor, as the seed gives for a missile from a vehicle), at a
 * person or a vehicle; a vehicle resists with Body + Armor under the book's vehicle rules, and a
 * called shot may pick a component (tires, weapon mount, sensors, engine).
 */

type Mode = 'manual' | 'sensor';
type Shot = ComponentChoice;

/** A mounted light machine gun as the book prints one: 6P, AP −1 (the GM sets the weapon's own). */
const DEFAULT_WEAPON = { dv: 6, ap: -1 } as const;
const DEFAULT_SENSOR = 3;

const book = (section: (typeof SECTION)[keyof typeof SECTION]) => rule(section, 'book');

const FIELDS: readonly FieldDef[] = [
  {
    id: 'mode',
    kind: 'choice',
    label: 'Aiming',
    help: "Gunnery for mounted weapons: by hand with Agility, or Sensor-based targeting with the vehicle's Sensor.",
    group: 'attack',
    common: true,
    rule: rule(SECTION.vehicles),
    options: [
      { value: 'manual', label: 'By hand: Agility + Gunnery' },
      { value: 'sensor', label: 'Sensor-based: Gunnery + Sensor' },
    ],
  },
  {
    id: 'skill',
    kind: 'number',
    label: 'Gunnery',
    help: "The gunner's Gunnery; a drone firing on its own uses its Pilot rating.",
    group: 'attack',
    common: true,
    rule: rule(SECTION.vehicles),
    min: 0,
    max: MAX_SKILL,
  },
  {
    id: 'sensor',
    kind: 'number',
    label: 'Sensor rating',
    help: "The firing vehicle's Sensor, for sensor-based aiming.",
    group: 'attack',
    rule: rule(SECTION.vehicles),
    min: 0,
    max: 6,
  },
  {
    id: 'dv',
    kind: 'number',
    label: 'Weapon DV',
    help: "The mounted weapon's DV.",
    group: 'attack',
    common: true,
    rule: book(SECTION.vehicles),
    min: 1,
    max: 30,
  },
  {
    id: 'ap',
    kind: 'number',
    label: 'Weapon AP',
    help: "The mounted weapon's AP against the target's armour.",
    group: 'attack',
    rule: book(SECTION.vehicles),
    min: -10,
    max: 5,
  },
  {
    id: 'damageType',
    kind: 'choice',
    label: 'Damage type',
    group: 'attack',
    rule: rule(SECTION.damage),
    options: [
      { value: 'P', label: 'Physical (P)' },
      { value: 'S', label: 'Stun (S)' },
    ],
  },
  COMPONENT_FIELD,
  {
    id: 'signature',
    kind: 'number',
    label: "Target vehicle's Signature modifier",
    help: 'Sensor-based aiming at a vehicle: its Signature as a dice modifier (0 for most cars).',
    group: 'situation',
    rule: rule(SECTION.explosives),
    min: -6,
    max: 6,
  },
  ...VEHICLE_DEFENCE_FIELDS,
  {
    id: 'otherModifier',
    kind: 'number',
    label: 'Other attack modifier',
    help: 'Anything else the GM rules, in dice.',
    group: 'extra',
    rule: rule(SECTION.resolvingAttack, 'default'),
    min: -20,
    max: 20,
  },
];

/** What the sheets give: the gunner's Gunnery, a drone's Pilot and Sensor. */
function readSheets(context: ResolveContext): { values: SetupValues; sources: SheetSource[] } {
  const sides = readVehicleSides(context);
  const attacker = sides.attacker;
  const values: Record<string, string | number | boolean> = {};
  const sources: SheetSource[] = [];
  if (!attacker) return { values, sources };
  const sheet = `${attacker.name}'s sheet`;
  if (attacker.vehicle) {
    values.mode = 'sensor';
    values.skill = attacker.skills.gunnery ?? attacker.vehicle.pilot;
    values.sensor = attacker.vehicle.sensor;
    sources.push(
      attacker.skills.gunnery === undefined
        ? {
            fieldId: 'skill',
            value: attacker.vehicle.pilot,
            from: `${sheet}: Pilot ${attacker.vehicle.pilot} (a drone's own gunnery)`,
          }
        : { fieldId: 'skill', value: attacker.skills.gunnery, from: `${sheet}: Gunnery ${attacker.skills.gunnery}` },
      { fieldId: 'sensor', value: attacker.vehicle.sensor, from: `${sheet}: Sensor ${attacker.vehicle.sensor}` },
    );
  } else {
    const gunnery = skillOf(attacker, 'gunnery');
    values.skill = gunnery.value;
    if (gunnery.fromSheet)
      sources.push({ fieldId: 'skill', value: gunnery.value, from: `${sheet}: Gunnery ${gunnery.value}` });
  }
  return { values, sources };
}

function defaults(context: ResolveContext): SetupValues {
  const sides = readVehicleSides(context);
  return {
    mode: 'manual',
    skill: 3,
    sensor: DEFAULT_SENSOR,
    dv: DEFAULT_WEAPON.dv,
    ap: DEFAULT_WEAPON.ap,
    damageType: 'P',
    component: 'none',
    signature: 0,
    ...vehicleDefenceDefaults(sides.target),
    otherModifier: 0,
    ...readSheets(context).values,
  };
}

interface Part {
  readonly label: string;
  readonly value: number;
  readonly source: 'seed' | 'book' | 'default';
  readonly section: (typeof SECTION)[keyof typeof SECTION];
}

function resisterOf(side: Side, ap: number): Resister {
  return side.vehicle
    ? { name: side.name, vehicle: true, body: side.body, armourName: 'Armor', armour: side.vehicle.armor, ap }
    : { name: side.name, vehicle: false, body: side.body, armourName: 'Ballistic armour', armour: side.ballistic, ap };
}

function buildPlan(setup: SetupValues, context: ResolveContext): VehicleBuilt {
  const sides = readVehicleSides(context);
  const v = readSetup(FIELDS, defaults(context), setup);
  const problems = [...sides.problems, ...v.problems];
  const { attacker, target, rules } = sides;
  if (!attacker || !target) return { problems, plan: null };

  const mode = v.choice<Mode>('mode');
  const skill = v.number('skill');
  const shot = v.choice<Shot>('component');
  if (attacker.vehicle && !attacker.vehicle.autonomous) {
    problems.push(
      `${attacker.name} is crewed: choose the gunner who fires its weapon as the attacker (seed: the controller acts).`,
    );
  }
  if (attacker.vehicle && mode === 'manual') {
    problems.push(`${attacker.name} is a drone and has no Agility: aim sensor-based (Gunnery + Sensor).`);
  }
  if (shot !== 'none' && !target.vehicle) {
    problems.push(`A called shot on a component needs a vehicle target; ${target.name} is a person.`);
  }

  const base = mode === 'manual' ? attacker.agility : v.number('sensor');
  const attackSteps: ExplainStep[] = [
    step(
      mode === 'manual'
        ? `Attack pool: Agility ${base} + Gunnery ${skill} = ${base + skill} (a mounted weapon aimed by hand).`
        : `Attack pool: Gunnery ${skill} + Sensor ${base} = ${base + skill} (sensor-based aiming, as for a missile from a vehicle).`,
      mode === 'manual' ? SECTION.vehicles : SECTION.explosives,
      mode === 'manual' ? 'book' : 'seed',
    ),
  ];
  const parts: Part[] = [];
  if (shot !== 'none') {
    parts.push({
      label: `Called shot on the ${COMPONENTS[shot].label.toLowerCase()}`,
      value: COMPONENT_SHOT_PENALTY,
      source: 'book',
      section: SECTION.otherFactors,
    });
  }
  const signature = v.number('signature');
  if (signature && mode === 'sensor' && target.vehicle) {
    parts.push({ label: `${target.name}'s Signature`, value: signature, source: 'seed', section: SECTION.explosives });
  } else if (signature) {
    attackSteps.push(
      step(
        'The Signature modifier counts only for sensor-based aiming at a vehicle; it is left out.',
        SECTION.explosives,
      ),
    );
  }
  if (attacker.woundModifier) {
    parts.push({
      label: `Wounds (${attacker.physical} Physical, ${attacker.stun} Stun boxes)`,
      value: attacker.woundModifier,
      source: 'seed',
      section: SECTION.damage,
    });
  }
  const other = v.number('otherModifier');
  if (other) parts.push({ label: 'Other (GM)', value: other, source: 'default', section: SECTION.resolvingAttack });
  for (const part of parts) {
    attackSteps.push(
      step(
        `${part.label}: ${signed(part.value)} ${Math.abs(part.value) === 1 ? 'die' : 'dice'}.`,
        part.section,
        part.source,
      ),
    );
  }
  const total = parts.reduce((sum, p) => sum + p.value, 0);
  const attackDice = Math.max(0, base + skill + total);
  if (parts.length) {
    attackSteps.push(
      step(
        `${base + skill} ${total < 0 ? '−' : '+'} ${Math.abs(total)} = ${plural(attackDice, 'die', 'dice')}.`,
        SECTION.resolvingAttack,
      ),
    );
  }
  if (attackDice < 1)
    problems.push(`The attack pool is ${base + skill + total} dice after modifiers: there is nothing to roll.`);

  const defence = canDefend(target)
    ? vehicleDefence(v, target)
    : {
        dice: 0,
        label: 'cannot defend',
        steps: [
          step(
            `${target.name} is ${downWord(target)} and cannot defend: no defence roll.`,
            SECTION.resolvingAttack,
            'book',
          ),
        ],
      };

  const dv = v.number('dv');
  const ap = v.number('ap');
  const damageType = v.choice<DamageType>('damageType');
  const component = componentShot(shot);
  const plan: VehiclePlan = {
    kind: 'gunnery',
    attacker: attacker.name,
    target: target.name,
    weapon: `a mounted weapon (${dv}${damageType}, AP ${signed(ap)})`,
    attackDice,
    attackLabel: `${mode === 'manual' ? `Agility ${base} + Gunnery ${skill}` : `Gunnery ${skill} + Sensor ${base}`}${total ? `, modifiers ${signed(total)}` : ''}`,
    attackSteps,
    defenceDice: defence.dice,
    defenceLabel: defence.label,
    defenceSteps: defence.steps,
    dv,
    dvSteps: [step(`The mounted weapon: ${dv}${damageType}, AP ${signed(ap)}.`, SECTION.vehicles, 'book')],
    damageType,
    targetResists: resisterOf(target, ap),
    rammer: null,
    component,
    rules,
    // Seed, Actions: firing a weapon is a Simple Action.
    action: 'simple',
    verb: 'fired on',
  };
  return { problems, plan: problems.length ? null : plan };
}

export const vehicleWeaponAttack: ResolveWorkflow = vehicleWorkflow({
  id: 'sr4-vehicle-weapon',
  label: 'Vehicle weapon (Gunnery)',
  fields: FIELDS,
  defaults,
  buildPlan,
  readSheets: (context): SheetReading => ({ sources: readSheets(context).sources }),
  cannot: 'The attack cannot be made.',
});
