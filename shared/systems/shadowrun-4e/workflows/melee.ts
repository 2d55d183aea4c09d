import { memoizeBySetup } from '../../../resolve/memo';
import type { FieldDef, ResolveContext, ResolveWorkflow, SetupValue, SetupValues } from '../../../resolve/contract';
import type { ExplainStep } from '../../contract';
import { RulesError } from '../../../errors';
import { defensePool, type DefenseMethod } from '../modifiers';
import { SECTION } from '../sections';
import { rule, signed, step } from '../sections';
import { nextStageOf, oddsOf, resolveOf, type AttackPlan } from './engine';
import {
  findSheetWeapon,
  isSheetChoice,
  SheetValues,
  sheetWeaponsOf,
  skillHelp,
  skillNote,
  takeSkill,
  takeTargetStats,
  targetStatField,
  targetStatFields,
  withHelp,
  withSheetWeapons,
  type TargetStat,
} from './sheets';
import { meleeLine, meleeOfSheet } from '../sheet-weapons';
import { skillByLabel, type SkillId } from '../skills';
import { attackPoolClosing, calledShotEffect, fullDefenseConditions, numericAp, type Part } from './pool';
import {
  isVehicleTarget,
  personOnlyCalledShotProblem,
  readVehicleTarget,
  takeVehicleTargetStats,
  vehicleStatField,
  vehicleTargetDefaults,
  vehicleTargetDefence,
  vehicleTargetFields,
} from './vehicle-target';
import {
  canDefend,
  DEFAULT_SKILL,
  EXTRA_ATTACK_FIELDS,
  noDefenceReason,
  noDefenceStep,
  readSetup,
  readSides,
} from './setup';
import {
  CALLED_SHOTS,
  MAX_CALLED_SHOT_DV,
  MELEE_MODIFIERS,
  VISIBILITY,
  VISIONS,
  type CalledShot,
  type Visibility,
  type Vision,
} from './situation';
import {
  apText,
  findMeleeWeapon,
  MELEE_WEAPON_TABLE_ID,
  MELEE_WEAPONS,
  meleeDamageCode,
  meleeDv,
  type MeleeWeapon,
} from '../weapons';

const MAX_SKILL = 12;
const MAX_REACH = 3;

type SectionName = (typeof SECTION)[keyof typeof SECTION];
const seed = (section: SectionName) => rule(section, 'seed');
const book = (section: SectionName) => rule(section, 'book');

const DEFENCES: Readonly<Record<DefenseMethod, string>> = {
  dodge: 'Dodge + Reaction',
  block: 'Block: Unarmed Combat + Reaction',
  parry: 'Parry: weapon skill + Reaction',
  reaction: 'Reaction only (no skill)',
};

