import { RulesError, describe, problemOf, requireFaces } from '../../../errors';
import type { Distribution } from '../../../dice/distribution';
import type { ExplainStep, ToggleValues } from '../../contract';
import {
  DIE_STEPS,
  MAX_EDGES,
  damageDie,
  impairmentReasons,
  isDieSize,
  type AssistRule,
  type DieSize,
  type ImpairedReason,
  type WeaponTags,
} from '../combat';
import { cappedProtection } from '../derived';
import { applyHarm as overflowHarm, type HarmResult } from '../health';
import { criticalOdds } from '../odds';
import { hardwareToggles } from '../toggles';
import { SECTIONS, ref, step } from '../rules';
import { readHardwareHealth, readHardwareStats, type HardwareStats } from '../tracker';
import { weaponOfSheet, weaponParts, type HardwareWeapon } from '../sheet-weapons';
import type {
  DiceStage,
  FieldDef,
  OddsFigure,
  Participant,
  RolledStage,
  SetupValue,
  SetupValues,
} from '../../../resolve/contract';

// ---------------------------------------------------------------------------------------------
// Setup values
// ---------------------------------------------------------------------------------------------

export interface Option<T extends string> {
  readonly value: T;
  readonly label: string;
  readonly hint?: string;
}

/**
 * Reads the panel's setup values, falling back to the defaults for missing ones; a bad value is
 * recorded as a problem sentence and the default is used so the remaining checks still run.
 */
export class SetupReader {
  readonly problems: string[];
  private readonly setup: SetupValues;

  constructor(
    setup: SetupValues,
    private readonly defaults: SetupValues,
    problems?: string[],
  ) {
    this.problems = problems ?? [];
    if (typeof setup !== 'object' || setup === null || Array.isArray(setup)) {
      if (problems === undefined)
        this.problems.push(`The roll setup must be a set of named values, got ${describe(setup)}.`);
      this.setup = {};
    } else {
      this.setup = setup;
    }
  }

  /** The same setup and problem list with another participant's defaults (no big merged object). */
  with(defaults: SetupValues): SetupReader {
    return new SetupReader(this.setup, defaults, this.problems);
  }

  private raw(id: string): SetupValue | undefined {
    return Object.hasOwn(this.setup, id) ? this.setup[id] : this.defaults[id];
  }

  choice<T extends string>(id: string, label: string, options: readonly Option<T>[], fallback: T): T {
    const value = this.raw(id);
    const found = options.find((o) => o.value === value);
    if (found) return found.value;
    this.problems.push(`${label} must be one of ${options.map((o) => o.label).join(', ')}; got ${describe(value)}.`);
    return fallback;
  }

  int(id: string, label: string, min: number, max: number): number {
    const value = this.raw(id);
    if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max) return value;
    this.problems.push(`${label} must be a whole number from ${min} to ${max}; got ${describe(value)}.`);
    return min;
  }

  /**
   * Armor or Buffer as the GM typed it, several items added up included: above 3 is not refused,
   * the rules count it as 3 and say so in a step (seed: no creature has more than 3).
   */
  protection(id: string, label: string, kind: 'Armor' | 'Buffer'): number {
    const value = this.raw(id);
    const problem = problemOf(() => cappedProtection(kind, value));
    if (problem === null) return value as number;
    this.problems.push(`${label}: ${problem}`);
    return 0;
  }

  flag(id: string, label: string): boolean {
    const value = this.raw(id);
    if (typeof value === 'boolean') return value;
    this.problems.push(`${label} must be on or off; got ${describe(value)}.`);
    return false;
  }
}

/** The encounter's Assists toggle (seed step 2), checked against its allowed values. */
export function readAssists(toggles: ToggleValues, problems: string[]): AssistRule {
  const def = hardwareToggles.find((t) => t.id === 'assists')!;
  const value = toggles?.assists ?? def.defaultValue;
  if (def.values.some((v) => v.value === value)) return value as AssistRule;
  problems.push(
    `The Assists rule toggle must be ${def.values.map((v) => `"${String(v.value)}"`).join(' or ')}; got ${describe(value)}.`,
  );
  return def.defaultValue as AssistRule;
}

// ---------------------------------------------------------------------------------------------
// Participants
// ---------------------------------------------------------------------------------------------

