import type { FieldDef, Participant, ResolveContext, SetupValue, SheetReading } from '../../../system-kit/workflow';
import { SheetValues } from '../../../system-kit/sheet-sources';
import { defenderDefaults, defenderFromSheet } from './defence';
import { type AttackMode, first, weaponTypes, attackFields } from './fields';
import { safelyWounded } from './participants';
import { choiceValue, styleTn, weaponsOf, type ArmedWith } from './sheets';

// The attack form's starting values: what the attacker's and target's sheets, health and conditions say.

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
