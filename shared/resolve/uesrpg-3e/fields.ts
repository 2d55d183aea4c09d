import { describe } from '../../errors';
import { DEFENSE_TYPES, type CoverKind, type DefenseType, type RangeBand } from '../../systems/uesrpg-3e/combat';
import { MAX_TN } from '../../systems/uesrpg-3e/d100';
import { RULES } from '../../systems/uesrpg-3e/sections';
import type { FieldDef, Participant, ResolveContext, SetupValue, SetupValues } from '../contract';
import type { DamageDice } from './damage';
import { isDown, isStunned, isSurprised, isWounded, statNumber } from './participants';

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
  readonly damage: DamageDice;
  readonly basis: AttackBasis;
  readonly styleTn: number;
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
  readonly counterDamage: DamageDice;
  readonly outsideUnarmedReach: boolean;
}

const DIE_OPTIONS = [4, 6, 8, 10, 12].map((sides) => ({ value: String(sides), label: `d${sides}` }));

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

function weaponOptions(mode: AttackMode): Extract<FieldDef, { kind: 'choice' }>['options'] {
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
  const key = JSON.stringify([mode, attacker?.name, target?.name, target?.resourcesLeft?.ap === 0]);
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
      options: weaponOptions(mode),
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
      rule: RULES.rangeBands,
    });
  }
  fields.push({
    id: 'cover',
    kind: 'choice',
    label: 'Cover',
    options: [
      { value: 'none', label: 'None' },
      { value: 'penetrable', label: 'Penetrable', hint: 'Roll damage twice, the lower counts.' },
      { value: 'impenetrable', label: 'Impenetrable', hint: 'The target cannot be hit.' },
    ],
    group: 'situation',
    rule: RULES.cover,
  });
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
    {
      id: 'defenderUnaware',
      kind: 'flag',
      label: 'Defender unaware of the attack',
      group: 'defence',
      help: 'An unaware defender cannot defend.',
      rule: RULES.defend,
    },
    {
      id: 'defenderNoAp',
      kind: 'flag',
      label: 'Defender has no AP left',
      group: 'defence',
      help:
        target?.resourcesLeft?.ap === 0
          ? `The tracker shows ${target.name} with 0 AP: no defence is possible (with every AP spent, defence rolls fail automatically).`
          : 'With every AP spent, defence rolls fail automatically.',
      rule: RULES.multipleOpponents,
    },
    {
      id: 'evadeTn',
      kind: 'number',
      label: 'Defender’s Evade TN',
      min: 0,
      max: MAX_TN,
      group: 'defence',
      help: `${possessive(target, 'The defender’s')} Evade TN from the stat block.`,
      rule: RULES.defend,
    },
    {
      id: 'defenceStyleTn',
      kind: 'number',
      label: 'Defender’s Combat Style TN',
      min: 0,
      max: MAX_TN,
      group: 'defence',
      help: `${possessive(target, 'The defender’s')} Combat Style TN, for Parry, Block${melee ? ' and Counter-attack' : ''}.`,
      rule: RULES.defend,
    },
    {
      id: 'defenderWounded',
      kind: 'flag',
      label: 'Defender wounded (−20)',
      group: 'defence',
      rule: RULES.woundEffects,
    },
    {
      id: 'defenceModifier',
      kind: 'number',
      label: 'Other defence modifier',
      min: -100,
      max: 100,
      step: 10,
      group: 'defence',
      rule: RULES.tests,
    },
    {
      id: 'shieldBr',
      kind: 'number',
      label: 'Shield BR',
      min: 0,
      max: 100,
      group: 'defence',
      help: 'Block Rating of the defender’s shield; a Block needs a shield.',
      rule: RULES.resolve,
    },
    { id: 'shieldBrMagic', kind: 'flag', label: 'Shield BR is magic', group: 'defence', rule: RULES.resolve },
    {
      id: 'shieldArm',
      kind: 'choice',
      label: 'Shield arm',
      options: [
        { value: 'left-arm', label: 'Left arm' },
        { value: 'right-arm', label: 'Right arm' },
      ],
      group: 'defence',
      help: 'Damage through a Block goes to this arm.',
      rule: RULES.resolve,
    },
  );
  if (melee) {
    fields.push(
      {
        id: 'counterWeapon',
        kind: 'choice',
        label: 'Defender’s weapon (Parry, Counter-attack)',
        options: weaponOptions('melee'),
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

/** Starting values: the attacker's and target's stat blocks, health and conditions. */
export function attackDefaults(mode: AttackMode, context: ResolveContext): Record<string, SetupValue> {
  const attacker = first(context.attackers);
  const target = first(context.targets);
  const stat = (who: Participant | undefined, id: string, fallback: number) => {
    const value = who ? statNumber(who, id) : fallback;
    return Math.max(0, Math.min(MAX_TN, value));
  };
  const safely = (check: () => boolean): boolean => {
    try {
      return check();
    } catch {
      // A bad health record is reported by problems(); the default stays plain.
      return false;
    }
  };
  const targetCannotReact = target !== undefined && safely(() => isStunned(target) || isDown(target));
  const values: Record<string, SetupValue> = {
    weapon: 'weapon',
    damageDice: 1,
    damageDie: '6',
    damageBonus: 0,
    attackBasis: 'style',
    styleTn: stat(attacker, 'combatStyle', 30),
    inStyle: true,
    improvisedInStyle: false,
    attackerWounded: attacker !== undefined && safely(() => isWounded(attacker)),
    attackModifier: 0,
    cover: 'none',
    swimming: false,
    magicDamage: false,
    defence: targetCannotReact ? 'none' : 'evade',
    defenderUnaware: target !== undefined && isSurprised(target),
    // The tracker's AP, when the encounter runs: with none left every defence fails (seed: Action economy).
    defenderNoAp: target?.resourcesLeft?.ap === 0,
    evadeTn: stat(target, 'evade', 30),
    defenceStyleTn: stat(target, 'combatStyle', 30),
    defenderWounded: target !== undefined && safely(() => isWounded(target)),
    defenceModifier: 0,
    shieldBr: 0,
    shieldBrMagic: false,
    shieldArm: 'left-arm',
  };
  if (mode === 'melee') {
    Object.assign(values, {
      swingMeters: 0,
      counterWeapon: 'weapon',
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

const ALL_DEFENCES_FIELD: FieldDef = {
  id: 'defence',
  kind: 'choice',
  label: 'Defence',
  options: DEFENSE_TYPES.map((value) => ({ value, label: DEFENCE_LABELS[value] })),
  group: 'defence',
};

/** One setup value checked against its field: a sentence when it does not fit. */
function fieldProblem(field: FieldDef, value: SetupValue | undefined): string | null {
  if (value === undefined) return `${field.label} is missing.`;
  switch (field.kind) {
    case 'choice':
      return typeof value === 'string' && field.options.some((o) => o.value === value)
        ? null
        : `${field.label} cannot be ${describe(value)}; choose ${field.options.map((o) => o.label).join(', ')}.`;
    case 'number':
      if (typeof value !== 'number' || !Number.isInteger(value)) {
        return `${field.label} must be a whole number, got ${describe(value)}.`;
      }
      return value < field.min || value > field.max
        ? `${field.label} must be between ${field.min} and ${field.max}, got ${value}.`
        : null;
    case 'flag':
      return typeof value === 'boolean' ? null : `${field.label} must be on or off, got ${describe(value)}.`;
  }
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
  if (typeof setup !== 'object' || setup === null || Array.isArray(setup)) {
    return { setup: null, problems: [`The setup must be a set of field values, got ${describe(setup)}.`] };
  }
  const defaults = attackDefaults(mode, context);
  const values: Record<string, SetupValue> = {};
  const problems: string[] = [];
  for (const field of attackFields(mode, context)) {
    const value = setup[field.id] ?? defaults[field.id];
    // Every defence is read here, so a forbidden one (a parried arrow) gets the rule's own sentence later.
    const problem = fieldProblem(field.id === 'defence' ? ALL_DEFENCES_FIELD : field, value);
    if (problem) problems.push(problem);
    else values[field.id] = value!;
  }
  if (problems.length > 0) return { setup: null, problems };
  const text = (id: string) => values[id] as string;
  const num = (id: string) => values[id] as number;
  const flag = (id: string) => values[id] as boolean;
  const melee = mode === 'melee';
  const weapon = text('weapon') as WeaponKind;
  const counterWeapon: WeaponKind = melee ? (text('counterWeapon') as WeaponKind) : 'unarmed';
  const dice = (prefix: 'damage' | 'counter', kind: WeaponKind): DamageDice =>
    kind === 'unarmed'
      ? { ...UNARMED_DICE, bonus: num(`${prefix}Bonus`) }
      : { count: num(`${prefix}Dice`), sides: Number(text(`${prefix}Die`)), bonus: num(`${prefix}Bonus`) };
  return {
    problems,
    setup: {
      mode,
      weapon,
      damage: dice('damage', weapon),
      basis: text('attackBasis') as AttackBasis,
      styleTn: num('styleTn'),
      inStyle: flag('inStyle'),
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
      counterWeapon,
      counterDamage: melee ? dice('counter', counterWeapon) : UNARMED_DICE,
      outsideUnarmedReach: melee ? flag('outsideUnarmedReach') : false,
    },
  };
}
