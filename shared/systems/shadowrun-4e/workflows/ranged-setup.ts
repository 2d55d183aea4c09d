import type { FieldDef, ResolveContext, SetupValue, SetupValues } from '../../../system-kit/workflow';
import type { RangeBand } from '../modifiers';
import { rangedLine, rangedOfSheet } from '../sheet-weapons';
import { RANGE_CATEGORY_SKILL } from '../skills';
import type { SkillId } from '../skills';
import { findRangedWeapon, RANGE_CATEGORIES, RANGED_WEAPONS } from '../weapons';
import type { RangedWeapon } from '../weapons';
import { DEFAULT_SKILL } from './setup';
import {
  findSheetWeapon,
  isSheetChoice,
  SheetValues,
  sheetWeaponsOf,
  skillHelp,
  takeSkill,
  takeTargetStats,
  targetStatFields,
  withHelp,
  withSheetWeapons,
} from './sheets';
import type { TargetStat } from './sheets';
import { MAX_CALLED_SHOT_DV } from './situation';
import { COMPONENT_FIELD } from './vehicle-component';
import { isVehicleTarget, takeVehicleTargetStats, vehicleTargetDefaults, vehicleTargetFields } from './vehicle-target';
import { BANDS, FIELDS } from './ranged-fields';

// The ranged attack's defaults (from the table or the sheets) and the fields a setup shows.
function tableDefaults(context: ResolveContext): SetupValues {
  const attacker = context.attackers?.[0];
  const target = context.targets?.[0];
  const has = (ids: readonly string[] | undefined, id: string) => Array.isArray(ids) && ids.includes(id);
  return {
    weapon: 'ares-predator-iv',
    skill: DEFAULT_SKILL,
    firingMode: 'usual',
    spread: 'narrow',
    bulletsBefore: 0,
    extraRc: 0,
    calledShot: 'none',
    calledShotDv: MAX_CALLED_SHOT_DV,
    range: 'by-distance',
    distance: 5,
    cover: 'none',
    visibility: 'clear',
    vision: 'normal',
    sight: 'none',
    aimedActions: has(attacker?.conditionIds, 'aiming') ? 1 : 0,
    attackerRunning: has(attacker?.conditionIds, 'running'),
    attackerInMelee: has(attacker?.conditionIds, 'in-melee'),
    movingVehicle: false,
    blindFire: false,
    extraTargets: 0,
    fullDefense: has(target?.conditionIds, 'full-defense'),
    dodge: DEFAULT_SKILL,
    pushTheLimit: false,
    otherModifier: 0,
  };
}

const FIREARM_SKILLS: readonly SkillId[] = ['pistols', 'automatics', 'longarms', 'heavyWeapons'];
const TABLE_DEFAULT_WEAPON = 'ares-predator-iv';
const TARGET_STATS: readonly TargetStat[] = ['reaction', 'ballistic', 'impact'];

/**
 * The skill a weapon choice is fired with: a sheet firearm's own, else its range table row's; with
 * no choice, the default weapon's (the attacker's first sheet firearm, else the table's default).
 */
function skillFor(context: ResolveContext, choice: SetupValue | undefined): SkillId {
  const attacker = context.attackers?.[0];
  if (typeof choice === 'string') {
    const fromSheet = findSheetWeapon(attacker, choice);
    if (fromSheet) return fromSheet.values.skill as SkillId;
    const row = findRangedWeapon(choice);
    if (row) return RANGE_CATEGORY_SKILL[row.category];
  }
  const sheet = sheetWeaponsOf(attacker, 'ranged')[0];
  if (sheet) return sheet.values.skill as SkillId;
  return RANGE_CATEGORY_SKILL[findRangedWeapon(TABLE_DEFAULT_WEAPON)!.category];
}

/**
 * From the sheets: the attacker's first firearm, its skill and smartlink; the target's Reaction,
 * armour, and Dodge (added on Full Defense).
 */
