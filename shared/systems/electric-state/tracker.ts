import type {
  ActionDef,
  CheckOutcome,
  CheckRequest,
  CombatantKind,
  ConditionDef,
  ConditionInit,
  DerivedValue,
  EncounterMoment,
  Economy,
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
import { derivedStats, electricStateAttributes, maxHope as maxHopeOf } from './derived';
import { DIE_SIDES, checkD6 } from './dice';
import { BODY_ARMOR, COVER } from './equipment';
import {
  DEATH_ROLL_DICE,
  DEATH_ROLL_FAILURES_TO_DIE,
  DEATH_ROLL_SIXES_TO_STABILIZE,
  NEW_DEATH_ROLLS,
  applyDamage,
  changeHope,
  healHealth,
  resolveDeathRolls,
  restartDeathRollsAfterDamage,
  stabilize,
  stabilizeTracker,
  type DeathRollTracker,
} from './health';
import { sideInitiative, sideInitiativeTotal } from './initiative';
import { SERIOUS_INJURIES, SURGERY_NOTE, seriousInjury, type SeriousInjury } from './injuries';
import { resolveOptions, type ElectricStateOptions } from './options';
import { SECTION, plural, step } from './sections';
import { electricStateWeapons } from './sheet-weapons';

// ---------------------------------------------------------------------------------------------
// Stat block
// ---------------------------------------------------------------------------------------------

/** Condition ids the rules read (the taser's lost turn stops a turn; cover is informational). */
const LOST_TURN = 'lost-next-turn';
const IN_COVER = 'in-cover';

type AttributeId = 'strength' | 'agility' | 'wits' | 'empathy';
const ATTRIBUTE_IDS: readonly AttributeId[] = ['strength', 'agility', 'wits', 'empathy'];

/** The stat block as the tracker reads it, after validation and defaults. */
export interface ElectricStateStats {
  readonly strength: number;
  readonly agility: number;
  readonly wits: number;
  readonly empathy: number;
  /** Body armour's Armor Level: dice rolled against each hit. */
  readonly armor: number;
  /** PCs: Hope lost before this encounter (NPCs have no Hope). */
  readonly hopeLost: number;
}

export const ARMOR_LEVEL_MAX = 10;

const ATTRIBUTE_HELP: Readonly<Record<AttributeId, string>> = {
  strength: 'Close combat and fighting back; with Agility sets max Health.',
  agility: 'Ranged combat and dodging; with Strength sets max Health.',
  wits: "The side's highest Wits adds to its initiative roll; with Empathy sets max Hope.",
  empathy: 'Rallying an Incapacitated fighter; with Wits sets max Hope.',
};

function attributeDef(id: AttributeId) {
  const def = electricStateAttributes.find((a) => a.id === id);
  if (!def) throw new Error(`electricStateAttributes has no "${id}"`);
  return def;
}

/** The most Hope anyone can have with attributes the editor allows. */
const HOPE_LOST_MAX = maxHopeOf(attributeDef('wits').max, attributeDef('empathy').max);

const statFields: readonly StatField[] = [
  ...ATTRIBUTE_IDS.map((id): StatField => {
    const def = attributeDef(id);
    return {
      id,
      label: def.label,
      short: def.short,
      type: 'number',
      min: def.min,
      max: def.max,
      defaultValue: def.defaultValue,
      group: 'attribute',
      help: ATTRIBUTE_HELP[id],
      quick: true,
    };
  }),
  {
    id: 'armor',
    label: 'Armor Level',
    short: 'ARM',
    type: 'number',
    min: 0,
    max: ARMOR_LEVEL_MAX,
    defaultValue: 0,
    group: 'gear',
    quick: true,
    help: `Body armour: roll this many dice against each hit, each 6 removes 1 damage (${BODY_ARMOR.map((a) => `${a.name.toLowerCase()} ${a.armorLevel}`).join(', ')}).`,
  },
  {
    id: 'hopeLost',
    label: 'Hope already lost',
    short: 'HOPE−',
    type: 'number',
    min: 0,
    max: HOPE_LOST_MAX,
    defaultValue: 0,
    group: 'resource',
    help: 'PCs only (NPCs have no Hope): Hope lost before this encounter; it starts at max Hope minus this.',
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
      problems.push(`"${key}" is not an Electric State stat; the stats are ${FIELD_IDS.join(', ')}.`);
    }
  }
  const valid: Record<string, number> = {};
  for (const field of statFields) {
    // A missing stat takes its default, so quick NPC entry needs only what differs.
    const value: unknown = Object.hasOwn(stats, field.id) ? stats[field.id] : field.defaultValue;
    const problem = problemOf(() => requireInteger(field.label, value, field.min ?? 0, field.max ?? 0));
    if (problem === null) valid[field.id] = value as number;
    else problems.push(problem);
  }
  const { wits, empathy, hopeLost } = valid;
  if (wits !== undefined && empathy !== undefined && hopeLost !== undefined) {
    const max = maxHopeOf(wits, empathy);
    if (hopeLost > max) {
      problems.push(
        `Hope already lost (${hopeLost}) cannot be more than max Hope ${max} (⌈(Wits ${wits} + Empathy ${empathy}) / 2⌉).`,
      );
    }
  }
  return problems;
}

