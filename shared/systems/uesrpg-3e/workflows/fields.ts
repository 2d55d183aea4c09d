import type { FieldDef, Participant, ResolveContext } from '../../../system-kit/workflow';
import type { CoverKind, DefenseType, RangeBand } from '../combat';
import { MAX_TN } from '../d100';
import { RULES } from '../sections';
import type { WeaponType } from '../sheet-weapons';
import type { DamageDice } from './damage';
import { defenceFields } from './defence';
import { weaponOptions as sheetWeaponOptions, weaponsOf } from './sheets';
import { COVER_FIELD, DIE_OPTIONS } from './workflow-kit';

export type AttackMode = 'melee' | 'ranged';
export type WeaponKind = 'unarmed' | 'weapon' | 'improvised';
/** Which test the attack is: the Combat Style, or the bare characteristic − 20 with no style at all. */
export type AttackBasis = 'style' | 'untrained-str' | 'untrained-ag';
export type ShieldArm = 'left-arm' | 'right-arm';
export type RangeChoice = RangeBand | 'beyond';

/** Punches/Kicks, the natural weapons everyone has (seed, Melee combat › Unarmed combat). */
export const UNARMED_DICE: DamageDice = { count: 1, sides: 4, bonus: 0 };

/** The setup, read and checked: every field in its own type. */
export interface AttackSetup {
  readonly mode: AttackMode;
  readonly weapon: WeaponKind;
  /** The sheet weapon's name when one was chosen, else null. */
  readonly weaponName: string | null;
  readonly damage: DamageDice;
  readonly basis: AttackBasis;
  /** The TN of the Combat Style used: the main one, or the second one a sheet weapon belongs to. */
  readonly styleTn: number;
  readonly secondStyle: boolean;
  readonly inStyle: boolean;
  readonly improvisedInStyle: boolean;
  readonly attackerWounded: boolean;
  readonly attackModifier: number;
  /** null for melee. */
  readonly rangeBand: RangeChoice | null;
  readonly cover: CoverKind;
  readonly swingMeters: number;
  readonly swimming: boolean;
  readonly magicDamage: boolean;
  readonly area: boolean;
  readonly leavesArea: boolean;
  readonly defence: DefenseType;
  readonly defenderUnaware: boolean;
  readonly defenderNoAp: boolean;
  readonly evadeTn: number;
  readonly defenceStyleTn: number;
  readonly defenderWounded: boolean;
  readonly defenceModifier: number;
  readonly shieldBr: number;
  readonly shieldBrMagic: boolean;
  readonly shieldArm: ShieldArm;
  readonly counterWeapon: WeaponKind;
  readonly counterWeaponName: string | null;
  readonly counterDamage: DamageDice;
  readonly outsideUnarmedReach: boolean;
}

export const DEFENCE_LABELS: Readonly<Record<DefenseType, string>> = {
  none: 'No defence',
  evade: 'Evade',
  parry: 'Parry',
  block: 'Block',
  counter: 'Counter-attack',
};

export function defenceLabel(defence: DefenseType): string {
  return DEFENCE_LABELS[defence];
}

export const WEAPON_LABELS: Readonly<Record<WeaponKind, string>> = {
  unarmed: 'Punches/Kicks',
  weapon: 'Weapon',
  improvised: 'Improvised weapon',
};

export function first(list: readonly Participant[]): Participant | undefined {
  return list[0];
}

function possessive(participant: Participant | undefined, fallback: string): string {
  return participant ? `${participant.name}'s` : fallback;
}

/** The sheet weapon types each attack offers: melee and natural weapons, or ranged ones. */
export function weaponTypes(mode: AttackMode): readonly WeaponType[] {
  return mode === 'melee' ? ['melee', 'natural'] : ['ranged'];
}

function builtinWeaponOptions(mode: AttackMode): Extract<FieldDef, { kind: 'choice' }>['options'] {
  const options = [
    {
      value: 'weapon',
      label: mode === 'melee' ? 'Weapon' : 'Ranged weapon',
      hint: 'Give its damage dice below.',
    },
    {
      value: 'improvised',
      label: mode === 'melee' ? 'Improvised weapon' : 'Thrown improvised object',
      hint: '−20 unless the Combat Style includes improvised weapons.',
    },
  ];
  return mode === 'melee'
    ? [{ value: 'unarmed', label: 'Punches/Kicks (1d4, 1 m)', hint: 'Natural weapons; everyone has them.' }, ...options]
    : options;
}

