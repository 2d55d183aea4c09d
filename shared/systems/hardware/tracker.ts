import type {
  CheckOutcome,
  CheckRequest,
  CombatantKind,
  ConditionDef,
  ConditionInit,
  DerivedValue,
  Economy,
  EncounterMoment,
  Harm,
  HarmKind,
  HarmOutcome,
  HealthSeverity,
  HealthState,
  HealthView,
  InitiativeEntry,
  InitiativeOrder,
  InitiativeParticipant,
  RoundContext,
  RulesCombatant,
  StatField,
  Stats,
  TrackerRules,
  TurnSlot,
} from '../../encounter/tracker-rules';
import { RulesError, describe, requireInteger, problemOf } from '../../errors';
import type { ExplainStep, ToggleValues } from '../contract';
import type { AglSaveTiming } from './toggles';
import { requireDieSize, type DieSize } from './combat';
import {
  ATTRIBUTE_MAX,
  ATTRIBUTE_MIN,
  HARM_MAX,
  PROTECTION_MAX,
  STAMINA_MAX,
  hardwareAttributes,
  requireAttribute,
  requireProtection,
  requireStamina,
  type AttributeId,
} from './derived';
import { CRITICAL_CONSEQUENCES, applyHarm as applyOverflowHarm, harmOutsideCombat } from './health';
import { MOVE_METERS, moraleChecksDue, resolveMorale, resolveRoundStart, type MoraleTrigger } from './rounds';
import { SECTIONS, step } from './rules';
import { SAVE_DIE, resolveSave, saveChance } from './saves';
import { hardwareWeapons } from './sheet-weapons';

// ---------------------------------------------------------------------------------------------
// Stat block
// ---------------------------------------------------------------------------------------------

/** The stat block as the tracker stores it, after validation and defaults. */
export interface HardwareStats {
  readonly BOD: number;
  readonly AGL: number;
  readonly CTR: number;
  /** Maximum Stamina. */
  readonly stamina: number;
  readonly armor: number;
  readonly buffer: number;
  readonly weaponDie: DieSize;
  readonly hardened: boolean;
  /** An ability, item or skill negates the AGL save to act first (seed: Rounds). */
  readonly noAglSave: boolean;
}

/** Defaults come from the package's attribute definitions so the two never disagree. */
function attributeDefault(id: string): number {
  const def = hardwareAttributes.find((a) => a.id === id);
  if (!def) throw new Error(`hardwareAttributes has no "${id}"`);
  return def.defaultValue;
}

const statFields: readonly StatField[] = [
  {
    id: 'BOD',
    label: 'Body',
    short: 'BOD',
    type: 'number',
    min: ATTRIBUTE_MIN,
    max: ATTRIBUTE_MAX,
    defaultValue: attributeDefault('BOD'),
    group: 'attribute',
    quick: true,
    help: 'Saved against after damage past 0 Stamina (Critical Damage); BOD 0 is death.',
  },
  {
    id: 'AGL',
    label: 'Agility',
    short: 'AGL',
    type: 'number',
    min: ATTRIBUTE_MIN,
    max: ATTRIBUTE_MAX,
    defaultValue: attributeDefault('AGL'),
    group: 'attribute',
    quick: true,
    help: 'PCs save AGL at the start of the fight to act before the opponents; AGL 0 is paralysis.',
  },
  {
    id: 'CTR',
    label: 'Control',
    short: 'CTR',
    type: 'number',
    min: ATTRIBUTE_MIN,
    max: ATTRIBUTE_MAX,
    defaultValue: attributeDefault('CTR'),
    group: 'attribute',
    quick: true,
    help: 'Saved against after stress past 0 Stamina (Critical Stress) and for morale; CTR 0 is a breakdown.',
  },
  {
    id: 'stamina',
    label: 'Max Stamina',
    short: 'STA',
    type: 'number',
    min: 0,
    max: STAMINA_MAX,
    defaultValue: attributeDefault('stamina'),
    group: 'resource',
    quick: true,
    help: 'Damage and stress come off Stamina first.',
  },
  {
    id: 'armor',
    label: 'Armor',
    short: 'ARM',
    type: 'number',
    min: 0,
    max: PROTECTION_MAX,
    defaultValue: attributeDefault('armor'),
    group: 'gear',
    quick: true,
    help: 'Subtracted from damage after Cover; no creature has more than 3.',
  },
  {
    id: 'buffer',
    label: 'Buffer',
    short: 'BUF',
    type: 'number',
    min: 0,
    max: PROTECTION_MAX,
    defaultValue: attributeDefault('buffer'),
    group: 'gear',
    help: 'Subtracted from stress, self-inflicted too; no creature has more than 3.',
  },
  {
    id: 'weaponDie',
    label: 'Weapon die',
    short: 'DMG',
    type: 'number',
    min: 4,
    max: 12,
    defaultValue: 6,
    group: 'combat',
    help: 'Damage die rolled when the sheet has no weapon (older sheets): 4, 6, 8, 10 or 12 sides.',
  },
  {
    id: 'hardened',
    label: 'Hardened',
    short: 'HRD',
    type: 'flag',
    defaultValue: false,
    group: 'combat',
    help: 'Attacks affected by Armor against it are Impaired (d4).',
  },
  {
    id: 'noAglSave',
    label: 'Acts first without an AGL save',
    short: 'FIRST',
    type: 'flag',
    defaultValue: false,
    group: 'combat',
    help: 'A PC whose ability, item or skill negates the AGL save to act first.',
  },
];

const FIELD_IDS = statFields.map((f) => f.id);

function validateStats(stats: Stats): string[] {
  if (typeof stats !== 'object' || stats === null || Array.isArray(stats)) {
    return [`The stat block must be an object of stats, got ${describe(stats)}.`];
  }
  const problems: string[] = [];
  for (const key of Object.keys(stats)) {
    if (!FIELD_IDS.includes(key)) {
      problems.push(`"${key}" is not a Hardware stat; the stats are ${FIELD_IDS.join(', ')}.`);
    }
  }
  for (const field of statFields) {
    // A missing stat takes its default, so quick NPC entry needs only what differs.
    if (!Object.hasOwn(stats, field.id)) continue;
    const value: unknown = stats[field.id];
    let problem: string | null = null;
    switch (field.id) {
      case 'BOD':
      case 'AGL':
      case 'CTR':
        problem = problemOf(() => requireAttribute(field.id, value));
        break;
      case 'stamina':
        problem = problemOf(() => requireStamina(field.label, value));
        break;
      case 'armor':
        problem = problemOf(() => requireProtection('Armor', value));
        break;
      case 'buffer':
        problem = problemOf(() => requireProtection('Buffer', value));
        break;
      case 'weaponDie':
        problem = problemOf(() => requireDieSize(field.label, value));
        break;
      default:
        if (typeof value !== 'boolean')
          problem = `${field.label} must be on or off (true or false), got ${describe(value)}.`;
    }
    if (problem !== null) problems.push(problem);
  }
  return problems;
}

