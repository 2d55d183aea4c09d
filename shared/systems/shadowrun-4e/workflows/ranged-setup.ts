import type { ResolveContext, SetupValues } from '../../../system-kit/workflow';
import type { RangeBand } from '../modifiers';
import { rangedLine, rangedOfSheet } from '../sheet-weapons';
import { RANGE_CATEGORY_SKILL } from '../skills';
import type { SkillId } from '../skills';
import { findRangedWeapon, RANGE_CATEGORIES, RANGED_WEAPONS } from '../weapons';
import type { RangedWeapon } from '../weapons';
import { hasCondition, weaponAttackSetup } from './attack-setup';
import { DEFAULT_SKILL } from './setup';
import { MAX_CALLED_SHOT_DV } from './situation';
import { COMPONENT_FIELD } from './vehicle-component';
import { vehicleTargetDefaults, vehicleTargetFields } from './vehicle-target';
import { BANDS, FIELDS } from './ranged-fields';

// The ranged attack's own part of its setup: its table and range bands, its defaults, a firearm's
// smartlink, and a vehicle target's called shot on a component. The rest is the shared reader's.
const TABLE_DEFAULT_WEAPON = 'ares-predator-iv';

function tableDefaults(context: ResolveContext): SetupValues {
  const attacker = context.attackers?.[0];
  return {
    weapon: TABLE_DEFAULT_WEAPON,
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
    aimedActions: hasCondition(attacker, 'aiming') ? 1 : 0,
    attackerRunning: hasCondition(attacker, 'running'),
    attackerInMelee: hasCondition(attacker, 'in-melee'),
    movingVehicle: false,
    blindFire: false,
    extraTargets: 0,
    fullDefense: hasCondition(context.targets?.[0], 'full-defense'),
    dodge: DEFAULT_SKILL,
    pushTheLimit: false,
    otherModifier: 0,
  };
}

const FIREARM_SKILLS: readonly SkillId[] = ['pistols', 'automatics', 'longarms', 'heavyWeapons'];

/**
 * The attacker's first firearm, its skill and smartlink; the target's Reaction, armour, and Dodge
 * (added on Full Defense). The weapon choice lists the attacker's firearms first.
 */
const setup = weaponAttackSetup<RangedWeapon>({
  kind: 'ranged',
  tableDefault: TABLE_DEFAULT_WEAPON,
  fallback: RANGED_WEAPONS[0]!,
  findWeapon: findRangedWeapon,
  readSheetWeapon: rangedOfSheet,
  skillOf: (weapon) => RANGE_CATEGORY_SKILL[weapon.category],
  skills: FIREARM_SKILLS,
  line: (weapon, sheet) => weaponHint(weapon, sheet.values.smartlink === true),
  fieldsOf: () => FIELDS,
  targetStats: ['reaction', 'ballistic', 'impact'],
  targetStatsBefore: 'fullDefense',
  tableDefaults,
  vehicleDefaults: () => ({ ...vehicleTargetDefaults(), component: 'none' }),
  vehicleFields(fields, target) {
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
  },
  takeWithWeapon(sheet, attacker, weapon) {
    if (weapon.values.smartlink === true) sheet.take(attacker, 'sight', 'smartlink', `${weapon.name} smartlinked`);
  },
});

export const { fromTheSheets, defaults, chosenWeapon } = setup;
export const rangedFields = setup.fields;

/** The weapon line, after the range table row the roll's distances are read from. */
export function weaponHint(w: RangedWeapon, smartlink = false): string {
  return `${RANGE_CATEGORIES[w.category].label} · ${rangedLine(w, smartlink)}`;
}

export function bandFor(weapon: RangedWeapon, distance: number): RangeBand | null {
  const bands = RANGE_CATEGORIES[weapon.category].bands;
  const index = bands.findIndex((limit) => distance <= limit);
  return index < 0 ? null : (BANDS[index] ?? null);
}
