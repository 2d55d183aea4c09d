import { RulesError } from '../../errors';
import type { SheetWeapon, WeaponRules } from '../../system-kit/tracker-rules';
import type { FieldDef, SetupValue } from '../../system-kit/workflow';
import { fieldValueProblem } from '../../system-kit/field-value';
import { RANGE_BANDS, RANGE_LABELS, WEAPONS, rangeIndex, type RangeBand, type Weapon } from './equipment';
import { SECTION, rule } from './sections';

/**
 * Weapons on an Electric State sheet: the seed's Weapons Table row by row, or a custom weapon
 * with the same numbers (gear bonus, damage, range bands and the table's footnote marks). Close
 * or ranged is not a property of the weapon here: the range band of the roll decides it (seed:
 * Close Combat, Ranged Combat), and `firearm` says a gun rolls Strength at Engaged.
 */

/** The reference table of the seed's Weapons Table (tables.ts lists WEAPONS in this order). */
export const ES_WEAPONS_TABLE_ID = 'es-weapons';

const RANGE_OPTIONS = RANGE_BANDS.map((b) => ({ value: b, label: RANGE_LABELS[b] }));

type Effect = Weapon['damage']['kind'];
const EFFECTS: readonly { value: Effect; label: string }[] = [
  { value: 'damage', label: 'Damage' },
  { value: 'taser', label: 'Taser ★ (no damage, may lose a turn)' },
  { value: 'blast', label: 'Explosive (Blast Power)' },
];

const FIELDS: readonly FieldDef[] = [
  {
    id: 'bonus',
    kind: 'number',
    label: 'Gear bonus (dice)',
    group: 'attack',
    min: 0,
    max: 10,
    help: 'Dice added to the attack roll; 0 where the table shows —.',
    rule: rule(SECTION.weapons),
  },
  {
    id: 'neurocaster',
    kind: 'flag',
    label: 'Fired via neurocaster ●',
    group: 'attack',
    help: "The neurocaster's Network attribute is the gear bonus instead.",
    rule: rule(SECTION.weapons),
  },
  {
    id: 'effect',
    kind: 'choice',
    label: 'On a hit',
    group: 'attack',
    options: EFFECTS,
    rule: rule(SECTION.weapons),
  },
  {
    id: 'damage',
    kind: 'number',
    label: 'Damage (Blast Power for explosives)',
    group: 'attack',
    min: 0,
    max: 20,
    help: 'Base damage, or the Blast Power an explosive rolls against everyone in the zone; 0 for a taser.',
    rule: rule(SECTION.weapons),
  },
  {
    id: 'minRange',
    kind: 'choice',
    label: 'Min. range',
    group: 'attack',
    options: RANGE_OPTIONS,
    rule: rule(SECTION.rangeBands),
  },
  {
    id: 'maxRange',
    kind: 'choice',
    label: 'Max. range',
    group: 'attack',
    options: RANGE_OPTIONS,
    rule: rule(SECTION.rangeBands),
  },
  {
    id: 'firearm',
    kind: 'flag',
    label: 'Firearm',
    group: 'attack',
    help: 'A gun used at Engaged rolls Strength, not Agility.',
    rule: rule(SECTION.closeCombat),
  },
  { id: 'fullAuto', kind: 'flag', label: 'Full auto ◆', group: 'attack', rule: rule(SECTION.rangedCombat) },
];

/** A table weapon's numbers as a sheet holds them. */
export function weaponValues(w: Weapon): Readonly<Record<string, SetupValue>> {
  return {
    bonus: w.bonus.kind === 'dice' ? w.bonus.dice : 0,
    neurocaster: w.neurocaster,
    effect: w.damage.kind,
    damage: w.damage.kind === 'damage' ? w.damage.damage : w.damage.kind === 'blast' ? w.damage.blastPower : 0,
    minRange: w.minRange,
    maxRange: w.maxRange,
    firearm: w.firearm,
    fullAuto: w.fullAuto,
  };
}

