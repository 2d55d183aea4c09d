// Weapons and attack situations: the options offered, each attacker's fields and defaults, the
// choices read back, and the die each one rolls against a target (Edges, Impaired).
import type { ExplainStep } from '../../../system-kit/rule-system';
import {
  DIE_STEPS,
  MAX_EDGES,
  damageDie,
  impairmentReasons,
  isDieSize,
  type DieSize,
  type ImpairedReason,
  type WeaponTags,
} from '../combat';
import { SECTIONS, ref } from '../rules';
import { weaponParts } from '../sheet-weapons';
import type { FieldDef, SetupValue } from '../../../system-kit/workflow';
import { SetupReader, type Option } from './setup-reader';
import type { Combatant, SheetArm } from './participants';

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
