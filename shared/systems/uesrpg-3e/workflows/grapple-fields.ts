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
import { UNARMED_DICE } from './fields';
import { safelyWounded } from './participants';
import {
  bestResistTn,
  choiceValue,
  chosenWeapon,
  styleTn,
  weaponOptions as sheetWeaponOptions,
  weaponsOf,
  type ArmedWith,
} from './sheets';
import { SheetValues } from '../../../system-kit/sheet-sources';
import { contentCache, DIE_OPTIONS, readFields } from './workflow-kit';

/**
 * The grapple's rolls, one workflow with the action first (seed, Melee combat › Unarmed combat ›
 * Grappling): the grab (an opposed test instead of an attack), the grappler's Attack on the
 * Restrained target, and the Restrained one's escape (Resist). Whoever acts is the roll's
 * "attacker": the grappler for a grab or an attack, the Restrained one for an escape.
 */
export type GrappleAction = 'grab' | 'attack' | 'takedown' | 'move' | 'escape';

/** The grappler's actions that need no test (seed, Grappling): they simply happen, for 1 AP. */
export const DICELESS_GRAPPLE_ACTIONS: readonly GrappleAction[] = ['takedown', 'move'];
export type TargetSize = 'same' | 'larger' | 'much-larger';

export const GRAPPLE_ACTION_LABELS: Readonly<Record<GrappleAction, string>> = {
  grab: 'Grab (opposed test)',
  attack: 'Attack the held target',
  takedown: 'Takedown (both Prone, no dice)',
  move: 'Move: drag the held target (no dice)',
  escape: 'Escape (Resist)',
};

export interface GrappleSetup {
  readonly action: GrappleAction;
  readonly actorTn: number;
  readonly opposingTn: number;
  readonly actorWounded: boolean;
  readonly opposingWounded: boolean;
  readonly actorModifier: number;
  readonly unarmedStyle: boolean;
  readonly targetSize: TargetSize;
  readonly armed: boolean;
  /** The sheet weapon's name when one was chosen, else null. */
  readonly weaponName: string | null;
  readonly damage: DamageDice;
  readonly weaponReach: number;
  readonly targetProne: boolean;
}

function buildFields(actor: Participant | undefined): readonly FieldDef[] {
  return [
    {
      id: 'grappleAction',
      kind: 'choice',
      label: 'Grapple action',
      options: (['grab', 'attack', 'takedown', 'move', 'escape'] as const).map((value) => ({
        value,
        label: GRAPPLE_ACTION_LABELS[value],
      })),
      group: 'attack',
      common: true,
      perParticipants: true,
      help: 'Takedown (both Prone) and Move (drag SB metres) need no dice: Apply spends the 1 AP and marks what they do.',
      rule: RULES.grappling,
    },
    {
      id: 'actorTn',
      kind: 'number',
      label: 'Acting TN',
      min: 0,
      max: MAX_TN,
      group: 'attack',
      common: true,
      help: 'Grab and Attack: the grappler’s unarmed Combat Style. Escape: the Restrained one’s Combat Style, Athletics or Evade.',
      rule: RULES.grappling,
    },
    {
      id: 'opposingTn',
      kind: 'number',
      label: 'Opposing TN',
      min: 0,
      max: MAX_TN,
      group: 'defence',
      common: true,
      help: 'Grab: the target’s Combat Style, Athletics or Evade. Escape: the grappler’s Combat Style. An Attack has none: the Restrained target cannot defend.',
      rule: RULES.grappling,
    },
    { id: 'actorWounded', kind: 'flag', label: 'Acting one wounded (−20)', group: 'attack', rule: RULES.woundEffects },
    {
      id: 'opposingWounded',
      kind: 'flag',
      label: 'Opposing one wounded (−20)',
      group: 'defence',
      rule: RULES.woundEffects,
    },
    {
      id: 'actorModifier',
      kind: 'number',
      label: 'Other modifier to the acting test',
      min: -100,
      max: 100,
      step: 10,
      group: 'attack',
      help: 'Any other situational modifier, summed.',
      rule: RULES.tests,
    },
    {
      id: 'unarmedStyle',
      kind: 'flag',
      label: 'The grappler’s Combat Style is unarmed',
      group: 'attack',
      help: 'Only a character with an unarmed Combat Style can grapple.',
      rule: RULES.grappling,
    },
    {
      id: 'targetSize',
      kind: 'choice',
      label: 'Size of the one grabbed',
      options: [
        { value: 'same', label: 'Same size or smaller' },
        { value: 'larger', label: 'One size larger (−30 to grapple)' },
        { value: 'much-larger', label: 'Two or more sizes larger (cannot be grappled)' },
      ],
      group: 'situation',
      help: 'Grapple a larger creature at −30; creatures 2 or more sizes larger cannot be grappled.',
      rule: RULES.grappling,
    },
    {
      id: 'weapon',
      kind: 'choice',
      label: 'Attack with',
      options: [
        ...sheetWeaponOptions(actor, ['melee']),
        { value: 'unarmed', label: 'Unarmed (drains 1 SP)' },
        { value: 'weapon', label: 'A weapon (dice and range below)' },
      ],
      group: 'attack',
      help: 'For the Attack: a weapon needs 1 m range or less; unarmed drains 1 SP instead of dealing damage (keep SP on the sheet).',
      rule: RULES.grappling,
    },
    { id: 'damageDice', kind: 'number', label: 'Weapon damage: dice', min: 1, max: 10, group: 'attack' },
    { id: 'damageDie', kind: 'choice', label: 'Weapon damage: die', options: DIE_OPTIONS, group: 'attack' },
    {
      id: 'damageBonus',
      kind: 'number',
      label: 'Weapon damage: bonus',
      min: -10,
      max: 30,
      group: 'attack',
      help: 'Added to the damage roll (a total below 0 counts as 0).',
    },
    {
      id: 'weaponReach',
      kind: 'number',
      label: 'Weapon range (m)',
      min: 0,
      max: 100,
      group: 'attack',
      help: 'A weapon used in a grapple must have 1 m range or less.',
      rule: RULES.grappling,
    },
    {
      id: 'targetProne',
      kind: 'flag',
      label: 'Restrained target is also Prone',
      group: 'situation',
      help: 'Prone and restrained, attacked with a weapon: this can be a Coup de Grace.',
      rule: RULES.grappling,
    },
  ];
}

