import { memoizeBySetup } from '../../../resolve/memo';
import type { FieldDef, ResolveContext, ResolveWorkflow, SetupValue, SetupValues } from '../../../resolve/contract';
import type { ExplainStep } from '../../contract';
import { RulesError } from '../../../errors';
import {
  defensePool,
  FIRING_MODES,
  firingModeAction,
  firingModeEffect,
  RANGE_BANDS,
  rangedModifiers,
  type BurstSpread,
  type FiringMode,
  type RangeBand,
} from '../modifiers';
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
import { rangedLine, rangedOfSheet } from '../sheet-weapons';
import { RANGE_CATEGORY_SKILL, type SkillId } from '../skills';
import { attackPoolClosing, calledShotEffect, fullDefenseConditions, numericAp, type Part } from './pool';
import { COMPONENT_SHOT_PENALTY, COMPONENTS } from '../vehicle-combat';
import { COMPONENT_FIELD, componentShot, type ComponentChoice } from './vehicle-component';
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
  COVER,
  MAX_CALLED_SHOT_DV,
  VISIBILITY,
  VISIONS,
  type CalledShot,
  type Cover,
  type Visibility,
  type Vision,
} from './situation';
import {
  apText,
  findRangedWeapon,
  firingModesOf,
  RANGE_CATEGORIES,
  RANGED_WEAPON_TABLE_ID,
  RANGED_WEAPONS,
  rangedDamageCode,
  rangesText,
  type RangedWeapon,
} from '../weapons';

const MAX_SKILL = 12;
const MAX_DISTANCE = 1500;

const BANDS = Object.keys(RANGE_BANDS) as RangeBand[];

const seed = (section: (typeof SECTION)[keyof typeof SECTION]) => rule(section, 'seed');
const book = (section: (typeof SECTION)[keyof typeof SECTION]) => rule(section, 'book');

/**
 * A firing mode's option hint: its letters, bullets and the action it costs. The long burst says
 * where the seed (full-auto fire is Complex) and the book (a Simple Action) part.
 */
export function firingModeHint(mode: FiringMode): string {
  const { weaponMode, bullets } = FIRING_MODES[mode];
  const action = firingModeAction(mode) === 'simple' ? 'a Simple Action' : 'a Complex Action';
  const note = mode === 'long-burst' ? ' (seed: full-auto fire is Complex; the book makes it Simple)' : '';
  return `${weaponMode}, ${bullets} bullet${bullets === 1 ? '' : 's'}, ${action}${note}`;
}