const FIELDS: readonly FieldDef[] = [
  {
    id: 'weapon',
    kind: 'choice',
    label: 'Weapon',
    group: 'attack',
    common: true,
    rule: book(SECTION.melee),
    options: MELEE_WEAPONS.map((w) => ({
      value: w.id,
      label: w.name,
      hint: meleeLine(w),
    })),
  },
  {
    id: 'skill',
    kind: 'number',
    label: 'Melee skill',
    help: 'Blades, Clubs or Unarmed Combat, as the weapon needs.',
    group: 'attack',
    common: true,
    rule: seed(SECTION.melee),
    min: 0,
    max: MAX_SKILL,
  },
  {
    id: 'calledShot',
    kind: 'choice',
    label: 'Called shot',
    group: 'attack',
    rule: book(SECTION.otherFactors),
    options: (Object.keys(CALLED_SHOTS) as CalledShot[]).map((value) => ({ value, label: CALLED_SHOTS[value] })),
  },
  {
    id: 'calledShotDv',
    kind: 'number',
    label: 'Called shot: extra DV',
    help: 'For a called shot for damage: each +1 DV costs 1 die.',
    group: 'attack',
    rule: book(SECTION.otherFactors),
    min: 1,
    max: MAX_CALLED_SHOT_DV,
  },
  {
    id: 'charging',
    kind: 'flag',
    label: 'Charging (+2)',
    help: 'Running into the attack; the running penalty does not apply.',
    group: 'situation',
    rule: book(SECTION.melee),
  },
  {
    id: 'attackerRunning',
    kind: 'flag',
    label: 'Attacker running (−2)',
    group: 'situation',
    rule: seed(SECTION.movement),
  },
  {
    id: 'superiorPosition',
    kind: 'flag',
    label: 'Superior position (+2)',
    group: 'situation',
    rule: book(SECTION.melee),
  },
  {
    id: 'friendsInMelee',
    kind: 'number',
    label: "Attacker's friends in the melee",
    help: 'Multiple attackers: +1 die per friend engaging the same target, at most +4.',
    group: 'situation',
    rule: book(SECTION.melee),
    min: 0,
    max: MELEE_MODIFIERS.maxFriendsInMelee,
  },
  { id: 'offHand', kind: 'flag', label: 'Off-hand weapon (−2)', group: 'situation', rule: book(SECTION.melee) },
  {
    id: 'visibility',
    kind: 'choice',
    label: 'Visibility',
    group: 'situation',
    rule: book(SECTION.resolvingAttack),
    options: (Object.keys(VISIBILITY) as Visibility[]).map((value) => ({ value, label: VISIBILITY[value].label })),
  },
  {
    id: 'vision',
    kind: 'choice',
    label: "Attacker's vision",
    group: 'situation',
    rule: book(SECTION.resolvingAttack),
    options: (Object.keys(VISIONS) as Vision[]).map((value) => ({ value, label: VISIONS[value] })),
  },
  {
    id: 'defence',
    kind: 'choice',
    label: 'Defence',
    group: 'defence',
    common: true,
    rule: seed(SECTION.melee),
    options: (Object.keys(DEFENCES) as DefenseMethod[]).map((value) => ({ value, label: DEFENCES[value] })),
  },
  {
    id: 'dodge',
    kind: 'number',
    label: "Target's Dodge",
    help: 'Used to dodge, and added on Full Defense.',
    group: 'defence',
    rule: seed(SECTION.melee),
    min: 0,
    max: MAX_SKILL,
  },
  {
    id: 'defenceSkill',
    kind: 'number',
    label: "Target's block or parry skill",
    help: "Unarmed Combat to block, the target's weapon skill to parry.",
    group: 'defence',
    rule: seed(SECTION.melee),
    min: 0,
    max: MAX_SKILL,
  },
  {
    id: 'fullDefense',
    kind: 'flag',
    label: 'Target on Full Defense',
    help: "Adds the target's Dodge to the defence; costs the target an action.",
    group: 'defence',
    rule: seed(SECTION.fullDefense),
  },
  {
    id: 'defenderReach',
    kind: 'number',
    label: "Target's weapon Reach",
    help: 'The longer Reach adds the difference: to the attack, or to the defence.',
    group: 'defence',
    rule: book(SECTION.melee),
    min: 0,
    max: MAX_REACH,
  },
  ...EXTRA_ATTACK_FIELDS,
];

function tableDefaults(context: ResolveContext): SetupValues {
  const attacker = context.attackers?.[0];
  const target = context.targets?.[0];
  const has = (ids: readonly string[] | undefined, id: string) => Array.isArray(ids) && ids.includes(id);
  return {
    weapon: 'unarmed',
    skill: DEFAULT_SKILL,
    calledShot: 'none',
    calledShotDv: MAX_CALLED_SHOT_DV,
    charging: false,
    attackerRunning: has(attacker?.conditionIds, 'running'),
    superiorPosition: false,
    friendsInMelee: 0,
    offHand: false,
    visibility: 'clear',
    vision: 'normal',
    defence: 'dodge',
    dodge: DEFAULT_SKILL,
    defenceSkill: DEFAULT_SKILL,
    fullDefense: has(target?.conditionIds, 'full-defense'),
    defenderReach: 0,
    pushTheLimit: false,
    otherModifier: 0,
  };
}

const MELEE_SKILLS: readonly SkillId[] = ['blades', 'clubs', 'unarmedCombat'];
const TARGET_STATS: readonly TargetStat[] = ['reaction', 'impact'];
const PERSON_DEFENCE: ReadonlySet<string> = new Set([
  'defence',
  'dodge',
  'defenceSkill',
  'fullDefense',
  'defenderReach',
]);

/**
 * The skill a weapon choice is used with: a sheet weapon's own, else its table row's; with no
 * choice, the default weapon's (the attacker's first sheet melee weapon, else unarmed).
 */