// Stat blocks, health records and toggle values are immutable JSON (the reducer replaces them,
// never edits them) and the GM screen reads the same ones on every redraw and round rebuild. So
// each is checked (and its derived values worked out) the first time it is seen and kept in a
// WeakMap keyed by the object; a bad one is never kept, so it fails with the same message every time.
const statsCache = new WeakMap<object, ElectricStateStats>();
const derivedCache = new WeakMap<ElectricStateStats, { readonly maxHealth: number; readonly maxHope: number }>();
const healthCache = new WeakMap<object, ElectricStateHealth>();
const optionsCache = new WeakMap<object, ElectricStateOptions>();

/** Validated stats with defaults; throws one RulesError naming every problem. */
export function readElectricStateStats(stats: Stats): ElectricStateStats {
  const known = typeof stats === 'object' && stats !== null ? statsCache.get(stats) : undefined;
  if (known !== undefined) return known;
  const read = readStatsUncached(stats);
  statsCache.set(stats, read);
  return read;
}

/** Max Health and max Hope of a checked stat block, worked out once per block. */
function maxima(s: ElectricStateStats): { readonly maxHealth: number; readonly maxHope: number } {
  let known = derivedCache.get(s);
  if (known === undefined) {
    const d = derivedStats(s);
    known = { maxHealth: d.maxHealth, maxHope: d.maxHope };
    derivedCache.set(s, known);
  }
  return known;
}

function readStatsUncached(stats: Stats): ElectricStateStats {
  const problems = validateStats(stats);
  if (problems.length > 0) throw new RulesError('invalid-input', problems.join(' '), { problems });
  const get = (id: string): number =>
    (Object.hasOwn(stats, id) ? stats[id] : statFields.find((f) => f.id === id)?.defaultValue) as number;
  return {
    strength: get('strength'),
    agility: get('agility'),
    wits: get('wits'),
    empathy: get('empathy'),
    armor: get('armor'),
    hopeLost: get('hopeLost'),
  };
}