// Stat blocks and health records are immutable JSON (the reducer replaces them, never edits
// them) and the GM screen reads the same ones on every redraw and round rebuild. So each is
// checked the first time it is seen and the checked value kept, keyed by the object; a bad one
// is never kept, so it fails with the same message every time.
const statsCache = new WeakMap<object, HardwareStats>();
const healthCache = new WeakMap<object, HardwareHealth>();

/** Validated stats with defaults; throws one RulesError naming every problem. */
export function readHardwareStats(stats: Stats): HardwareStats {
  const known = typeof stats === 'object' && stats !== null ? statsCache.get(stats) : undefined;
  if (known !== undefined) return known;
  const read = readStatsUncached(stats);
  statsCache.set(stats, read);
  return read;
}

function readStatsUncached(stats: Stats): HardwareStats {
  const problems = validateStats(stats);
  if (problems.length > 0) throw new RulesError('invalid-input', problems.join(' '), { problems });
  const get = (id: string): unknown =>
    Object.hasOwn(stats, id) ? stats[id] : statFields.find((f) => f.id === id)?.defaultValue;
  return {
    BOD: get('BOD') as number,
    AGL: get('AGL') as number,
    CTR: get('CTR') as number,
    stamina: get('stamina') as number,
    armor: get('armor') as number,
    buffer: get('buffer') as number,
    weaponDie: get('weaponDie') as DieSize,
    hardened: get('hardened') as boolean,
    noAglSave: get('noAglSave') as boolean,
  };
}

const percent = (p: number): number => Math.round(p * 100);