function skillFor(context: ResolveContext, choice: SetupValue | undefined): SkillId {
  const attacker = context.attackers?.[0];
  if (typeof choice === 'string') {
    const fromSheet = findSheetWeapon(attacker, choice);
    if (fromSheet) return fromSheet.values.skill as SkillId;
    const row = findMeleeWeapon(choice);
    if (row) return skillByLabel(row.skill)!;
  }
  const sheet = sheetWeaponsOf(attacker, 'melee')[0];
  return sheet ? (sheet.values.skill as SkillId) : skillByLabel(MELEE_WEAPONS[0]!.skill)!;
}

/**
 * From the sheets: the attacker's first melee weapon and its skill; the target's Reaction, Impact
 * armour, Dodge, Unarmed Combat (to block) and the Reach of its first melee weapon.
 */
function fromTheSheets(
  context: ResolveContext,
  chosen: SetupValues = {},
): { sheet: SheetValues; targetStats: Record<string, number> } {
  const attacker = context.attackers?.[0];
  const target = context.targets?.[0];
  const sheet = new SheetValues();
  // A weapon the GM chose is not the sheet's default; the skill then follows the chosen weapon.
  const weapon =
    typeof chosen.weapon === 'string' ? findSheetWeapon(attacker, chosen.weapon) : sheetWeaponsOf(attacker, 'melee')[0];
  if (weapon) sheet.take(attacker, 'weapon', `sheet:${weapon.id}`);
  takeSkill(sheet, attacker, 'skill', skillFor(context, chosen.weapon));
  // A vehicle target brings its Body and Armor; a person their Reaction, armour, skills and Reach.
  if (isVehicleTarget(target)) return { sheet, targetStats: takeVehicleTargetStats(sheet, target) };
  const targetStats = takeTargetStats(sheet, target, TARGET_STATS);
  takeSkill(sheet, target, 'dodge', 'dodge');
  takeSkill(sheet, target, 'defenceSkill', 'unarmedCombat');
  const held = sheetWeaponsOf(target, 'melee')[0];
  const reach = held?.values.reach;
  if (typeof reach === 'number' && Number.isInteger(reach) && reach >= 0 && reach <= MAX_REACH)
    sheet.take(target, 'defenderReach', reach, `${held!.name}, Reach ${reach}`);
  return { sheet, targetStats };
}

function defaults(context: ResolveContext, chosen?: SetupValues): SetupValues {
  const { sheet, targetStats } = fromTheSheets(context, chosen);
  const vehicle = isVehicleTarget(context.targets?.[0]) ? vehicleTargetDefaults() : {};
  return { ...tableDefaults(context), ...vehicle, ...targetStats, ...sheet.values };
}

/**
 * The attacker's melee weapons first in the weapon choice, the skills' help saying what the
 * sheets hold, and the target's Reaction and Impact armour with the defence.
 */
function meleeFields(context: ResolveContext): readonly FieldDef[] {
  const attacker = context?.attackers?.[0];
  const target = context?.targets?.[0];
  const fields = FIELDS.map((field) => {
    if (field.id === 'weapon' && attacker)
      return withSheetWeapons(field, attacker, 'melee', (w) => {
        const read = meleeOfSheet(w, `sheet:${w.id}`);
        return 'problem' in read ? read.problem : meleeLine(read.weapon);
      });
    if (field.id === 'skill' && attacker)
      return withHelp(field, skillHelp(field.help ?? '', attacker, skillFor(context, undefined), MELEE_SKILLS));
    return field;
  });
  if (isVehicleTarget(target)) {
    // A vehicle swerves with a Vehicle Test: no parry, block, dodge, Full Defense or Reach.
    const at = fields.findIndex((f) => f.id === 'defence');
    return [
      ...fields.slice(0, at),
      ...vehicleTargetFields(target),
      ...fields.filter((f) => !PERSON_DEFENCE.has(f.id)).slice(at),
    ];
  }
  const at = fields.findIndex((f) => f.id === 'dodge');
  return [...fields.slice(0, at), ...targetStatFields(target, TARGET_STATS), ...fields.slice(at)];
}

/** The melee weapon chosen: a sheet weapon read from its values, or a row of the table. */
function chosenWeapon(choice: string, context: ResolveContext, problems: string[]): MeleeWeapon {
  if (!isSheetChoice(choice)) return findMeleeWeapon(choice) ?? MELEE_WEAPONS[0]!;
  const sheet = findSheetWeapon(context.attackers?.[0], choice);
  const read = sheet ? meleeOfSheet(sheet, choice) : { problem: 'The chosen sheet weapon is not on the sheet.' };
  if ('problem' in read) {
    problems.push(read.problem);
    return MELEE_WEAPONS[0]!;
  }
  return read.weapon;
}

