import type { ResolveContext, SetupValues } from '../../../system-kit/workflow';
import { meleeLine, meleeOfSheet } from '../sheet-weapons';
import { skillByLabel } from '../skills';
import type { SkillId } from '../skills';
import { findMeleeWeapon, MELEE_WEAPONS } from '../weapons';
import type { MeleeWeapon } from '../weapons';
import { hasCondition, weaponAttackSetup } from './attack-setup';
import { DEFAULT_SKILL } from './setup';
import { sheetWeaponsOf, takeSkill } from './sheets';
import { MAX_CALLED_SHOT_DV } from './situation';
import { vehicleTargetDefaults, vehicleTargetFields } from './vehicle-target';
import { FIELDS, MAX_REACH } from './melee-fields';

// The melee attack's own part of its setup: its table, its defaults, a person target's parry,
// block and Reach, and no person's defence against a vehicle. The rest is the shared reader's.
function tableDefaults(context: ResolveContext): SetupValues {
  return {
    weapon: 'unarmed',
    skill: DEFAULT_SKILL,
    calledShot: 'none',
    calledShotDv: MAX_CALLED_SHOT_DV,
    charging: false,
    attackerRunning: hasCondition(context.attackers?.[0], 'running'),
    superiorPosition: false,
    friendsInMelee: 0,
    offHand: false,
    visibility: 'clear',
    vision: 'normal',
    defence: 'dodge',
    dodge: DEFAULT_SKILL,
    defenceSkill: DEFAULT_SKILL,
    fullDefense: hasCondition(context.targets?.[0], 'full-defense'),
    defenderReach: 0,
    pushTheLimit: false,
    otherModifier: 0,
  };
}

const MELEE_SKILLS: readonly SkillId[] = ['blades', 'clubs', 'unarmedCombat'];
const PERSON_DEFENCE: ReadonlySet<string> = new Set([
  'defence',
  'dodge',
  'defenceSkill',
  'fullDefense',
  'defenderReach',
]);

/**
 * The attacker's first melee weapon and its skill; the target's Reaction, Impact armour, Dodge,
 * Unarmed Combat (to block) and the Reach of its first melee weapon. The weapon choice lists the
 * attacker's melee weapons first.
 */
const setup = weaponAttackSetup<MeleeWeapon>({
  kind: 'melee',
  tableDefault: MELEE_WEAPONS[0]!.id,
  fallback: MELEE_WEAPONS[0]!,
  findWeapon: findMeleeWeapon,
  readSheetWeapon: meleeOfSheet,
  skillOf: (weapon) => skillByLabel(weapon.skill)!,
  skills: MELEE_SKILLS,
  line: meleeLine,
  fieldsOf: () => FIELDS,
  targetStats: ['reaction', 'impact'],
  targetStatsBefore: 'dodge',
  tableDefaults,
  vehicleDefaults: vehicleTargetDefaults,
  vehicleFields(fields, target) {
    // A vehicle swerves with a Vehicle Test: no parry, block, dodge, Full Defense or Reach.
    const at = fields.findIndex((f) => f.id === 'defence');
    return [
      ...fields.slice(0, at),
      ...vehicleTargetFields(target),
      ...fields.filter((f) => !PERSON_DEFENCE.has(f.id)).slice(at),
    ];
  },
  takeDefence(sheet, target) {
    takeSkill(sheet, target, 'defenceSkill', 'unarmedCombat');
    const held = sheetWeaponsOf(target, 'melee')[0];
    const reach = held?.values.reach;
    if (typeof reach === 'number' && Number.isInteger(reach) && reach >= 0 && reach <= MAX_REACH)
      sheet.take(target, 'defenderReach', reach, `${held!.name}, Reach ${reach}`);
  },
});

export const { fromTheSheets, defaults, chosenWeapon } = setup;
export const meleeFields = setup.fields;