function damageFields(prefix: '' | 'counter', group: 'attack' | 'defence'): FieldDef[] {
  const id = (name: string) => (prefix === '' ? `damage${name}` : `counter${name}`);
  const whose = prefix === '' ? 'Damage' : 'Counter-attack damage';
  return [
    {
      id: id('Dice'),
      kind: 'number',
      label: `${whose}: dice`,
      min: 1,
      max: 10,
      group,
      help: 'How many damage dice the weapon rolls (Punches/Kicks always roll 1d4).',
    },
    { id: id('Die'), kind: 'choice', label: `${whose}: die`, options: DIE_OPTIONS, group },
    {
      id: id('Bonus'),
      kind: 'number',
      label: `${whose}: bonus`,
      min: -10,
      max: 30,
      group,
      help: 'Added to every damage roll (a total below 0 counts as 0).',
    },
  ];
}

const fieldsCache = new Map<string, readonly FieldDef[]>();

/** The roll panel's fields for one attack workflow (they differ only by the names in their help). */
export function attackFields(mode: AttackMode, context: ResolveContext): readonly FieldDef[] {
  const attacker = first(context.attackers);
  const target = first(context.targets);
  const key = JSON.stringify([
    mode,
    attacker?.name,
    attacker?.weapons,
    target?.name,
    target?.weapons,
    target?.resourcesLeft?.ap === 0,
  ]);
  let fields = fieldsCache.get(key);
  if (fields === undefined) {
    fields = buildFields(mode, attacker, target);
    if (fieldsCache.size >= 32) fieldsCache.delete(fieldsCache.keys().next().value!);
    fieldsCache.set(key, fields);
  }
  return fields;
}

