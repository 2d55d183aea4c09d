import { describe } from '../errors';
import { fieldValueProblem } from './field-value';
import type { SheetWeapon, WeaponRules } from './tracker-rules';

/** Enough for a heavily armed PC with spares; more is a mistake or a hostile file. */
export const MAX_SHEET_WEAPONS = 24;
export const MAX_WEAPON_NAME = 60;

/**
 * Checks a sheet's weapon list against the system's weapon rules: a name, a unique id, a table
 * row the system has (when chosen from a table), and a valid value for every weapon field.
 * One sentence per problem, naming the weapon; empty when the list is fine.
 */
export function weaponProblems(weapons: unknown, rules: WeaponRules): string[] {
  if (!Array.isArray(weapons)) return [`Weapons must be a list, got ${describe(weapons)}.`];
  if (weapons.length > MAX_SHEET_WEAPONS)
    return [`A sheet holds at most ${MAX_SHEET_WEAPONS} weapons, got ${weapons.length}.`];
  const problems: string[] = [];
  const ids = new Set<string>();
  weapons.forEach((weapon: unknown, index) => {
    if (typeof weapon !== 'object' || weapon === null) {
      problems.push(`Weapon ${index + 1} must be a weapon, got ${describe(weapon)}.`);
      return;
    }
    const w = weapon as Partial<SheetWeapon>;
    const name = typeof w.name === 'string' ? w.name.trim() : '';
    const called = name ? `Weapon "${name}"` : `Weapon ${index + 1}`;
    if (!name || name.length > MAX_WEAPON_NAME)
      problems.push(`${called} needs a name of 1 to ${MAX_WEAPON_NAME} characters.`);
    if (typeof w.id !== 'string' || w.id === '' || w.id.length > 80) problems.push(`${called} has no usable id.`);
    else if (ids.has(w.id)) problems.push(`${called}: another weapon on the sheet has the id "${w.id}".`);
    else ids.add(w.id);
    if (w.row !== undefined) {
      const row = w.row as Partial<NonNullable<SheetWeapon['row']>> | null;
      const known = rules.catalogue.some(
        (c) => c.row && row && c.row.tableId === row.tableId && c.row.rowIndex === row.rowIndex,
      );
      const where = row && typeof row === 'object' ? `table ${describe(row.tableId)}, row ${describe(row.rowIndex)}` : describe(row);
      if (!known) problems.push(`${called} names a table row the system does not have (${where}).`);
    }
    if (typeof w.values !== 'object' || w.values === null || Array.isArray(w.values)) {
      problems.push(`${called} has no weapon numbers.`);
      return;
    }
    const values = w.values;
    for (const field of rules.fields) {
      const problem = fieldValueProblem(field, values[field.id]);
      if (problem) problems.push(`${called}: ${problem}`);
    }
    const known = new Set(rules.fields.map((f) => f.id));
    for (const key of Object.keys(values)) {
      if (!known.has(key)) problems.push(`${called}: "${key}" is not a weapon value of this system.`);
    }
  });
  return problems;
}

/** A fresh id for a weapon added to a sheet, unique among the ones it already holds. */
export function nextWeaponId(weapons: readonly SheetWeapon[]): string {
  let n = weapons.length + 1;
  while (weapons.some((w) => w.id === `w${n}`)) n += 1;
  return `w${n}`;
}
