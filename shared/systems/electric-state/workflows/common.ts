import type { ConditionInit, Harm } from '../../../system-kit/tracker-rules';
import { RulesError, describe } from '../../../errors';
import type { ExplainStep, ToggleValues } from '../../../system-kit/rule-system';
import {
  ARMOR_LEVEL_MAX,
  BODY_ARMOR,
  COVER,
  RANGE_BANDS,
  RANGE_LABELS,
  SECTION,
  SERIOUS_INJURIES,
  WEAPONS,
  electricStateTracker,
  injuryConditionId,
  maxHealth as maxHealthOf,
  readElectricStateHealth,
  readElectricStateStats,
  resolveOptions,
  rule,
  type ElectricStateOptions,
  type ElectricStateStats,
  type RangeBand,
  type Weapon,
} from './rules';
import type { FieldDef, Participant, ResolveContext, SetupValue, SetupValues } from '../../../system-kit/workflow';
import { weaponParts } from '../sheet-weapons';

// ---------------------------------------------------------------------------------------------
// What the tracker accepts: checked once at load, so a renamed harm kind or condition fails loudly
// ---------------------------------------------------------------------------------------------

function harmKind(id: string): string {
  if (!electricStateTracker.harmKinds.some((k) => k.id === id)) {
    throw new Error(`The Electric State tracker has no harm kind "${id}".`);
  }
  return id;
}

function conditionId(id: string): string {
  if (!electricStateTracker.conditions.some((c) => c.id === id)) {
    throw new Error(`The Electric State tracker has no condition "${id}".`);
  }
  return id;
}

const DAMAGE = harmKind('damage');
export const HOPE_LOSS = harmKind('hope-loss');
const LOST_TURN = conditionId('lost-next-turn');
/** The tracker's condition for a target who has not noticed the fight (seed: Ambushes). */
export const UNAWARE_CONDITION = conditionId('unaware');

/** The taser's lost turn: ends with the bearer's next turn (this round's if it has not acted yet). */
export const LOST_TURN_CONDITION: ConditionInit = {
  conditionId: LOST_TURN,
  label: 'Loses next turn',
  rounds: 1,
  expires: 'turn-end',
  note: 'Tasered: no 6 on Strength −2 dice.',
};

export function damageHarm(amount: number): Harm {
  return { kind: DAMAGE, amount };
}

/**
 * Some package steps cite a heading the seed does not have (the push, the dice basics) with
 * source "seed"; those rules come from the book, so they are cited as such.
 */
const BOOK_SECTIONS: ReadonlySet<string> = new Set([SECTION.pushing, SECTION.dice, SECTION.derived]);

export function cite(steps: readonly ExplainStep[]): ExplainStep[] {
  return steps.map((s) =>
    s.rule.source === 'seed' && BOOK_SECTIONS.has(s.rule.section) ? { ...s, rule: { ...s.rule, source: 'book' } } : s,
  );
}

// ---------------------------------------------------------------------------------------------
// Participants
// ---------------------------------------------------------------------------------------------

/** A participant after its stat block and health were checked. */
export interface Fighter {
  readonly side: 'attackers' | 'targets';
  readonly index: number;
  readonly name: string;
  readonly kind: 'pc' | 'npc';
  readonly combatantId: string | undefined;
  readonly stats: ElectricStateStats;
  readonly maxHealth: number;
  /** Health now (max Health for an ad-hoc participant). */
  readonly health: number;
  readonly dead: boolean;
  /** Alive at 0 Health: cannot roll attributes. */
  readonly incapacitated: boolean;
  readonly conditionIds: readonly string[];
}

export function readFighter(p: Participant, side: Fighter['side'], index: number, problems: string[]): Fighter | null {
  const name =
    typeof p?.name === 'string' && p.name.trim() !== ''
      ? p.name
      : `${side === 'attackers' ? 'Attacker' : 'Target'} ${index + 1}`;
  if (p.removed === true) {
    problems.push(
      side === 'attackers'
        ? `${name} has left the encounter and cannot attack.`
        : `${name} has left the encounter and cannot be a target.`,
    );
    return null;
  }
  if (p.kind !== 'pc' && p.kind !== 'npc') {
    problems.push(`${name} must be a PC or an NPC, got ${describe(p.kind)}.`);
    return null;
  }
  let stats: ElectricStateStats;
  try {
    stats = readElectricStateStats(p.stats);
  } catch (error) {
    if (error instanceof RulesError) {
      problems.push(`${name}'s stats: ${error.message}`);
      return null;
    }
    throw error;
  }
  const max = maxHealthOf(stats.strength, stats.agility);
  let health = max;
  let dead = false;
  if (p.health !== undefined) {
    try {
      const h = readElectricStateHealth({ name, health: p.health });
      health = Math.min(h.health, max);
      dead = h.dead;
    } catch (error) {
      if (error instanceof RulesError) {
        problems.push(error.message);
        return null;
      }
      throw error;
    }
  }
  return {
    side,
    index,
    name,
    kind: p.kind,
    combatantId: p.combatantId,
    stats,
    maxHealth: max,
    health,
    dead,
    incapacitated: !dead && health === 0,
    conditionIds: Array.isArray(p.conditionIds) ? p.conditionIds : [],
  };
}

