import type { SheetWeapon } from '../../../system-kit/tracker-rules';
import type { FieldDef, Participant, ResolveContext, SetupValue, SetupValues } from '../../../system-kit/workflow';
import type { Read } from '../sheet-weapons';
import type { SkillId } from '../skills';
import {
  findSheetWeapon,
  isSheetChoice,
  sheetChoice,
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
import { isVehicleTarget, takeVehicleTargetStats } from './vehicle-target';

/**
 * The setup reader the melee and the ranged attack share: both read the same things from the
 * attacker's sheet (a weapon of their kind, its skill), from the target's (Reaction, armour,
 * Dodge, or a vehicle's Body and Armor) and from the table, and lay out the same fields. What is
 * each attack's own (its table, its weapon lines, what else it takes, its vehicle layout) comes
 * in a WeaponAttack.
 */

/** What sets one weapon attack's setup apart; W is its table's weapon row. */
export interface WeaponAttack<W> {
  /** The kind of sheet weapon it offers first and takes by default. */
  readonly kind: 'melee' | 'ranged';
  /** The table row chosen when the attacker's sheet has no weapon of this kind. */
  readonly tableDefault: string;
  /** What stands in for a choice that names no row or a sheet weapon that cannot be read. */
  readonly fallback: W;
  readonly findWeapon: (id: string) => W | undefined;
  readonly readSheetWeapon: (weapon: SheetWeapon, choice: string) => Read<W>;
  /** The skill a table row is used with. */
  readonly skillOf: (weapon: W) => SkillId;
  /** The skills of this kind of weapon, which the skill field's help lists from the sheet. */
  readonly skills: readonly SkillId[];
  /** The hint a sheet weapon read as a row shows in the weapon choice. */
  readonly line: (weapon: W, sheet: SheetWeapon) => string;
  /**
   * The attack's fields for a person target, before the sheets fill them in; a function, as the
   * fields module may import this attack's setup (a fields list is read when asked for, not at load).
   */
  readonly fieldsOf: () => readonly FieldDef[];
  /** The person target's numbers the attack reads (as fields of the defence). */
  readonly targetStats: readonly TargetStat[];
  /** The field the person target's numbers stand before. */
  readonly targetStatsBefore: string;
  /** The defaults when no sheet says otherwise (the table's and the participants' conditions). */
  readonly tableDefaults: (context: ResolveContext) => SetupValues;
  /** What a vehicle target adds to the defaults. */
  readonly vehicleDefaults: () => SetupValues;
  /** The fields laid out for a vehicle target, from the fields for a person. */
  readonly vehicleFields: (fields: readonly FieldDef[], target: Participant | undefined) => FieldDef[];
  /** What else the attack takes along with the attacker's sheet weapon (a firearm's smartlink). */
  readonly takeWithWeapon?: (sheet: SheetValues, attacker: Participant | undefined, weapon: SheetWeapon) => void;
  /** What else a person target's sheet brings to the defence (melee: the block skill, Reach). */
  readonly takeDefence?: (sheet: SheetValues, target: Participant | undefined) => void;
}

/** The reader an attack's workflow and plan use, bound to one WeaponAttack. */
export interface WeaponAttackSetup<W> {
  readonly fromTheSheets: (
    context: ResolveContext,
    chosen?: SetupValues,
  ) => { sheet: SheetValues; targetStats: Record<string, number> };
  readonly defaults: (context: ResolveContext, chosen?: SetupValues) => SetupValues;
  readonly fields: (context: ResolveContext) => readonly FieldDef[];
  readonly chosenWeapon: (choice: string, context: ResolveContext, problems: string[]) => W;
}

/** Whether the participant is under the condition (the table's defaults follow some). */
export function hasCondition(participant: Participant | undefined, id: string): boolean {
  const ids = participant?.conditionIds;
  return Array.isArray(ids) && ids.includes(id);
}

export function weaponAttackSetup<W>(attack: WeaponAttack<W>): WeaponAttackSetup<W> {
  /**
   * The skill a weapon choice is used with: a sheet weapon's own, else its table row's; with no
   * choice, the default weapon's (the attacker's first sheet weapon of the kind, else the table's).
   */
  function skillFor(context: ResolveContext, choice: SetupValue | undefined): SkillId {
    const attacker = context.attackers?.[0];
    if (typeof choice === 'string') {
      const fromSheet = findSheetWeapon(attacker, choice);
      if (fromSheet) return fromSheet.values.skill as SkillId;
      const row = attack.findWeapon(choice);
      if (row) return attack.skillOf(row);
    }
    const sheet = sheetWeaponsOf(attacker, attack.kind)[0];
    if (sheet) return sheet.values.skill as SkillId;
    return attack.skillOf(attack.findWeapon(attack.tableDefault)!);
  }

  /**
   * From the sheets: the attacker's first weapon of the kind and its skill; the target's numbers
   * and Dodge, or a vehicle target's Body and Armor.
   */
  function fromTheSheets(
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
        : sheetWeaponsOf(attacker, attack.kind)[0];
    if (weapon) {
      sheet.take(attacker, 'weapon', sheetChoice(weapon));
      attack.takeWithWeapon?.(sheet, attacker, weapon);
    }
    takeSkill(sheet, attacker, 'skill', skillFor(context, chosen.weapon));
    if (isVehicleTarget(target)) return { sheet, targetStats: takeVehicleTargetStats(sheet, target) };
    const targetStats = takeTargetStats(sheet, target, attack.targetStats);
    takeSkill(sheet, target, 'dodge', 'dodge');
    attack.takeDefence?.(sheet, target);
    return { sheet, targetStats };
  }

  function defaults(context: ResolveContext, chosen?: SetupValues): SetupValues {
    const { sheet, targetStats } = fromTheSheets(context, chosen);
    const vehicle = isVehicleTarget(context.targets?.[0]) ? attack.vehicleDefaults() : {};
    return { ...attack.tableDefaults(context), ...vehicle, ...targetStats, ...sheet.values };
  }

  /**
   * The attacker's sheet weapons first in the weapon choice, the skill's help saying what the
   * sheet holds, and the target's numbers with the defence.
   */
  function fields(context: ResolveContext): readonly FieldDef[] {
    const attacker = context?.attackers?.[0];
    const withSheets = attack.fieldsOf().map((field) => {
      if (!attacker) return field;
      if (field.id === 'weapon')
        return withSheetWeapons(field, attacker, attack.kind, (w) => {
          const read = attack.readSheetWeapon(w, sheetChoice(w));
          return 'problem' in read ? read.problem : attack.line(read.weapon, w);
        });
      if (field.id === 'skill')
        return withHelp(field, skillHelp(field.help ?? '', attacker, skillFor(context, undefined), attack.skills));
      return field;
    });
    const target = context?.targets?.[0];
    if (isVehicleTarget(target)) return attack.vehicleFields(withSheets, target);
    const at = withSheets.findIndex((f) => f.id === attack.targetStatsBefore);
    return [...withSheets.slice(0, at), ...targetStatFields(target, attack.targetStats), ...withSheets.slice(at)];
  }

  /** The weapon chosen: a sheet weapon read from its values, or a row of the table. */
  function chosenWeapon(choice: string, context: ResolveContext, problems: string[]): W {
    if (!isSheetChoice(choice)) return attack.findWeapon(choice) ?? attack.fallback;
    const sheet = findSheetWeapon(context.attackers?.[0], choice);
    const read = sheet
      ? attack.readSheetWeapon(sheet, choice)
      : { problem: 'The chosen sheet weapon is not on the sheet.' };
    if ('problem' in read) {
      problems.push(read.problem);
      return attack.fallback;
    }
    return read.weapon;
  }

  return { fromTheSheets, defaults, fields, chosenWeapon };
}