interface Built {
  readonly problems: readonly string[];
  readonly plan: AttackPlan | null;
}

const build = memoizeBySetup(buildPlan);

function buildPlan(setup: SetupValues, context: ResolveContext): Built {
  const sides = readSides(context);
  const v = readSetup(meleeFields(context), defaults(context), setup);
  const problems = [...sides.problems, ...v.problems];
  const { attacker, target, rules } = sides;
  const vehicle = readVehicleTarget(context, problems);
  if (!attacker || !target) return { problems, plan: null };

  const weapon = chosenWeapon(v.choice('weapon'), context, problems);
  const targetStat = (stat: TargetStat) => v.number(targetStatField(context.targets[0], stat));
  const fullDefense = vehicle ? false : v.flag('fullDefense');
  const method = vehicle ? 'dodge' : v.choice<DefenseMethod>('defence');
  const armourRating = vehicle ? v.number(vehicleStatField(context.targets[0], 'vehicleArmor')) : targetStat('impact');
  const calledShot = v.choice<CalledShot>('calledShot');
  const personOnly = vehicle ? personOnlyCalledShotProblem(calledShot, target.name) : null;
  if (personOnly) problems.push(personOnly);
  const called = calledShotEffect(calledShot, v.number('calledShotDv'), armourRating);
  // A vehicle has no Reach: the attacker's longer weapon gains nothing against it.
  const reachDifference = vehicle ? 0 : weapon.reach - v.number('defenderReach');

  const parts: Part[] = [];
  const situationSteps: ExplainStep[] = [];
  const charging = v.flag('charging');
  if (charging) parts.push({ label: 'Charging', value: MELEE_MODIFIERS.charging, rule: book(SECTION.melee) });
  if (v.flag('attackerRunning')) {
    if (charging) situationSteps.push(step('Running does not cost dice on a charge.', SECTION.movement));
    else parts.push({ label: 'Attacker running', value: -2, rule: seed(SECTION.movement) });
  }
  if (v.flag('superiorPosition'))
    parts.push({ label: 'Superior position', value: MELEE_MODIFIERS.superiorPosition, rule: book(SECTION.melee) });
  const friends = v.number('friendsInMelee');
  if (friends)
    parts.push({
      label: `Friends in the melee (${friends})`,
      value: friends * MELEE_MODIFIERS.perFriendInMelee,
      rule: book(SECTION.melee),
    });
  if (v.flag('offHand'))
    parts.push({ label: 'Off-hand weapon', value: MELEE_MODIFIERS.offHand, rule: book(SECTION.melee) });
  if (reachDifference > 0)
    parts.push({
      label: `Longer Reach (${weapon.reach} against ${weapon.reach - reachDifference})`,
      value: reachDifference,
      rule: book(SECTION.melee),
    });
  const pool = attackPoolClosing(v, attacker, weapon.skill, called.part, parts, problems);

  const defenceSteps: ExplainStep[] = [];
  let defenceDice = 0;
  let defenceLabel: string;
  if (vehicle) {
    const defence = vehicleTargetDefence(v, vehicle, target, 0, '');
    defenceDice = defence.dice;
    defenceSteps.push(...defence.steps);
    defenceLabel = defence.label;
  } else if (canDefend(target)) {
    const reachBonus = reachDifference < 0 ? -reachDifference : 0;
    const modifier = target.woundModifier + reachBonus;
    if (target.woundModifier)
      defenceSteps.push(
        step(`${target.name}'s wounds: ${signed(target.woundModifier)} to the defence.`, SECTION.damage),
      );
    if (reachBonus)
      defenceSteps.push(
        step(`${target.name}'s longer Reach: ${signed(reachBonus)} to the defence.`, SECTION.melee, 'book'),
      );
    const skill = method === 'dodge' ? v.number('dodge') : v.number('defenceSkill');
    const defence = defensePool({
      attack: 'melee',
      method,
      reaction: targetStat('reaction'),
      skill,
      fullDefenseSkill: fullDefense ? v.number('dodge') : undefined,
      modifier,
    });
    defenceDice = defence.dice;
    defenceSteps.push(...defence.steps);
    const skillName = { dodge: 'Dodge', block: 'Unarmed Combat', parry: 'weapon skill', reaction: '' }[method];
    defenceLabel = `${skillName ? `${skillName} ${skill} + ` : ''}Reaction ${targetStat('reaction')}${fullDefense ? ` + Dodge ${v.number('dodge')} (Full Defense)` : ''}${modifier ? `, modifiers ${signed(modifier)}` : ''}`;
  } else {
    if (fullDefense) problems.push(`${target.name} ${noDefenceReason(target)} and cannot go on Full Defense.`);
    defenceSteps.push(noDefenceStep(target));
    defenceLabel = 'cannot defend';
  }

  const dv = meleeDv(weapon, attacker.stats.strength);
  const weaponStep = step(
    'fixed' in weapon.dv
      ? `${weapon.name}: ${meleeDamageCode(weapon)}, AP ${apText(weapon.ap)}, Reach ${weapon.reach}.`
      : `${weapon.name}: ${meleeDamageCode(weapon)} with Strength ${attacker.stats.strength} = DV ${dv} (STR/2 rounds up), AP ${apText(weapon.ap)}, Reach ${weapon.reach}.`,
    SECTION.melee,
    'book',
  );
  const plan: AttackPlan = {
    kind: 'melee',
    attacker: attacker.name,
    target: target.name,
    weapon: weapon.name,
    attackDice: pool.dice,
    edgeDice: pool.edgeDice,
    attackLabel: pool.label,
    attackSteps: [
      weaponStep,
      ...skillNote(context.attackers[0], weapon.skill, weapon.name, v.number('skill')),
      ...situationSteps,
      ...pool.steps,
    ],
    defenceDice,
    defenceLabel,
    defenceSteps,
    dv: dv + called.dvBonus,
    dvSteps: called.dvSteps,
    damageType: weapon.damageType,
    armourName: vehicle ? 'Armor' : 'Impact armour',
    armour: armourRating,
    ap: numericAp(weapon.ap, armourRating),
    apHalf: weapon.ap === 'half',
    armourBypassed: called.bypassArmour,
    body: vehicle ? v.number(vehicleStatField(context.targets[0], 'body')) : target.stats.body,
    disarmStrength: called.disarm ? target.stats.strength : null,
    secondChance: !v.flag('pushTheLimit') && attacker.stats.edge > 0,
    rules,
    targetConditions: fullDefenseConditions(target, attacker.name, fullDefense && canDefend(target)),
    // Seed, Actions: a melee or unarmed attack is a Complex Action.
    attackAction: 'complex',
    ...(vehicle ? { vehicleTarget: { component: null } } : {}),
  };
  return { problems, plan: problems.length ? null : plan };
}