function derive(stats: Stats): readonly DerivedValue[] {
  const d = derivedStats(readElectricStateStats(stats));
  return [
    { id: 'maxHealth', label: 'Max Health', value: d.maxHealth, help: '⌈(Strength + Agility) / 2⌉' },
    {
      id: 'maxHope',
      label: 'Max Hope',
      value: d.maxHope,
      help: '⌈(Wits + Empathy) / 2⌉; PCs only, NPCs have no Hope.',
    },
    {
      id: 'instantKill',
      label: 'Killed outright by a hit of',
      value: d.instantKillThreshold,
      help: 'Twice max Health in a single hit: dead, no death rolls.',
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Health
// ---------------------------------------------------------------------------------------------

/** Electric State health as the tracker stores it (plain JSON). */
export interface ElectricStateHealth {
  readonly health: number;
  /** Current Hope; null for NPCs, who have none. */
  readonly hope: number | null;
  readonly dead: boolean;
  /** How it died, for the state word. */
  readonly killedBy: 'instant-kill' | 'death-rolls' | null;
  /** Death rolls of the current or last Incapacitation; null before the first. */
  readonly deathRolls: DeathRollTracker | null;
  /** Round of the last death roll: one is due per turn. */
  readonly lastDeathRollRound: number | null;
  /** Incapacitated in this encounter and not yet rolled on the Serious Injuries table. */
  readonly injuryDue: boolean;
  /** Incapacitations so far; keeps check ids unique. */
  readonly downs: number;
}

function fail(name: string, what: string): never {
  throw new RulesError('invalid-input', `${name}'s health is not Electric State health data: ${what}.`);
}

function readDeathRolls(name: string, raw: unknown): DeathRollTracker | null {
  if (raw === null) return null;
  if (typeof raw !== 'object' || Array.isArray(raw)) fail(name, 'deathRolls is not an object');
  const r = raw as Record<string, unknown>;
  if (r.state !== 'dying' && r.state !== 'stabilized' && r.state !== 'dead') fail(name, 'deathRolls has no state');
  const count = (key: string): number => {
    const v = r[key];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 1000)
      fail(name, `deathRolls.${key} is ${describe(v)}`);
    return v;
  };
  return {
    state: r.state,
    sixes: count('sixes'),
    failedRolls: count('failedRolls'),
    rollsCounted: count('rollsCounted'),
  };
}

/** Health arrives as untyped JSON (persisted events); check every field before trusting it (once per record). */
export function readElectricStateHealth(combatant: Pick<RulesCombatant, 'name' | 'health'>): ElectricStateHealth {
  const raw: unknown = combatant.health;
  const known = typeof raw === 'object' && raw !== null ? healthCache.get(raw) : undefined;
  if (known !== undefined) return known;
  const read = readHealthUncached(combatant);
  healthCache.set(combatant.health, read);
  return read;
}

function readHealthUncached(combatant: Pick<RulesCombatant, 'name' | 'health'>): ElectricStateHealth {
  const h = combatant.health as Record<string, unknown> | null | undefined;
  const name = combatant.name;
  if (typeof h !== 'object' || h === null || Array.isArray(h)) fail(name, `got ${describe(h)}`);
  const int = (key: string, value: unknown): number => {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) fail(name, `${key} is ${describe(value)}`);
    return value;
  };
  if (typeof h.dead !== 'boolean') fail(name, `dead is ${describe(h.dead)}`);
  if (typeof h.injuryDue !== 'boolean') fail(name, `injuryDue is ${describe(h.injuryDue)}`);
  if (h.killedBy !== null && h.killedBy !== 'instant-kill' && h.killedBy !== 'death-rolls') {
    fail(name, `killedBy is ${describe(h.killedBy)}`);
  }
  return {
    health: int('health', h.health),
    hope: h.hope === null ? null : int('hope', h.hope),
    dead: h.dead,
    killedBy: h.killedBy,
    deathRolls: readDeathRolls(name, h.deathRolls),
    lastDeathRollRound: h.lastDeathRollRound === null ? null : int('lastDeathRollRound', h.lastDeathRollRound),
    injuryDue: h.injuryDue,
    downs: int('downs', h.downs),
  };
}

const asState = (h: ElectricStateHealth): HealthState => h as unknown as HealthState;

function requireKind(kind: unknown, who: string): CombatantKind {
  if (kind !== 'pc' && kind !== 'npc') {
    throw new RulesError('invalid-input', `${who} must be a PC ("pc") or an NPC ("npc"), got ${describe(kind)}.`);
  }
  return kind;
}

function initialHealth(stats: Stats, kind: CombatantKind): HealthState {
  requireKind(kind, 'A combatant');
  const s = readElectricStateStats(stats);
  const d = derivedStats(s);
  if (kind === 'npc' && s.hopeLost > 0) {
    throw new RulesError('invalid-input', 'NPCs have no Hope: leave "Hope already lost" at 0 for an NPC.');
  }
  const health: ElectricStateHealth = {
    health: d.maxHealth,
    hope: kind === 'pc' ? d.maxHope - s.hopeLost : null,
    dead: false,
    killedBy: null,
    deathRolls: null,
    lastDeathRollRound: null,
    injuryDue: false,
    downs: 0,
  };
  return asState(health);
}

/** Everything the views, rounds and prompts need to know about one combatant. */
interface Status {
  readonly dead: boolean;
  /** Health 0 and alive. */
  readonly incapacitated: boolean;
  /** Still making death rolls (Incapacitated, or rallied before being stabilized). */
  readonly dying: boolean;
  /** Incapacitated and survived: the Serious Injuries roll is due. */
  readonly injuryRollDue: boolean;
  readonly losesTurn: boolean;
  readonly canAct: boolean;
  readonly maxHealth: number;
  readonly maxHope: number;
}

interface Loaded {
  readonly s: ElectricStateStats;
  readonly h: ElectricStateHealth;
  readonly status: Status;
}

function load(c: RulesCombatant): Loaded {
  if (typeof c !== 'object' || c === null) {
    throw new RulesError('invalid-input', `A combatant must be an object, got ${describe(c)}.`);
  }
  requireKind(c.kind, c.name);
  if (!Array.isArray(c.conditionIds)) throw new RulesError('invalid-input', `${c.name}'s conditions must be a list.`);
  const s = readElectricStateStats(c.stats);
  const h = readElectricStateHealth(c);
  const d = maxima(s);
  const dead = h.dead;
  const incapacitated = !dead && h.health === 0;
  const dying = !dead && h.deathRolls?.state === 'dying';
  const losesTurn = c.conditionIds.includes(LOST_TURN);
  return {
    s,
    h,
    status: {
      dead,
      incapacitated,
      dying,
      injuryRollDue: !dead && h.injuryDue && h.deathRolls?.state === 'stabilized',
      losesTurn,
      canAct: !dead && !incapacitated && !losesTurn,
      maxHealth: d.maxHealth,
      maxHope: d.maxHope,
    },
  };
}

function options(toggles: ToggleValues): ElectricStateOptions {
  if (typeof toggles !== 'object' || toggles === null) return resolveOptions(toggles ?? {});
  let opts = optionsCache.get(toggles);
  if (opts === undefined) {
    opts = resolveOptions(toggles);
    optionsCache.set(toggles, opts);
  }
  return opts;
}

const HARM_KINDS: readonly HarmKind[] = [
  { id: 'damage', label: 'Damage (after cover and armour)', healing: false },
  { id: 'hope-loss', label: 'Hope lost', healing: false },
  { id: 'heal', label: 'Heal Health (a rally: 1 per 6 rolled)', healing: true },
  { id: 'stabilize', label: "Stabilize (6s on a Medic's Wits roll)", healing: true },
  { id: 'hope-gain', label: 'Hope regained', healing: true },
];

function applyHarm(combatant: RulesCombatant, harm: Harm, toggles: ToggleValues): HarmOutcome {
  const { h, status } = load(combatant);
  const opts = options(toggles);
  if (typeof harm !== 'object' || harm === null) {
    throw new RulesError('invalid-input', `Harm must be an object with a kind and an amount, got ${describe(harm)}.`);
  }
  const kind = HARM_KINDS.find((k) => k.id === harm.kind);
  if (!kind) {
    throw new RulesError(
      'invalid-input',
      `Unknown harm ${describe(harm.kind)}; Electric State takes ${HARM_KINDS.map((k) => k.id).join(', ')}.`,
    );
  }
  if (harm.location !== undefined) {
    throw new RulesError('invalid-input', `${kind.label} takes no location; Electric State has no hit locations.`);
  }
  const amount = requireInteger(kind.label, harm.amount, 0, 1000);
  const name = combatant.name;
  // Stats edited mid-fight can lower max Health below what is left: the new maximum wins.
  const current = Math.min(h.health, status.maxHealth);

  switch (kind.id) {
    case 'damage': {
      if (status.dead) {
        return { health: asState(h), steps: [step(`${name} is already dead.`, SECTION.damageHealth)] };
      }
      const r = applyDamage({ health: current, maxHealth: status.maxHealth, damage: amount }, opts);
      const steps: ExplainStep[] = [...r.steps];
      let next: ElectricStateHealth = { ...h, health: r.health };
      if (r.instantKill) {
        next = { ...next, dead: true, killedBy: 'instant-kill', injuryDue: false };
      } else if (r.state === 'incapacitated' && current > 0) {
        // A new Incapacitation; death rolls still running from a rally restart like any new damage.
        const deathRolls =
          h.deathRolls?.state === 'dying' ? restartDeathRollsAfterDamage(h.deathRolls, amount, opts) : NEW_DEATH_ROLLS;
        next = { ...next, deathRolls, injuryDue: true, downs: h.downs + 1 };
        if (deathRolls !== NEW_DEATH_ROLLS) steps.push(deathRollsNow(deathRolls, 'The death rolls restart'));
      } else if (r.deathRollsRestart) {
        const deathRolls = restartDeathRollsAfterDamage(h.deathRolls ?? NEW_DEATH_ROLLS, amount, opts);
        next = { ...next, deathRolls };
        steps.push(deathRollsNow(deathRolls, 'Death rolls now'));
      }
      if (opts.instantKill === 'before-armor' && !r.instantKill && amount > 0) {
        const threshold = 2 * status.maxHealth;
        steps.push(
          step(
            `Instant kill is judged before armour here, but only the damage after armour was entered: if this hit was ${threshold} or more before cover and armour, it killed ${name} outright — enter a hit of ${threshold} to record that.`,
            SECTION.damageHealth,
            'default',
          ),
        );
      }
      return { health: asState(next), steps };
    }
    case 'heal': {
      if (status.dead) throw new RulesError('not-allowed', `${name} is dead: Health cannot be restored.`);
      const r = healHealth({
        health: current,
        maxHealth: status.maxHealth,
        amount,
        deathRolls: h.deathRolls?.state,
      });
      return { health: asState({ ...h, health: r.health }), steps: r.steps };
    }
    case 'stabilize': {
      if (!status.dying) {
        throw new RulesError(
          'not-allowed',
          `${name} is not making death rolls: only a dying character can be stabilized.`,
        );
      }
      // The tracker hands over the 6s counted, not the Medic's faces; the package needs faces.
      const r = stabilize({ medic: true, witsDice: Array.from({ length: amount }, () => 6) });
      const deathRolls = r.success && h.deathRolls ? stabilizeTracker(h.deathRolls) : h.deathRolls;
      const steps = [...r.steps];
      if (r.success && h.injuryDue) steps.push(injuryDueStep());
      return { health: asState({ ...h, deathRolls }), steps };
    }
    default: {
      // hope-loss / hope-gain
      if (combatant.kind !== 'pc' || h.hope === null) {
        throw new RulesError('not-allowed', `${name} has no Hope: only player characters have Hope.`);
      }
      const r = changeHope({
        hope: Math.min(h.hope, status.maxHope),
        maxHope: status.maxHope,
        change: kind.id === 'hope-loss' ? -amount : amount,
      });
      return { health: asState({ ...h, hope: r.hope }), steps: r.steps };
    }
  }
}

function deathRollsNow(t: DeathRollTracker, lead: string): ExplainStep {
  return step(
    `${lead}: ${plural(t.sixes, 'six', 'sixes')} of ${DEATH_ROLL_SIXES_TO_STABILIZE}, ${plural(t.failedRolls, 'failed roll', 'failed rolls')} of ${DEATH_ROLL_FAILURES_TO_DIE}.`,
    SECTION.rallying,
    'default',
  );
}

/** The dying character's row: how many death rolls so far, and how far each way out they are. */
function deathRollTally(t: DeathRollTracker): string {
  return `Death rolls: ${plural(t.rollsCounted, 'roll', 'rolls')} made — ${plural(t.sixes, 'six', 'sixes')} of ${DEATH_ROLL_SIXES_TO_STABILIZE}, ${plural(t.failedRolls, 'failed roll', 'failed rolls')} of ${DEATH_ROLL_FAILURES_TO_DIE}`;
}

function injuryDueStep(): ExplainStep {
  return step(
    'Incapacitated and survived: roll on the Serious Injuries table (D66, first die tens, second units).',
    SECTION.seriousInjuries,
  );
}

function healthView(combatant: RulesCombatant): HealthView {
  const { s, h, status } = load(combatant);
  const modifiers: string[] = [];
  const markers: string[] = [];
  if (status.incapacitated) {
    modifiers.push('Incapacitated: can crawl (one move per turn) and mumble; no attribute rolls or talents.');
  }
  for (const injury of injuriesOf(combatant)) modifiers.push(`${injury.injury}: ${injury.effect}.`);
  if (s.armor > 0) modifiers.push(`Armor Level ${s.armor}: roll ${plural(s.armor, 'die', 'dice')} against each hit.`);
  if (h.deathRolls && status.dying) markers.push(deathRollTally(h.deathRolls));
  if (status.injuryRollDue) markers.push('Serious injury roll due (D66)');

  let stateLabel: string;
  let severity: HealthSeverity;
  if (status.dead) {
    stateLabel =
      h.killedBy === 'instant-kill'
        ? 'Dead (killed outright)'
        : h.killedBy === 'death-rolls'
          ? 'Dead (failed death rolls)'
          : 'Dead';
    severity = 'dead';
  } else if (status.incapacitated) {
    stateLabel = status.dying ? 'Incapacitated, making death rolls' : 'Incapacitated, Stabilized';
    severity = 'down';
  } else {
    stateLabel = status.dying ? 'Rallied, still making death rolls' : h.health < status.maxHealth ? 'Hurt' : 'Unhurt';
    severity = status.dying || h.health < status.maxHealth ? 'hurt' : 'ok';
  }
  const tracks: HealthView['tracks'][number][] = [
    // A value above the sheet (stats edited mid-fight) still fits its track.
    { id: 'health', label: 'Health', current: h.health, max: Math.max(status.maxHealth, h.health), style: 'pips' },
  ];
  if (combatant.kind === 'pc' && h.hope !== null) {
    tracks.push({ id: 'hope', label: 'Hope', current: h.hope, max: Math.max(status.maxHope, h.hope), style: 'pips' });
  }
  return { tracks, stateLabel, severity, modifiers, markers, canAct: status.canAct };
}

// ---------------------------------------------------------------------------------------------
// Checks: death rolls on the combatant's own turn, the Serious Injuries roll after surviving
// ---------------------------------------------------------------------------------------------

const DEATH_ROLL_PREFIX = 'death-roll:';
const INJURY_PREFIX = 'serious-injury:';

function requireMoment(moment: EncounterMoment): EncounterMoment {
  if (typeof moment !== 'object' || moment === null) {
    throw new RulesError('invalid-input', `The encounter moment must be an object, got ${describe(moment)}.`);
  }
  requireInteger('round', moment.round, 0, Number.MAX_SAFE_INTEGER);
  if (moment.activeCombatantId !== null && typeof moment.activeCombatantId !== 'string') {
    throw new RulesError('invalid-input', 'The active combatant must be an id or null.');
  }
  return moment;
}

function checksDue(combatant: RulesCombatant, moment: EncounterMoment): readonly CheckRequest[] {
  const { h, status } = load(combatant);
  requireMoment(moment);
  const name = combatant.name;
  const due: CheckRequest[] = [];
  if (status.dying && moment.activeCombatantId === combatant.id && h.lastDeathRollRound !== moment.round) {
    due.push({
      id: `${DEATH_ROLL_PREFIX}${moment.round}`,
      combatantId: combatant.id,
      label: `${name}: death roll (${DEATH_ROLL_DICE} dice, no push)`,
      dice: { count: DEATH_ROLL_DICE, sides: DIE_SIDES },
      reason: step(
        `Each turn while making death rolls, roll ${DEATH_ROLL_DICE} dice: ${DEATH_ROLL_SIXES_TO_STABILIZE} sixes in total stabilize, ${DEATH_ROLL_FAILURES_TO_DIE} rolls with no 6 kill.` +
          (status.incapacitated ? '' : ' Being rallied does not stop the death rolls.'),
        status.incapacitated ? SECTION.deathRolls : SECTION.rallying,
      ),
    });
  }
  if (status.injuryRollDue) {
    due.push({
      id: `${INJURY_PREFIX}${h.downs}`,
      combatantId: combatant.id,
      label: `${name}: serious injury (D66)`,
      dice: { count: 2, sides: DIE_SIDES },
      reason: injuryDueStep(),
    });
  }
  return due;
}

function resolveCheck(
  combatant: RulesCombatant,
  checkId: string,
  faces: readonly number[],
  moment: EncounterMoment,
): CheckOutcome {
  const { h } = load(combatant);
  const name = combatant.name;
  if (typeof checkId !== 'string') {
    throw new RulesError('invalid-input', `A check id must be text, got ${describe(checkId)}.`);
  }
  const due = checksDue(combatant, moment);
  if (!due.some((c) => c.id === checkId)) {
    const list = due.map((c) => c.label).join('; ') || 'none';
    throw new RulesError('not-allowed', `No check "${checkId}" is due for ${name} now; due: ${list}.`);
  }

  if (checkId.startsWith(DEATH_ROLL_PREFIX)) {
    const roll = checkD6(`${name}'s death roll`, faces);
    if (roll.length !== DEATH_ROLL_DICE) {
      throw new RulesError('invalid-input', `A death roll is ${DEATH_ROLL_DICE} dice, got ${roll.length}.`);
    }
    const r = resolveDeathRolls([roll], h.deathRolls ?? NEW_DEATH_ROLLS);
    const deathRolls: DeathRollTracker = {
      state: r.state,
      sixes: r.sixes,
      failedRolls: r.failedRolls,
      rollsCounted: r.rollsCounted,
    };
    const dead = r.state === 'dead';
    const next: ElectricStateHealth = {
      ...h,
      deathRolls,
      lastDeathRollRound: moment.round,
      dead,
      killedBy: dead ? 'death-rolls' : h.killedBy,
      injuryDue: dead ? false : h.injuryDue,
    };
    const steps = [...r.steps];
    if (r.state === 'stabilized' && h.injuryDue) steps.push(injuryDueStep());
    return { health: asState(next), steps };
  }

  // Serious injury
  const r = seriousInjury(faces);
  const steps = [...r.steps];
  const conditions: ConditionInit[] = [];
  if (r.entry) {
    conditions.push({ conditionId: injuryConditionId(r.entry), label: r.entry.injury, note: injuryNote(r.entry) });
    if (r.entry.requiresSurgery) steps.push(step(SURGERY_NOTE, SECTION.seriousInjuries));
  }
  return { health: asState({ ...h, injuryDue: false }), steps, conditions };
}

// ---------------------------------------------------------------------------------------------
// Conditions
// ---------------------------------------------------------------------------------------------

export function injuryConditionId(injury: SeriousInjury): string {
  return injury.injury
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function injuryNote(injury: SeriousInjury): string {
  const heals = injury.healingDays ? `; heals in ${injury.healingDays} days` : '';
  return `${injury.effect}${heals}.`;
}

/** Each injury with its condition id, worked out once (the id is a text transformation of its name). */
const INJURY_CONDITIONS: readonly { readonly injury: SeriousInjury; readonly id: string }[] = SERIOUS_INJURIES.map(
  (injury) => ({ injury, id: injuryConditionId(injury) }),
);

function injuriesOf(combatant: RulesCombatant): SeriousInjury[] {
  const ids = combatant.conditionIds;
  // Most combatants have no conditions at all: nothing to look for.
  if (ids.length === 0) return [];
  return INJURY_CONDITIONS.filter(({ id }) => ids.includes(id)).map(({ injury }) => injury);
}

const conditions: readonly ConditionDef[] = [
  {
    id: LOST_TURN,
    label: 'Loses next turn',
    description:
      'Hit by a taser and no 6 on the Strength roll at −2 dice: loses its next turn (this round’s if it has not acted yet). The turn still comes up, with no move or action, and the condition ends with it.',
    defaultRounds: 1,
  },
  {
    id: IN_COVER,
    label: 'In cover',
    description: `Took cover (an action). Against each ranged hit roll dice equal to the cover's Armor Level (put it in the note: ${COVER.map((c) => `${c.name.toLowerCase()} ${c.armorLevel}`).join(', ')}); each 6 blocks 1 damage, before armour.`,
  },
  {
    id: 'unaware',
    label: 'Unaware (ambushed)',
    description: 'Cannot fight back or dodge: must take the hit or stand tall.',
  },
  ...SERIOUS_INJURIES.map((injury): ConditionDef => ({
    id: injuryConditionId(injury),
    label: injury.injury,
    description: `Serious injury: ${injuryNote(injury)}${injury.requiresSurgery ? ` ${SURGERY_NOTE}` : ''}`,
  })),
];

// ---------------------------------------------------------------------------------------------
// Initiative: side against side, D6 + the side's highest Wits (seed: Round Structure)
// ---------------------------------------------------------------------------------------------

function participants(
  combatants: readonly RulesCombatant[],
  sides: readonly { id: string; name: string }[],
): InitiativeParticipant[] {
  if (!Array.isArray(combatants) || !Array.isArray(sides)) {
    throw new RulesError('invalid-input', 'Initiative needs the list of combatants and the list of sides.');
  }
  const known = new Set<string>();
  for (const side of sides) {
    if (known.has(side.id)) throw new RulesError('invalid-input', `Two sides share the id "${side.id}".`);
    known.add(side.id);
  }
  for (const c of combatants) {
    if (!known.has(c.side)) {
      throw new RulesError(
        'invalid-input',
        `${c.name} is on side "${c.side}", which is not one of the encounter's sides.`,
      );
    }
  }
  return sides
    .map((side) => ({ id: side.id, label: side.name, members: combatants.filter((c) => c.side === side.id) }))
    .filter((p) => p.members.length > 0);
}

function requireParticipant(participant: InitiativeParticipant): InitiativeParticipant {
  if (typeof participant !== 'object' || participant === null || !Array.isArray(participant.members)) {
    throw new RulesError('invalid-input', `An initiative participant must have members, got ${describe(participant)}.`);
  }
  if (participant.members.length === 0) {
    throw new RulesError('invalid-input', `${participant.label} has nobody in the fight: it rolls no initiative.`);
  }
  for (const m of participant.members) {
    if (m.side !== participant.id) {
      throw new RulesError(
        'invalid-input',
        `${m.name} is not on ${participant.label}: sides roll initiative for their own.`,
      );
    }
  }
  return participant;
}

/** The side's highest Wits, among members still able to act (everyone, if nobody is). */
function highestWits(participant: InitiativeParticipant): { wits: number; who: string } {
  const loaded = participant.members.map((c) => ({ c, ...load(c) }));
  const able = loaded.filter((x) => x.status.canAct);
  let best: { wits: number; who: string } | null = null;
  for (const x of able.length > 0 ? able : loaded) {
    if (best === null || x.s.wits > best.wits) best = { wits: x.s.wits, who: x.c.name };
  }
  if (best === null) throw new RulesError('invalid-input', `${participant.label} has nobody to roll initiative.`);
  return best;
}

function score(participant: InitiativeParticipant, faces: readonly number[]): InitiativeEntry {
  const p = requireParticipant(participant);
  const roll = checkD6(`${p.label}'s initiative roll`, faces);
  if (roll.length !== 1) {
    throw new RulesError(
      'invalid-input',
      `${p.label} rolls one D6 for initiative, got ${plural(roll.length, 'die', 'dice')}.`,
    );
  }
  const best = highestWits(p);
  const r = sideInitiativeTotal({ label: p.label, highestWits: best.wits, roll: roll[0]! });
  return {
    participantId: p.id,
    memberIds: p.members.map((m) => m.id),
    score: r.total,
    display: String(r.total),
    faces: [...roll],
    detail: { roll: roll[0]!, highestWits: best.wits, highestWitsOf: best.who },
    steps: [...r.steps, step(`The highest Wits on ${p.label} is ${best.who}'s ${best.wits}.`, SECTION.roundStructure)],
  };
}

function order(entries: readonly InitiativeEntry[], parts: readonly InitiativeParticipant[], toggles?: ToggleValues): InitiativeOrder {
  if (!Array.isArray(entries) || !Array.isArray(parts)) {
    throw new RulesError('invalid-input', 'Initiative needs a list of entries and a list of participants.');
  }
  const ids = new Set(parts.map((p) => p.id));
  if (ids.size !== parts.length)
    throw new RulesError('invalid-input', 'A side is listed twice among the participants.');
  const byId = new Map<string, InitiativeEntry>();
  for (const e of entries) {
    if (!ids.has(e.participantId)) {
      throw new RulesError(
        'unknown-entry',
        `The initiative roll of "${e.participantId}" belongs to no side in the fight.`,
      );
    }
    if (byId.has(e.participantId))
      throw new RulesError('invalid-input', `"${e.participantId}" has two initiative rolls.`);
    byId.set(e.participantId, e);
  }
  // Re-scored from the faces, so a stale or hand-edited entry can never change the order.
  const fresh = parts.map((p) => {
    const e = byId.get(p.id);
    if (!e) throw new RulesError('invalid-input', `${p.label} has not rolled initiative yet.`);
    return score(p, e.faces);
  });
  const steps = fresh.flatMap((e) => e.steps);
  if (parts.length < 2) {
    const only = parts[0];
    if (only) steps.push(step(`${only.label} is the only side in the fight.`, SECTION.roundStructure));
    return { order: parts.map((p) => p.id), losesTurn: [], steps };
  }
  // The package names sides in its sentences: give it the labels, made unique where needed.
  const names = parts.map((p) =>
    parts.filter((q) => q.label === p.label).length > 1 ? `${p.label} (${p.id})` : p.label,
  );
  const r = sideInitiative({
    sides: parts.map((p, i) => ({
      id: names[i]!,
      highestWits: Number(fresh[i]!.detail.highestWits),
      roll: fresh[i]!.faces[0]!,
    })),
  });
  const idOf = (name: string): string => parts[names.indexOf(name)]!.id;
  steps.push(...r.steps);
  const result: InitiativeOrder = { order: r.order.map(idOf), losesTurn: [], steps };
  // "The side that starts the fight acts first": the GM's toggle overrides the roll for that side.
  const first = toggles?.firstSide;
  const starter = typeof first === 'string' && first !== 'roll' ? parts.find((p) => p.id === first) : undefined;
  if (starter) {
    const rest = result.order.filter((id) => id !== starter.id);
    const tiedRest = r.tie && rest.length > 1 && new Set(rest.map((id) => fresh[parts.findIndex((p) => p.id === id)]!.score)).size < rest.length;
    return {
      order: [starter.id, ...rest],
      losesTurn: [],
      steps: [...steps, step(`${starter.label} started the fight and acts first.`, SECTION.roundStructure)],
      ...(tiedRest ? { tieToReroll: rest } : {}),
    };
  }
  if (!r.tie) return result;
  const tied = parts.filter((_, i) => fresh.some((e, j) => j !== i && e.score === fresh[i]!.score)).map((p) => p.id);
  return { ...result, tieToReroll: tied };
}

// ---------------------------------------------------------------------------------------------
// Rounds: sides in initiative order, each side's combatants in encounter order
// ---------------------------------------------------------------------------------------------

function buildRound(context: RoundContext): readonly TurnSlot[] {
  if (typeof context !== 'object' || context === null || !Array.isArray(context.combatants)) {
    throw new RulesError('invalid-input', 'A round needs the list of combatants.');
  }
  const seen = new Set<string>();
  const loaded = context.combatants.map((c) => {
    if (seen.has(c.id)) throw new RulesError('invalid-input', `Combatant "${c.id}" is listed twice.`);
    seen.add(c.id);
    return { c, status: load(c).status };
  });
  const sidesPresent = [...new Set(loaded.map((x) => x.c.side))];
  let sideOrder: string[];
  if (context.initiative === null) {
    if (sidesPresent.length > 1) {
      throw new RulesError('not-allowed', `Round ${context.round}: the sides have not rolled initiative yet.`);
    }
    sideOrder = sidesPresent;
  } else {
    const tied = context.initiative.tieToReroll ?? [];
    if (tied.length > 0) {
      throw new RulesError(
        'not-allowed',
        `Initiative is tied (${tied.join(', ')}): reroll the tie before the round starts.`,
      );
    }
    sideOrder = [...context.initiative.order];
    if (new Set(sideOrder).size !== sideOrder.length) {
      throw new RulesError('invalid-input', 'A side appears twice in the initiative order.');
    }
    // A side that joined after initiative was rolled acts after the others [default].
    for (const side of sidesPresent) if (!sideOrder.includes(side)) sideOrder.push(side);
  }
  // Each side's combatants in encounter order, gathered in one pass rather than one pass per side.
  const bySide = new Map<string, TurnSlot[]>();
  for (const { c, status } of loaded) {
    // A dying combatant keeps its slot for the death roll on its turn; a tasered one keeps it
    // too, so the lost turn is seen and its "lost next turn" condition expires at turn end.
    if (status.canAct || status.dying || (status.losesTurn && !status.dead && !status.incapacitated)) {
      const list = bySide.get(c.side);
      if (list) list.push({ combatantId: c.id, pass: 1 });
      else bySide.set(c.side, [{ combatantId: c.id, pass: 1 }]);
    }
  }
  const slots: TurnSlot[] = [];
  for (const side of sideOrder) {
    const list = bySide.get(side);
    if (list) for (const slot of list) slots.push(slot);
  }
  return slots;
}

// ---------------------------------------------------------------------------------------------
// Action economy (seed: Round Structure, Action Types)
// ---------------------------------------------------------------------------------------------

const REACTIONS: readonly ActionDef[] = [
  {
    id: 'fight-back',
    label: 'Fight back',
    costs: {},
    reaction: true,
    forfeitsNextTurn: true,
    help: 'Against a close attack: opposed Strength roll, only the attacker may push. Forfeits your next turn (next round’s if you have acted), but you may fight back any number of close attacks until then.',
  },
  {
    id: 'dodge',
    label: 'Dodge',
    costs: {},
    reaction: true,
    forfeitsNextTurn: true,
    help: 'Against a ranged attack: opposed Agility roll, only the attacker may push; a dodge never deals damage. Forfeits your next turn (next round’s if you have acted), but you may dodge any number of ranged attacks until then.',
  },
];

/** Cited when the tracker refuses an action: "Each participant gets one move + one action, or two moves. The move must come before the action." */
const TURN_RULE = { section: 'Round Structure', source: 'seed' } as const;
const MOVE_HELP = 'Between two adjacent zones, or between Short and Engaged in the same zone.';
const ACTION_HELP = 'Attack, reload, take cover, rally an Incapacitated fighter, interact with an item.';
const FREE_ACTION: ActionDef = {
  id: 'free',
  label: 'Free action (draw a weapon, open a door, a few words)',
  costs: {},
  help: 'Only on your own turn, in addition to the move and action.',
};

// The budgets that do not depend on who asks are built once: the tracker asks on every redraw.
const DEAD_ECONOMY: Economy = { resources: [], actions: [], summary: 'Dead.', rule: TURN_RULE };
const INCAPACITATED_RESOURCES: Economy['resources'] = [{ id: 'move', label: 'Move', max: 1, refresh: 'turn' }];
const INCAPACITATED_ACTIONS: Economy['actions'] = [
  { id: 'crawl', label: 'Crawl', costs: { move: 1 }, help: 'One move per turn; can mumble too.' },
];
const INCAPACITATED = 'Incapacitated: can crawl (one move) and mumble, but cannot roll attributes or use talents.';
const DYING_ECONOMY: Economy = {
  resources: INCAPACITATED_RESOURCES,
  actions: INCAPACITATED_ACTIONS,
  summary: `${INCAPACITATED} Death roll this turn: 4 dice, no push.`,
  rule: TURN_RULE,
};
const STABILIZED_ECONOMY: Economy = {
  resources: INCAPACITATED_RESOURCES,
  actions: INCAPACITATED_ACTIONS,
  summary: `${INCAPACITATED} Stabilized: no more death rolls.`,
  rule: TURN_RULE,
};
const LOST_TURN_ECONOMY: Economy = {
  resources: [],
  actions: [...REACTIONS],
  summary: 'Loses this turn (taser): no move and no action.',
  rule: TURN_RULE,
};
const SLOWED_RESOURCES: Economy['resources'] = [{ id: 'turn', label: 'Move or action', max: 1, refresh: 'turn' }];
const SLOWED_ACTIONS: Economy['actions'] = [
  { id: 'move', label: 'Move', costs: { turn: 1 }, help: MOVE_HELP },
  { id: 'action', label: 'Action (attack, reload, take cover, rally…)', costs: { turn: 1 }, help: ACTION_HELP },
  FREE_ACTION,
  ...REACTIONS,
];
const TURN_ECONOMY: Economy = {
  resources: [
    { id: 'move', label: 'Move', max: 1, refresh: 'turn' },
    { id: 'action', label: 'Action', max: 1, refresh: 'turn' },
  ],
  actions: [
    {
      id: 'move',
      label: 'Move',
      costs: { move: 1 },
      help: MOVE_HELP,
      notAfter: { resource: 'action', reason: 'The move must come before the action.' },
    },
    { id: 'action', label: 'Action (attack, reload, take cover, rally…)', costs: { action: 1 }, help: ACTION_HELP },
    {
      id: 'second-move',
      label: 'Second move (instead of the action)',
      costs: { action: 1 },
      help: 'Two moves and no action this turn.',
    },
    FREE_ACTION,
    ...REACTIONS,
  ],
  summary: 'One move and one action (the move first), or two moves.',
  rule: TURN_RULE,
};

function economy(combatant: RulesCombatant): Economy {
  const { status } = load(combatant);
  if (status.dead) return DEAD_ECONOMY;
  if (status.incapacitated) return status.dying ? DYING_ECONOMY : STABILIZED_ECONOMY;
  if (status.losesTurn) return LOST_TURN_ECONOMY;
  const slowed = injuriesOf(combatant).filter((i) => i.moveOrAct);
  if (slowed.length > 0) {
    return {
      resources: SLOWED_RESOURCES,
      actions: SLOWED_ACTIONS,
      summary: `${slowed.map((i) => i.injury).join(', ')}: may move OR act, not both.`,
      rule: TURN_RULE,
    };
  }
  return TURN_ECONOMY;
}

function encounterPrompts(
  combatants: readonly RulesCombatant[],
  alreadyPrompted: readonly string[],
): readonly CheckRequest[] {
  if (!Array.isArray(combatants) || !Array.isArray(alreadyPrompted)) {
    throw new RulesError(
      'invalid-input',
      'Encounter prompts need the list of combatants and the prompts already shown.',
    );
  }
  // Electric State has no encounter-wide rolls (no morale); death rolls and injuries are per combatant.
  return [];
}

// ---------------------------------------------------------------------------------------------

export const electricStateTracker: TrackerRules = {
  systemId: 'electric-state',
  statFields,
  weapons: electricStateWeapons,
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
    scope: 'side',
    rerollEachRound: false,
    participants,
    dice(participant) {
      requireParticipant(participant);
      return { count: 1, sides: DIE_SIDES };
    },
    score,
    order,
  },
  buildRound,
  economy,
  encounterPrompts,
};
