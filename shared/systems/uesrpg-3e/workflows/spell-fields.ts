import type { CoverKind } from '../combat';
import { MAX_TN } from '../d100';
import { RULES } from '../sections';
import type {
  FieldDef,
  Participant,
  ResolveContext,
  SetupValue,
  SetupValues,
  SheetReading,
} from '../../../system-kit/workflow';
import type { DamageDice } from './damage';
import type { ShieldArm } from './fields';
import { safelyWounded, statNumber } from './participants';
import { defenceFields, defenderDefaults, defenderFromSheet } from './defence';
import { clampTn } from './sheets';
import { SheetValues } from '../../../system-kit/sheet-sources';
import { COVER_FIELD, DIE_OPTIONS, readFields } from './workflow-kit';

/** A spell attack is defended by Evade or Block only: Parry is melee only, and a spell is no melee attack. */
export type SpellDefence = 'none' | 'evade' | 'block';

export const SPELL_DEFENCE_LABELS: Readonly<Record<SpellDefence, string>> = {
  none: 'No defence',
  evade: 'Evade',
  block: 'Block',
};

export interface SpellSetup {
  readonly schoolTn: number;
  readonly damage: DamageDice;
  readonly casterWounded: boolean;
  readonly castModifier: number;
  readonly area: boolean;
  readonly leavesArea: boolean;
  readonly cover: CoverKind;
  readonly defence: SpellDefence;
  readonly defenderUnaware: boolean;
  readonly defenderNoAp: boolean;
  readonly evadeTn: number;
  readonly defenceStyleTn: number;
  readonly defenderWounded: boolean;
  readonly defenceModifier: number;
  readonly shieldBr: number;
  readonly shieldBrMagic: boolean;
  readonly shieldArm: ShieldArm;
}

function buildFields(caster: Participant | undefined, target: Participant | undefined): FieldDef[] {
  const whose = (p: Participant | undefined, fallback: string) => (p ? `${p.name}'s` : fallback);
  return [
    {
      id: 'schoolTn',
      kind: 'number',
      label: 'School skill TN',
      min: 0,
      max: MAX_TN,
      group: 'attack',
      common: true,
      help: `${whose(caster, 'The caster’s')} skill in the spell's school (characteristic + 10 × rank); starts at Willpower.`,
      rule: RULES.attack,
    },
    { id: 'damageDice', kind: 'number', label: 'Spell damage: dice', min: 1, max: 10, group: 'attack', common: true },
    {
      id: 'damageDie',
      kind: 'choice',
      label: 'Spell damage: die',
      options: DIE_OPTIONS,
      group: 'attack',
      common: true,
    },
    {
      id: 'damageBonus',
      kind: 'number',
      label: 'Spell damage: bonus',
      min: -10,
      max: 30,
      group: 'attack',
      help: 'Added to the damage roll (a total below 0 counts as 0).',
    },
    { id: 'casterWounded', kind: 'flag', label: 'Caster wounded (−20)', group: 'attack', rule: RULES.woundEffects },
    {
      id: 'castModifier',
      kind: 'number',
      label: 'Other casting modifier',
      min: -100,
      max: 100,
      step: 10,
      group: 'attack',
      help: 'Any other situational modifier, summed.',
      rule: RULES.tests,
    },
    {
      id: 'area',
      kind: 'flag',
      label: 'Area-of-effect spell',
      group: 'situation',
      help: 'Only Evade or Block; resolved against the body.',
      rule: RULES.areaOfEffect,
    },
    {
      id: 'leavesArea',
      kind: 'flag',
      label: 'An Evade’s 1 m carries the target out of the area',
      group: 'situation',
      rule: RULES.areaOfEffect,
    },
    COVER_FIELD,
    {
      id: 'defence',
      kind: 'choice',
      label: 'Defence',
      options: (['none', 'evade', 'block'] as const).map((value) => ({ value, label: SPELL_DEFENCE_LABELS[value] })),
      group: 'defence',
      common: true,
      help: 'Chosen by the defender before the caster rolls; Parry is for melee only.',
      rule: RULES.defend,
    },
    ...defenceFields(target, {
      what: 'spell',
      styleLabel: 'Defender’s Combat Style TN (Block)',
      styleUse: 'for a Block with a shield',
      shieldBrHelp: 'Block Rating of the defender’s shield; against magic damage it counts as half (round up).',
      shieldBrMagicHelp: 'A shield with magic BR keeps its full BR against magic damage.',
    }),
  ];
}

export function spellFields(context: ResolveContext): readonly FieldDef[] {
  return buildFields(context.attackers?.[0], context.targets?.[0]);
}

/** The caster's school skill (Willpower when the sheet has none) and the defender's Evade, Combat Style and shield. */
function sheetValues(context: ResolveContext): SheetValues {
  const caster = context.attackers?.[0];
  const values = new SheetValues();
  if (caster === undefined) values.take(caster, 'schoolTn', 30, null);
  else {
    const school = clampTn(statNumber(caster, 'schoolSkill'));
    // No school skill on the sheet: a Novice (rank 0) skill is the characteristic itself.
    const willpower = clampTn(statNumber(caster, 'willpower'));
    if (school > 0) values.take(caster, 'schoolTn', school, `Magic school skill ${school}`);
    else values.take(caster, 'schoolTn', willpower, `Willpower ${willpower}, no school skill`);
  }
  defenderFromSheet(values, context.targets?.[0]);
  return values;
}

export function spellFromSheets(context: ResolveContext): SheetReading {
  return { sources: sheetValues(context).sources };
}

/** Starting values from the sheets, health, conditions and the tracker's AP. */
export function spellDefaults(context: ResolveContext): Record<string, SetupValue> {
  const caster = context.attackers?.[0];
  const fromSheets = sheetValues(context).values;
  return {
    schoolTn: fromSheets.schoolTn!,
    damageDice: 1,
    damageDie: '6',
    damageBonus: 0,
    casterWounded: safelyWounded(caster),
    castModifier: 0,
    area: false,
    leavesArea: false,
    cover: 'none',
    ...defenderDefaults(context.targets?.[0], fromSheets),
  };
}

export function readSpellSetup(
  setup: SetupValues,
  context: ResolveContext,
): { setup: SpellSetup | null; problems: string[] } {
  const read = readFields(spellFields(context), spellDefaults(context), setup);
  const v = read.values;
  if (v === null) return { setup: null, problems: read.problems };
  return {
    problems: [],
    setup: {
      schoolTn: v.num('schoolTn'),
      damage: { count: v.num('damageDice'), sides: Number(v.text('damageDie')), bonus: v.num('damageBonus') },
      casterWounded: v.flag('casterWounded'),
      castModifier: v.num('castModifier'),
      area: v.flag('area'),
      leavesArea: v.flag('leavesArea'),
      cover: v.text('cover') as CoverKind,
      defence: v.text('defence') as SpellDefence,
      defenderUnaware: v.flag('defenderUnaware'),
      defenderNoAp: v.flag('defenderNoAp'),
      evadeTn: v.num('evadeTn'),
      defenceStyleTn: v.num('defenceStyleTn'),
      defenderWounded: v.flag('defenderWounded'),
      defenceModifier: v.num('defenceModifier'),
      shieldBr: v.num('shieldBr'),
      shieldBrMagic: v.flag('shieldBrMagic'),
      shieldArm: v.text('shieldArm') as ShieldArm,
    },
  };
}