function buildFields(mode: AttackMode, attacker: Participant | undefined, target: Participant | undefined): FieldDef[] {
  const melee = mode === 'melee';
  const fields: FieldDef[] = [
    {
      id: 'weapon',
      kind: 'choice',
      label: 'Weapon',
      options: [...sheetWeaponOptions(attacker, weaponTypes(mode)), ...builtinWeaponOptions(mode)],
      group: 'attack',
      common: true,
      rule: melee ? RULES.unarmed : RULES.ranged,
    },
    ...damageFields('', 'attack'),
    {
      id: 'attackBasis',
      kind: 'choice',
      label: 'Attack test',
      options: [
        { value: 'style', label: 'Combat Style', hint: melee ? 'Str or Ag based.' : 'Ag based.' },
        ...(melee ? [{ value: 'untrained-str', label: 'No Combat Style: Strength − 20', hint: 'Untrained.' }] : []),
        { value: 'untrained-ag', label: 'No Combat Style: Agility − 20', hint: 'Untrained.' },
      ],
      group: 'attack',
      rule: RULES.attack,
    },
    {
      id: 'styleTn',
      kind: 'number',
      label: 'Combat Style TN',
      min: 0,
      max: MAX_TN,
      group: 'attack',
      common: true,
      help: `${possessive(attacker, 'The attacker’s')} Combat Style TN (characteristic + 10 × rank) from the stat block.`,
      rule: RULES.attack,
    },
    ...(weaponsOf(attacker, weaponTypes(mode)).some((w) => w.read.style === 'second')
      ? [
          {
            id: 'secondStyleTn',
            kind: 'number',
            label: 'Second Combat Style TN',
            min: 0,
            max: MAX_TN,
            group: 'attack',
            help: `${possessive(attacker, 'The attacker’s')} second Combat Style TN, for the sheet weapons in it.`,
            rule: RULES.attack,
          } satisfies FieldDef,
        ]
      : []),
    {
      id: 'inStyle',
      kind: 'flag',
      label: 'Weapon in the Combat Style',
      group: 'attack',
      help: 'Off: the standard −20 untrained penalty.',
      rule: RULES.attack,
    },
    {
      id: 'improvisedInStyle',
      kind: 'flag',
      label: 'Combat Style includes improvised weapons',
      group: 'attack',
      help: 'Only for an improvised weapon: otherwise it suffers −20.',
      rule: RULES.improvised,
    },
    {
      id: 'attackerWounded',
      kind: 'flag',
      label: 'Attacker wounded (−20)',
      group: 'attack',
      rule: RULES.woundEffects,
    },
    {
      id: 'attackModifier',
      kind: 'number',
      label: 'Other attack modifier',
      min: -100,
      max: 100,
      step: 10,
      group: 'attack',
      help: 'Any other situational modifier, summed.',
      rule: RULES.tests,
    },
  ];
  if (!melee) {
    fields.push({
      id: 'rangeBand',
      kind: 'choice',
      label: 'Range band',
      options: [
        { value: 'close', label: 'Close (+10)' },
        { value: 'effective', label: 'Effective (±0)' },
        { value: 'long', label: 'Long (−20)' },
        { value: 'beyond', label: 'Beyond long range' },
      ],
      group: 'situation',
      common: true,
      ...rangeHelp(attacker),
      rule: RULES.rangeBands,
    });
  }
  fields.push(COVER_FIELD);
  if (melee) {
    fields.push({
      id: 'swingMeters',
      kind: 'number',
      label: 'Swung or jumped in (m)',
      min: 0,
      max: 100,
      group: 'situation',
      help: '+1 damage per 2 m travelled into the attack (round down).',
      rule: RULES.swinging,
    });
  } else {
    fields.push(
      {
        id: 'area',
        kind: 'flag',
        label: 'Area-of-effect attack',
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
    );
  }
  fields.push(
    {
      id: 'swimming',
      kind: 'flag',
      label: 'Fighting in water (half damage)',
      group: 'situation',
      rule: RULES.swimming,
    },
    {
      id: 'magicDamage',
      kind: 'flag',
      label: 'Magic damage',
      group: 'situation',
      help: 'Halves a shield’s BR (round up) unless the BR is magic.',
      rule: RULES.resolve,
    },
    {
      id: 'defence',
      kind: 'choice',
      label: 'Defence',
      options: (melee
        ? (['none', 'evade', 'parry', 'block', 'counter'] as const)
        : (['none', 'evade', 'block'] as const)
      ).map((value) => ({ value, label: DEFENCE_LABELS[value] })),
      group: 'defence',
      common: true,
      help: 'Chosen by the defender before the attacker rolls.',
      rule: RULES.defend,
    },
    ...defenceFields(target, {
      what: 'attack',
      styleLabel: 'Defender’s Combat Style TN',
      styleUse: `for Parry, Block${melee ? ' and Counter-attack' : ''}`,
      shieldBrHelp: 'Block Rating of the defender’s shield; a Block needs a shield.',
    }),
  );
  if (melee) {
    fields.push(
      {
        id: 'counterWeapon',
        kind: 'choice',
        label: 'Defender’s weapon (Parry, Counter-attack)',
        options: [...sheetWeaponOptions(target, weaponTypes('melee')), ...builtinWeaponOptions('melee')],
        group: 'defence',
        rule: RULES.unarmed,
      },
      ...damageFields('counter', 'defence'),
      {
        id: 'outsideUnarmedReach',
        kind: 'flag',
        label: 'Attacker beyond the defender’s unarmed reach',
        group: 'defence',
        help: 'Unarmed Parry and Counter-attack only work on an opponent within your own engagement range.',
        rule: RULES.unarmed,
      },
    );
  }
  return fields;
}

/** The ranges of the attacker's ranged sheet weapons, as the range band's help. */
function rangeHelp(attacker: Participant | undefined): { help?: string } {
  const ranged = weaponsOf(attacker, ['ranged']);
  if (ranged.length === 0) return {};
  return {
    help: ranged
      .map(
        ({ weapon, read }) =>
          `${weapon.name}: close to ${read.range.close} m, effective to ${read.range.effective} m, long to ${read.range.long} m.`,
      )
      .join(' '),
  };
}