/** The one attacker every workflow here takes, checked; problems say why it cannot attack. */
export function readAttacker(context: ResolveContext, problems: string[]): Fighter | null {
  if (context.attackers.length === 0) {
    problems.push('Choose who attacks.');
    return null;
  }
  if (context.attackers.length > 1) {
    problems.push(`One attacker at a time: ${context.attackers.length} are chosen.`);
    return null;
  }
  const a = readFighter(context.attackers[0]!, 'attackers', 0, problems);
  if (a?.dead) problems.push(`${a.name} is dead and cannot attack.`);
  else if (a?.incapacitated) {
    problems.push(`${a.name} is Incapacitated (0 Health): they cannot roll for attributes, so they cannot attack.`);
  }
  return a;
}

/** The single target a one-target workflow needs, checked; a problem when none or several are chosen. */
export function readOneTarget(context: ResolveContext, problems: string[]): Fighter | undefined {
  if (context.targets.length !== 1) {
    problems.push(
      context.targets.length === 0
        ? 'Choose the target.'
        : `One target at a time: ${context.targets.length} are chosen.`,
    );
  }
  return readTargets(context, problems)[0];
}

export function readTargets(context: ResolveContext, problems: string[]): Fighter[] {
  const out: Fighter[] = [];
  const seen = new Set<string>();
  context.targets.forEach((p, i) => {
    const t = readFighter(p, 'targets', i, problems);
    if (!t) return;
    if (t.dead) problems.push(`${t.name} is already dead: take them off the targets.`);
    if (t.combatantId !== undefined) {
      if (seen.has(t.combatantId)) problems.push(`${t.name} is chosen twice as a target.`);
      seen.add(t.combatantId);
    }
    out.push(t);
  });
  return out;
}

/** Caches a pure function of the context (defaults are read on every keystroke). */
export function perContext<T>(f: (context: ResolveContext) => T): (context: ResolveContext) => T {
  const cache = new WeakMap<ResolveContext, T>();
  return (context) => {
    if (typeof context !== 'object' || context === null) return f(context);
    let value = cache.get(context);
    if (value === undefined) {
      value = f(context);
      cache.set(context, value);
    }
    return value;
  };
}