const FIELDS: readonly FieldDef[] = [
  {
    id: 'weapon',
    kind: 'choice',
    label: 'Weapon',
    group: 'attack',
    common: true,
    rule: book(SECTION.ranged),
    options: RANGED_WEAPONS.map((w) => ({
      value: w.id,
      label: w.name,
      hint: weaponHint(w),
    })),
  },
  {
    id: 'skill',
    kind: 'number',
    label: 'Firearm skill',
    help: 'Pistols, Automatics, Longarms or Heavy Weapons, as the weapon needs.',
    group: 'attack',
    common: true,
    rule: seed(SECTION.resolvingAttack),
    min: 0,
    max: MAX_SKILL,
  },
  {
    id: 'firingMode',
    kind: 'choice',
    label: 'Firing mode',
    help: "Only the weapon's modes (SS, SA, BF, FA) are allowed.",
    group: 'attack',
    rule: seed(SECTION.ranged),
    options: [
      {
        value: 'usual',
        label: "Weapon's usual mode",
        hint: 'Its least automatic mode: SS, else SA, else BF, else FA.',
      },
      ...(Object.keys(FIRING_MODES) as FiringMode[]).map((mode) => ({
        value: mode,
        label: FIRING_MODES[mode].label,
        hint: firingModeHint(mode),
      })),
    ],
  },
  {
    id: 'spread',
    kind: 'choice',
    label: 'Burst',
    help: "Bursts only: narrow adds to the DV, wide takes dice from the defender's pool.",
    group: 'attack',
    rule: seed(SECTION.ranged),
    options: [
      { value: 'narrow', label: 'Narrow (+DV)' },
      { value: 'wide', label: 'Wide (−defence dice)' },
    ],
  },
  {
    id: 'bulletsBefore',
    kind: 'number',
    label: 'Bullets already fired this Action Phase',
    help: 'Recoil: −1 die per bullet after the first, counting this attack, less recoil compensation.',
    group: 'attack',
    rule: book(SECTION.ranged),
    min: 0,
    max: 20,
  },
  {
    id: 'extraRc',
    kind: 'number',
    label: 'Extra recoil compensation',
    help: "Gas vent, shock pad, gyro mount… added to the weapon's own RC.",
    group: 'attack',
    rule: seed(SECTION.ranged),
    min: 0,
    max: 10,
  },
  {
    id: 'calledShot',
    kind: 'choice',
    label: 'Called shot',
    help: 'A Free Action before firing; not with full-auto fire.',
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
    id: 'range',
    kind: 'choice',
    label: 'Range',
    help: "By distance reads the band from the weapon's range table.",
    group: 'situation',
    common: true,
    rule: book(SECTION.ranged),
    options: [
      { value: 'by-distance', label: 'By distance' },
      ...BANDS.map((band) => ({
        value: band,
        label: `${RANGE_BANDS[band].label} (${RANGE_BANDS[band].modifier === 0 ? '±0' : `−${Math.abs(RANGE_BANDS[band].modifier)}`})`,
      })),
    ],
  },
  {
    id: 'distance',
    kind: 'number',
    label: 'Distance (m)',
    group: 'situation',
    rule: book(SECTION.ranged),
    min: 0,
    max: MAX_DISTANCE,
  },
  {
    id: 'cover',
    kind: 'choice',
    label: 'Target cover',
    group: 'situation',
    common: true,
    rule: book(SECTION.resolvingAttack),
    options: (Object.keys(COVER) as Cover[]).map((value) => ({
      value,
      label: `${COVER[value].label}${COVER[value].modifier ? ` (${COVER[value].modifier})` : ''}`,
    })),
  },
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
    id: 'sight',
    kind: 'choice',
    label: 'Sight',
    help: 'A smartlink and a laser sight do not stack.',
    group: 'situation',
    rule: seed(SECTION.ranged),
    options: [
      { value: 'none', label: 'None' },
      { value: 'smartlink', label: 'Smartlink (+2)' },
      { value: 'laser', label: 'Laser sight (+1)' },
    ],
  },
  {
    id: 'aimedActions',
    kind: 'number',
    label: 'Simple Actions spent aiming',
    group: 'situation',
    rule: seed(SECTION.ranged),
    min: 0,
    max: 10,
  },
  {
    id: 'attackerRunning',
    kind: 'flag',
    label: 'Attacker running (−2)',
    group: 'situation',
    rule: seed(SECTION.ranged),
  },
  {
    id: 'attackerInMelee',
    kind: 'flag',
    label: 'Attacker in melee (−3)',
    group: 'situation',
    rule: seed(SECTION.ranged),
  },
  {
    id: 'movingVehicle',
    kind: 'flag',
    label: 'Firing from a moving vehicle (−3)',
    group: 'situation',
    rule: seed(SECTION.ranged),
  },
  {
    id: 'blindFire',
    kind: 'flag',
    label: 'Blind fire (−6)',
    help: 'The target cannot be seen at all; replaces the visibility modifier.',
    group: 'situation',
    rule: seed(SECTION.ranged),
  },
  {
    id: 'extraTargets',
    kind: 'number',
    label: 'Other targets attacked this action',
    help: '−2 dice per extra target.',
    group: 'situation',
    rule: seed(SECTION.ranged),
    min: 0,
    max: 10,
  },
  {
    id: 'fullDefense',
    kind: 'flag',
    label: 'Target on Full Defense',
    help: "Adds the target's Dodge to Reaction; costs the target an action.",
    group: 'defence',
    rule: seed(SECTION.fullDefense),
  },
  {
    id: 'dodge',
    kind: 'number',
    label: "Target's Dodge",
    help: 'Added on Full Defense.',
    group: 'defence',
    rule: book(SECTION.fullDefense),
    min: 0,
    max: MAX_SKILL,
  },
  ...EXTRA_ATTACK_FIELDS,
];