export function fromTheSheets(
  context: ResolveContext,
  chosen: SetupValues = {},
): { sheet: SheetValues; targetStats: Record<string, number> } {
  const attacker = context.attackers?.[0];
  const target = context.targets?.[0];
  const sheet = new SheetValues();
  // A weapon the GM chose is not the sheet's default; the skill then follows the chosen weapon.
  const weapon =
    typeof chosen.weapon === 'string'
      ? findSheetWeapon(attacker, chosen.weapon)
      : sheetWeaponsOf(attacker, 'ranged')[0];
  if (weapon) {
    sheet.take(attacker, 'weapon', `sheet:${weapon.id}`);
    if (weapon.values.smartlink === true) sheet.take(attacker, 'sight', 'smartlink', `${weapon.name} smartlinked`);
  }
  takeSkill(sheet, attacker, 'skill', skillFor(context, chosen.weapon));
  // A vehicle target brings its Body and Armor; a person their Reaction, armour and Dodge.
  if (isVehicleTarget(target)) return { sheet, targetStats: takeVehicleTargetStats(sheet, target) };
  const targetStats = takeTargetStats(sheet, target, TARGET_STATS);
  takeSkill(sheet, target, 'dodge', 'dodge');
  return { sheet, targetStats };
}

export function defaults(context: ResolveContext, chosen?: SetupValues): SetupValues {
  const { sheet, targetStats } = fromTheSheets(context, chosen);
  const vehicle = isVehicleTarget(context.targets?.[0]) ? { ...vehicleTargetDefaults(), component: 'none' } : {};
  return { ...tableDefaults(context), ...vehicle, ...targetStats, ...sheet.values };
}

/**
 * The attacker's firearms first in the weapon choice, the skill's help saying what the sheet
 * holds, and the target's Reaction and armour with the defence.
 */
export function rangedFields(context: ResolveContext): readonly FieldDef[] {
  const attacker = context?.attackers?.[0];
  const fields = FIELDS.map((field) => {
    if (!attacker) return field;
    if (field.id === 'weapon')
      return withSheetWeapons(field, attacker, 'ranged', (w) => {
        const read = rangedOfSheet(w, `sheet:${w.id}`);
        return 'problem' in read ? read.problem : weaponHint(read.weapon, w.values.smartlink === true);
      });
    if (field.id === 'skill')
      return withHelp(field, skillHelp(field.help ?? '', attacker, skillFor(context, undefined), FIREARM_SKILLS));
    return field;
  });
  const target = context?.targets?.[0];
  if (isVehicleTarget(target)) {
    // A vehicle swerves with a Vehicle Test (no Full Defense) and may take a called shot on a component.
    const afterCalled = fields.findIndex((f) => f.id === 'calledShotDv') + 1;
    const defence = fields.findIndex((f) => f.id === 'fullDefense');
    return [
      ...fields.slice(0, afterCalled),
      COMPONENT_FIELD,
      ...fields.slice(afterCalled, defence),
      ...vehicleTargetFields(target),
      ...fields.filter((f) => f.id !== 'fullDefense' && f.id !== 'dodge').slice(defence),
    ];
  }
  const at = fields.findIndex((f) => f.id === 'fullDefense');
  return [...fields.slice(0, at), ...targetStatFields(target, TARGET_STATS), ...fields.slice(at)];
}

/** The firearm chosen: a sheet weapon read from its values, or a row of the table. */
export function chosenWeapon(choice: string, context: ResolveContext, problems: string[]): RangedWeapon {
  if (!isSheetChoice(choice)) return findRangedWeapon(choice) ?? RANGED_WEAPONS[0]!;
  const sheet = findSheetWeapon(context.attackers?.[0], choice);
  const read = sheet ? rangedOfSheet(sheet, choice) : { problem: 'The chosen sheet weapon is not on the sheet.' };
  if ('problem' in read) {
    problems.push(read.problem);
    return RANGED_WEAPONS[0]!;
  }
  return read.weapon;
}

/** The weapon line, after the range table row the roll's distances are read from. */
export function weaponHint(w: RangedWeapon, smartlink = false): string {
  return `${RANGE_CATEGORIES[w.category].label} · ${rangedLine(w, smartlink)}`;
}

export function bandFor(weapon: RangedWeapon, distance: number): RangeBand | null {
  const bands = RANGE_CATEGORIES[weapon.category].bands;
  const index = bands.findIndex((limit) => distance <= limit);
  return index < 0 ? null : (BANDS[index] ?? null);
}
