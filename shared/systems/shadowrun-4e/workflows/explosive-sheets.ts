import type { BlastType } from '../explosives';
import { BLAST_WEAPONS, SCATTER } from '../explosives';
import { explosiveOfSheet } from '../sheet-weapons';
import { DELIVERY_SKILL, type SkillId } from '../skills';
import type { FieldDef, ResolveContext, SetupValue } from '../../../system-kit/workflow';
import {
  findSheetWeapon,
  isSheetChoice,
  SheetValues,
  sheetWeaponsOf,
  skillHelp,
  takeSkill,
  takeTargetStats,
  targetStatField,
  targetStatFields,
  withHelp,
  withSheetWeapons,
  type TargetStat,
} from './sheets';

import { VEHICLE_DEFENCE_FIELDS } from './vehicle-defence';
import { isVehicleTarget, takeVehicleTargetStats, vehicleStatField, vehicleTargetStatFields } from './vehicle-target';
/**
 * What the blast takes from the sheets: the thrower's first grenade, rocket or missile (its
 * warhead, delivery and Sensor) and the skill it is thrown or fired with; each target's Reaction
 * (against an attack aimed at them) and Impact armour (against the blast).
 */

const TARGET_STATS: readonly TargetStat[] = ['reaction', 'impact'];
const BLAST_SKILLS: readonly SkillId[] = ['throwingWeapons', 'heavyWeapons'];

function targetsOf(context: ResolveContext) {
  return Array.isArray(context?.targets) ? context.targets : [];
}

/** The skill of the default explosive: a sheet weapon's own, else a thrown grenade's. */
function defaultSkill(context: ResolveContext): SkillId {
  const sheet = sheetWeaponsOf(context?.attackers?.[0], 'explosive')[0];
  return sheet ? (sheet.values.skill as SkillId) : DELIVERY_SKILL.standard;
}

export function explosiveSheetValues(context: ResolveContext): {
  sheet: SheetValues;
  targetStats: Record<string, SetupValue>;
} {
  const attacker = context?.attackers?.[0];
  const sheet = new SheetValues();
  const weapon = sheetWeaponsOf(attacker, 'explosive')[0];
  const read = weapon ? explosiveOfSheet(weapon) : null;
  if (weapon && read && !('problem' in read)) {
    sheet.take(attacker, 'explosive', `sheet:${weapon.id}`);
    sheet.take(attacker, 'delivery', read.weapon.delivery, weapon.name);
    if (read.weapon.delivery === 'missile') sheet.take(attacker, 'sensor', read.weapon.sensor, weapon.name);
  }
  takeSkill(sheet, attacker, 'skill', defaultSkill(context));
  const targetStats: Record<string, SetupValue> = {};
  // A vehicle in the blast brings its Body and Armor; a person their Reaction and Impact armour.
  targetsOf(context).forEach((target, i) =>
    Object.assign(
      targetStats,
      isVehicleTarget(target)
        ? takeVehicleTargetStats(sheet, target, i)
        : takeTargetStats(sheet, target, TARGET_STATS, i),
    ),
  );
  return { sheet, targetStats };
}

/**
 * The form with the sheets in it: the thrower's explosives first in the Explosive choice, the
 * skill's help saying what the sheet holds, each target's Reaction and Impact armour.
 */
export function withExplosiveSheets(context: ResolveContext, fields: readonly FieldDef[]): FieldDef[] {
  const attacker = context?.attackers?.[0];
  const withSheets = fields.map((field) => {
    if (field.id === 'explosive' && attacker)
      return withSheetWeapons(field, attacker, 'explosive', (w) => {
        const read = explosiveOfSheet(w);
        if ('problem' in read) return read.problem;
        return `${BLAST_WEAPONS[read.weapon.explosive].label}, ${SCATTER[read.weapon.delivery].label.toLowerCase()}`;
      });
    if (field.id === 'skill' && attacker)
      return withHelp(field, skillHelp(field.help ?? '', attacker, defaultSkill(context), BLAST_SKILLS));
    return field;
  });
  const targets = targetsOf(context);
  return [
    ...withSheets,
    ...targets.flatMap((target, i) => {
      const label = (text: string) =>
        `${target?.name || `Target ${i + 1}`}: ${text.replace("Target vehicle's ", '').replace("Target's ", '')}`;
      return isVehicleTarget(target)
        ? vehicleTargetStatFields(target, i, label)
        : targetStatFields(target, TARGET_STATS, i, label);
    }),
    // A vehicle aimed at swerves with its driver's Vehicle Test: the driver's numbers, once.
    ...(targets.some((t) => isVehicleTarget(t)) ? VEHICLE_DEFENCE_FIELDS : []),
  ];
}

/** The warhead chosen: a sheet weapon's, or a row of the blast table. */
export function chosenExplosive(choice: string, context: ResolveContext, problems: string[]): BlastType {
  if (!isSheetChoice(choice)) return choice as BlastType;
  const sheet = findSheetWeapon(context?.attackers?.[0], choice);
  const read = sheet ? explosiveOfSheet(sheet) : { problem: 'The chosen sheet weapon is not on the sheet.' };
  if ('problem' in read) {
    problems.push(read.problem);
    return 'fragmentation-grenade';
  }
  return read.weapon.explosive;
}

/** A vehicle target's Body or Armor as the form holds it. */
export function vehicleStatOf(
  v: { number(id: string): number },
  context: ResolveContext,
  index: number,
  stat: 'body' | 'vehicleArmor',
): number {
  return v.number(vehicleStatField(targetsOf(context)[index], stat, index));
}

/** One target's Reaction or Impact armour as the form holds it. */
export function targetStatOf(
  v: { number(id: string): number },
  context: ResolveContext,
  index: number,
  stat: TargetStat,
): number {
  return v.number(targetStatField(targetsOf(context)[index], stat, index));
}