function tableDefaults(context: ResolveContext): SetupValues {
  const attacker = context.attackers?.[0];
  const target = context.targets?.[0];
  const has = (ids: readonly string[] | undefined, id: string) => Array.isArray(ids) && ids.includes(id);
  return {
    weapon: 'ares-predator-iv',
    skill: DEFAULT_SKILL,
    firingMode: 'usual',
    spread: 'narrow',
    bulletsBefore: 0,
    extraRc: 0,
    calledShot: 'none',
    calledShotDv: MAX_CALLED_SHOT_DV,
    range: 'by-distance',
    distance: 5,
    cover: 'none',
    visibility: 'clear',
    vision: 'normal',
    sight: 'none',
    aimedActions: has(attacker?.conditionIds, 'aiming') ? 1 : 0,
    attackerRunning: has(attacker?.conditionIds, 'running'),
    attackerInMelee: has(attacker?.conditionIds, 'in-melee'),
    movingVehicle: false,
    blindFire: false,
    extraTargets: 0,
    fullDefense: has(target?.conditionIds, 'full-defense'),
    dodge: DEFAULT_SKILL,
    pushTheLimit: false,
    otherModifier: 0,
  };
}

const FIREARM_SKILLS: readonly SkillId[] = ['pistols', 'automatics', 'longarms', 'heavyWeapons'];
const TABLE_DEFAULT_WEAPON = 'ares-predator-iv';
const TARGET_STATS: readonly TargetStat[] = ['reaction', 'ballistic', 'impact'];

/**
 * The skill a weapon choice is fired with: a sheet firearm's own, else its range table row's; with
 * no choice, the default weapon's (the attacker's first sheet firearm, else the table's default).
 */
function skillFor(context: ResolveContext, choice: SetupValue | undefined): SkillId {
  const attacker = context.attackers?.[0];
  if (typeof choice === 'string') {
    const fromSheet = findSheetWeapon(attacker, choice);
    if (fromSheet) return fromSheet.values.skill as SkillId;
    const row = findRangedWeapon(choice);
    if (row) return RANGE_CATEGORY_SKILL[row.category];
  }
  const sheet = sheetWeaponsOf(attacker, 'ranged')[0];
  if (sheet) return sheet.values.skill as SkillId;
  return RANGE_CATEGORY_SKILL[findRangedWeapon(TABLE_DEFAULT_WEAPON)!.category];
}

/**
 * From the sheets: the attacker's first firearm, its skill and smartlink; the target's Reaction,
 * armour, and Dodge (added on Full Defense).
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
    typeof chosen.weapon === 'string'
      ? findSheetWeapon(attacker, chosen.weapon)
      : sheetWeaponsOf(attacker, 'ranged')[0];
  if (weapon) {
    sheet.take(attacker, 'weapon', `sheet:${weapon.id}`);
    if (weapon.values.smartlink === true) sheet.take(attacker, 'sight', 'smartlink', `${weapon.name} smartlinked`);
  }
  takeSkill(sheet, attacker, 'skill', skillFor(context, chosen.weapon));
  // A vehicle target brings its Body and Armor; a person their Reaction, armour and Dodge.
  if (isVehicleTarget(target)) return { sheet, targetStats: takeVehicleTargetStats(sheet, target) };
  const targetStats = takeTargetStats(sheet, target, TARGET_STATS);
  takeSkill(sheet, target, 'dodge', 'dodge');
  return { sheet, targetStats };
}

function defaults(context: ResolveContext, chosen?: SetupValues): SetupValues {
  const { sheet, targetStats } = fromTheSheets(context, chosen);
  const vehicle = isVehicleTarget(context.targets?.[0]) ? { ...vehicleTargetDefaults(), component: 'none' } : {};
  return { ...tableDefaults(context), ...vehicle, ...targetStats, ...sheet.values };
}

/**
 * The attacker's firearms first in the weapon choice, the skill's help saying what the sheet
 * holds, and the target's Reaction and armour with the defence.
 */
