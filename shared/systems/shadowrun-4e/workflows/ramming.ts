import type {
  FieldDef,
  ResolveContext,
  ResolveWorkflow,
  SetupValues,
  SheetReading,
  SheetSource,
} from '../../../system-kit/workflow';
import type { ExplainStep } from '../../../system-kit/rule-system';
import { plural, rule, SECTION, signed, step } from '../sections';
import { MAX_SKILL } from '../skills';
import { MAX_RAM_SPEED, rammingDamage } from '../vehicle-combat';
import { readSetup } from './setup';
import { vehicleDefence, VEHICLE_DEFENCE_FIELDS, vehicleDefenceDefaults } from './vehicle-defence';
import { vehicleWorkflow, type Resister, type VehicleBuilt, type VehiclePlan } from './vehicle-engine';
import { canDefend, downWord, readVehicleSides, skillOf, type Side } from './vehicle-sides';

/**
 * "Ramming" (seed: Vehicles & Chase Combat names it; the book gives the numbers): the ramming
 * vehicle's Vehicle Test against the target's (a vehicle swerves) or Reaction + Dodge (a person
 * dives aside). A ram that connects deals the rammer's Body by its speed, plus net hits, to the
 * target; the rammer takes half that base DV itself. Each resists with Body + Armor (a person
 * with Body + Impact armour).
 */

const FIELDS: readonly FieldDef[] = [
  {
    id: 'speed',
    kind: 'number',
    label: 'Speed at impact (m/turn)',
    help: 'Ramming damage: Body ÷ 2 up to 10, Body to 60, ×2 to 200, ×3 to 300, ×5 to 500, ×10 beyond.',
    group: 'attack',
    common: true,
    rule: rule(SECTION.vehicles, 'book'),
    min: 0,
    max: MAX_RAM_SPEED,
  },
  {
    id: 'driverReaction',
    kind: 'number',
    label: "Driver's Reaction",
    help: "A crewed rammer's driver (not part of the roll) makes the Vehicle Test.",
    group: 'attack',
    common: true,
    rule: rule(SECTION.vehicles),
    min: 1,
    max: 12,
  },
  {
    id: 'driverSkill',
    kind: 'number',
    label: "Driver's vehicle skill",
    group: 'attack',
    common: true,
    rule: rule(SECTION.vehicles),
    min: 0,
    max: MAX_SKILL,
  },
  ...VEHICLE_DEFENCE_FIELDS,
  {
    id: 'targetDodge',
    kind: 'number',
    label: "Target's Dodge",
    help: 'A person dives aside with Reaction + Dodge.',
    group: 'defence',
    rule: rule(SECTION.vehicles, 'book'),
    min: 0,
    max: MAX_SKILL,
  },
  {
    id: 'otherModifier',
    kind: 'number',
    label: 'Other ramming modifier',
    help: 'Terrain, a tight turn: anything the GM rules, in dice.',
    group: 'extra',
    rule: rule(SECTION.vehicles, 'default'),
    min: -20,
    max: 20,
  },
];

function readSheets(context: ResolveContext): { values: SetupValues; sources: SheetSource[] } {
  const { attacker, target } = readVehicleSides(context);
  const values: Record<string, number> = {};
  const sources: SheetSource[] = [];
  if (attacker?.vehicle) {
    values.speed = attacker.vehicle.speed;
    sources.push({
      fieldId: 'speed',
      value: attacker.vehicle.speed,
      from: `${attacker.name}'s sheet: Speed ${attacker.vehicle.speed}`,
    });
  }
  if (target && !target.vehicle) {
    const dodge = skillOf(target, 'dodge');
    values.targetDodge = dodge.value;
    if (dodge.fromSheet)
      sources.push({
        fieldId: 'targetDodge',
        value: dodge.value,
        from: `${target.name}'s sheet: Dodge ${dodge.value}`,
      });
  }
  return { values, sources };
}

function defaults(context: ResolveContext): SetupValues {
  const { target } = readVehicleSides(context);
  return {
    speed: 0,
    driverReaction: 3,
    driverSkill: 3,
    ...vehicleDefenceDefaults(target),
    targetDodge: 3,
    otherModifier: 0,
    ...readSheets(context).values,
  };
}

function resisterOf(side: Side): Resister {
  return side.vehicle
    ? { name: side.name, vehicle: true, body: side.body, armourName: 'Armor', armour: side.vehicle.armor, ap: 0 }
    : { name: side.name, vehicle: false, body: side.body, armourName: 'Impact armour', armour: side.impact, ap: 0 };
}