const fieldsCache = contentCache<readonly FieldDef[]>(16);

export function grappleFields(context: ResolveContext): readonly FieldDef[] {
  const actor = context.attackers?.[0];
  return fieldsCache([actor?.name, actor?.weapons], () => buildFields(actor));
}

function has(participant: Participant | undefined, conditionId: string): boolean {
  return (participant?.conditionIds ?? []).includes(conditionId);
}

/** The action the tracker's conditions suggest: a Restrained actor escapes, a grappler holding a Restrained target attacks. */
function likelyAction(actor: Participant | undefined, target: Participant | undefined): GrappleAction {
  if (has(actor, 'restrained')) return 'escape';
  if (has(target, 'restrained')) return 'attack';
  return 'grab';
}

/** The Combat Style a grapple is fought with: that of the sheet's natural weapons, else the main one. */
function unarmedStyle(who: Participant): { tn: number; label: string } {
  const natural = weaponsOf(who, ['natural'])[0];
  return styleTn(who, natural?.read.style ?? 'main');
}

/** A sheet weapon short enough for a grapple (1 m or less). */
function grappleWeapon(who: Participant | undefined): ArmedWith | undefined {
  return weaponsOf(who, ['melee']).find((w) => w.read.reach <= 1);
}

/**
 * What the sheets give the grapple, for the action the tracker suggests: the grab tests the
 * grappler's unarmed Combat Style against the best of the target's Combat Style, Athletics and
 * Evade; the escape the other way round; the Attack the grappler's weapon (1 m or less) and its style.
 */
function sheetValues(context: ResolveContext): SheetValues {
  const actor = context.attackers?.[0];
  const target = context.targets?.[0];
  const action = likelyAction(actor, target);
  const values = new SheetValues();
  const weapon = action === 'attack' ? grappleWeapon(actor) : undefined;
  values.take(actor, 'weapon', weapon ? choiceValue(weapon.weapon) : 'unarmed', weapon ? weapon.weapon.name : null);
  if (actor === undefined) values.take(actor, 'actorTn', 30, null);
  else {
    const acting =
      action === 'escape' ? bestResistTn(actor) : weapon ? styleTn(actor, weapon.read.style) : unarmedStyle(actor);
    values.take(actor, 'actorTn', acting.tn, acting.label);
  }
  if (target === undefined) values.take(target, 'opposingTn', 30, null);
  else if (action === 'attack') values.take(target, 'opposingTn', styleTn(target, 'main').tn, null);
  else {
    const opposing = action === 'grab' ? bestResistTn(target) : unarmedStyle(target);
    values.take(target, 'opposingTn', opposing.tn, opposing.label);
  }
  return values;
}

export function grappleFromSheets(context: ResolveContext): SheetReading {
  return { sources: sheetValues(context).sources };
}

export function grappleDefaults(context: ResolveContext): Record<string, SetupValue> {
  const actor = context.attackers?.[0];
  const target = context.targets?.[0];
  const fromSheets = sheetValues(context).values;
  return {
    grappleAction: likelyAction(actor, target),
    actorTn: fromSheets.actorTn!,
    opposingTn: fromSheets.opposingTn!,
    actorWounded: safelyWounded(actor),
    opposingWounded: safelyWounded(target),
    actorModifier: 0,
    unarmedStyle: true,
    targetSize: 'same',
    weapon: fromSheets.weapon!,
    damageDice: 1,
    damageDie: '6',
    damageBonus: 0,
    weaponReach: 1,
    targetProne: has(target, 'prone'),
  };
}

export function readGrappleSetup(
  setup: SetupValues,
  context: ResolveContext,
): { setup: GrappleSetup | null; problems: string[] } {
  const read = readFields(grappleFields(context), grappleDefaults(context), setup);
  const v = read.values;
  if (v === null) return { setup: null, problems: read.problems };
  const choice = v.text('weapon');
  const sheet = chosenWeapon(context.attackers?.[0], choice, ['melee']);
  const armed = choice !== 'unarmed';
  return {
    problems: [],
    setup: {
      action: v.text('grappleAction') as GrappleAction,
      actorTn: v.num('actorTn'),
      opposingTn: v.num('opposingTn'),
      actorWounded: v.flag('actorWounded'),
      opposingWounded: v.flag('opposingWounded'),
      actorModifier: v.num('actorModifier'),
      unarmedStyle: v.flag('unarmedStyle'),
      targetSize: v.text('targetSize') as TargetSize,
      armed,
      weaponName: sheet?.weapon.name ?? null,
      damage: sheet
        ? sheet.read.dice
        : armed
          ? { count: v.num('damageDice'), sides: Number(v.text('damageDie')), bonus: v.num('damageBonus') }
          : UNARMED_DICE,
      weaponReach: sheet ? sheet.read.reach : v.num('weaponReach'),
      targetProne: v.flag('targetProne'),
    },
  };
}