function rangedFields(context: ResolveContext): readonly FieldDef[] {
  const attacker = context?.attackers?.[0];
  const fields = FIELDS.map((field) => {
    if (!attacker) return field;
    if (field.id === 'weapon')
      return withSheetWeapons(field, attacker, 'ranged', (w) => {
        const read = rangedOfSheet(w, `sheet:${w.id}`);
        return 'problem' in read ? read.problem : weaponHint(read.weapon, w.values.smartlink === true);
      });
    if (field.id === 'skill')
      return withHelp(field, skillHelp(field.help ?? '', attacker, skillFor(context, undefined), FIREARM_SKILLS));
    return field;
  });
  const target = context?.targets?.[0];
  if (isVehicleTarget(target)) {
    // A vehicle swerves with a Vehicle Test (no Full Defense) and may take a called shot on a component.
    const afterCalled = fields.findIndex((f) => f.id === 'calledShotDv') + 1;
    const defence = fields.findIndex((f) => f.id === 'fullDefense');
    return [
      ...fields.slice(0, afterCalled),
      COMPONENT_FIELD,
      ...fields.slice(afterCalled, defence),
      ...vehicleTargetFields(target),
      ...fields.filter((f) => f.id !== 'fullDefense' && f.id !== 'dodge').slice(defence),
    ];
  }
  const at = fields.findIndex((f) => f.id === 'fullDefense');
  return [...fields.slice(0, at), ...targetStatFields(target, TARGET_STATS), ...fields.slice(at)];
}

/** The firearm chosen: a sheet weapon read from its values, or a row of the table. */
function chosenWeapon(choice: string, context: ResolveContext, problems: string[]): RangedWeapon {
  if (!isSheetChoice(choice)) return findRangedWeapon(choice) ?? RANGED_WEAPONS[0]!;
  const sheet = findSheetWeapon(context.attackers?.[0], choice);
  const read = sheet ? rangedOfSheet(sheet, choice) : { problem: 'The chosen sheet weapon is not on the sheet.' };
  if ('problem' in read) {
    problems.push(read.problem);
    return RANGED_WEAPONS[0]!;
  }
  return read.weapon;
}

/** The weapon line, after the range table row the roll's distances are read from. */
function weaponHint(w: RangedWeapon, smartlink = false): string {
  return `${RANGE_CATEGORIES[w.category].label} · ${rangedLine(w, smartlink)}`;
}

function bandFor(weapon: RangedWeapon, distance: number): RangeBand | null {
  const bands = RANGE_CATEGORIES[weapon.category].bands;
  const index = bands.findIndex((limit) => distance <= limit);
  return index < 0 ? null : (BANDS[index] ?? null);
}

interface Built {
  readonly problems: readonly string[];
  readonly plan: AttackPlan | null;
}

const build = memoizeBySetup(buildPlan);

