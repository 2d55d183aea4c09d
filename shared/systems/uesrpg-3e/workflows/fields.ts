import { DEFENSE_TYPES, type CoverKind, type DefenseType, type RangeBand } from '../combat';
import { MAX_TN } from '../d100';
import { RULES } from '../sections';
import type { WeaponStyle, WeaponType } from '../sheet-weapons';
import type {
  FieldDef,
  Participant,
  ResolveContext,
  SetupValue,
  SetupValues,
  SheetReading,
} from '../../../resolve/contract';
import type { DamageDice } from './damage';
import { defenceFields, defenderDefaults, defenderFromSheet } from './defence';
import { safelyWounded } from './participants';
import {
  choiceValue,
  chosenWeapon,
  styleTn,
  weaponOptions as sheetWeaponOptions,
  weaponsOf,
  type ArmedWith,
} from './sheets';
import { SheetValues } from '../../../resolve/sheet-sources';
import { COVER_FIELD, DIE_OPTIONS, readFields } from './workflow-kit';

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

const DEFENCE_LABELS: Readonly<Record<DefenseType, string>> = {
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

function first(list: readonly Participant[]): Participant | undefined {
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

/** The first sheet weapon an attack of this mode would use. */
function defaultWeapon(who: Participant | undefined, mode: AttackMode): ArmedWith | undefined {
  return weaponsOf(who, weaponTypes(mode))[0];
}

/**
 * What the sheets give the attack: the attacker's first weapon for this mode and their Combat
 * Style TNs; the target's Evade, the Combat Style of the weapon it would parry with, its shield
 * and (melee) that weapon for Parry and Counter-attack.
 */
function sheetValues(mode: AttackMode, context: ResolveContext, fields: readonly FieldDef[]): SheetValues {
  const attacker = first(context.attackers);
  const target = first(context.targets);
  const values = new SheetValues();
  const weapon = defaultWeapon(attacker, mode);
  values.take(attacker, 'weapon', weapon ? choiceValue(weapon.weapon) : 'weapon', weapon ? weapon.weapon.name : null);
  if (attacker === undefined) values.take(attacker, 'styleTn', 30, null);
  else {
    const main = styleTn(attacker, 'main');
    values.take(attacker, 'styleTn', main.tn, main.label);
    if (fields.some((f) => f.id === 'secondStyleTn')) {
      const second = styleTn(attacker, 'second');
      values.take(attacker, 'secondStyleTn', second.tn, second.label);
    }
  }
  const parryWith = mode === 'melee' ? defaultWeapon(target, 'melee') : undefined;
  defenderFromSheet(values, target, parryWith?.read.style);
  if (mode === 'melee') {
    values.take(
      target,
      'counterWeapon',
      parryWith ? choiceValue(parryWith.weapon) : 'weapon',
      parryWith ? parryWith.weapon.name : null,
    );
  }
  return values;
}

export function attackFromSheets(mode: AttackMode, context: ResolveContext): SheetReading {
  return { sources: sheetValues(mode, context, attackFields(mode, context)).sources };
}

// The panel asks for the defaults on every keystroke (and each check reads them): once per context.
const defaultsCache = new WeakMap<object, Partial<Record<AttackMode, Readonly<Record<string, SetupValue>>>>>();

/** Starting values: the attacker's and target's sheets, health and conditions. */
export function attackDefaults(mode: AttackMode, context: ResolveContext): Record<string, SetupValue> {
  if (typeof context !== 'object' || context === null) return buildDefaults(mode, context);
  let byMode = defaultsCache.get(context);
  if (byMode === undefined) {
    byMode = {};
    defaultsCache.set(context, byMode);
  }
  byMode[mode] ??= buildDefaults(mode, context);
  return { ...byMode[mode] };
}

function buildDefaults(mode: AttackMode, context: ResolveContext): Record<string, SetupValue> {
  const attacker = first(context.attackers);
  const target = first(context.targets);
  const fromSheets = sheetValues(mode, context, attackFields(mode, context)).values;
  const values: Record<string, SetupValue> = {
    weapon: fromSheets.weapon!,
    damageDice: 1,
    damageDie: '6',
    damageBonus: 0,
    attackBasis: 'style',
    styleTn: fromSheets.styleTn!,
    ...(fromSheets.secondStyleTn === undefined ? {} : { secondStyleTn: fromSheets.secondStyleTn }),
    inStyle: true,
    improvisedInStyle: false,
    attackerWounded: safelyWounded(attacker),
    attackModifier: 0,
    cover: 'none',
    swimming: false,
    magicDamage: false,
    ...defenderDefaults(target, fromSheets),
  };
  if (mode === 'melee') {
    Object.assign(values, {
      swingMeters: 0,
      counterWeapon: fromSheets.counterWeapon!,
      counterDice: 1,
      counterDie: '6',
      counterBonus: 0,
      outsideUnarmedReach: false,
    });
  } else {
    Object.assign(values, { rangeBand: 'effective', area: false, leavesArea: false });
  }
  return values;
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

const ALL_DEFENCES_FIELD: FieldDef = {
  id: 'defence',
  kind: 'choice',
  label: 'Defence',
  options: DEFENSE_TYPES.map((value) => ({ value, label: DEFENCE_LABELS[value] })),
  group: 'defence',
};

/** The weapon a choice names: a sheet weapon (its kind and dice from the sheet), or a built-in one with the form's dice. */
function weaponChoice(
  who: Participant | undefined,
  choice: string,
  dice: DamageDice,
): { kind: WeaponKind; name: string | null; damage: DamageDice; style: WeaponStyle | null } {
  const sheet = chosenWeapon(who, choice, weaponTypes('melee').concat(weaponTypes('ranged')));
  if (sheet) {
    const kind: WeaponKind = sheet.read.type === 'natural' ? 'unarmed' : 'weapon';
    return { kind, name: sheet.weapon.name, damage: sheet.read.dice, style: sheet.read.style };
  }
  const kind = choice as WeaponKind;
  return { kind, name: null, damage: kind === 'unarmed' ? { ...UNARMED_DICE, bonus: dice.bonus } : dice, style: null };
}

/**
 * Reads the setup against the fields (missing values take their defaults). Returns the typed
 * setup, or the problems of the values that do not fit their field.
 */
export function readSetup(
  mode: AttackMode,
  setup: SetupValues,
  context: ResolveContext,
): { setup: AttackSetup | null; problems: string[] } {
  // Every defence is read here, so a forbidden one (a parried arrow) gets the rule's own sentence later.
  const fields = attackFields(mode, context).map((f) => (f.id === 'defence' ? ALL_DEFENCES_FIELD : f));
  const read = readFields(fields, attackDefaults(mode, context), setup);
  const v = read.values;
  if (v === null) return { setup: null, problems: read.problems };
  const { text, num, flag } = v;
  const melee = mode === 'melee';
  const diceOf = (prefix: 'damage' | 'counter'): DamageDice => ({
    count: num(`${prefix}Dice`),
    sides: Number(text(`${prefix}Die`)),
    bonus: num(`${prefix}Bonus`),
  });
  const attack = weaponChoice(first(context.attackers), text('weapon'), diceOf('damage'));
  const counter = melee
    ? weaponChoice(first(context.targets), text('counterWeapon'), diceOf('counter'))
    : { kind: 'unarmed' as const, name: null, damage: UNARMED_DICE, style: null };
  const secondStyle = attack.style === 'second';
  return {
    problems: [],
    setup: {
      mode,
      weapon: attack.kind,
      weaponName: attack.name,
      damage: attack.damage,
      basis: text('attackBasis') as AttackBasis,
      styleTn: secondStyle ? num('secondStyleTn') : num('styleTn'),
      secondStyle,
      // A sheet weapon says which Combat Style it is in; a built-in one takes the flag.
      inStyle: attack.style === null ? flag('inStyle') : attack.style !== 'none',
      improvisedInStyle: flag('improvisedInStyle'),
      attackerWounded: flag('attackerWounded'),
      attackModifier: num('attackModifier'),
      rangeBand: melee ? null : (text('rangeBand') as RangeChoice),
      cover: text('cover') as CoverKind,
      swingMeters: melee ? num('swingMeters') : 0,
      swimming: flag('swimming'),
      magicDamage: flag('magicDamage'),
      area: melee ? false : flag('area'),
      leavesArea: melee ? false : flag('leavesArea'),
      defence: text('defence') as DefenseType,
      defenderUnaware: flag('defenderUnaware'),
      defenderNoAp: flag('defenderNoAp'),
      evadeTn: num('evadeTn'),
      defenceStyleTn: num('defenceStyleTn'),
      defenderWounded: flag('defenderWounded'),
      defenceModifier: num('defenceModifier'),
      shieldBr: num('shieldBr'),
      shieldBrMagic: flag('shieldBrMagic'),
      shieldArm: text('shieldArm') as ShieldArm,
      counterWeapon: counter.kind,
      counterWeaponName: counter.name,
      counterDamage: counter.damage,
      outsideUnarmedReach: melee ? flag('outsideUnarmedReach') : false,
    },
  };
}
