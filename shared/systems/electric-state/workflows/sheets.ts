import { RulesError } from '../../../errors';
import type { SheetWeapon } from '../../../system-kit/tracker-rules';
import { weaponOfSheet } from '../sheet-weapons';
import type { Weapon } from './rules';
import type { Participant, ResolveContext, SheetReading } from '../../../system-kit/workflow';
import { SheetValues } from '../../../system-kit/sheet-sources';
import { armourLevelOf } from './common';

/**
 * What the Electric State workflows read from the combatants' sheets: the attacker's weapons
 * (offered before the table's, the first that fits the workflow chosen by default) and each
 * target's Armor Level. `fromSheets` lists them with where they came from.
 */

/** Which weapons a workflow can fire (damage weapons, full auto, explosives, tasers). */
export type WeaponFit = (w: Weapon) => boolean;

interface SheetEntry {
  readonly sheet: SheetWeapon;
  readonly weapon: Weapon;
}

/** The attacker's sheet weapons that fit; one whose numbers the rules refuse (reversed ranges) is left out. */
function sheetEntries(attacker: Participant | undefined, fits: WeaponFit): SheetEntry[] {
  const out: SheetEntry[] = [];
  for (const sheet of attacker?.weapons ?? []) {
    try {
      const weapon = weaponOfSheet(sheet);
      if (fits(weapon)) out.push({ sheet, weapon });
    } catch (error) {
      if (!(error instanceof RulesError)) throw error;
    }
  }
  return out;
}

/** The weapon choice: the attacker's fitting sheet weapons first, then the table's. */
export function weaponChoices(context: ResolveContext, table: readonly Weapon[], fits: WeaponFit): Weapon[] {
  return [...sheetEntries(context.attackers[0], fits).map((e) => e.weapon), ...table];
}

/** The weapon chosen at first: the attacker's first fitting sheet weapon, else the workflow's own default. */
export function defaultWeapon(context: ResolveContext, fits: WeaponFit, fallback: string): string {
  return sheetEntries(context.attackers[0], fits)[0]?.weapon.id ?? fallback;
}

/**
 * The values taken from sheets: the attacker's weapon (when one fits) and, when `armourField`
 * names the field, each encounter target's Armor Level. Values equal the workflow's defaults.
 */
export function readSheets(
  context: ResolveContext,
  fits: WeaponFit,
  armourField: ((index: number) => string) | null,
): SheetReading {
  const sheet = new SheetValues();
  const attacker = context.attackers[0];
  const first = sheetEntries(attacker, fits)[0];
  if (first) sheet.take(attacker, 'weapon', first.weapon.id, first.sheet.name);
  // An ad-hoc target (no combatant) has no sheet: take lists nothing for it.
  context.targets.forEach((t, i) => {
    if (!armourField) return;
    const level = armourLevelOf(t);
    sheet.take(t, armourField(i), level, `Armor Level ${level}`);
  });
  return sheet.reading;
}