function buildPlan(setup: SetupValues, context: ResolveContext): Built {
  const sides = readSides(context);
  const v = readSetup(rangedFields(context), defaults(context), setup);
  const problems = [...sides.problems, ...v.problems];
  const { attacker, target, rules } = sides;
  const vehicle = readVehicleTarget(context, problems);
  if (!attacker || !target) return { problems, plan: null };

  const weapon = chosenWeapon(v.choice('weapon'), context, problems);
  const targetStat = (stat: TargetStat) => v.number(targetStatField(context.targets[0], stat));
  const modeChoice = v.choice<FiringMode | 'usual'>('firingMode');
  const mode: FiringMode = modeChoice === 'usual' ? (firingModesOf(weapon)[0] ?? 'single-shot') : modeChoice;
  const spread = v.choice<BurstSpread>('spread');
  const calledShot = v.choice<CalledShot>('calledShot');
  const bulletsBefore = v.number('bulletsBefore');
  const fullDefense = vehicle ? false : v.flag('fullDefense');
  const component = vehicle ? v.choice<ComponentChoice>('component') : 'none';
  const visibility = v.choice<Visibility>('visibility');
  const blindFire = v.flag('blindFire');

  if (!firingModesOf(weapon).includes(mode)) {
    problems.push(
      `The ${weapon.name} cannot fire ${FIRING_MODES[mode].label.toLowerCase()}: its modes are ${weapon.modes.join('/')}.`,
    );
  }
  if (firingModeAction(mode) === 'complex' && bulletsBefore > 0) {
    problems.push(
      `A ${FIRING_MODES[mode].label.toLowerCase()} is full-auto fire, a Complex Action that takes the whole Action Phase: no bullets can have been fired before it.`,
    );
  }
  const personOnly = vehicle ? personOnlyCalledShotProblem(calledShot, target.name) : null;
  if (personOnly) problems.push(personOnly);
  if (component !== 'none' && calledShot !== 'none') {
    problems.push('One called shot per attack: choose either the called shot or the component.');
  }
  if ((calledShot !== 'none' || component !== 'none') && FIRING_MODES[mode].weaponMode === 'FA') {
    problems.push('A called shot cannot be made with full-auto fire; choose single-shot, semi-auto or burst fire.');
  }
  if (blindFire && visibility !== 'clear') {
    problems.push('Blind fire already covers not seeing the target: set visibility to Clear, or turn blind fire off.');
  }

  let band: RangeBand;
  const rangeChoice = v.choice<RangeBand | 'by-distance'>('range');
  const distance = v.number('distance');
  const rangeSteps: ExplainStep[] = [];
  if (rangeChoice === 'by-distance') {
    const found = bandFor(weapon, distance);
    const limits = RANGE_CATEGORIES[weapon.category];
    if (!found) {
      problems.push(
        `${distance} m is beyond the ${weapon.name}'s Extreme range (${limits.label}: ${limits.bands[3]} m).`,
      );
      band = 'extreme';
    } else {
      band = found;
      rangeSteps.push(
        step(
          `${distance} m is ${RANGE_BANDS[band].label} range for the ${weapon.name} (${limits.label}: ${rangesText(weapon.category)}).`,
          SECTION.ranged,
          'book',
        ),
      );
    }
  } else {
    band = rangeChoice;
  }

  const fm = firingModeEffect(mode, spread);
  const targetParticipant = context.targets[0];
  const armourRating = vehicle
    ? v.number(vehicleStatField(targetParticipant, 'vehicleArmor'))
    : weapon.electric
      ? targetStat('impact')
      : targetStat('ballistic');
  const called = calledShotEffect(calledShot, v.number('calledShotDv'), armourRating);
  const componentPart: Part | null =
    component === 'none'
      ? null
      : {
          label: `Called shot on the ${COMPONENTS[component].label.toLowerCase()}`,
          value: COMPONENT_SHOT_PENALTY,
          rule: book(SECTION.otherFactors),
        };
  const sight = v.choice<'none' | 'smartlink' | 'laser'>('sight');
  const seedParts = rangedModifiers({
    range: band,
    attackerRunning: v.flag('attackerRunning'),
    attackerInMelee: v.flag('attackerInMelee'),
    movingVehicle: v.flag('movingVehicle'),
    smartlink: sight === 'smartlink',
    laserSight: sight === 'laser',
    aimedActions: v.number('aimedActions'),
    blindFire,
    extraTargets: v.number('extraTargets'),
    recoil: { bulletsBefore, bullets: fm.bullets, recoilCompensation: weapon.rc + v.number('extraRc') },
  }).parts;
  // Short range and fully compensated recoil are worth nothing: listed only when they count.
  const parts: Part[] = seedParts.filter((part) => part.value !== 0);
  const cover = v.choice<Cover>('cover');
  if (COVER[cover].modifier)
    parts.push({ label: COVER[cover].label, value: COVER[cover].modifier, rule: book(SECTION.resolvingAttack) });
  const pool = attackPoolClosing(v, attacker, weapon.skill, componentPart ?? called.part, parts, problems);

  const defenceSteps: ExplainStep[] = [];
  let defenceDice = 0;
  let defenceLabel: string;
  if (vehicle) {
    const defence = vehicleTargetDefence(v, vehicle, target, fm.defenseModifier, 'Wide burst');
    defenceDice = defence.dice;
    defenceSteps.push(...defence.steps);
    defenceLabel = defence.label;
  } else if (canDefend(target)) {
    const modifier = target.woundModifier + fm.defenseModifier;
    if (target.woundModifier)
      defenceSteps.push(
        step(`${target.name}'s wounds: ${signed(target.woundModifier)} to the defence.`, SECTION.damage),
      );
    const defence = defensePool({
      attack: 'ranged',
      method: 'reaction',
      reaction: targetStat('reaction'),
      fullDefenseSkill: fullDefense ? v.number('dodge') : undefined,
      modifier,
    });
    defenceDice = defence.dice;
    defenceSteps.push(...defence.steps);
    defenceLabel = `Reaction ${targetStat('reaction')}${fullDefense ? ` + Dodge ${v.number('dodge')} (Full Defense)` : ''}${modifier ? `, modifiers ${modifier}` : ''}`;
  } else {
    if (fullDefense) problems.push(`${target.name} ${noDefenceReason(target)} and cannot go on Full Defense.`);
    defenceSteps.push(noDefenceStep(target));
    defenceLabel = 'cannot defend';
  }

  const weaponStep = step(
    `${weapon.name}: ${rangedDamageCode(weapon)}, AP ${apText(weapon.ap)}, ${weapon.modes.join('/')}, RC ${weapon.rc}${weapon.electric ? '; electricity is resisted with Impact armour' : ''}.`,
    SECTION.ranged,
    'book',
  );
  const plan: AttackPlan = {
    kind: 'ranged',
    attacker: attacker.name,
    target: target.name,
    weapon: weapon.name,
    attackDice: pool.dice,
    edgeDice: pool.edgeDice,
    attackLabel: pool.label,
    attackSteps: [
      weaponStep,
      ...skillNote(context.attackers[0], weapon.skill, weapon.name, v.number('skill')),
      ...rangeSteps,
      ...fm.steps,
      ...pool.steps,
    ],
    defenceDice,
    defenceLabel,
    defenceSteps,
    dv: weapon.dv + fm.dvModifier + called.dvBonus,
    dvSteps: called.dvSteps,
    damageType: weapon.damageType,
    armourName: vehicle ? 'Armor' : weapon.electric ? 'Impact armour' : 'Ballistic armour',
    armour: armourRating,
    ap: numericAp(weapon.ap, armourRating),
    apHalf: weapon.ap === 'half',
    armourBypassed: called.bypassArmour,
    body: vehicle ? v.number(vehicleStatField(targetParticipant, 'body')) : target.stats.body,
    disarmStrength: called.disarm ? target.stats.strength : null,
    secondChance: !v.flag('pushTheLimit') && attacker.stats.edge > 0,
    rules,
    targetConditions: fullDefenseConditions(target, attacker.name, fullDefense && canDefend(target)),
    attackAction: firingModeAction(mode),
    ...(vehicle ? { vehicleTarget: { component: componentShot(component) } } : {}),
  };
  return { problems, plan: problems.length ? null : plan };
}