function buildPlan(setup: SetupValues, context: ResolveContext): VehicleBuilt {
  const sides = readVehicleSides(context);
  const v = readSetup(FIELDS, defaults(context), setup);
  const problems = [...sides.problems, ...v.problems];
  const { attacker, target, rules } = sides;
  if (!attacker || !target) return { problems, plan: null };
  const rammer = attacker.vehicle;
  if (!rammer) {
    problems.push(
      `${attacker.name} is not a vehicle: only a vehicle or drone rams. Choose the vehicle as the attacker.`,
    );
    return { problems, plan: null };
  }
  const speed = v.number('speed');
  if (speed === 0) problems.push(`${attacker.name} must be moving to ram: set its speed at impact.`);

  const attackSteps: ExplainStep[] = [];
  const [first, second, sum] = rammer.autonomous
    ? [`Response ${rammer.response}`, `Pilot ${rammer.pilot}`, rammer.response + rammer.pilot]
    : [
        `driver's Reaction ${v.number('driverReaction')}`,
        `vehicle skill ${v.number('driverSkill')}`,
        v.number('driverReaction') + v.number('driverSkill'),
      ];
  const other = v.number('otherModifier');
  const raw = sum + rammer.handling + other;
  const attackDice = Math.max(0, raw);
  attackSteps.push(
    step(
      `${attacker.name} rams with a Vehicle Test: ${first} + ${second} ${rammer.handling < 0 ? '−' : '+'} Handling ${Math.abs(rammer.handling)} = ${sum + rammer.handling}${rammer.autonomous ? " (an autonomous drone's Response and Pilot stand in for a driver's Reaction and skill)" : ''}.`,
      SECTION.vehicles,
      rammer.autonomous ? 'default' : 'seed',
    ),
  );
  if (other) {
    attackSteps.push(
      step(
        `Other (GM): ${signed(other)} dice, ${plural(attackDice, 'die', 'dice')} in all.`,
        SECTION.vehicles,
        'default',
      ),
    );
  }
  if (speed > 0 && attackDice < 1) problems.push(`The ramming pool is ${raw} dice: there is nothing to roll.`);

  const dodge = v.number('targetDodge');
  const defence = canDefend(target)
    ? vehicleDefence(v, target, target.vehicle ? null : dodge)
    : {
        dice: 0,
        label: 'cannot defend',
        steps: [
          step(
            `${target.name} is ${downWord(target)} and cannot get out of the way: no defence roll.`,
            SECTION.resolvingAttack,
            'book',
          ),
        ],
      };

  const damage = speed > 0 ? rammingDamage(attacker.body, speed) : null;
  const dv = damage?.dv ?? 0;
  const crewed = !rammer.autonomous;
  if (crewed) {
    attackSteps.push(
      step(
        `${attacker.name} is crewed: the ram is its driver's Complex Action, spent on the driver's turn (it has no turn of its own).`,
        SECTION.vehicles,
        'default',
      ),
    );
  }
  const plan: VehiclePlan = {
    kind: 'ramming',
    attacker: attacker.name,
    target: target.name,
    weapon: `a ram at ${speed} m/turn`,
    attackDice,
    attackLabel: `${first} + ${second}, Handling ${signed(rammer.handling)}${other ? `, other ${signed(other)}` : ''}`,
    attackSteps,
    defenceDice: defence.dice,
    defenceLabel: defence.label,
    defenceSteps: defence.steps,
    dv,
    dvSteps: damage
      ? [
          step(
            `Ramming damage at ${speed} m/turn (${damage.bracket.from}–${Number.isFinite(damage.bracket.to) ? damage.bracket.to : '…'}): ${damage.bracket.label} = ${dv}P with Body ${attacker.body}.`,
            SECTION.vehicles,
            'book',
          ),
        ]
      : [],
    damageType: 'P',
    targetResists: resisterOf(target),
    rammer: { resists: resisterOf(attacker), dv: damage?.rammerDv ?? 0 },
    component: null,
    rules,
    // Book: ramming is a Complex Action; a crewed vehicle's is its driver's (not in the roll).
    action: crewed ? null : 'complex',
    verb: 'rammed',
  };
  return { problems, plan: problems.length ? null : plan };
}

export const rammingAttack: ResolveWorkflow = vehicleWorkflow({
  id: 'sr4-ramming',
  label: 'Ramming',
  fields: FIELDS,
  defaults,
  buildPlan,
  readSheets: (context): SheetReading => ({ sources: readSheets(context).sources }),
  cannot: 'The ram cannot be made.',
});
