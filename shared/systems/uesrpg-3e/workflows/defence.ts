import { MAX_TN } from '../d100';
import { RULES } from '../sections';
import type { FieldDef, Participant, SetupValue } from '../../../system-kit/workflow';
import { clampTn, shieldOf, styleTn } from './sheets';
import type { SheetValues } from '../../../system-kit/sheet-sources';
import { isSurprised, safelyCannotReact, safelyWounded, statNumber } from './participants';

/**
 * The defender's side of an attack or a spell (seed, The combat roll › Step 2: Defend): the fields
 * from awareness to the shield arm, and their starting values from the target's sheet (Evade,
 * Combat Style, the shield's BR).
 */

export interface DefenceWords {
  /** "attack", "spell". */
  readonly what: string;
  /** The Combat Style field's label and what the defender uses it for. */
  readonly styleLabel: string;
  readonly styleUse: string;
  readonly shieldBrHelp: string;
  readonly shieldBrMagicHelp?: string;
}

function whose(target: Participant | undefined): string {
  return target ? `${target.name}'s` : 'The defender’s';
}

/** The defence fields after the Defence choice itself, in the form's order. */
export function defenceFields(target: Participant | undefined, words: DefenceWords): FieldDef[] {
  return [
    {
      id: 'defenderUnaware',
      kind: 'flag',
      label: `Defender unaware of the ${words.what}`,
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
      help: `${whose(target)} Evade TN from the stat block.`,
      rule: RULES.defend,
    },
    {
      id: 'defenceStyleTn',
      kind: 'number',
      label: words.styleLabel,
      min: 0,
      max: MAX_TN,
      group: 'defence',
      help: `${whose(target)} Combat Style TN, ${words.styleUse}.`,
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
      help: words.shieldBrHelp,
      rule: RULES.resolve,
    },
    {
      id: 'shieldBrMagic',
      kind: 'flag',
      label: 'Shield BR is magic',
      group: 'defence',
      ...(words.shieldBrMagicHelp ? { help: words.shieldBrMagicHelp } : {}),
      rule: RULES.resolve,
    },
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
  ];
}

/**
 * The defence's starting values: Evade unless the target cannot react, awareness and AP from the
 * tracker, wounds from its health, and the TNs and shield the sheet gave (`fromSheets`).
 */
export function defenderDefaults(
  target: Participant | undefined,
  fromSheets: Readonly<Record<string, SetupValue>>,
): Record<string, SetupValue> {
  return {
    defence: safelyCannotReact(target) ? 'none' : 'evade',
    defenderUnaware: target !== undefined && isSurprised(target),
    // The tracker's AP, when the encounter runs: with none left every defence fails (seed: Action economy).
    defenderNoAp: target?.resourcesLeft?.ap === 0,
    evadeTn: fromSheets.evadeTn!,
    defenceStyleTn: fromSheets.defenceStyleTn!,
    defenderWounded: safelyWounded(target),
    defenceModifier: 0,
    shieldBr: fromSheets.shieldBr!,
    shieldBrMagic: fromSheets.shieldBrMagic!,
    shieldArm: 'left-arm',
  };
}

/**
 * The defender's TNs and shield from the target's sheet: Evade, the Combat Style (of the weapon it
 * parries with, when the sheet says which: `parryStyle`), and the first shield's BR.
 */
export function defenderFromSheet(
  values: SheetValues,
  target: Participant | undefined,
  parryStyle: 'main' | 'second' | 'none' = 'main',
): void {
  if (target === undefined) {
    values.take(target, 'evadeTn', 30, null);
    values.take(target, 'defenceStyleTn', 30, null);
  } else {
    const evade = clampTn(statNumber(target, 'evade'));
    values.take(target, 'evadeTn', evade, `Evade ${evade}`);
    const style = styleTn(target, parryStyle);
    values.take(target, 'defenceStyleTn', style.tn, style.label);
  }
  const shield = shieldOf(target);
  values.take(
    target,
    'shieldBr',
    shield ? shield.read.blockRating : 0,
    shield ? `${shield.weapon.name} BR ${shield.read.blockRating}` : null,
  );
  values.take(
    target,
    'shieldBrMagic',
    shield?.read.magicBr === true,
    shield?.read.magicBr ? `${shield.weapon.name}, magic BR` : null,
  );
}