function planOrThrow(setup: SetupValues, context: ResolveContext): AttackPlan {
  const built = build(setup, context);
  if (!built.plan) throw new RulesError('not-allowed', built.problems[0] ?? 'The attack cannot be made.');
  return built.plan;
}

const FIRING_MODE_ROWS: readonly FiringMode[] = ['single-shot', 'semi-auto', 'burst', 'long-burst', 'full-burst'];

export const rangedAttack: ResolveWorkflow = {
  id: 'sr4-ranged-attack',
  systemId: 'shadowrun-4e',
  label: 'Ranged attack',
  attackers: 'one',
  targets: 'one',
  fields: rangedFields,
  defaults,
  fromSheets: (context, chosen) => fromTheSheets(context, chosen).sheet.reading,
  problems: (setup, context) => build(setup, context).problems,
  odds(setup, context) {
    const built = build(setup, context);
    if (!built.plan) return { figures: [], note: built.problems[0] ?? 'The attack cannot be made.' };
    return oddsOf(built.plan);
  },
  nextStage: (setup, context, rolled) => nextStageOf(planOrThrow(setup, context), rolled),
  resolve: (setup, context, rolled) => resolveOf(planOrThrow(setup, context), rolled, 'shot at'),
  fromTableRow(tableId, rowIndex) {
    if (!Number.isInteger(rowIndex) || rowIndex < 0) return null;
    if (tableId === RANGED_WEAPON_TABLE_ID) {
      const weapon = RANGED_WEAPONS[rowIndex];
      if (!weapon) return null;
      // The weapon's usual mode, so the setup is valid as soon as the row lands.
      return { weapon: weapon.id, firingMode: 'usual' };
    }
    if (tableId === 'sr4-firing-modes') {
      const mode = FIRING_MODE_ROWS[rowIndex];
      return mode ? { firingMode: mode } : null;
    }
    if (tableId === 'sr4-range-bands') {
      const band = BANDS[rowIndex];
      return band ? { range: band } : null;
    }
    if (tableId === 'sr4-defenses') {
      // Row 0 is the ranged defence (Reaction), row 4 Full Defense; parry, block and dodge are melee.
      if (rowIndex === 0) return { fullDefense: false };
      if (rowIndex === 4) return { fullDefense: true };
      return null;
    }
    return null;
  },
};
