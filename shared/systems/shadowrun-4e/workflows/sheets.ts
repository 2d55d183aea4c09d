import type { SheetWeapon } from '../../../system-kit/tracker-rules';
import { shadowrunAttributes } from '../attributes';
import { weaponKind, type WeaponKind } from '../sheet-weapons';
import { sheetSkill, skillByLabel, skillLabel, type SkillId } from '../skills';
import type { FieldDef, Participant } from '../../../system-kit/workflow';
import { sheetOf, SheetValues } from '../../../system-kit/sheet-sources';
import type { ExplainStep } from '../../../system-kit/rule-system';
import { rule, SECTION, step, type SectionName } from '../sections';
import { DEFAULT_SKILL } from './setup';

/**
 * What the Shadowrun rolls take from the participants' sheets: the attacker's weapons (offered
 * first in the weapon choice as "sheet:<id>") and the skill for the weapon, the defender's
 * Reaction, armour and defensive skills. Each value taken is a default of the form and a source
 * the explanation names. Only a combatant of the encounter has a sheet: an ad-hoc participant's
 * typed stats still fill the form, but are not said to come from one.
 */

const PREFIX = 'sheet:';

export const sheetChoice = (weapon: SheetWeapon): string => `${PREFIX}${weapon.id}`;
export const isSheetChoice = (value: string): boolean => value.startsWith(PREFIX);
// The values a roll takes from sheets and where each came from, as every system's readers keep them.
export { sheetOf, SheetValues };

function weaponsOf(participant: Participant | undefined): readonly SheetWeapon[] {
  const weapons: unknown = participant?.weapons;
  return Array.isArray(weapons) ? (weapons as SheetWeapon[]).filter((w) => typeof w === 'object' && w !== null) : [];
}

/** The participant's sheet weapons of one kind, in the sheet's order. */
export function sheetWeaponsOf(participant: Participant | undefined, kind: WeaponKind): SheetWeapon[] {
  return weaponsOf(participant).filter((w) => weaponKind(w) === kind);
}

/** The sheet weapon a "sheet:<id>" choice names. */
export function findSheetWeapon(participant: Participant | undefined, choice: string): SheetWeapon | undefined {
  return weaponsOf(participant).find((w) => sheetChoice(w) === choice);
}

/** The weapon choice's options: the attacker's sheet weapons of this kind first, then the table's. */
export function withSheetWeapons(
  field: FieldDef,
  attacker: Participant | undefined,
  kind: WeaponKind,
  hint: (weapon: SheetWeapon) => string,
): FieldDef {
  if (field.kind !== 'choice') return field;
  const sheet = sheetWeaponsOf(attacker, kind);
  if (sheet.length === 0) return field;
  const whose = sheetOf(attacker!);
  return {
    ...field,
    options: [
      ...sheet.map((w) => ({ value: sheetChoice(w), label: w.name, hint: `${whose} · ${hint(w)}` })),
      ...field.options,
    ],
  };
}

/** A field with its help replaced (the sheet says what it holds for this roll). */
export function withHelp(field: FieldDef, help: string): FieldDef {
  return { ...field, help };
}

/** The attacker's rating in a skill, taken into `fieldId` when the sheet has it; whether it did. */
export function takeSkill(
  sheet: SheetValues,
  participant: Participant | undefined,
  fieldId: string,
  skill: SkillId,
): boolean {
  const rating = sheetSkill(participant?.stats, skill);
  if (rating === null) return false;
  sheet.take(participant, fieldId, rating, `${skillLabel(skill)} ${rating}`);
  return true;
}

/** A stat the participant's block holds within its range (a bad one is the stat block's problem, said elsewhere). */
function takeStat(sheet: SheetValues, participant: Participant | undefined, fieldId: string, statId: string): void {
  const def = shadowrunAttributes.find((a) => a.id === statId)!;
  const value = participant?.stats?.[statId];
  if (typeof value === 'number' && Number.isInteger(value) && value >= def.min && value <= def.max)
    sheet.take(participant, fieldId, value);
}

/**
 * The help of a skill field: the sheet's rating in the skill the default weapon uses (and the
 * others it holds of `related`), or that the sheet lacks it and the professional's rating stands
 * in until the GM sets it.
 */
