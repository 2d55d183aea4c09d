import { RulesError } from '../../errors';
import type { SheetWeapon, WeaponRules } from '../../system-kit/tracker-rules';
import type { FieldDef, SetupValue } from '../../system-kit/workflow';
import { fieldValueProblem } from '../../system-kit/field-value';
import { DIE_STEPS, type DieSize, type WeaponTags } from './combat';
import { SECTIONS, ref } from './rules';

/**
 * Weapons on a Hardware sheet. The seed has no weapon list: a weapon is its damage die (the die
 * steps d4 to d12, seed: Attack Modifiers) and its tags (piercing, shred, blast from the book's
 * gear tags; reload from Ammo & Reloading), melee or ranged, and whether it is a pair that is
 * dual-wielded (roll both dice, keep the higher). The catalogue is the die steps table, one
 * weapon per die, plus the seed's one named weapon, the Sniper Rifle (d8).
 */

/** The reference table of the damage die steps (tables.ts `dieStepsTable`). */
export const HARDWARE_DIE_STEPS_TABLE_ID = 'hardware-die-steps';

const DIE_CHOICES = DIE_STEPS.map((s) => ({ value: String(s), label: `d${s}` }));

const FIELDS: readonly FieldDef[] = [
  { id: 'die', kind: 'choice', label: 'Damage die', group: 'attack', options: DIE_CHOICES, rule: ref(SECTIONS.attacking) },
  {
    id: 'attack',
    kind: 'choice',
    label: 'Melee or ranged',
    group: 'attack',
    options: [
      { value: 'ranged', label: 'Ranged' },
      { value: 'melee', label: 'Melee' },
    ],
    rule: ref(SECTIONS.ranged),
  },
  { id: 'piercing', kind: 'flag', label: 'Piercing', group: 'attack', help: 'Ignores Armor (Cover still applies).', rule: ref(SECTIONS.gearTags, 'book') },
  { id: 'shred', kind: 'flag', label: 'Shred', group: 'attack', help: 'Lowers the target’s Armor by 1 when it deals damage.', rule: ref(SECTIONS.gearTags, 'book') },
  { id: 'blast', kind: 'flag', label: 'Blast', group: 'attack', help: 'Rolls damage separately for each target.', rule: ref(SECTIONS.gearTags, 'book') },
  { id: 'reload', kind: 'flag', label: 'Reload', group: 'attack', help: 'Discard 1 Ammo after every attack.', rule: ref(SECTIONS.ammo) },
  {
    id: 'pair',
    kind: 'flag',
    label: 'A pair, dual-wielded',
    group: 'attack',
    help: 'Roll both damage dice and keep the single highest result (d8+d8).',
    rule: ref(SECTIONS.modifiers),
  },
];

function values(die: DieSize, attack: 'ranged' | 'melee'): Readonly<Record<string, SetupValue>> {
  return { die: String(die), attack, piercing: false, shred: false, blast: false, reload: false, pair: false };
}

/** A plain weapon of the given die, no tags: what a stat block note such as "Handgun (d6)" describes. */
export function plainWeapon(id: string, name: string, die: DieSize, attack: 'ranged' | 'melee' = 'ranged'): SheetWeapon {
  return { id, name, values: values(die, attack) };
}

const dieRow = (die: DieSize) => ({ tableId: HARDWARE_DIE_STEPS_TABLE_ID, rowIndex: DIE_STEPS.indexOf(die) });

export const hardwareWeapons: WeaponRules = {
  fields: FIELDS,
  describe: (sheet) => weaponParts(readWeapon(sheet)).join(' · '),
  catalogue: [
    ...DIE_STEPS.map((die) => ({ id: `d${die}`, name: `d${die} weapon`, row: dieRow(die), values: values(die, 'ranged') })),
    { id: 'sniper-rifle', name: 'Sniper Rifle', row: dieRow(8), values: values(8, 'ranged') },
  ],
};

/** A sheet weapon as an attack uses it. */
export interface HardwareWeapon {
  readonly name: string;
  readonly die: DieSize;
  readonly attack: 'ranged' | 'melee';
  readonly tags: WeaponTags;
  readonly blast: boolean;
  readonly reload: boolean;
  readonly pair: boolean;
}

/** Reads a sheet weapon; throws a RulesError naming it when a value does not fit its field. */
export function weaponOfSheet(sheet: SheetWeapon): HardwareWeapon {
  const v = sheet.values ?? {};
  for (const field of FIELDS) {
    const problem = fieldValueProblem(field, v[field.id]);
    if (problem) throw new RulesError('invalid-input', `${sheet.name}: ${problem}`);
  }
  return readWeapon(sheet);
}

/** A sheet weapon's values, unchecked (weaponOfSheet checks them first). */
function readWeapon(sheet: SheetWeapon): HardwareWeapon {
  const v = sheet.values ?? {};
  return {
    name: sheet.name,
    die: Number(v.die) as DieSize,
    attack: v.attack === 'melee' ? 'melee' : 'ranged',
    tags: { piercing: v.piercing === true, shred: v.shred === true },
    blast: v.blast === true,
    reload: v.reload === true,
    pair: v.pair === true,
  };
}

/** ["d8+d8", "piercing"]: the damage die (both of a dual-wielded pair) and the tags it has. */
export function weaponParts(w: HardwareWeapon): string[] {
  const tags = [
    w.attack === 'melee' ? 'melee' : '',
    w.tags.piercing ? 'piercing' : '',
    w.tags.shred ? 'shred' : '',
    w.blast ? 'blast' : '',
    w.reload ? 'reload' : '',
  ].filter(Boolean);
  return [w.pair ? `d${w.die}+d${w.die}` : `d${w.die}`, ...tags];
}
