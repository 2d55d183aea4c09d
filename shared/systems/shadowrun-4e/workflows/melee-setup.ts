import type { FieldDef, ResolveContext, SetupValue, SetupValues } from '../../../system-kit/workflow';
import { meleeLine, meleeOfSheet } from '../sheet-weapons';
import { skillByLabel } from '../skills';
import type { SkillId } from '../skills';
import { findMeleeWeapon, MELEE_WEAPONS } from '../weapons';
import type { MeleeWeapon } from '../weapons';
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
import { isVehicleTarget, takeVehicleTargetStats, vehicleTargetDefaults, vehicleTargetFields } from './vehicle-target';
import { FIELDS, MAX_REACH } from './melee-fields';

// The melee attack's defaults (from the table or the sheets) and the fields a setup shows.
function tableDefaults(context: ResolveContext): SetupValues {
  const attacker = context.attackers?.[0];
  const target = context.targets?.[0];
  const has = (ids: readonly string[] | undefined, id: string) => Array.isArray(ids) && ids.includes(id);
  return {
    weapon: 'unarmed',
    skill: DEFAULT_SKILL,
    calledShot: 'none',
    calledShotDv: MAX_CALLED_SHOT_DV,
    charging: false,
    attackerRunning: has(attacker?.conditionIds, 'running'),
    superiorPosition: false,
    friendsInMelee: 0,
    offHand: false,
    visibility: 'clear',
    vision: 'normal',
    defence: 'dodge',
    dodge: DEFAULT_SKILL,
    defenceSkill: DEFAULT_SKILL,
    fullDefense: has(target?.conditionIds, 'full-defense'),
    defenderReach: 0,
    pushTheLimit: false,
    otherModifier: 0,
  };
}

const MELEE_SKILLS: readonly SkillId[] = ['blades', 'clubs', 'unarmedCombat'];
const TARGET_STATS: readonly TargetStat[] = ['reaction', 'impact'];
const PERSON_DEFENCE: ReadonlySet<string> = new Set([
  'defence',
  'dodge',
  'defenceSkill',
  'fullDefense',
  'defenderReach',
]);

/**
 * The skill a weapon choice is used with: a sheet weapon's own, else its table row's; with no
 * choice, the default weapon's (the attacker's first sheet melee weapon, else unarmed).
 */
function skillFor(context: ResolveContext, choice: SetupValue | undefined): SkillId {
  const attacker = context.attackers?.[0];
  if (typeof choice === 'string') {
    const fromSheet = findSheetWeapon(attacker, choice);
    if (fromSheet) return fromSheet.values.skill as SkillId;
    const row = findMeleeWeapon(choice);
    if (row) return skillByLabel(row.skill)!;
  }
  const sheet = sheetWeaponsOf(attacker, 'melee')[0];
  return sheet ? (sheet.values.skill as SkillId) : skillByLabel(MELEE_WEAPONS[0]!.skill)!;
}

/**
 * From the sheets: the attacker's first melee weapon and its skill; the target's Reaction, Impact
 * armour, Dodge, Unarmed Combat (to block) and the Reach of its first melee weapon.
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
    typeof chosen.weapon === 'string' ? findSheetWeapon(attacker, chosen.weapon) : sheetWeaponsOf(attacker, 'melee')[0];
  if (weapon) sheet.take(attacker, 'weapon', `sheet:${weapon.id}`);
  takeSkill(sheet, attacker, 'skill', skillFor(context, chosen.weapon));
  // A vehicle target brings its Body and Armor; a person their Reaction, armour, skills and Reach.
  if (isVehicleTarget(target)) return { sheet, targetStats: takeVehicleTargetStats(sheet, target) };
  const targetStats = takeTargetStats(sheet, target, TARGET_STATS);
  takeSkill(sheet, target, 'dodge', 'dodge');
  takeSkill(sheet, target, 'defenceSkill', 'unarmedCombat');
  const held = sheetWeaponsOf(target, 'melee')[0];
  const reach = held?.values.reach;
  if (typeof reach === 'number' && Number.isInteger(reach) && reach >= 0 && reach <= MAX_REACH)
    sheet.take(target, 'defenderReach', reach, `${held!.name}, Reach ${reach}`);
  return { sheet, targetStats };
}

export function defaults(context: ResolveContext, chosen?: SetupValues): SetupValues {
  const { sheet, targetStats } = fromTheSheets(context, chosen);
  const vehicle = isVehicleTarget(context.targets?.[0]) ? vehicleTargetDefaults() : {};
  return { ...tableDefaults(context), ...vehicle, ...targetStats, ...sheet.values };
}

/**
 * The attacker's melee weapons first in the weapon choice, the skills' help saying what the
 * sheets hold, and the target's Reaction and Impact armour with the defence.
 */
export function meleeFields(context: ResolveContext): readonly FieldDef[] {
  const attacker = context?.attackers?.[0];
  const target = context?.targets?.[0];
  const fields = FIELDS.map((field) => {
    if (field.id === 'weapon' && attacker)
      return withSheetWeapons(field, attacker, 'melee', (w) => {
        const read = meleeOfSheet(w, `sheet:${w.id}`);
        return 'problem' in read ? read.problem : meleeLine(read.weapon);
      });
    if (field.id === 'skill' && attacker)
      return withHelp(field, skillHelp(field.help ?? '', attacker, skillFor(context, undefined), MELEE_SKILLS));
    return field;
  });
  if (isVehicleTarget(target)) {
    // A vehicle swerves with a Vehicle Test: no parry, block, dodge, Full Defense or Reach.
    const at = fields.findIndex((f) => f.id === 'defence');
    return [
      ...fields.slice(0, at),
      ...vehicleTargetFields(target),
      ...fields.filter((f) => !PERSON_DEFENCE.has(f.id)).slice(at),
    ];
  }
  const at = fields.findIndex((f) => f.id === 'dodge');
  return [...fields.slice(0, at), ...targetStatFields(target, TARGET_STATS), ...fields.slice(at)];
}

/** The melee weapon chosen: a sheet weapon read from its values, or a row of the table. */
export function chosenWeapon(choice: string, context: ResolveContext, problems: string[]): MeleeWeapon {
  if (!isSheetChoice(choice)) return findMeleeWeapon(choice) ?? MELEE_WEAPONS[0]!;
  const sheet = findSheetWeapon(context.attackers?.[0], choice);
  const read = sheet ? meleeOfSheet(sheet, choice) : { problem: 'The chosen sheet weapon is not on the sheet.' };
  if ('problem' in read) {
    problems.push(read.problem);
    return MELEE_WEAPONS[0]!;
  }
  return read.weapon;
}