export function skillHelp(
  base: string,
  participant: Participant | undefined,
  skill: SkillId,
  related: readonly SkillId[],
): string {
  if (!participant) return base;
  const others = related.flatMap((id) => {
    const rating = id === skill ? null : sheetSkill(participant.stats, id);
    return rating === null ? [] : [`${skillLabel(id)} ${rating}`];
  });
  const rating = sheetSkill(participant.stats, skill);
  if (rating !== null)
    return `${base} ${sheetOf(participant)}: ${[`${skillLabel(skill)} ${rating}`, ...others].join(', ')}.`;
  return `${base} ${sheetOf(participant)} has no ${skillLabel(skill)}: ${DEFAULT_SKILL} stands in (a professional's rating); set it, or 0 to attack unskilled${others.length ? ` (the sheet has ${others.join(', ')})` : ''}.`;
}

/**
 * When the attacker's sheet holds the chosen weapon's skill at another rating than the form's
 * (the form's skill came with another weapon, or the GM set it), the explanation says so: the
 * skill field does not follow a change of weapon by itself.
 */
export function skillNote(
  participant: Participant | undefined,
  skillName: string,
  weapon: string,
  used: number,
): ExplainStep[] {
  const skill = skillByLabel(skillName);
  const rating = skill && participant ? sheetSkill(participant.stats, skill) : null;
  if (rating === null || rating === used) return [];
  return [
    step(
      `${sheetOf(participant!)} has ${skillName} ${rating} for ${weapon === 'Unarmed' ? 'unarmed attacks' : `the ${weapon}`}; this roll uses ${used}, the skill set in the form.`,
      SECTION.resolvingAttack,
      'default',
    ),
  ];
}

// ---------------------------------------------------------------------------------------------
// The defender's numbers
// ---------------------------------------------------------------------------------------------

export type TargetStat = 'reaction' | 'ballistic' | 'impact';

const TARGET_STATS: Readonly<
  Record<TargetStat, { readonly label: string; readonly help: string; readonly section: SectionName }>
> = {
  reaction: {
    label: "Target's Reaction",
    help: 'The defence pool (with a skill in melee).',
    section: SECTION.resolvingAttack,
  },
  ballistic: {
    label: "Target's Ballistic armour",
    help: 'Against bullets: decides Physical or Stun, and adds to the resistance.',
    section: SECTION.resolvingAttack,
  },
  impact: {
    label: "Target's Impact armour",
    help: 'Against blows and electricity: decides Physical or Stun, and adds to the resistance.',
    section: SECTION.damage,
  },
};

/**
 * The field of one of the target's numbers. Its id names the target, so a value set for one
 * target is never read as another's (a setup kept while the target changes).
 */
export function targetStatField(target: Participant | undefined, stat: TargetStat, index = 0): string {
  return `target.${target?.combatantId ?? `adhoc${index}`}.${stat}`;
}

/** The target's Reaction and armour as fields of the defence, editable for this one roll. */
export function targetStatFields(
  target: Participant | undefined,
  stats: readonly TargetStat[],
  index = 0,
  label = (text: string) => text,
): FieldDef[] {
  return stats.map((stat) => {
    const def = shadowrunAttributes.find((a) => a.id === stat)!;
    return {
      id: targetStatField(target, stat, index),
      kind: 'number',
      label: label(TARGET_STATS[stat].label),
      help: TARGET_STATS[stat].help,
      group: 'defence',
      rule: rule(TARGET_STATS[stat].section, 'seed'),
      min: def.min,
      max: def.max,
    };
  });
}

/** The target's numbers: the sheet's (a source), else the stat block's defaults. */
export function takeTargetStats(
  sheet: SheetValues,
  target: Participant | undefined,
  stats: readonly TargetStat[],
  index = 0,
): Record<string, number> {
  const values: Record<string, number> = {};
  for (const stat of stats) {
    const id = targetStatField(target, stat, index);
    values[id] = shadowrunAttributes.find((a) => a.id === stat)!.defaultValue;
    takeStat(sheet, target, id, stat);
  }
  return values;
}
