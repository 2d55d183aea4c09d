import type { SheetWeapon } from '../../../system-kit/tracker-rules';
import { MAX_TN } from '../d100';
import { readWeapon, weaponParts, type UesrpgWeapon, type WeaponStyle, type WeaponType } from '../sheet-weapons';
import type { FieldDef, Participant } from '../../../system-kit/workflow';
import { statNumber } from './participants';

/**
 * What the UESRPG workflows read from a combatant's sheet: its weapons (offered first in a weapon
 * choice as "sheet:<id>"), the TN of the Combat Style a weapon belongs to, the shield its Block
 * uses, and the skill a test falls to. Each value comes with the sentence that says where it came
 * from, for the explanation's "From the sheets" step.
 */

const PREFIX = 'sheet:';

export interface ArmedWith {
  readonly weapon: SheetWeapon;
  readonly read: UesrpgWeapon;
}

/** The sheet's weapons of the given types, in sheet order. */
export function weaponsOf(participant: Participant | undefined, types: readonly WeaponType[]): ArmedWith[] {
  const weapons = Array.isArray(participant?.weapons) ? participant.weapons : [];
  return weapons.map((weapon) => ({ weapon, read: readWeapon(weapon) })).filter((w) => types.includes(w.read.type));
}

export function choiceValue(weapon: SheetWeapon): string {
  return `${PREFIX}${weapon.id}`;
}

/** The sheet weapon a choice value names, when it names one of the given types. */
export function chosenWeapon(
  participant: Participant | undefined,
  value: string,
  types: readonly WeaponType[],
): ArmedWith | null {
  if (!value.startsWith(PREFIX)) return null;
  return weaponsOf(participant, types).find((w) => w.weapon.id === value.slice(PREFIX.length)) ?? null;
}

/** "Sheet: Sword (1d8, 1 m)", "Sheet: Bow (1d8, 10/30/100 m)", as the other systems name sheet weapons. */
export function weaponOptionLabel({ weapon, read }: ArmedWith): string {
  return `Sheet: ${weapon.name} (${weaponParts(read).join(', ')})`;
}

/** The sheet weapons as the first options of a weapon choice. */
export function weaponOptions(
  participant: Participant | undefined,
  types: readonly WeaponType[],
): Extract<FieldDef, { kind: 'choice' }>['options'] {
  return weaponsOf(participant, types).map((w) => ({
    value: choiceValue(w.weapon),
    label: weaponOptionLabel(w),
    hint: `From ${participant!.name}'s sheet.`,
  }));
}

export function clampTn(value: number): number {
  return Math.max(0, Math.min(MAX_TN, value));
}

const STYLE_STAT: Readonly<Record<WeaponStyle, { id: string; label: string }>> = {
  main: { id: 'combatStyle', label: 'Combat Style' },
  second: { id: 'combatStyle2', label: 'Second Combat Style' },
  // A weapon outside both styles is still swung with the main one, at −20.
  none: { id: 'combatStyle', label: 'Combat Style' },
};

/** The TN of the Combat Style a weapon belongs to, and the words naming it. */
export function styleTn(participant: Participant, style: WeaponStyle): { tn: number; label: string } {
  const stat = STYLE_STAT[style];
  const tn = clampTn(statNumber(participant, stat.id));
  return { tn, label: `${stat.label} ${tn}` };
}

/** The first shield on the sheet: its BR goes to a Block. */
export function shieldOf(participant: Participant | undefined): ArmedWith | null {
  return weaponsOf(participant, ['shield'])[0] ?? null;
}

/**
 * The best of Combat Style, Athletics and Evade: what a grab is resisted with and a hold escaped
 * with (seed, Grappling: the one who tests picks, so the best one).
 */
export function bestResistTn(participant: Participant): { tn: number; label: string } {
  const options = [
    { id: 'combatStyle', name: 'Combat Style' },
    { id: 'athletics', name: 'Athletics' },
    { id: 'evade', name: 'Evade' },
  ].map((o) => ({ ...o, tn: clampTn(statNumber(participant, o.id)) }));
  const best = options.reduce((a, b) => (b.tn > a.tn ? b : a));
  return {
    tn: best.tn,
    label: `${best.name} ${best.tn} (the best of ${options.map((o) => `${o.name} ${o.tn}`).join(', ')})`,
  };
}