export const electricStateWeapons: WeaponRules = {
  fields: FIELDS,
  describe: describeWeapon,
  catalogue: WEAPONS.map((w, rowIndex) => ({
    id: w.id,
    name: w.name,
    row: { tableId: ES_WEAPONS_TABLE_ID, rowIndex },
    values: weaponValues(w),
  })),
};

/** The id a sheet weapon has in the roll panel's weapon choice. */
export function sheetWeaponChoice(sheetWeaponId: string): string {
  return `sheet:${sheetWeaponId}`;
}

/**
 * A sheet weapon as the rules use it. Throws a RulesError naming the weapon when a value does not
 * fit its field or the range bands are the wrong way round.
 */
export function weaponOfSheet(sheet: SheetWeapon): Weapon {
  const values = sheet.values ?? {};
  for (const field of FIELDS) {
    const problem = fieldValueProblem(field, values[field.id]);
    if (problem) throw new RulesError('invalid-input', `${sheet.name}: ${problem}`);
  }
  const minRange = values.minRange as RangeBand;
  const maxRange = values.maxRange as RangeBand;
  if (rangeIndex(minRange) > rangeIndex(maxRange)) {
    throw new RulesError(
      'invalid-input',
      `${sheet.name}: the minimum range (${RANGE_LABELS[minRange]}) is beyond the maximum range (${RANGE_LABELS[maxRange]}).`,
    );
  }
  return readWeapon(sheet);
}

/** A sheet weapon's values as a table row, unchecked (weaponOfSheet checks them first). */
function readWeapon(sheet: SheetWeapon): Weapon {
  const values = sheet.values ?? {};
  const minRange = values.minRange as RangeBand;
  const maxRange = values.maxRange as RangeBand;
  const effect = values.effect as Effect;
  const amount = values.damage as number;
  const neurocaster = values.neurocaster === true;
  return {
    id: sheetWeaponChoice(sheet.id),
    name: sheet.name,
    bonus: neurocaster ? { kind: 'network' } : { kind: 'dice', dice: values.bonus as number },
    damage:
      effect === 'taser'
        ? { kind: 'taser' }
        : effect === 'blast'
          ? { kind: 'blast', blastPower: amount }
          : { kind: 'damage', damage: amount },
    minRange,
    maxRange,
    price: null,
    fullAuto: values.fullAuto === true,
    taser: effect === 'taser',
    neurocaster,
    notForSale: false,
    firearm: values.firearm === true,
    explosive: effect === 'blast',
  };
}

/** No gear bonus: the Weapons Table prints a dash. */
const NO_BONUS = '—';

/**
 * A weapon's columns as the Weapons Table prints them: gear bonus ("+2", "Network", "—"),
 * damage ("damage 2", "damage ★" for a taser, "damage Blast 6") and range ("Engaged–Short").
 */
export function weaponParts(w: Weapon): string[] {
  const bonus = w.bonus.kind === 'network' ? 'Network' : w.bonus.dice > 0 ? `+${w.bonus.dice}` : NO_BONUS;
  const damage =
    w.damage.kind === 'damage'
      ? String(w.damage.damage)
      : w.damage.kind === 'taser'
        ? '★'
        : `Blast ${w.damage.blastPower}`;
  const range =
    w.minRange === w.maxRange ? RANGE_LABELS[w.minRange] : `${RANGE_LABELS[w.minRange]}–${RANGE_LABELS[w.maxRange]}`;
  return [bonus, `damage ${damage}`, range];
}

/** "+2 · damage 2 · Engaged–Short", "+3 · damage 2 · Short–Long · full auto": the table's columns, without a missing bonus. */
export function describeWeapon(sheet: SheetWeapon): string {
  const w = readWeapon(sheet);
  return [...weaponParts(w).filter((part) => part !== NO_BONUS), ...(w.fullAuto ? ['full auto'] : [])].join(' · ');
}