export function options(toggles: ToggleValues, problems: string[]): ElectricStateOptions {
  try {
    return resolveOptions(toggles ?? {});
  } catch (error) {
    if (error instanceof RulesError) {
      problems.push(error.message);
      return resolveOptions({});
    }
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Defaults read from the participants
// ---------------------------------------------------------------------------------------------

/**
 * Body armour's Agility modifier for an Armor Level: the table's armour of that level, else the
 * heaviest table armour below it (the stat block keeps only the level).
 */
export function armorAgilityFor(armorLevel: number): number {
  let modifier = 0;
  for (const a of BODY_ARMOR) if (a.armorLevel <= armorLevel) modifier = a.agilityModifier;
  return modifier;
}

/**
 * Dice the participant's serious injuries take from Strength and Agility rolls (broken ribs,
 * punctured lung, internal bleeding all hit both, so one number serves either attribute).
 */
export function injuryDice(conditionIds: readonly string[] | undefined): number {
  if (!conditionIds || conditionIds.length === 0) return 0;
  let dice = 0;
  for (const injury of SERIOUS_INJURIES) {
    if (!conditionIds.includes(injuryConditionId(injury))) continue;
    for (const p of injury.penalties) {
      if (p.only === undefined && p.on.includes('strength') && p.on.includes('agility')) dice += p.dice;
    }
  }
  return Math.max(-10, dice);
}

/** Internal bleeding: every Strength or Agility roll also costs D6 damage (left to the GM). */
export function bleedingReminder(f: Fighter | null): ExplainStep | null {
  if (!f) return null;
  const bleeding = SERIOUS_INJURIES.find((i) => i.damagePerRoll !== null);
  if (!bleeding || !f.conditionIds.includes(injuryConditionId(bleeding))) return null;
  return {
    text: `${f.name} has ${bleeding.injury.toLowerCase()}: this roll also inflicts D6 damage on them — roll it and apply it in the tracker.`,
    rule: rule(SECTION.seriousInjuries),
  };
}

export function isUnaware(p: Participant | undefined): boolean {
  return p?.conditionIds?.includes(UNAWARE_CONDITION) === true;
}

export function armourAgilityDefault(p: Participant | undefined): number {
  if (!p) return 0;
  const armor = p.stats?.armor;
  return typeof armor === 'number' && Number.isInteger(armor) && armor >= 0 ? armorAgilityFor(armor) : 0;
}

/** The Armor Level on the participant's sheet (0 when it has none the rules accept). */
export function armourLevelOf(p: Participant | undefined): number {
  const armor = p?.stats?.armor;
  return typeof armor === 'number' && Number.isInteger(armor) && armor >= 0 && armor <= ARMOR_LEVEL_MAX ? armor : 0;
}

// ---------------------------------------------------------------------------------------------
// Reading setup values: a wrong value becomes a sentence and the default is used meanwhile
// ---------------------------------------------------------------------------------------------

export class SetupReader {
  constructor(
    private readonly values: SetupValues,
    private readonly defaults: SetupValues,
    private readonly problems: string[],
  ) {}

  private raw(id: string): SetupValue | undefined {
    return Object.hasOwn(this.values ?? {}, id) ? this.values[id] : this.defaults[id];
  }

  choice<T extends string>(id: string, label: string, allowed: readonly T[], names?: (v: T) => string): T {
    const v = this.raw(id);
    if (typeof v === 'string' && (allowed as readonly string[]).includes(v)) return v as T;
    const list = allowed.map((a) => (names ? names(a) : a)).join(', ');
    this.problems.push(`${label} must be one of ${list}; got ${describe(v)}.`);
    return this.fallback(id, allowed);
  }

  int(id: string, label: string, min: number, max: number): number {
    const v = this.raw(id);
    if (typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max) return v;
    this.problems.push(`${label} must be a whole number from ${min} to ${max}; got ${describe(v)}.`);
    const d = this.defaults[id];
    return typeof d === 'number' ? d : min;
  }

  flag(id: string, label: string): boolean {
    const v = this.raw(id);
    if (typeof v === 'boolean') return v;
    this.problems.push(`${label} must be on or off; got ${describe(v)}.`);
    return this.defaults[id] === true;
  }

  private fallback<T extends string>(id: string, allowed: readonly T[]): T {
    const d = this.defaults[id];
    return typeof d === 'string' && (allowed as readonly string[]).includes(d) ? (d as T) : allowed[0]!;
  }
}

// ---------------------------------------------------------------------------------------------
// Fields
// ---------------------------------------------------------------------------------------------

/** Per-target field ids: plain for a one-target workflow, "<id>.<index>" when there are several. */
export function fid(id: string, index: number, many: boolean): string {
  return many ? `${id}.${index}` : id;
}

export function forTarget(label: string, targetName: string | undefined, many: boolean): string {
  return many && targetName ? `${label} — ${targetName}` : label;
}

function weaponLabel(w: Weapon): string {
  return `${w.name} (${weaponParts(w).join(', ')})`;
}

export function weaponField(id: string, label: string, weapons: readonly Weapon[], help: string): FieldDef {
  return {
    kind: 'choice',
    id,
    label,
    group: 'attack',
    common: true,
    help,
    rule: rule(SECTION.weapons),
    // The attacker's own weapons come first, marked so a table weapon of the same name is told apart.
    options: weapons.map((w) => ({
      value: w.id,
      label: isSheetWeapon(w) ? `Sheet: ${weaponLabel(w)}` : weaponLabel(w),
    })),
  };
}

/** A weapon read from the attacker's sheet (its id is "sheet:<weapon id>"), not the table. */
export function isSheetWeapon(w: Weapon): boolean {
  return w.id.startsWith('sheet:');
}

export function armourLevelField(id: string, label: string): FieldDef {
  return {
    kind: 'number',
    id,
    label,
    group: 'defence',
    min: 0,
    max: ARMOR_LEVEL_MAX,
    step: 1,
    help: "Body armour from the target's sheet: roll this many dice against the hit, each 6 removes 1 damage.",
    rule: rule(SECTION.bodyArmor),
  };
}

export function rangeField(id: string, label: string, group: FieldDef['group'] = 'situation'): FieldDef {
  return {
    kind: 'choice',
    id,
    label,
    group,
    common: true,
    help: "−2 dice per band below the weapon's minimum range; beyond its maximum the attack is impossible.",
    rule: rule(SECTION.rangeBands),
    options: RANGE_BANDS.map((b) => ({ value: b, label: RANGE_LABELS[b] })),
  };
}

const NO_COVER = 'none';
export const COVER_IDS: readonly string[] = [NO_COVER, ...COVER.map((c) => c.id)];

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .trim();

/**
 * The cover a target starts with: the tracker's "In cover" condition names it in its note (the
 * condition asks for the cover's name there), matched against the seed's cover table; none else.
 */
export function coverOf(target: Participant | undefined): string {
  if (!target?.conditionIds?.includes('in-cover')) return NO_COVER;
  const note = ` ${words(target.conditionNotes?.['in-cover'] ?? '')} `;
  return COVER.find((c) => note.includes(` ${words(c.name)} `) || note.includes(` ${words(c.id)} `))?.id ?? NO_COVER;
}

export function coverField(id: string, label: string, help: string): FieldDef {
  return {
    kind: 'choice',
    id,
    label,
    group: 'situation',
    common: true,
    help,
    rule: rule(SECTION.rangedCombat),
    options: [
      { value: NO_COVER, label: 'No cover' },
      ...COVER.map((c) => ({ value: c.id, label: `${c.name} (Armor Level ${c.armorLevel})` })),
    ],
  };
}

export function coverName(id: string): string {
  return coverLevel(id).name;
}

export function coverLevel(id: string): { level: number; name: string } {
  const c = COVER.find((x) => x.id === id);
  return c ? { level: c.armorLevel, name: c.name } : { level: 0, name: 'No cover' };
}

export const ATTACK_MODIFIER_HELP =
  'Dice added or removed (talents, situation); starts with the serious injuries that hit Strength and Agility. Two-armed rolls with a broken finger or arm: take the dice off here.';

export function modifierField(id: string, label: string, group: FieldDef['group'], help: string): FieldDef {
  return {
    kind: 'number',
    id,
    label,
    group,
    min: -10,
    max: 10,
    step: 1,
    help,
    rule: rule(SECTION.rangeBands, 'default'),
  };
}

export function armourAgilityField(id: string, label: string, group: FieldDef['group'], help: string): FieldDef {
  return { kind: 'number', id, label, group, min: -10, max: 0, step: 1, help, rule: rule(SECTION.bodyArmor) };
}

export const ARMOUR_AGILITY_HELP = `Only on Agility rolls. Defaults from the Armor Level (${BODY_ARMOR.map((a) => `${a.name.toLowerCase()} ${a.armorLevel} → ${a.agilityModifier}`.replace('-', '−')).join(', ')}).`;

export function gearDamageField(): FieldDef {
  return {
    kind: 'number',
    id: 'gearDamage',
    label: 'Weapon bonus lost to earlier pushes',
    group: 'extra',
    min: 0,
    max: 10,
    step: 1,
    help: 'Each 1 on a gear die after a push lowers the weapon bonus by 1 until repaired.',
    rule: rule(SECTION.pushing, 'book'),
  };
}

/** The reference table of the seed's Weapons Table (tables.ts; not imported, to keep the tables out of this bundle). */
export const WEAPONS_TABLE_ID = 'es-weapons';

/** Weapon table rows → weapons: the table lists the seed's rows in the order of WEAPONS (checked by the tests). */
export function weaponFromRow(tableId: string, rowIndex: number): Weapon | null {
  if (tableId !== WEAPONS_TABLE_ID) return null;
  if (!Number.isInteger(rowIndex) || rowIndex < 0 || rowIndex >= WEAPONS.length) return null;
  return WEAPONS[rowIndex] ?? null;
}

export function rangeLabel(b: RangeBand): string {
  return RANGE_LABELS[b];
}

export function defenceLabel(d: string): string {
  return d === 'take-hit'
    ? 'take the hit'
    : d === 'stand-tall'
      ? 'stand tall'
      : d === 'fight-back'
        ? 'fight back'
        : 'dodge';
}