/** A participant read through the tracker adapter: stats, current health, display name. */
export interface Combatant {
  readonly index: number;
  /** Unique within its side of the roll ("Ganger (2)" when two share a name). */
  readonly name: string;
  readonly combatantId: string | undefined;
  readonly pc: boolean;
  readonly stats: HardwareStats;
  readonly stamina: number;
  readonly BOD: number;
  readonly CTR: number;
  /** Armor now: the stat block's Armor minus what shred took. */
  readonly armor: number;
  readonly dead: boolean;
  readonly conditionIds: readonly string[];
  /** The weapons on the sheet the rules can use (one whose values do not fit is left out). */
  readonly weapons: readonly SheetArm[];
  /** Armor the target lost to shred this encounter (the stat block keeps the Armor it started with). */
  readonly armorLost: number;
}

/** A sheet weapon as the weapon choice offers it: "sheet:<weapon id>". */
export interface SheetArm {
  readonly choice: string;
  readonly weapon: HardwareWeapon;
}

function sheetArms(p: Participant | undefined): SheetArm[] {
  const out: SheetArm[] = [];
  for (const sheet of Array.isArray(p?.weapons) ? p.weapons : []) {
    try {
      out.push({ choice: `sheet:${sheet.id}`, weapon: weaponOfSheet(sheet) });
    } catch (error) {
      if (!(error instanceof RulesError)) throw error;
    }
  }
  return out;
}

const FALLBACK_STATS = readHardwareStats({});

function uniqueNames(list: readonly Participant[], fallback: string): string[] {
  const base = list.map((p, i) =>
    typeof p?.name === 'string' && p.name.trim() !== '' ? p.name.trim() : `${fallback} ${i + 1}`,
  );
  const counts = new Map<string, number>();
  for (const name of base) counts.set(name, (counts.get(name) ?? 0) + 1);
  const seen = new Map<string, number>();
  return base.map((name) => {
    if (counts.get(name) === 1) return name;
    const k = (seen.get(name) ?? 0) + 1;
    seen.set(name, k);
    return `${name} (${k})`;
  });
}

/**
 * Reads each participant; anything the rules refuse (a bad stat block, health that is not
 * Hardware health, a participant who has left) becomes a problem naming them.
 */
export function readCombatants(
  list: readonly Participant[],
  side: 'attacker' | 'target',
  problems: string[],
): Combatant[] {
  if (!Array.isArray(list)) {
    problems.push(`The ${side}s must be a list of participants, got ${describe(list)}.`);
    return [];
  }
  const names = uniqueNames(list, side === 'attacker' ? 'Attacker' : 'Target');
  return list.map((p, index) => {
    const name = names[index]!;
    if (p?.removed === true) {
      problems.push(
        side === 'attacker'
          ? `${name} has left the encounter and cannot attack.`
          : `${name} has left the encounter and cannot be attacked.`,
      );
    }
    let stats = FALLBACK_STATS;
    const statsProblem = problemOf(() => {
      stats = readHardwareStats(p?.stats);
    });
    if (statsProblem !== null) problems.push(`${name}'s stat block: ${statsProblem}`);
    let stamina = stats.stamina;
    let BOD = stats.BOD;
    let CTR = stats.CTR;
    let armor = stats.armor;
    let dead = false;
    if (p?.health !== undefined && statsProblem === null) {
      const healthProblem = problemOf(() => {
        const h = readHardwareHealth({ name, health: p.health! });
        stamina = h.stamina;
        BOD = h.BOD;
        CTR = h.CTR;
        armor = Math.max(0, stats.armor - h.armorLost);
        dead = h.BOD === 0 || h.killed;
      });
      if (healthProblem !== null) problems.push(healthProblem);
    }
    const conditionIds = Array.isArray(p?.conditionIds) ? p.conditionIds : [];
    return {
      index,
      name,
      combatantId: p?.combatantId,
      pc: p?.kind === 'pc',
      stats,
      stamina,
      BOD,
      CTR,
      armor,
      dead,
      conditionIds,
      weapons: sheetArms(p),
      armorLost: stats.armor - armor,
    };
  });
}

/** Someone cannot be both attacker and target of one roll. */
export function checkNotSelf(attackers: readonly Combatant[], targets: readonly Combatant[], problems: string[]): void {
  for (const a of attackers) {
    if (a.combatantId !== undefined && targets.some((t) => t.combatantId === a.combatantId)) {
      problems.push(`${a.name} cannot attack themself: choose someone else as the target.`);
    }
  }
}