function planOrThrow(setup: SetupValues, context: ResolveContext): AttackPlan {
  const built = build(setup, context);
  if (!built.plan) throw new RulesError('not-allowed', built.problems[0] ?? 'The attack cannot be made.');
  return built.plan;
}

const DEFENCE_ROWS: readonly (DefenseMethod | null)[] = [null, 'parry', 'block', 'dodge'];

export const meleeAttack: ResolveWorkflow = {
  id: 'sr4-melee-attack',
  systemId: 'shadowrun-4e',
  label: 'Melee attack',
  attackers: 'one',
  targets: 'one',
  fields: meleeFields,
  defaults,
  fromSheets: (context, chosen) => fromTheSheets(context, chosen).sheet.reading,
  problems: (setup, context) => build(setup, context).problems,
  odds(setup, context) {
    const built = build(setup, context);
    if (!built.plan) return { figures: [], note: built.problems[0] ?? 'The attack cannot be made.' };
    return oddsOf(built.plan);
  },
  nextStage: (setup, context, rolled) => nextStageOf(planOrThrow(setup, context), rolled),
  resolve: (setup, context, rolled) => resolveOf(planOrThrow(setup, context), rolled, 'attacked'),
  fromTableRow(tableId, rowIndex) {
    if (!Number.isInteger(rowIndex) || rowIndex < 0) return null;
    if (tableId === MELEE_WEAPON_TABLE_ID) {
      const weapon = MELEE_WEAPONS[rowIndex];
      return weapon ? { weapon: weapon.id } : null;
    }
    if (tableId === 'sr4-defenses') {
      // Rows: ranged (Reaction), parry, block, dodge, Full Defense.
      if (rowIndex === 4) return { fullDefense: true };
      const method = DEFENCE_ROWS[rowIndex];
      return method ? { defence: method } : null;
    }
    return null;
  },
};