function derive(stats: Stats): readonly DerivedValue[] {
  const s = readHardwareStats(stats);
  const save = (id: AttributeId): DerivedValue => ({
    id: `${id.toLowerCase()}SavePercent`,
    label: `${id} save %`,
    value: percent(saveChance(s[id])),
    help: `Chance a d20 save against ${id} ${s[id]} succeeds (a 1 always does, a 20 never).`,
  });
  return [
    save('BOD'),
    save('AGL'),
    save('CTR'),
    {
      id: 'actFirstPercent',
      label: 'Acts first %',
      value: s.noAglSave ? 100 : percent(saveChance(s.AGL)),
      help: s.noAglSave
        ? 'Acts before the opponents without an AGL save.'
        : 'Chance the AGL save at the start of the fight lets this PC act before the opponents.',
    },
    {
      id: 'damageToReachBod',
      label: 'Damage to reach BOD',
      value: s.stamina + 1,
      help: 'Damage after Cover and Armor that first goes past Stamina into BOD and calls for a save.',
    },
    {
      id: 'damageToKill',
      label: 'Damage to kill',
      value: s.stamina + s.BOD,
      help: 'Damage in one blow that takes BOD to 0: death with no save.',
    },
    {
      id: 'weaponDie',
      label: 'Weapon die (sides)',
      value: s.weaponDie,
      help: `The main weapon rolls d${s.weaponDie}.`,
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Health
// ---------------------------------------------------------------------------------------------

export interface PendingCriticalSave {
  readonly id: string;
  readonly type: 'critical';
  readonly kind: 'damage' | 'stress';
  /** The new current BOD/CTR right after the overflow: the save is made against it. */
  readonly against: number;
}

export interface PendingMorale {
  readonly id: string;
  /** An NPC failed a Critical Stress save and must check morale. */
  readonly type: 'morale';
}

export type PendingCheck = PendingCriticalSave | PendingMorale;

/**
 * Hardware health: current values plus the states the rules leave behind. Dying and Overloaded
 * are not kept here: they live only as the conditions "dying" / "overloaded" (returned when
 * they start, removed when they end), so a GM adding or removing the condition by hand is
 * never contradicted by a hidden flag.
 */
export interface HardwareHealth {
  readonly stamina: number;
  readonly BOD: number;
  readonly AGL: number;
  readonly CTR: number;
  /** Armor lost to shred; current Armor is the stat block's Armor minus this. */
  readonly armorLost: number;
  /** The PC was stabilised after Critical Damage (shown until it is Dying again). */
  readonly stabilised: boolean;
  /** NPC failed a Critical Damage save: dead at the Admin's discretion. */
  readonly killed: boolean;
  readonly pending: readonly PendingCheck[];
  /** Counter that keeps check ids unique within a combatant. */
  readonly seq: number;
}

function fail(name: string, what: string): never {
  throw new RulesError('invalid-input', `${name}'s health is not Hardware health data: ${what}.`);
}

/** Health arrives as untyped JSON (persisted events); check every field before trusting it (once per record). */
export function readHardwareHealth(combatant: Pick<RulesCombatant, 'name' | 'health'>): HardwareHealth {
  const raw: unknown = combatant.health;
  const known = typeof raw === 'object' && raw !== null ? healthCache.get(raw) : undefined;
  if (known !== undefined) return known;
  const read = readHealthUncached(combatant);
  healthCache.set(combatant.health, read);
  return read;
}

function readHealthUncached(combatant: Pick<RulesCombatant, 'name' | 'health'>): HardwareHealth {
  const h = combatant.health as Record<string, unknown> | null | undefined;
  const name = combatant.name;
  if (typeof h !== 'object' || h === null || Array.isArray(h)) fail(name, `got ${describe(h)}`);
  const int = (key: string, max: number): number => {
    const v = h[key];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > max) fail(name, `${key} is ${describe(v)}`);
    return v;
  };
  const flag = (key: string): boolean => {
    const v = h[key];
    if (typeof v !== 'boolean') fail(name, `${key} is ${describe(v)}`);
    return v;
  };
  // Scalars first, so the first problem named is the most basic one.
  const scalars = {
    stamina: int('stamina', STAMINA_MAX),
    BOD: int('BOD', ATTRIBUTE_MAX),
    AGL: int('AGL', ATTRIBUTE_MAX),
    CTR: int('CTR', ATTRIBUTE_MAX),
    armorLost: int('armorLost', PROTECTION_MAX),
    stabilised: flag('stabilised'),
    killed: flag('killed'),
    seq: int('seq', Number.MAX_SAFE_INTEGER),
  };
  const pendingRaw = h.pending;
  if (!Array.isArray(pendingRaw)) fail(name, 'pending is not a list');
  const pending = pendingRaw.map((p: unknown): PendingCheck => {
    if (typeof p !== 'object' || p === null) fail(name, 'a pending check is not an object');
    const r = p as Record<string, unknown>;
    if (typeof r.id !== 'string') fail(name, 'a pending check has no id');
    if (r.type === 'morale') return { id: r.id, type: 'morale' };
    if (r.type === 'critical' && (r.kind === 'damage' || r.kind === 'stress')) {
      const against = r.against;
      if (typeof against !== 'number' || !Number.isInteger(against) || against < 1 || against > ATTRIBUTE_MAX) {
        fail(name, `pending check ${r.id} saves against ${describe(against)}`);
      }
      return { id: r.id, type: 'critical', kind: r.kind, against };
    }
    fail(name, `pending check ${r.id} has an unknown type`);
  });
  // Written out rather than spread: a spread copy gets a hidden class of its own, and these
  // records are read for every combatant on every redraw (one shape keeps those reads fast).
  return {
    stamina: scalars.stamina,
    BOD: scalars.BOD,
    AGL: scalars.AGL,
    CTR: scalars.CTR,
    armorLost: scalars.armorLost,
    stabilised: scalars.stabilised,
    killed: scalars.killed,
    seq: scalars.seq,
    pending,
  };
}

function initialHealth(stats: Stats, kind: CombatantKind): HealthState {
  if (kind !== 'pc' && kind !== 'npc') {
    throw new RulesError('invalid-input', `A combatant is a PC ("pc") or an NPC ("npc"), got ${describe(kind)}.`);
  }
  const s = readHardwareStats(stats);
  const health: HardwareHealth = {
    stamina: s.stamina,
    BOD: s.BOD,
    AGL: s.AGL,
    CTR: s.CTR,
    armorLost: 0,
    stabilised: false,
    killed: false,
    pending: [],
    seq: 0,
  };
  return health as unknown as HealthState;
}

const asState = (h: HardwareHealth): HealthState => h as unknown as HealthState;

/** Conditions that stop a turn whoever applied them (the rules at 0 AGL/CTR, or the GM by hand). */
const NO_TURN_CONDITIONS = [
  { id: 'dying', state: 'Dying' },
  { id: 'paralysed', state: 'Paralysed' },
  { id: 'breakdown', state: 'Breakdown' },
] as const;

/** Everything the views, initiative, round and prompts need to know about one combatant. */
interface Status {
  readonly dead: boolean;
  readonly dying: boolean;
  readonly overloaded: boolean;
  readonly moraleBroken: boolean;
  readonly canAct: boolean;
  readonly severity: HealthSeverity;
  /** Why the combatant cannot act (or its main state), first one wins. */
  readonly states: readonly string[];
}

function statusOf(s: HardwareStats, h: HardwareHealth, conditionIds: readonly string[]): Status {
  // Plain loops and no local helper functions: this runs for every combatant on every redraw.
  const states: string[] = [];
  const dead = h.BOD === 0 || h.killed;
  if (dead) states.push('Dead');
  else {
    for (let i = 0; i < NO_TURN_CONDITIONS.length; i++) {
      const { id, state } = NO_TURN_CONDITIONS[i]!;
      // AGL 0 is paralysis and CTR 0 a breakdown even without the condition on the combatant.
      const fromAttribute = (id === 'paralysed' && h.AGL === 0) || (id === 'breakdown' && h.CTR === 0);
      if (fromAttribute || (conditionIds.length > 0 && conditionIds.includes(id))) states.push(state);
    }
  }
  const dying = !dead && conditionIds.includes('dying');
  const overloaded = !dead && conditionIds.includes('overloaded');
  const canAct = states.length === 0;
  const hurt = h.stamina < s.stamina || h.BOD < s.BOD || h.AGL < s.AGL || h.CTR < s.CTR || overloaded || h.stabilised;
  const severity: HealthSeverity = dead ? 'dead' : !canAct ? 'down' : hurt ? 'hurt' : 'ok';
  return { dead, dying, overloaded, moraleBroken: conditionIds.includes('morale-broken'), canAct, severity, states };
}

function load(c: RulesCombatant): { s: HardwareStats; h: HardwareHealth; status: Status } {
  checkCombatant(c);
  const s = readHardwareStats(c.stats);
  const h = readHardwareHealth(c);
  return { s, h, status: statusOf(s, h, c.conditionIds) };
}

/** load's checks (the stat block's too) without working out the status: for callers that need only the health. */
function loadHealth(c: RulesCombatant): HardwareHealth {
  checkCombatant(c);
  readHardwareStats(c.stats);
  return readHardwareHealth(c);
}

function checkCombatant(c: RulesCombatant): void {
  if (typeof c !== 'object' || c === null)
    throw new RulesError('invalid-input', `A combatant must be an object, got ${describe(c)}.`);
  if (c.kind !== 'pc' && c.kind !== 'npc') {
    throw new RulesError('invalid-input', `${c.name} must be a PC ("pc") or an NPC ("npc"), got ${describe(c.kind)}.`);
  }
  if (typeof c.side !== 'string') throw new RulesError('invalid-input', `${c.name} has no side.`);
  if (c.groupId !== undefined && typeof c.groupId !== 'string') {
    throw new RulesError('invalid-input', `${c.name}'s group must be a group id, got ${describe(c.groupId)}.`);
  }
  if (!Array.isArray(c.conditionIds) || c.conditionIds.some((id) => typeof id !== 'string')) {
    throw new RulesError(
      'invalid-input',
      `${c.name}'s conditions must be a list of condition ids, got ${describe(c.conditionIds)}.`,
    );
  }
}

const HARM_KINDS: readonly HarmKind[] = [
  { id: 'damage', label: 'Damage (after Cover and Armor)', healing: false },
  { id: 'stress', label: 'Stress (after Buffer)', healing: false },
  {
    id: 'attribute',
    label: 'Attribute loss (outside combat)',
    healing: false,
    // The contract documents Harm.location as "the attribute hit" for this kind.
    locations: [
      { id: 'BOD', label: 'BOD' },
      { id: 'AGL', label: 'AGL' },
      { id: 'CTR', label: 'CTR' },
    ],
  },
  { id: 'shred', label: 'Shred (Armor lost)', healing: false },
  { id: 'heal-stamina', label: 'Restore Stamina', healing: true },
  { id: 'stabilise', label: 'Stabilise (aid such as a Medkit)', healing: true },
];

function pendingReason(p: PendingCheck): ExplainStep {
  if (p.type === 'morale') {
    return step(
      'The NPC failed a Critical Stress save and must make a morale check (CTR save).',
      SECTIONS.criticalStress,
    );
  }
  return p.kind === 'damage'
    ? step(
        `Damage went past 0 Stamina: BOD save against the new BOD of ${p.against} to avoid Critical Damage.`,
        SECTIONS.criticalDamage,
      )
    : step(
        `Stress went past 0 Stamina: CTR save against the new CTR of ${p.against} to avoid Critical Stress.`,
        SECTIONS.criticalStress,
      );
}

function requestLabel(c: RulesCombatant, p: PendingCheck): string {
  return p.type === 'morale'
    ? `${c.name}: morale check (CTR save)`
    : p.kind === 'damage'
      ? `${c.name}: BOD save vs ${p.against} (Critical Damage)`
      : `${c.name}: CTR save vs ${p.against} (Critical Stress)`;
}

function toRequest(c: RulesCombatant, p: PendingCheck): CheckRequest {
  const label = requestLabel(c, p);
  return { id: p.id, combatantId: c.id, label, dice: { count: 1, sides: SAVE_DIE }, reason: pendingReason(p) };
}

/** Pending checks that a zeroed attribute makes moot: BOD 0 ends everything, CTR 0 the stress ones. */
function dropMoot(pending: readonly PendingCheck[], zeroed: AttributeId): PendingCheck[] {
  if (zeroed === 'BOD') return [];
  if (zeroed === 'CTR') return pending.filter((p) => p.type === 'critical' && p.kind === 'damage');
  return [...pending];
}

function applyHarm(combatant: RulesCombatant, harm: Harm): HarmOutcome {
  const { s, h, status } = load(combatant);
  if (typeof harm !== 'object' || harm === null) {
    throw new RulesError('invalid-input', `Harm must be an object with a kind and an amount, got ${describe(harm)}.`);
  }
  const kind = HARM_KINDS.find((k) => k.id === harm.kind);
  if (!kind) {
    throw new RulesError(
      'invalid-input',
      `Unknown harm ${describe(harm.kind)}; Hardware takes ${HARM_KINDS.map((k) => k.id).join(', ')}.`,
    );
  }
  if (harm.location !== undefined && kind.locations === undefined) {
    throw new RulesError('invalid-input', `${kind.label} takes no location; Hardware has no hit locations.`);
  }
  const name = combatant.name;
  const pc = combatant.kind === 'pc';

  if (kind.id === 'damage' || kind.id === 'stress') {
    const attr = kind.id === 'damage' ? 'BOD' : 'CTR';
    const r = applyOverflowHarm({ kind: kind.id, stamina: h.stamina, attribute: h[attr], amount: harm.amount, pc });
    const steps: ExplainStep[] = [...r.steps];
    let next: HardwareHealth = { ...h, stamina: r.stamina, [attr]: r.attribute };
    if (status.dead) {
      // Simultaneous resolution can land a second blow on a creature already dead: record it, ask nothing.
      steps.push(step(`${name} is already dead: no save is made.`, SECTIONS.attributeLoss));
      return { health: asState({ ...next, pending: [] }), steps };
    }
    if (r.zeroed) {
      next = { ...next, pending: dropMoot(next.pending, attr) };
    } else if (r.outcome === 'save-pending') {
      const seq = h.seq + 1;
      const id = `critical-${kind.id}:${seq}`;
      next = {
        ...next,
        seq,
        pending: [...next.pending, { id, type: 'critical', kind: kind.id, against: r.attribute }],
      };
      steps.push(
        step(
          `${name} must roll the ${attr} save now (check ${id}).`,
          kind.id === 'damage' ? SECTIONS.criticalDamage : SECTIONS.criticalStress,
        ),
      );
    }
    return { health: asState(next), steps };
  }

  if (kind.id === 'attribute') {
    const attributeId = harm.location as AttributeId | undefined;
    if (attributeId !== 'BOD' && attributeId !== 'AGL' && attributeId !== 'CTR') {
      throw new RulesError(
        'invalid-input',
        `Attribute loss must name BOD, AGL or CTR as its location, got ${describe(harm.location)}.`,
      );
    }
    const r = harmOutsideCombat({ attributeId, value: h[attributeId], amount: harm.amount });
    const next: HardwareHealth = {
      ...h,
      [attributeId]: r.value,
      pending: r.zeroed ? dropMoot(h.pending, attributeId) : h.pending,
    };
    return { health: asState(next), steps: r.steps };
  }

  if (kind.id === 'shred') {
    const lost = requireInteger('Armor lost', harm.amount, 0, PROTECTION_MAX);
    const before = Math.max(0, s.armor - h.armorLost);
    const after = Math.max(0, before - lost);
    return {
      health: asState({ ...h, armorLost: s.armor - after }),
      steps: [
        step(
          `Shred: ${name}'s Armor drops from ${before} to ${after}${before - lost < 0 ? ' (never below 0)' : ''}.`,
          SECTIONS.gearTags,
          'book',
        ),
      ],
    };
  }

  if (kind.id === 'heal-stamina') {
    const amount = requireInteger('Stamina restored', harm.amount, 0, HARM_MAX);
    if (status.dead) throw new RulesError('not-allowed', `${name} is dead: Stamina cannot be restored.`);
    const after = Math.min(s.stamina, h.stamina + amount);
    const steps = [
      step(
        `${name} recovers Stamina: ${h.stamina} → ${after}${h.stamina + amount > s.stamina ? ` (maximum ${s.stamina})` : ''}.`,
        SECTIONS.combat,
        'default',
      ),
    ];
    const next = asState({ ...h, stamina: after });
    if (status.overloaded && after > h.stamina) {
      steps.push(step(`${name} recovered Stamina and is no longer Overloaded.`, SECTIONS.criticalStress));
      return { health: next, steps, removeConditions: ['overloaded'] };
    }
    return { health: next, steps };
  }

  // stabilise
  requireInteger('Stabilise amount', harm.amount, 0, HARM_MAX);
  if (!status.dying) {
    throw new RulesError('not-allowed', `${name} is not Dying: only a Dying PC can be stabilised.`);
  }
  return {
    health: asState({ ...h, stabilised: true }),
    steps: [step(`${name} is given aid and stabilises: no longer Dying.`, SECTIONS.criticalDamage)],
    removeConditions: ['dying'],
  };
}

function healthView(combatant: RulesCombatant): HealthView {
  const { s, h, status } = load(combatant);
  const modifiers: string[] = [];
  const markers: string[] = [];
  if (status.overloaded) {
    modifiers.push('Overloaded: no actions that inflict stress on itself until it recovers at least 1 Stamina.');
  }
  const armor = Math.max(0, s.armor - h.armorLost);
  if (s.armor > 0 || h.armorLost > 0) {
    modifiers.push(h.armorLost > 0 ? `Armor ${armor} (${s.armor}, ${h.armorLost} shredded)` : `Armor ${armor}`);
  }
  if (s.buffer > 0) modifiers.push(`Buffer ${s.buffer}`);
  if (s.hardened) modifiers.push('Hardened: attacks affected by Armor against it are Impaired (d4).');
  for (const p of h.pending) markers.push(requestLabel(combatant, p));
  if (h.stabilised && !status.dead && !status.dying) markers.push('Stabilised after Critical Damage');

  let stateLabel = status.states.join(', ');
  if (stateLabel === '') {
    const due = h.pending.some((p) => p.type === 'critical') ? 'Save due' : h.pending.length ? 'Morale check due' : '';
    stateLabel =
      due ||
      (status.overloaded
        ? 'Overloaded'
        : h.stabilised
          ? 'Stabilised'
          : status.severity === 'hurt'
            ? h.stamina === 0
              ? 'No Stamina'
              : 'Hurt'
            : 'Unhurt');
  }
  return {
    tracks: [
      { id: 'stamina', label: 'Stamina', current: h.stamina, max: Math.max(s.stamina, h.stamina), style: 'bar' },
      // An attribute above the sheet (sheet edited mid-fight) still fits the track. Each is read by
      // name (not h[id]): a lookup by a varying key is several times slower on every redraw.
      { id: 'BOD', label: 'BOD', current: h.BOD, max: Math.max(s.BOD, h.BOD), style: 'bar' },
      { id: 'AGL', label: 'AGL', current: h.AGL, max: Math.max(s.AGL, h.AGL), style: 'bar' },
      { id: 'CTR', label: 'CTR', current: h.CTR, max: Math.max(s.CTR, h.CTR), style: 'bar' },
    ],
    stateLabel,
    severity: status.severity,
    modifiers,
    markers,
    canAct: status.canAct,
  };
}

// Hardware saves fall due the moment harm overflows, whoever's turn it is: the moment is not needed.
function checksDue(combatant: RulesCombatant, _moment: EncounterMoment): readonly CheckRequest[] {
  const h = loadHealth(combatant);
  // Nothing pending is the usual answer; otherwise only death (statusOf's `dead`) cancels the checks.
  if (h.pending.length === 0 || h.BOD === 0 || h.killed) return [];
  return h.pending.map((p) => toRequest(combatant, p));
}

// ---------------------------------------------------------------------------------------------
// Morale prompts (book: NPC groups save CTR at the first casualty and at half strength)
// ---------------------------------------------------------------------------------------------

const MORALE_PREFIX = 'morale:';
const TRIGGERS: readonly MoraleTrigger[] = ['first-casualty', 'half-strength'];

/** An NPC's morale group: NPCs sharing a groupId; NPCs with no group form one group per side. */
export interface MoraleGroup {
  /** `group:<groupId>` or `side:<side>`, so a group id can never be mistaken for a side. */
  readonly key: string;
  readonly label: string;
}

export function moraleGroupOf(c: Pick<RulesCombatant, 'side' | 'groupId'>): MoraleGroup {
  return { key: moraleGroupKey(c), label: moraleGroupLabel(c) };
}

function moraleGroupKey(c: Pick<RulesCombatant, 'side' | 'groupId'>): string {
  return c.groupId !== undefined ? `group:${c.groupId}` : `side:${c.side}`;
}

function moraleGroupLabel(c: Pick<RulesCombatant, 'side' | 'groupId'>): string {
  return c.groupId !== undefined ? `group "${c.groupId}"` : `the ungrouped ${c.side} NPCs`;
}

/** Stable id: `morale:<group key>:<trigger>[+<trigger>]` (one save covers both when they fall due together). */
export function moralePromptId(groupKey: string, triggers: readonly MoraleTrigger[]): string {
  return `${MORALE_PREFIX}${groupKey}:${triggers.join('+')}`;
}

/**
 * The morale triggers already prompted, by group key, read from every prompt id in one pass (not
 * once per group). An id is `morale:<key>:<triggers>`; a group key may itself contain ":", so
 * the triggers are always after the last one.
 */
function triggersPromptedByGroup(alreadyPrompted: readonly string[]): Map<string, MoraleTrigger[]> {
  const byGroup = new Map<string, MoraleTrigger[]>();
  for (const id of alreadyPrompted) {
    if (!id.startsWith(MORALE_PREFIX)) continue;
    const last = id.lastIndexOf(':');
    if (last < MORALE_PREFIX.length) continue;
    const key = id.slice(MORALE_PREFIX.length, last);
    let done = byGroup.get(key);
    if (done === undefined) {
      done = [];
      byGroup.set(key, done);
    }
    for (const token of id.slice(last + 1).split('+')) {
      const trigger = TRIGGERS.find((t) => t === token);
      if (trigger && !done.includes(trigger)) done.push(trigger);
    }
  }
  return byGroup;
}

interface MoraleMember {
  readonly c: RulesCombatant;
  readonly status: Status;
}

/** The NPCs of each morale group, in encounter order; the group is named after its first member. */
function moraleGroups(
  combatants: readonly RulesCombatant[],
): Map<string, { key: string; first: RulesCombatant; members: MoraleMember[] }> {
  const groups = new Map<string, { key: string; first: RulesCombatant; members: MoraleMember[] }>();
  for (const c of combatants) {
    if (c.kind !== 'npc') continue;
    const { status } = load(c);
    // Only the key is needed per member; the label is made for the few groups that get a prompt.
    const key = moraleGroupKey(c);
    let entry = groups.get(key);
    if (entry === undefined) {
      entry = { key, first: c, members: [] };
      groups.set(key, entry);
    }
    entry.members.push({ c, status });
  }
  return groups;
}

function encounterPrompts(
  combatants: readonly RulesCombatant[],
  alreadyPrompted: readonly string[],
): readonly CheckRequest[] {
  if (!Array.isArray(combatants))
    throw new RulesError('invalid-input', `combatants must be a list, got ${describe(combatants)}.`);
  if (!Array.isArray(alreadyPrompted) || alreadyPrompted.some((id) => typeof id !== 'string')) {
    throw new RulesError('invalid-input', 'alreadyPrompted must be a list of prompt ids.');
  }
  const prompts: CheckRequest[] = [];
  const prompted = triggersPromptedByGroup(alreadyPrompted);
  for (const { key, first, members } of moraleGroups(combatants).values()) {
    const casualties = members.filter((m) => !m.status.canAct).length;
    const { due, steps } = moraleChecksDue({
      groupSize: members.length,
      casualties,
      alreadyChecked: prompted.get(key) ?? [],
    });
    // The first member still standing rolls; once every one of them has broken, morale is already lost.
    const leader = members.find((m) => m.status.canAct && !m.status.moraleBroken);
    if (due.length === 0 || !leader || !steps[0]) continue;
    prompts.push({
      id: moralePromptId(key, due),
      combatantId: leader.c.id,
      label: `Morale: ${moraleGroupLabel(first)} save CTR (${leader.c.name} rolls for the group)`,
      dice: { count: 1, sides: SAVE_DIE },
      reason: { text: steps.map((st) => st.text).join(' '), rule: steps[0].rule },
    });
  }
  return prompts;
}

function moraleBroken(note: string): ConditionInit {
  return { conditionId: 'morale-broken', label: 'Morale broken', note };
}

function resolveCheck(
  combatant: RulesCombatant,
  checkId: string,
  faces: readonly number[],
  _moment: EncounterMoment,
  everyone: readonly RulesCombatant[],
): CheckOutcome {
  const { h, status } = load(combatant);
  const name = combatant.name;
  if (typeof checkId !== 'string')
    throw new RulesError('invalid-input', `A check id must be text, got ${describe(checkId)}.`);

  if (checkId.startsWith(MORALE_PREFIX)) {
    if (combatant.kind !== 'npc') throw new RulesError('not-allowed', `${name} is a PC: only NPC groups check morale.`);
    const group = moraleGroupOf(combatant);
    const key = checkId.slice(MORALE_PREFIX.length, checkId.lastIndexOf(':'));
    const tokens = checkId.slice(checkId.lastIndexOf(':') + 1).split('+');
    if (key !== group.key || tokens.some((t) => !TRIGGERS.some((x) => x === t))) {
      throw new RulesError('unknown-entry', `"${checkId}" is not a morale check of ${name}'s group (${group.label}).`);
    }
    if (!status.canAct) throw new RulesError('not-allowed', `${name} cannot act, so cannot roll morale for the group.`);
    if (!Array.isArray(everyone))
      throw new RulesError('invalid-input', `everyone must be the list of combatants, got ${describe(everyone)}.`);
    const r = resolveMorale({ ctr: h.CTR, rolls: faces });
    if (r.holds) return { health: asState(h), steps: r.steps, conditions: [] };
    const note = `${group.label[0]?.toUpperCase() ?? ''}${group.label.slice(1)} flee or surrender (Admin's call).`;
    // The whole group breaks: every living member not already broken, besides the roller.
    const others = [...(moraleGroups(everyone).get(group.key)?.members ?? [])]
      .filter((m) => m.c.id !== combatant.id && !m.status.dead && !m.status.moraleBroken)
      .map((m) => ({ combatantId: m.c.id, conditions: [moraleBroken(note)] }));
    return { health: asState(h), steps: r.steps, conditions: [moraleBroken(note)], others };
  }

  const pending = h.pending.find((p) => p.id === checkId);
  if (!pending) {
    const due = h.pending.map((p) => p.id).join(', ') || 'none';
    throw new RulesError('unknown-entry', `No check "${checkId}" is due for ${name}; due: ${due}.`);
  }
  const rest = h.pending.filter((p) => p !== pending);

  if (pending.type === 'morale') {
    const r = resolveMorale({ ctr: h.CTR, rolls: faces });
    return {
      health: asState({ ...h, pending: rest }),
      steps: r.steps,
      conditions: r.holds ? [] : [moraleBroken(`${name} flees or surrenders (Admin's call).`)],
    };
  }

  const attr = pending.kind === 'damage' ? 'BOD' : 'CTR';
  const section = pending.kind === 'damage' ? SECTIONS.criticalDamage : SECTIONS.criticalStress;
  const save = resolveSave({ attribute: pending.against, rolls: faces, label: `${name}'s ${attr} save` });
  const steps: ExplainStep[] = [...save.steps];
  if (save.success) {
    steps.push(step(`The save holds: no Critical ${pending.kind === 'damage' ? 'Damage' : 'Stress'}.`, section));
    return { health: asState({ ...h, pending: rest }), steps };
  }
  const consequence = CRITICAL_CONSEQUENCES[pending.kind][combatant.kind];
  steps.push(step(consequence.text, section));
  const conditions: ConditionInit[] = [];
  let next: HardwareHealth = { ...h, pending: rest };
  if (consequence.state === 'dying') {
    next = { ...next, stabilised: false };
    conditions.push(
      { conditionId: 'dying', label: 'Dying' },
      { conditionId: 'wound', label: 'Wound', note: 'Added to the inventory by Critical Damage.' },
    );
  } else if (consequence.state === 'dead') {
    next = { ...next, killed: true, pending: [] };
  } else if (consequence.state === 'overloaded') {
    conditions.push(
      { conditionId: 'overloaded', label: 'Overloaded' },
      { conditionId: 'strain', label: 'Strain', note: 'Added to the inventory by Critical Stress.' },
    );
  } else {
    const seq = h.seq + 1;
    const id = `npc-morale:${seq}`;
    next = { ...next, seq, pending: [...rest, { id, type: 'morale' }] };
    steps.push(step(`${name} must roll its morale check (check ${id}).`, SECTIONS.morale, 'book'));
  }
  return { health: asState(next), steps, conditions };
}

// ---------------------------------------------------------------------------------------------
// Conditions
// ---------------------------------------------------------------------------------------------

const conditions: readonly ConditionDef[] = [
  {
    id: 'dying',
    label: 'Dying',
    description:
      'Critical Damage: can only crawl weakly, grasping for life. With aid (such as a Medkit) stabilises; untreated, dies within the hour.',
  },
  { id: 'wound', label: 'Wound', description: 'Critical Damage added a Wound to the inventory.' },
  {
    id: 'overloaded',
    label: 'Overloaded',
    description:
      'Critical Stress: cannot take actions that inflict stress on itself until it recovers at least 1 Stamina.',
  },
  { id: 'strain', label: 'Strain', description: 'Critical Stress added a Strain to the inventory.' },
  {
    id: 'paralysed',
    label: 'Paralysed',
    description: 'AGL 0: unable to act until restored through extended rest or by extraordinary means.',
  },
  {
    id: 'breakdown',
    label: 'Mental breakdown',
    description: 'CTR 0: unable to act until restored through extended rest or by extraordinary means.',
  },
  // No default duration: the Aim lasts until the aimed attack or until the target leaves line of sight.
  {
    id: 'aiming',
    label: 'Aiming',
    description:
      'Aimed at a target it can see (name it in the note): its next attack on that target deals maximum damage. Broken if the target completely leaves line of sight.',
  },
  {
    id: 'impaired',
    label: 'Impaired',
    description:
      'Its attacks always do d4 damage and cannot be improved by Edges (e.g. behind Heavy Cover, or an unimpaired enemy beside a shooter).',
  },
  {
    id: 'hardened',
    label: 'Hardened',
    description:
      'Attacks affected by Armor against it are Impaired. Use the stat block flag for creatures that are always Hardened.',
  },
  { id: 'light-cover', label: 'Light Cover', description: '+1 Cover: subtracted from damage before Armor.' },
  {
    id: 'heavy-cover',
    label: 'Heavy Cover',
    description: '+2 Cover: subtracted from damage before Armor; attacks from behind it are Impaired.',
  },
  {
    id: 'morale-broken',
    label: 'Morale broken',
    description: 'Failed a morale CTR save: flees or surrenders (Admin’s call).',
  },
];

// ---------------------------------------------------------------------------------------------
// Initiative: each PC's AGL save to act before the opponents (seed: Rounds)
// ---------------------------------------------------------------------------------------------

function pcOf(participant: InitiativeParticipant): {
  c: RulesCombatant;
  s: HardwareStats;
  h: HardwareHealth;
  status: Status;
} {
  if (typeof participant !== 'object' || participant === null || !Array.isArray(participant.members)) {
    throw new RulesError('invalid-input', `An initiative participant must have members, got ${describe(participant)}.`);
  }
  const c = participant.members[0];
  if (participant.members.length !== 1 || !c) {
    throw new RulesError(
      'invalid-input',
      `${participant.label} must be exactly one PC: in Hardware each PC saves AGL for itself.`,
    );
  }
  if (c.kind !== 'pc') {
    throw new RulesError(
      'invalid-input',
      `${c.name} is an NPC: NPCs make no AGL save in Hardware; they act after the PCs.`,
    );
  }
  if (c.id !== participant.id) {
    throw new RulesError('invalid-input', `Participant "${participant.id}" must have the id of its PC, "${c.id}".`);
  }
  return { c, ...load(c) };
}

/** The d20 is rolled only by a PC who can act, has AGL above 0 and no ability negating the save. */
function rollsSave(s: HardwareStats, h: HardwareHealth, status: Status): boolean {
  return status.canAct && !s.noAglSave && h.AGL > 0;
}

/** Only PCs save AGL; NPCs never roll and act after them (seed: Rounds). */
function participants(
  combatants: readonly RulesCombatant[],
  _sides: readonly { id: string; name: string }[],
): InitiativeParticipant[] {
  if (!Array.isArray(combatants))
    throw new RulesError('invalid-input', `combatants must be a list, got ${describe(combatants)}.`);
  const seen = new Set<string>();
  const pcs: InitiativeParticipant[] = [];
  for (const c of combatants) {
    load(c);
    if (seen.has(c.id)) throw new RulesError('invalid-input', `Combatant "${c.id}" is listed twice.`);
    seen.add(c.id);
    // Every PC is listed, even one who cannot act: it shows as "Cannot act" rather than vanishing.
    if (c.kind === 'pc') pcs.push({ id: c.id, label: c.name || c.id, members: [c] });
  }
  return pcs;
}

const DISPLAY: Readonly<Record<string, string>> = {
  'save-succeeded': 'Acts first',
  'no-save-needed': 'No save needed',
  'save-failed': 'Loses turn',
  paralysed: 'Cannot act',
  'cannot-act': 'Cannot act',
};

function score(participant: InitiativeParticipant, faces: readonly number[]): InitiativeEntry {
  const { c, s, h, status } = pcOf(participant);
  if (!Array.isArray(faces))
    throw new RulesError('invalid-input', `${c.name}'s AGL save must be a list of d20 faces, got ${describe(faces)}.`);
  const name = c.name || c.id;
  // AGL 0 alone goes to the package (it knows AGL 0 is paralysis); any other reason — a
  // "paralysed" condition on a PC with AGL left included — means no turn at all.
  const onlyAglZero = h.AGL === 0 && status.states.length === 1 && status.states[0] === 'Paralysed';
  if (!status.canAct && !onlyAglZero) {
    if (faces.length > 0)
      throw new RulesError('invalid-input', `${name} cannot act (${status.states.join(', ')}): make no AGL save.`);
    return {
      participantId: participant.id,
      memberIds: [c.id],
      score: 0,
      display: DISPLAY['cannot-act'] ?? '',
      faces: [],
      detail: { actsFirst: false, reason: 'cannot-act', agl: h.AGL },
      steps: [step(`${name} cannot act (${status.states.join(', ')}): no turn this round.`, SECTIONS.rounds)],
    };
  }
  const needsRoll = rollsSave(s, h, status);
  if (!needsRoll && faces.length > 0) {
    throw new RulesError(
      'invalid-input',
      `${name} makes no AGL save (${s.noAglSave ? 'acts first without one' : 'AGL 0: paralysed'}); remove the roll.`,
    );
  }
  // The package decides: save, no-save-needed, or paralysed; the closing "opponents act" step is added by order().
  const r = resolveRoundStart([
    {
      id: name,
      agl: h.AGL,
      rolls: needsRoll && faces.length > 0 ? faces : undefined,
      noSaveNeeded: s.noAglSave && h.AGL > 0,
    },
  ]);
  const pc = r.pcs[0];
  if (!pc) throw new RulesError('invalid-input', `${name}: the AGL save gave no result.`);
  const detail: Record<string, number | boolean | string> = { actsFirst: pc.actsFirst, reason: pc.reason, agl: h.AGL };
  if (pc.save) detail.kept = pc.save.kept;
  return {
    participantId: participant.id,
    memberIds: [c.id],
    score: pc.actsFirst ? 1 : 0,
    display: DISPLAY[pc.reason] ?? pc.reason,
    faces: [...faces],
    detail,
    steps: [...(pc.save?.steps ?? []), ...r.steps.slice(0, -1)],
  };
}

/**
 * A round after the first under the seed's timing (toggle `aglSave`, "start-of-fight"): step 3 of
 * Rounds, "the next round begins with the PCs taking their turn", so nobody saves and every PC who
 * can act goes before the opponents. Marked `laterRound` so the order re-reads it, not its faces.
 */
function laterRoundEntry(participant: InitiativeParticipant): InitiativeEntry {
  const { c, h, status } = pcOf(participant);
  const name = c.name || c.id;
  const acts = status.canAct;
  return {
    participantId: participant.id,
    memberIds: [c.id],
    score: acts ? 1 : 0,
    display: (acts ? DISPLAY['save-succeeded'] : DISPLAY['cannot-act']) ?? '',
    faces: [],
    detail: { actsFirst: acts, reason: acts ? 'later-round' : 'cannot-act', agl: h.AGL, laterRound: true },
    steps: [
      step(
        acts
          ? `${name} makes no AGL save after the start of the fight: the round begins with the PCs.`
          : `${name} cannot act (${status.states.join(', ')}): no turn this round.`,
        SECTIONS.rounds,
      ),
    ],
  };
}

/** Later rounds: no save under the seed's timing, a new save each round with the toggle. */
function laterRoundEntries(
  pcs: readonly InitiativeParticipant[],
  toggles: ToggleValues,
): readonly InitiativeEntry[] | null {
  return aglSaveTiming(toggles) === 'every-round' ? null : pcs.map(laterRoundEntry);
}

function aglSaveTiming(toggles: ToggleValues): AglSaveTiming {
  const value = toggles?.aglSave ?? 'start-of-fight';
  if (value !== 'start-of-fight' && value !== 'every-round') {
    throw new RulesError(
      'invalid-input',
      `The AGL save toggle must be "start-of-fight" or "every-round", got ${describe(value)}.`,
    );
  }
  return value;
}

function order(
  entries: readonly InitiativeEntry[],
  pcs: readonly InitiativeParticipant[],
  _toggles: ToggleValues,
): InitiativeOrder {
  if (!Array.isArray(entries) || !Array.isArray(pcs)) {
    throw new RulesError('invalid-input', 'Initiative needs a list of entries and a list of participants.');
  }
  const ids = new Set(pcs.map((p) => p.id));
  if (ids.size !== pcs.length) throw new RulesError('invalid-input', 'A PC is listed twice among the participants.');
  const byId = new Map<string, InitiativeEntry>();
  for (const e of entries) {
    if (!ids.has(e.participantId))
      throw new RulesError('unknown-entry', `The AGL save of "${e.participantId}" belongs to no participant.`);
    if (byId.has(e.participantId))
      throw new RulesError('invalid-input', `"${e.participantId}" has two AGL saves this round.`);
    byId.set(e.participantId, e);
  }
  const acts: string[] = [];
  const loses: string[] = [];
  const steps: ExplainStep[] = [];
  // Participants' order is the input order the PCs act in; entries are re-scored from their faces
  // so a stale or hand-edited detail can never change who acts.
  for (const p of pcs) {
    const e = byId.get(p.id);
    if (!e) throw new RulesError('invalid-input', `${p.label} has not made the AGL save for this round yet.`);
    // Order runs again whenever another PC's save comes in: a PC paralysed (or given the ability)
    // since its own roll loses (or skips) the save now instead of blocking everyone else's.
    const { s, h, status } = pcOf(p);
    const fresh = e.detail.laterRound === true ? laterRoundEntry(p) : score(p, rollsSave(s, h, status) ? e.faces : []);
    (fresh.detail.actsFirst === true ? acts : loses).push(p.id);
    steps.push(...fresh.steps);
  }
  steps.push(...resolveRoundStart([]).steps);
  return { order: acts, losesTurn: loses, steps };
}

function buildRound(context: RoundContext): readonly TurnSlot[] {
  if (typeof context !== 'object' || context === null || !Array.isArray(context.combatants)) {
    throw new RulesError('invalid-input', 'A round needs the list of combatants.');
  }
  const byId = new Map<string, { c: RulesCombatant; canAct: boolean }>();
  for (const c of context.combatants) {
    if (byId.has(c.id)) throw new RulesError('invalid-input', `Combatant "${c.id}" is listed twice.`);
    byId.set(c.id, { c, canAct: load(c).status.canAct });
  }
  if (!Array.isArray(context.acted)) throw new RulesError('invalid-input', 'A round needs the list of turns taken.');
  const all = [...byId.values()];
  if (context.initiative === null) {
    if (all.some((x) => x.c.kind === 'pc' && x.canAct)) {
      throw new RulesError('not-allowed', `Round ${context.round}: the PCs have not made their AGL saves yet.`);
    }
  }
  const slots: TurnSlot[] = [];
  for (const id of context.initiative?.order ?? []) {
    const x = byId.get(id);
    if (!x) throw new RulesError('unknown-entry', `"${id}" acts first this round but is not in the encounter.`);
    if (x.c.kind !== 'pc')
      throw new RulesError('invalid-input', `${x.c.name} is an NPC: only PCs save AGL to act first.`);
    // A PC taken down after the save (or a replayed order) gets no turn.
    if (x.canAct) slots.push({ combatantId: id, pass: 1 });
  }
  // Then the opponents, in the order they were added.
  for (const x of all) if (x.c.kind === 'npc' && x.canAct) slots.push({ combatantId: x.c.id, pass: 1 });
  // The tracker drops turns already taken too; doing it here keeps a rebuilt round right on its own.
  // Every slot here is pass 1, so a set of who took pass 1 answers it without a search per slot.
  if (slots.length === 0 || context.acted.length === 0) return slots;
  const taken = new Set<unknown>();
  for (const a of context.acted) if (a.pass === 1) taken.add(a.combatantId);
  return slots.filter((slot) => !taken.has(slot.combatantId));
}

// ---------------------------------------------------------------------------------------------
// Action economy (seed: Actions)
// ---------------------------------------------------------------------------------------------

// The budgets are the same for everyone in a state, so they are built once (the tracker asks on every redraw).
/** Cited when the tracker refuses an action. */
const ACTIONS_RULE = { section: SECTIONS.actions, source: 'seed' } as const;
const DYING_ECONOMY: Economy = {
  resources: [{ id: 'move', label: 'Move', max: 1, refresh: 'turn' }],
  actions: [
    {
      id: 'crawl',
      label: 'Crawl weakly',
      costs: { move: 1 },
      help: 'Dying PCs cannot do anything but crawl weakly.',
    },
  ],
  summary: 'Dying: can only crawl weakly, grasping for life.',
  rule: ACTIONS_RULE,
};

const TURN_RESOURCES: Economy['resources'] = [
  { id: 'move', label: 'Move', max: 1, refresh: 'turn' },
  { id: 'action', label: 'Action', max: 1, refresh: 'turn' },
];

const TURN_ACTIONS: Economy['actions'] = [
  { id: 'move', label: `Move (${MOVE_METERS} m)`, costs: { move: 1 }, help: `Move up to ${MOVE_METERS} m.` },
  {
    id: 'action',
    label: 'Attack / action',
    costs: { action: 1 },
    help: 'Attack, deploy a hack, Aim, or some other reasonable action.',
  },
  {
    id: 'second-move',
    label: 'Second move',
    costs: { action: 1 },
    help: `The action spent moving again: up to ${2 * MOVE_METERS} m in all.`,
  },
];

const TURN_SUMMARY = `Move up to ${MOVE_METERS} m and take one action; the action may be a second move.`;
const TURN_ECONOMY: Economy = {
  resources: TURN_RESOURCES,
  actions: TURN_ACTIONS,
  summary: TURN_SUMMARY,
  rule: ACTIONS_RULE,
};
const OVERLOADED_ECONOMY: Economy = {
  resources: TURN_RESOURCES,
  actions: TURN_ACTIONS,
  summary: `${TURN_SUMMARY} Overloaded: no actions that inflict stress on itself.`,
  rule: ACTIONS_RULE,
};

// One turn shape for everyone (no passes, no glitches), so the slot is not needed.
function economy(combatant: RulesCombatant, _toggles: ToggleValues, _slot?: TurnSlot): Economy {
  const { status } = load(combatant);
  if (!status.canAct) {
    // Dying but otherwise able (not also paralysed or broken down): a weak crawl is all that is left.
    if (status.states.length === 1 && status.dying) return DYING_ECONOMY;
    return { resources: [], actions: [], summary: `${status.states.join(', ')}: cannot act.`, rule: ACTIONS_RULE };
  }
  return status.overloaded ? OVERLOADED_ECONOMY : TURN_ECONOMY;
}

// ---------------------------------------------------------------------------------------------

export const hardwareTracker: TrackerRules = {
  systemId: 'hardware',
  statFields,
  weapons: hardwareWeapons,
  derive,
  validateStats,
  initialHealth,
  harmKinds: HARM_KINDS,
  applyHarm,
  healthView,
  checksDue,
  resolveCheck,
  conditions,
  initiative: {
    scope: 'combatant',
    // Each round has its own order: saved for at the start of the fight, then made without a
    // roll (laterRoundEntries), unless the aglSave toggle asks for a save every round.
    rerollEachRound: true,
    dice(participant) {
      const { s, h, status } = pcOf(participant);
      // Zero dice: this PC makes no save this round (ability, AGL 0, or cannot act).
      return { count: rollsSave(s, h, status) ? 1 : 0, sides: SAVE_DIE };
    },
    participants,
    score,
    order,
    laterRoundEntries,
  },
  buildRound,
  economy,
  encounterPrompts,
};