/** A target listed twice would take the same blast twice. */
export function checkDistinct(targets: readonly Combatant[], problems: string[]): void {
  targets.forEach((t, i) => {
    if (t.combatantId !== undefined && targets.findIndex((o) => o.combatantId === t.combatantId) < i) {
      problems.push(`${t.name} is listed twice among the targets.`);
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Weapons and attack situations
// ---------------------------------------------------------------------------------------------

export type TagChoice = 'none' | 'piercing' | 'shred' | 'piercing-shred';
export type AttackKind = 'melee' | 'ranged';
export type RangeBand = 'close' | 'near' | 'far' | 'distant';
export type CoverChoice = 'none' | 'light' | 'heavy';
export type HarmChoice = 'damage' | 'stress';

export const DIE_OPTIONS: readonly Option<string>[] = DIE_STEPS.map((s) => ({ value: String(s), label: `d${s}` }));
export const OFFHAND_OPTIONS: readonly Option<string>[] = [
  { value: 'none', label: 'No second weapon' },
  ...DIE_STEPS.map((s) => ({ value: String(s), label: `d${s}`, hint: 'Dual wield: keep the higher die' })),
];
export const TAG_OPTIONS: readonly Option<TagChoice>[] = [
  { value: 'none', label: 'No tag' },
  { value: 'piercing', label: 'Piercing', hint: 'Ignores Armor' },
  { value: 'shred', label: 'Shred', hint: 'Armor −1 when it deals damage' },
  { value: 'piercing-shred', label: 'Piercing and shred' },
];
export const ATTACK_OPTIONS: readonly Option<AttackKind>[] = [
  { value: 'ranged', label: 'Ranged' },
  { value: 'melee', label: 'Melee' },
];
export const RANGE_OPTIONS: readonly Option<RangeBand>[] = [
  { value: 'close', label: 'Close', hint: 'Right beside the target' },
  { value: 'near', label: 'Near', hint: 'Within 30 m' },
  { value: 'far', label: 'Far', hint: 'Beyond 30 m' },
  { value: 'distant', label: 'Especially distant', hint: 'Ranged attacks are Impaired' },
];
export const COVER_OPTIONS: readonly Option<CoverChoice>[] = [
  { value: 'none', label: 'No cover' },
  { value: 'light', label: 'Light Cover (+1)', hint: 'Wooden crates, a short wall' },
  { value: 'heavy', label: 'Heavy Cover (+2)', hint: 'Concrete pillars, a large vehicle' },
];
export const HARM_OPTIONS: readonly Option<HarmChoice>[] = [
  { value: 'damage', label: 'Damage', hint: 'Cover, then Armor; past 0 Stamina into BOD' },
  { value: 'stress', label: 'Stress', hint: 'Buffer; past 0 Stamina into CTR' },
];

export function tagsOf(choice: TagChoice): WeaponTags {
  return {
    piercing: choice === 'piercing' || choice === 'piercing-shred',
    shred: choice === 'shred' || choice === 'piercing-shred',
  };
}

/** A sheet weapon's tags with the ones set for this roll (special ammunition) added. */
function withTags(own: WeaponTags, added: WeaponTags): WeaponTags {
  return {
    piercing: (own.piercing ?? false) || (added.piercing ?? false),
    shred: (own.shred ?? false) || (added.shred ?? false),
  };
}

export function tagText(tags: WeaponTags): string {
  const names = [tags.piercing ? 'piercing' : '', tags.shred ? 'shred' : ''].filter(Boolean);
  return names.length ? ` (${names.join(', ')})` : '';
}

export function coverFromConditions(conditionIds: readonly string[]): CoverChoice {
  return conditionIds.includes('heavy-cover') ? 'heavy' : conditionIds.includes('light-cover') ? 'light' : 'none';
}

export function isHardened(c: Combatant): boolean {
  return c.stats.hardened || c.conditionIds.includes('hardened');
}

/** Field id of an attacker's setting: "a0.die", "a1.edges"… */
export const attackerField = (index: number, key: string): string => `a${index}.${key}`;
/** Field id of a target's setting in a blast: "t0.cover"… */
export const targetField = (index: number, key: string): string => `t${index}.${key}`;

export interface AttackerFieldOptions {
  /** Dual wield and Aim are offered in the Attack; a blast is one weapon on several targets. */
  readonly dualWieldAndAim: boolean;
  /** The Blast workflow: only Blast-tagged sheet weapons are offered (the Attack offers them all). */
  readonly blast: boolean;
}

/** The sheet weapons offered: all in an Attack, the Blast-tagged ones in a Blast. */
export function offeredArms(a: Combatant, options: AttackerFieldOptions): readonly SheetArm[] {
  return options.blast ? a.weapons.filter((w) => w.weapon.blast) : a.weapons;
}

/** The sheet weapon chosen at first: a Blast's first blast weapon, an Attack's first weapon without Blast. */
export function defaultArm(a: Combatant, options: AttackerFieldOptions): SheetArm | undefined {
  return a.weapons.find((w) => w.weapon.blast === options.blast);
}

function armOptions(arms: readonly SheetArm[]): Option<string>[] {
  return arms.map((w) => ({ value: w.choice, label: `Sheet: ${w.weapon.name} (${weaponParts(w.weapon).join(', ')})` }));
}

/** The per-attacker choices: weapon die and tags, Edges, what impairs the attack, dual wield, Aim. */
export function attackerFields(a: Combatant, options: AttackerFieldOptions): FieldDef[] {
  const id = (key: string) => attackerField(a.index, key);
  const who = a.name;
  const arms = armOptions(offeredArms(a, options));
  const fields: FieldDef[] = [
    {
      id: id('die'),
      kind: 'choice',
      label: `${who}: weapon`,
      help: "A weapon on the sheet (its die and tags), or a damage die (the stat block's weapon die by default).",
      rule: ref(SECTIONS.attacking),
      group: 'attack',
      common: true,
      options: [...arms, ...DIE_OPTIONS],
    },
    {
      id: id('tags'),
      kind: 'choice',
      label: `${who}: weapon tags`,
      help: 'Piercing ignores Armor; shred lowers the target’s Armor by 1 when it deals damage. Added to a sheet weapon’s own tags.',
      rule: ref(SECTIONS.gearTags, 'book'),
      group: 'attack',
      options: TAG_OPTIONS,
    },
  ];
  if (options.dualWieldAndAim) {
    fields.push(
      {
        id: id('offhand'),
        kind: 'choice',
        label: `${who}: second weapon (dual wield)`,
        help: 'Roll both damage dice and keep the single highest result (e.g. d8+d8). A pair on the sheet brings its own.',
        rule: ref(SECTIONS.modifiers),
        group: 'attack',
        options: [OFFHAND_OPTIONS[0]!, ...arms, ...OFFHAND_OPTIONS.slice(1)],
      },
      {
        id: id('offhandTags'),
        kind: 'choice',
        label: `${who}: second weapon tags`,
        help: 'Effects come from the die that is kept.',
        rule: ref(SECTIONS.gearTags, 'book'),
        group: 'attack',
        options: TAG_OPTIONS,
      },
    );
  }
  fields.push(
    {
      id: id('reload'),
      kind: 'flag',
      label: `${who}: reload tag`,
      help: 'Discard 1 Ammo after every attack (a sheet weapon tagged Reload always does).',
      rule: ref(SECTIONS.ammo),
      group: 'attack',
    },
    {
      id: id('attack'),
      kind: 'choice',
      label: `${who}: melee or ranged`,
      help: 'Distance and an enemy beside the shooter only impair ranged attacks.',
      rule: ref(SECTIONS.ranged),
      group: 'situation',
      common: true,
      options: ATTACK_OPTIONS,
    },
    {
      id: id('range'),
      kind: 'choice',
      label: `${who}: range`,
      help: 'Melee needs the target Close. Ranged attacks against especially distant targets are Impaired.',
      rule: ref(SECTIONS.ranged),
      group: 'situation',
      common: true,
      options: RANGE_OPTIONS,
    },
    {
      id: id('edges'),
      kind: 'number',
      label: `${who}: Edges`,
      help: 'One per advantage over the target (such as high ground); each steps the die up, to d12.',
      rule: ref(SECTIONS.modifiers),
      group: 'situation',
      min: 0,
      max: MAX_EDGES,
      step: 1,
    },
    {
      id: id('behindHeavyCover'),
      kind: 'flag',
      label: `${who}: attacks from behind Heavy Cover`,
      help: 'Attacks from behind Heavy Cover are Impaired (d4).',
      rule: ref(SECTIONS.cover),
      group: 'situation',
    },
    {
      id: id('enemyBeside'),
      kind: 'flag',
      label: `${who}: an unimpaired enemy is beside them`,
      help: 'Ranged attacks are then Impaired (d4).',
      rule: ref(SECTIONS.ranged),
      group: 'situation',
    },
    {
      id: id('impaired'),
      kind: 'flag',
      label: `${who}: Impaired for another reason`,
      help: 'The Admin rules the attack Impaired: d4, Edges do not help.',
      rule: ref(SECTIONS.modifiers),
      group: 'situation',
    },
  );
  if (options.dualWieldAndAim) {
    fields.push({
      id: id('aimed'),
      kind: 'flag',
      label: `${who}: aimed at this target last turn`,
      help: 'Aim pays off on the next turn if the target stayed in sight: maximum damage, no roll.',
      rule: ref(SECTIONS.modifiers),
      group: 'situation',
    });
  }
  return fields;
}

export function attackerDefaults(a: Combatant, options: AttackerFieldOptions): Record<string, SetupValue> {
  const id = (key: string) => attackerField(a.index, key);
  const arm = defaultArm(a, options);
  const melee = arm?.weapon.attack === 'melee';
  const values: Record<string, SetupValue> = {
    // The stat block's weapon die serves sheets without a weapon (and encounters saved before sheets had any).
    [id('die')]: arm ? arm.choice : String(a.stats.weaponDie),
    [id('tags')]: 'none',
    [id('reload')]: false,
    [id('attack')]: melee ? 'melee' : 'ranged',
    [id('range')]: melee ? 'close' : 'near',
    [id('edges')]: 0,
    [id('behindHeavyCover')]: a.conditionIds.includes('heavy-cover'),
    [id('enemyBeside')]: false,
    [id('impaired')]: a.conditionIds.includes('impaired'),
  };
  if (options.dualWieldAndAim) {
    values[id('offhand')] = 'none';
    values[id('offhandTags')] = 'none';
    values[id('aimed')] = a.conditionIds.includes('aiming');
  }
  return values;
}

export interface WeaponChoice {
  readonly die: DieSize;
  readonly tags: WeaponTags;
}

export interface AttackerChoices {
  readonly main: WeaponChoice;
  readonly offhand: WeaponChoice | null;
  readonly reload: boolean;
  readonly attack: AttackKind;
  readonly range: RangeBand;
  readonly edges: number;
  readonly behindHeavyCover: boolean;
  readonly enemyBeside: boolean;
  readonly impaired: boolean;
  readonly aimed: boolean;
}

function dieOf(value: string): DieSize {
  const n = Number(value);
  return isDieSize(n) ? n : 6;
}

export function readAttackerChoices(
  reader: SetupReader,
  a: Combatant,
  options: AttackerFieldOptions,
  problems: string[],
): AttackerChoices {
  const id = (key: string) => attackerField(a.index, key);
  const who = a.name;
  const r = reader.with(attackerDefaults(a, options));
  const offered = offeredArms(a, options);
  const arms = armOptions(offered);
  const armOf = (choice: string) => offered.find((w) => w.choice === choice)?.weapon;
  const chosen = r.choice(id('die'), `${who}'s weapon die`, [...arms, ...DIE_OPTIONS], '6');
  const fieldTags = tagsOf(r.choice(id('tags'), `${who}'s weapon tags`, TAG_OPTIONS, 'none'));
  const arm = armOf(chosen);
  const main: WeaponChoice = arm
    ? { die: arm.die, tags: withTags(arm.tags, fieldTags) }
    : { die: dieOf(chosen), tags: fieldTags };
  let offhand: WeaponChoice | null = null;
  let aimed = false;
  if (options.dualWieldAndAim) {
    const second = r.choice(
      id('offhand'),
      `${who}'s second weapon`,
      [OFFHAND_OPTIONS[0]!, ...arms, ...OFFHAND_OPTIONS.slice(1)],
      'none',
    );
    const secondTags = tagsOf(r.choice(id('offhandTags'), `${who}'s second weapon tags`, TAG_OPTIONS, 'none'));
    const secondArm = armOf(second);
    if (secondArm) offhand = { die: secondArm.die, tags: withTags(secondArm.tags, secondTags) };
    else if (second !== 'none') offhand = { die: dieOf(second), tags: secondTags };
    // A pair on the sheet is dual-wielded: its twin is the second weapon unless another is chosen.
    else if (arm?.pair) offhand = main;
    aimed = r.flag(id('aimed'), `${who}'s Aim`);
  }
  const attack = r.choice(id('attack'), `${who}'s attack`, ATTACK_OPTIONS, 'ranged');
  const range = r.choice(id('range'), `${who}'s range`, RANGE_OPTIONS, 'near');
  if (attack === 'melee' && range !== 'close') {
    const band = RANGE_OPTIONS.find((o) => o.value === range)!.label;
    problems.push(`${who}'s melee attack needs the target Close (right beside them), but the range is ${band}.`);
  }
  return {
    main,
    offhand,
    reload: r.flag(id('reload'), `${who}'s reload tag`) || arm?.reload === true,
    attack,
    range,
    edges: r.int(id('edges'), `${who}'s Edges`, 0, MAX_EDGES),
    behindHeavyCover: r.flag(id('behindHeavyCover'), `${who}'s Heavy Cover`),
    enemyBeside: r.flag(id('enemyBeside'), `${who}'s enemy beside them`),
    impaired: r.flag(id('impaired'), `${who}'s Impaired flag`),
    aimed,
  };
}

/** A die as it is rolled against one target: after Edges or Impaired, with its explanation. */
export interface PlannedDie {
  readonly baseDie: DieSize;
  readonly die: DieSize;
  readonly tags: WeaponTags;
  readonly reasons: readonly ImpairedReason[];
  readonly impaired: boolean;
  readonly steps: readonly ExplainStep[];
}

export interface TargetSituation {
  readonly hardened: boolean;
  /** The target's Armor for this attack (what shred or a hardened check looks at). */
  readonly armor: number;
  readonly harm: HarmChoice;
}

/** Edges and every seed reason for Impaired, through the package's impairmentReasons and damageDie. */
export function planDie(weapon: WeaponChoice, choices: AttackerChoices, target: TargetSituation): PlannedDie {
  const reasons = impairmentReasons({
    attackerBehindHeavyCover: choices.behindHeavyCover,
    // Hardened only impairs attacks affected by Armor; stress meets Buffer, not Armor.
    targetHardened: target.harm === 'damage' && target.hardened,
    piercing: weapon.tags.piercing ?? false,
    targetArmor: target.armor,
    ranged: choices.attack === 'ranged',
    distantTarget: choices.range === 'distant',
    unimpairedEnemyBeside: choices.enemyBeside,
  });
  if (choices.impaired) reasons.push('other');
  const r = damageDie({ die: weapon.die, edges: choices.edges, impaired: reasons });
  return {
    baseDie: weapon.die,
    die: r.die,
    tags: weapon.tags,
    reasons: r.reasons,
    impaired: r.impaired,
    steps: r.steps,
  };
}

const IMPAIRED_SHORT: Readonly<Record<ImpairedReason, string>> = {
  'behind-heavy-cover': 'behind Heavy Cover',
  'hardened-target': 'Hardened target',
  'distant-target': 'especially distant',
  'enemy-beside': 'enemy beside',
  other: "Admin's call",
};

/** "d10 (d8, 1 Edge)", "d4 (Impaired: Hardened target)": how a die came to be, for stage labels. */
export function dieLabel(d: PlannedDie, edges: number): string {
  if (d.impaired) return `d${d.die} (Impaired: ${d.reasons.map((r) => IMPAIRED_SHORT[r]).join(', ')})`;
  if (edges === 0) return `d${d.die}${tagText(d.tags)}`;
  return `d${d.die} (d${d.baseDie}, ${edges} ${edges === 1 ? 'Edge' : 'Edges'})${tagText(d.tags)}`;
}

/** The die steps worth showing: Edges that changed something or an Impaired attack, named. */
export function dieSteps(who: string, dice: readonly PlannedDie[], edges: number): ExplainStep[] {
  const out: ExplainStep[] = [];
  for (const d of dice) {
    if (!d.impaired && edges === 0) continue;
    for (const s of d.steps) {
      const text = `${who}: ${s.text}`;
      if (!out.some((o) => o.text === text)) out.push({ text, rule: s.rule });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Dice stages
// ---------------------------------------------------------------------------------------------

/**
 * Checks the rolled stages against the ones the procedure asks for, in order, and returns the
 * faces of each (main group first, then extras). Every refusal is a RulesError sentence.
 */
export function readRolled(expected: readonly DiceStage[], rolled: readonly RolledStage[]): number[][][] {
  if (!Array.isArray(rolled)) {
    throw new RulesError('invalid-input', `The rolled dice must be a list of stages, got ${describe(rolled)}.`);
  }
  return rolled.map((r, k) => {
    const stageId: unknown = r?.stageId;
    const stage = expected[k];
    if (stage === undefined || stageId !== stage.id) {
      const known = expected.find((s) => s.id === stageId);
      if (!known) {
        throw new RulesError(
          'not-allowed',
          expected.length === 0
            ? `No dice are rolled for this setup, so "${String(stageId)}" was not asked for.`
            : `The roll "${String(stageId)}" was not asked for here.`,
          { stageId },
        );
      }
      if (rolled.findIndex((o) => o?.stageId === stageId) < k) {
        throw new RulesError('not-allowed', `${known.label}: these dice were already rolled.`, { stageId });
      }
      throw new RulesError('not-allowed', `${known.label} was not asked for yet: roll ${stage!.label} first.`, {
        stageId,
      });
    }
    if (typeof r.source !== 'string') {
      throw new RulesError('invalid-input', `${stage.label}: the dice need a source (app dice or physical).`);
    }
    const wanted = [
      { id: undefined as string | undefined, label: stage.label, count: stage.count, sides: stage.sides },
      ...(stage.extra ?? []).map((e) => ({
        id: e.id as string | undefined,
        label: e.label,
        count: e.count,
        sides: e.sides,
      })),
    ];
    if (!Array.isArray(r.groups) || r.groups.length !== wanted.length) {
      throw new RulesError(
        'invalid-input',
        `${stage.label}: expected ${wanted.length === 1 ? 'one group of dice' : `${wanted.length} groups of dice`}, got ${Array.isArray(r.groups) ? r.groups.length : describe(r.groups)}.`,
      );
    }
    return wanted.map((w, g) => {
      const group = r.groups[g]!;
      if (w.id !== undefined && group?.id !== w.id) {
        throw new RulesError('invalid-input', `${stage.label}: group ${g + 1} should be "${w.label}".`);
      }
      if (group?.sides !== w.sides) {
        throw new RulesError(
          'invalid-face',
          `${w.label}: these are d${w.sides} faces, but the dice were given as ${typeof group?.sides === 'number' ? `d${group.sides}` : describe(group?.sides)}.`,
        );
      }
      if (Array.isArray(group.faces) && group.faces.length !== w.count) {
        const got = group.faces.length;
        throw new RulesError(
          'invalid-input',
          `${w.label}: roll ${w.count === 1 ? `one d${w.sides}` : `${w.count} d${w.sides}`}, got ${got} ${got === 1 ? 'face' : 'faces'}.`,
        );
      }
      return [...requireFaces(w.label, group.faces, w.sides)];
    });
  });
}

export function nextOf(expected: readonly DiceStage[], rolled: readonly RolledStage[]): DiceStage | null {
  readRolled(expected, rolled);
  return expected[rolled.length] ?? null;
}

/** resolve needs every stage; name the first one still to roll. */
export function requireAllRolled(expected: readonly DiceStage[], rolled: readonly RolledStage[]): number[][][] {
  const faces = readRolled(expected, rolled);
  const missing = expected[faces.length];
  if (missing) throw new RulesError('not-allowed', `Roll ${missing.label} first.`, { stageId: missing.id });
  return faces;
}

export function refuseOnProblems(problems: readonly string[]): void {
  if (problems.length > 0) throw new RulesError('not-allowed', problems[0]!, { problems });
}

// ---------------------------------------------------------------------------------------------
// Harm: the preview of what the tracker will do, and the odds of it
// ---------------------------------------------------------------------------------------------

/** What the harm does to the target, by the package's overflow rule (the tracker applies the same). */
export function previewHarm(
  target: Combatant,
  harm: HarmChoice,
  amount: number,
): { result: HarmResult; steps: ExplainStep[] } {
  const attribute = harm === 'damage' ? target.BOD : target.CTR;
  const result = overflowHarm({ kind: harm, stamina: target.stamina, attribute, amount, pc: target.pc });
  const steps = result.steps.map((s) => ({ text: `${target.name}: ${s.text}`, rule: s.rule }));
  if (target.dead) {
    steps.push(step(`${target.name} is already dead: no save is made.`, SECTIONS.attributeLoss));
  } else if (result.saveRequired) {
    steps.push(
      step(
        `When the ${harm} is applied, the tracker asks for ${target.name}'s ${result.attributeId} save (d20 against ${result.attribute}); a failure is Critical ${harm === 'damage' ? 'Damage' : 'Stress'}.`,
        harm === 'damage' ? SECTIONS.criticalDamage : SECTIONS.criticalStress,
      ),
    );
  }
  return { result, steps };
}

export function harmResultJson(target: Combatant, harm: HarmChoice, r: HarmResult): Record<string, unknown> {
  return {
    staminaBefore: target.stamina,
    staminaAfter: r.stamina,
    attribute: r.attributeId,
    attributeBefore: harm === 'damage' ? target.BOD : target.CTR,
    attributeAfter: r.attribute,
    overflow: r.overflow,
    saveRequired: r.saveRequired && !target.dead,
    saveAgainst: r.saveRequired && !target.dead ? r.attribute : null,
    zeroed: r.zeroed,
  };
}

export interface HarmOdds {
  readonly expected: number;
  readonly some: number;
  readonly staminaZero: number;
  readonly overflow: number;
  readonly critical: number;
  readonly zeroed: number;
}

export function harmOdds(dist: Distribution, target: Combatant, harm: HarmChoice): HarmOdds {
  const crit = criticalOdds(dist, target.stamina, harm === 'damage' ? target.BOD : target.CTR);
  let expected = 0;
  let staminaZero = 0;
  dist.forEach((p, amount) => {
    expected += p * amount;
    if (amount >= target.stamina) staminaZero += p;
  });
  return {
    expected,
    some: 1 - (dist[0] ?? 0),
    staminaZero,
    overflow: crit.overflow,
    critical: crit.critical,
    zeroed: crit.zeroed,
  };
}

/** The headline figures for one target; `prefix` names the target when there are several. */
export function harmFigures(odds: HarmOdds, harm: HarmChoice, prefix = ''): OddsFigure[] {
  const attr = harm === 'damage' ? 'BOD' : 'CTR';
  const word = harm === 'damage' ? 'damage' : 'stress';
  return [
    {
      label: `${prefix}Expected ${word} after ${harm === 'damage' ? 'Cover and Armor' : 'Buffer'}`,
      value: odds.expected,
      format: 'number',
    },
    { label: `${prefix}Some ${word} gets through`, value: odds.some, format: 'percent' },
    { label: `${prefix}Stamina reduced to 0`, value: odds.staminaZero, format: 'percent' },
    {
      label: `${prefix}${harm === 'damage' ? 'Damage' : 'Stress'} past Stamina into ${attr}`,
      value: odds.overflow,
      format: 'percent',
    },
    {
      label: `${prefix}Critical ${harm === 'damage' ? 'Damage' : 'Stress'} (failed ${attr} save)`,
      value: odds.critical,
      format: 'percent',
    },
    {
      label: `${prefix}${attr} reduced to 0 (${harm === 'damage' ? 'dead' : 'breakdown'}, no save)`,
      value: odds.zeroed,
      format: 'percent',
    },
  ];
}

export function distributionOutcomes(dist: Distribution): { label: string; p: number }[] {
  return dist.map((p, amount) => ({ label: String(amount), p }));
}

/** A small cache: the panel asks for the same odds on every redraw. */
export class Memo<T> {
  private readonly map = new Map<string, T>();
  constructor(private readonly size = 200) {}
  get(key: string, make: () => T): T {
    const hit = this.map.get(key);
    if (hit !== undefined) return hit;
    const value = make();
    if (this.map.size >= this.size) this.map.delete(this.map.keys().next().value!);
    this.map.set(key, value);
    return value;
  }
}
