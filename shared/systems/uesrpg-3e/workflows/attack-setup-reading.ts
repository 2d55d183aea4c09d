import type { FieldDef, Participant, ResolveContext, SetupValues } from '../../../system-kit/workflow';
import { DEFENSE_TYPES, type CoverKind, type DefenseType } from '../combat';
import type { WeaponStyle } from '../sheet-weapons';
import { attackDefaults } from './attack-defaults';
import type { DamageDice } from './damage';
import {
  type AttackMode,
  type WeaponKind,
  type AttackBasis,
  type ShieldArm,
  type RangeChoice,
  UNARMED_DICE,
  type AttackSetup,
  DEFENCE_LABELS,
  first,
  weaponTypes,
  attackFields,
} from './fields';
import { chosenWeapon } from './sheets';
import { readFields } from './workflow-kit';

// Reading the attack form into a checked AttackSetup (its problems, one sentence each, when it is not one).

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
