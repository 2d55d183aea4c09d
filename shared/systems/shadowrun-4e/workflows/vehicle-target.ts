import type { FieldDef, Participant, ResolveContext, SetupValues } from '../../../system-kit/workflow';
import type { ExplainStep } from '../../../system-kit/rule-system';
import { RulesError } from '../../../errors';
import { MAX_ATTRIBUTE } from '../attributes';
import { plural, rule, SECTION, signed, step } from '../sections';
import { isVehicle, readVehicle, VEHICLE_STAT_FIELDS } from '../vehicles';
import { noDefenceStep, type Fighter, type SetupReader } from './setup';
import type { SheetValues } from './sheets';
import { vehicleDefence, VEHICLE_DEFENCE_FIELDS, vehicleDefenceDefaults, type Defence } from './vehicle-defence';
import type { Resister } from './vehicle-engine';
import { canDefend, readVehicleSides, type Side } from './vehicle-sides';

/**
 * A vehicle or drone as the target of an ordinary attack (a shot, a blow, a blast): it defends
 * as against the vehicle weapon (its driver's Vehicle Test, or a drone's Pilot + Response) and
 * resists with Body + Armor under the book's vehicle rules. Its Body and Armor are fields of the
 * roll, taken from its sheet, so the GM sees and may change them for this one attack.
 */

export type VehicleTargetStat = 'body' | 'vehicleArmor';

const STAT_LABELS: Readonly<Record<VehicleTargetStat, string>> = {
  body: "Target vehicle's Body",
  vehicleArmor: "Target vehicle's Armor",
};
const ARMOR_FIELD = VEHICLE_STAT_FIELDS.find((f) => f.id === 'vehicleArmor')!;
const RANGES: Readonly<Record<VehicleTargetStat, { min: number; max: number; defaultValue: number }>> = {
  body: { min: 1, max: MAX_ATTRIBUTE, defaultValue: 3 },
  vehicleArmor: {
    min: ARMOR_FIELD.min ?? 0,
    max: ARMOR_FIELD.max ?? 50,
    defaultValue: ARMOR_FIELD.defaultValue as number,
  },
};

/** The field of a vehicle target's number; its id names the target, as the person target's numbers do. */
export function vehicleStatField(target: Participant | undefined, stat: VehicleTargetStat, index = 0): string {
  return `target.${target?.combatantId ?? `adhoc${index}`}.${stat}`;
}

export function isVehicleTarget(participant: Participant | undefined): boolean {
  return typeof participant?.stats === 'object' && participant.stats !== null && isVehicle(participant.stats);
}

/** Body and Armor of the vehicle target, in the defence group. */
export function vehicleTargetStatFields(
  target: Participant | undefined,
  index = 0,
  label = (text: string) => text,
): FieldDef[] {
  return (['body', 'vehicleArmor'] as const).map((stat) => ({
    id: vehicleStatField(target, stat, index),
    kind: 'number',
    label: label(STAT_LABELS[stat]),
    help:
      stat === 'body'
        ? 'Resists with Armor; sets its condition monitor.'
        : 'A modified DV not above it (after AP) does no damage; adds to the resistance.',
    group: 'defence',
    rule: rule(SECTION.vehicles, 'book'),
    min: RANGES[stat].min,
    max: RANGES[stat].max,
  }));
}

/** The vehicle's Body and Armor: its sheet's (a source), else the stat block's defaults. */
export function takeVehicleTargetStats(
  sheet: SheetValues,
  target: Participant | undefined,
  index = 0,
): Record<string, number> {
  const values: Record<string, number> = {};
  for (const stat of ['body', 'vehicleArmor'] as const) {
    const id = vehicleStatField(target, stat, index);
    values[id] = RANGES[stat].defaultValue;
    const value = target?.stats?.[stat];
    if (
      typeof value === 'number' &&
      Number.isInteger(value) &&
      value >= RANGES[stat].min &&
      value <= RANGES[stat].max
    ) {
      sheet.take(target, id, value, `${stat === 'body' ? 'Body' : 'Armor'} ${value}`);
    }
  }
  return values;
}

/** The fields a vehicle target adds to an attack: its Body and Armor, then its driver's Reaction and skill. */
export function vehicleTargetFields(target: Participant | undefined): FieldDef[] {
  return isVehicleTarget(target) ? [...vehicleTargetStatFields(target), ...VEHICLE_DEFENCE_FIELDS] : [];
}

export function vehicleTargetDefaults(): SetupValues {
  return vehicleDefenceDefaults(null);
}

/**
 * The vehicle side of the one target (handling, autonomy, its own monitor), or null for a person.
 * A bad vehicle number is a problem named with the vehicle; a destroyed vehicle cannot be attacked.
 */
export function readVehicleTarget(context: ResolveContext, problems: string[]): Side | null {
  const target = Array.isArray(context.targets) && context.targets.length === 1 ? context.targets[0] : undefined;
  if (!target || !isVehicleTarget(target)) return null;
  try {
    readVehicle(target.stats, target.name);
  } catch (error) {
    if (!(error instanceof RulesError)) throw error;
    problems.push(error.message);
    return null;
  }
  const side = readVehicleSides({ ...context, attackers: [], targets: [target] }).target;
  if (side?.state === 'dead') problems.push(`${side.name} is already destroyed.`);
  return side;
}

/**
 * The vehicle's defence: its Vehicle Test (vehicle-defence.ts) with the attack's own modifier on
 * the defender's pool (a wide burst); none when it cannot react (stopped, or surprised).
 */
export function vehicleTargetDefence(
  v: SetupReader,
  side: Side,
  fighter: Fighter,
  modifier: number,
  why: string,
): Defence {
  if (!canDefend(side) || fighter.surprisedBy !== undefined) {
    return {
      dice: 0,
      label: 'cannot defend',
      steps: [
        fighter.surprisedBy !== undefined
          ? noDefenceStep(fighter)
          : step(`${side.name} cannot defend: no defence roll.`, SECTION.resolvingAttack, 'book'),
      ],
    };
  }
  const defence = vehicleDefence(v, side);
  if (!modifier) return defence;
  const dice = Math.max(0, defence.dice + modifier);
  const steps: ExplainStep[] = [
    ...defence.steps,
    step(`${why}: ${signed(modifier)} to the Vehicle Test = ${plural(dice, 'die', 'dice')}.`, SECTION.ranged, 'book'),
  ];
  return { dice, label: `${defence.label}, ${why.toLowerCase()} ${signed(modifier)}`, steps };
}

/** Who resists the hit: the vehicle with the form's Body and Armor. */
export function vehicleResister(
  name: string,
  v: SetupReader,
  target: Participant | undefined,
  ap: number,
  index = 0,
): Resister {
  return {
    name,
    vehicle: true,
    body: v.number(vehicleStatField(target, 'body', index)),
    armourName: 'Armor',
    armour: v.number(vehicleStatField(target, 'vehicleArmor', index)),
    ap,
  };
}

/** A called shot past the armour or to disarm is a person's; at a vehicle it is refused, with what to do instead. */
export function personOnlyCalledShotProblem(calledShot: string, vehicleName: string): string | null {
  if (calledShot !== 'armour' && calledShot !== 'disarm') return null;
  return `A called shot ${calledShot === 'armour' ? 'past the armour' : 'to disarm'} is made at a person; ${vehicleName} is a vehicle: call the shot on a component instead.`;
}
