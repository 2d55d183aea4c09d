import type { ExplainStep, ToggleValues } from '../contract';
import type {
  CheckRequest,
  CombatantKind,
  ConditionDef,
  ConditionInit,
  DerivedValue,
  EncounterMoment,
  CurrentInitiative,
  Economy,
  Harm,
  HarmKind,
  HarmOutcome,
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
import { RulesError, describe, requireFaces, requireInteger } from '../../errors';
import { knocksDown } from './combat';
import { derivedStats, shadowrunAttributes } from './derived';
import {
  applyDamage,
  conditionAfterDamage,
  MAX_ATTRIBUTE,
  MAX_BOXES,
  type ConditionNumbers,
  type ConditionResult,
} from './health';
import {
  applyWoundToInitiative,
  MAX_PASSES,
  passOrder,
  rollInitiative,
  turnSlots,
  type InitiativeEntry as PassEntry,
} from './initiative';
import { plural, SECTION, signed, step } from './sections';
import { shadowrunWeapons } from './sheet-weapons';
import { SKILL_FIELDS } from './skills';
import { MAX_POOL } from './tests';
import { DEFAULT_RULES, resolveRules as resolveToggleRules, type ShadowrunRules } from './toggles';
import {
  applyVehicleHarm,
  isAutonomous,
  isVehicle,
  readVehicle,
  relevanceOf,
  rollDroneInitiative,
  VEHICLE_STAT_FIELDS,
  vehicleCondition,
  vehicleDerived,
  vehicleHealthView,
  vehicleStatProblems,
} from './vehicles';

// ---------------------------------------------------------------------------------------------
// Stat block
// ---------------------------------------------------------------------------------------------

const FIELD_HELP: Readonly<Record<string, string>> = {
  body: 'Sizes the Physical monitor (8 + ⌈Body/2⌉) and the overflow before death; resists damage.',
  agility: 'Linked attribute of most combat skills.',
  reaction: 'Half of Initiative; the ranged defence pool.',
  strength: 'Melee damage and thrown range.',
  charisma: 'Social tests; rarely used in a fight.',
  intuition: 'Half of Initiative.',
  logic: 'Technical and Matrix tests.',
  willpower: 'Sizes the Stun monitor (8 + ⌈Willpower/2⌉).',
  edge: 'Edge points; also the first Initiative tie-break.',
  passes: 'Initiative Passes per Combat Turn (1 unaugmented, up to 4).',
  ballistic: 'Armour against bullets and most ranged attacks.',
  impact: 'Armour against blows, grenades, rockets and missiles.',
};

// Group by what the GM edits together: the eight attributes, the combat-only numbers, armour.
const FIELD_GROUP: Readonly<Record<string, StatField['group']>> = {
  edge: 'resource',
  passes: 'combat',
  ballistic: 'gear',
  impact: 'gear',
};

/** The key stats of the quick "Add PC / Add NPC" form: what attacks, defends, soaks and acts. */
const QUICK_FIELDS: ReadonlySet<string> = new Set([
  'body',
  'agility',
  'reaction',
  'strength',
  'intuition',
  'willpower',
  'edge',
  'passes',
  'ballistic',
  'impact',
]);

/** The package's attribute list with tracker metadata: one source of ids and ranges. */
const STAT_FIELDS: readonly StatField[] = shadowrunAttributes.map((attribute) => {
  const help = FIELD_HELP[attribute.id];
  return {
    id: attribute.id,
    label: attribute.label,
    short: attribute.short,
    type: 'number',
    min: attribute.min,
    max: attribute.max,
    defaultValue: attribute.defaultValue,
    group: FIELD_GROUP[attribute.id] ?? 'attribute',
    ...(help === undefined ? {} : { help }),
    ...(QUICK_FIELDS.has(attribute.id) ? { quick: true } : {}),
    ...relevanceFields(attribute.id),
  };
});

/** `onlyWhen` for a field a vehicle or a person does not have (Body and Initiative Passes are both's). */
function relevanceFields(id: string): Pick<StatField, 'onlyWhen'> {
  const onlyWhen = relevanceOf(id);
  return onlyWhen === undefined ? {} : { onlyWhen };
}

type StatId = 'body' | 'willpower' | 'reaction' | 'intuition' | 'edge' | 'passes';

// ---------------------------------------------------------------------------------------------
// Read once, reuse by identity. Stat blocks, health records, Initiative entries and toggle values
// are immutable JSON (the reducer replaces them, never edits them), and the GM screen asks for
// the same ones on every redraw and round rebuild. So each is checked the first time it is seen
// and the checked value is kept in a WeakMap keyed by the object; a bad one is never kept, so it
// throws the same error every time. Names for error messages are only built when one is thrown.
// ---------------------------------------------------------------------------------------------

const rulesCache = new WeakMap<object, ShadowrunRules>();

/** resolveRules, once per toggles object. */
function resolveRules(toggles: unknown): ShadowrunRules {
  if (typeof toggles !== 'object' || toggles === null) return resolveToggleRules(toggles);
  let rules = rulesCache.get(toggles);
  if (rules === undefined) {
    rules = resolveToggleRules(toggles);
    rulesCache.set(toggles, rules);
  }
  return rules;
}

/** `name` ("Ghost") names the combatant in the message; without one the message names nobody. */
function requireStats(stats: unknown, name?: string): Stats {
  if (typeof stats !== 'object' || stats === null || Array.isArray(stats)) {
    const who = name === undefined ? '' : possessive(name);
    throw new RulesError('invalid-input', `${who}The stat block must be an object of stats, got ${describe(stats)}.`);
  }
  return stats as Stats;
}

/** The stats of one block already read (with their defaults), by id. */
type StatMemo = Partial<Record<StatId, number>>;
const statCache = new WeakMap<object, StatMemo>();

function statMemo(stats: Stats): StatMemo {
  let memo = statCache.get(stats);
  if (memo === undefined) {
    memo = {};
    statCache.set(stats, memo);
  }
  return memo;
}

/**
 * Reads one stat with its field's range; a missing stat takes the field's default, as the
 * contract says the tracker does. `name` ("Ghost") names the combatant in the message. Each
 * stat is checked on its own, so a bad stat only fails the reads that need it.
 */
function readStat(stats: Stats, id: StatId, name?: string, memo: StatMemo = statMemo(stats)): number {
  const known = memo[id];
  if (known !== undefined) return known;
  const field = STAT_FIELDS.find((f) => f.id === id);
  if (!field) throw new RulesError('invalid-input', `Unknown Shadowrun stat "${id}".`);
  const value = requireInteger(
    `${name === undefined ? '' : possessive(name)}${field.label}`,
    stats[id] ?? field.defaultValue,
    field.min ?? 0,
    field.max ?? MAX_ATTRIBUTE,
  );
  memo[id] = value;
  return value;
}

function possessive(name: string): string {
  return `${name}'s `;
}

function requireCombatant(combatant: unknown): RulesCombatant {
  if (typeof combatant !== 'object' || combatant === null || Array.isArray(combatant)) {
    throw new RulesError('invalid-input', `A combatant must be an object, got ${describe(combatant)}.`);
  }
  return combatant as RulesCombatant;
}

function conditionIdsOf(combatant: RulesCombatant): readonly string[] {
  const ids: unknown = combatant.conditionIds;
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) {
    throw new RulesError(
      'invalid-input',
      `${possessive(combatant.name)}conditions must be a list of condition ids, got ${describe(ids)}.`,
    );
  }
  return ids as readonly string[];
}

// ---------------------------------------------------------------------------------------------
// Health: { physical: boxes incl. overflow, stun: boxes (capped) }
// ---------------------------------------------------------------------------------------------

/**
 * Stored health. Physical keeps overflow past the track so that Body changes and healing need
 * no second field; Stun is capped because excess Stun has already been moved into Physical.
 */
// A type alias (not an interface) so it is assignable to the JSON record HealthState.
type SrHealth = {
  readonly physical: number;
  readonly stun: number;
};

const healthCache = new WeakMap<object, SrHealth>();

function readHealth(combatant: RulesCombatant): SrHealth {
  const health: unknown = combatant.health;
  if (typeof health !== 'object' || health === null || Array.isArray(health)) {
    throw new RulesError(
      'invalid-input',
      `${possessive(combatant.name)}health must be an object, got ${describe(health)}.`,
    );
  }
  const known = healthCache.get(health);
  if (known !== undefined) return known;
  const { physical, stun } = health as Record<string, unknown>;
  // The names for the messages are only built when a count is bad.
  const read: SrHealth =
    isBoxCount(physical) && isBoxCount(stun)
      ? { physical, stun }
      : {
          physical: requireInteger(`${possessive(combatant.name)}Physical boxes`, physical, 0, MAX_BOXES),
          stun: requireInteger(`${possessive(combatant.name)}Stun boxes`, stun, 0, MAX_BOXES),
        };
  healthCache.set(health, read);
  return read;
}

function isBoxCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_BOXES;
}

/** A health record made here (initialHealth, applyHarm) is valid by construction: known without a check. */
function madeHealth(health: SrHealth): SrHealth {
  healthCache.set(health, health);
  return health;
}

/** A health record's monitors under one stat block, per Stun overflow rule. */
interface ConditionMemo {
  readonly stats: object;
  // One field per rule (not a record indexed by the rule): read on every redraw, a fixed field is faster.
  oneToOne?: ConditionNumbers;
  twoToOne?: ConditionNumbers;
}
const conditionCache = new WeakMap<object, ConditionMemo>();

/**
 * The combatant's monitors as they stand: the package's damage rule with nothing incoming.
 * A Stun track over a lowered Willpower overflows by the rule, so the toggle counts even here;
 * callers without toggles pass the default. Kept per health record, stat block and rule.
 */
function currentCondition(combatant: RulesCombatant, rules: ShadowrunRules): ConditionNumbers {
  const rule = rules.stunOverflow;
  const memo =
    typeof combatant.health === 'object' && combatant.health !== null
      ? conditionCache.get(combatant.health)
      : undefined;
  if (memo !== undefined && memo.stats === combatant.stats) {
    const known = rule === '1:1' ? memo.oneToOne : memo.twoToOne;
    if (known !== undefined) return known;
  }
  const stats = requireStats(combatant.stats, combatant.name);
  const health = readHealth(combatant);
  const stat = statMemo(stats);
  const condition = isVehicle(stats)
    ? vehicleCondition(readStat(stats, 'body', combatant.name, stat), health.physical)
    : conditionAfterDamage(
    {
      body: readStat(stats, 'body', combatant.name, stat),
      willpower: readStat(stats, 'willpower', combatant.name, stat),
      physical: health.physical,
      stun: health.stun,
    },
    rule,
  );
  const into: ConditionMemo = memo !== undefined && memo.stats === stats ? memo : { stats };
  if (rule === '1:1') into.oneToOne = condition;
  else into.twoToOne = condition;
  if (into !== memo) conditionCache.set(combatant.health, into);
  return condition;
}

function toHealth(result: ConditionResult): SrHealth {
  // Past death more boxes change nothing; the cap keeps the record inside the package's limits.
  return madeHealth({ physical: Math.min(result.physical + result.overflow, MAX_BOXES), stun: result.stun });
}

const HARM_KINDS: readonly HarmKind[] = [
  { id: 'physical', label: 'Physical damage', healing: false, locations: [] },
  { id: 'stun', label: 'Stun damage', healing: false, locations: [] },
  { id: 'heal-physical', label: 'Heal Physical', healing: true, locations: [] },
  { id: 'heal-stun', label: 'Heal Stun', healing: true, locations: [] },
];

function requireHarm(harm: unknown): Harm {
  if (typeof harm !== 'object' || harm === null || Array.isArray(harm)) {
    throw new RulesError('invalid-input', `Harm must be an object with kind and amount, got ${describe(harm)}.`);
  }
  const record = harm as Record<string, unknown>;
  if (typeof record.kind !== 'string' || !HARM_KINDS.some((k) => k.id === record.kind)) {
    throw new RulesError(
      'invalid-input',
      `Unknown harm kind ${describe(record.kind)}; use ${HARM_KINDS.map((k) => k.id).join(', ')}.`,
    );
  }
  if (record.location !== undefined) {
    throw new RulesError('invalid-input', 'Shadowrun has no hit locations; leave the location empty.');
  }
  const amount = requireInteger('Boxes of damage or healing', record.amount, 0, MAX_BOXES);
  return { kind: record.kind, amount };
}

/** Conditions a character keeps up by acting; they end when the character goes down. */
const HELD_CONDITIONS: readonly string[] = ['full-defense', 'running', 'aiming', 'delaying'];

function applyHarm(combatant: RulesCombatant, harmInput: Harm, toggles: ToggleValues): HarmOutcome {
  const rules = resolveRules(toggles);
  const harm = requireHarm(harmInput);
  requireCombatant(combatant);
  const stats = requireStats(combatant.stats, combatant.name);
  const body = readStat(stats, 'body', combatant.name);
  if (isVehicle(stats)) return applyVehicleHarm(combatant.name, body, readHealth(combatant).physical, harm);
  const willpower = readStat(stats, 'willpower', combatant.name);
  const held = conditionIdsOf(combatant);
  const before = readHealth(combatant);

  if (harm.kind === 'physical' || harm.kind === 'stun') {
    const wasUp = currentCondition(combatant, rules).state === 'ok';
    const result = applyDamage(
      {
        body,
        willpower,
        physical: before.physical,
        stun: before.stun,
        incomingPhysical: harm.kind === 'physical' ? harm.amount : 0,
        incomingStun: harm.kind === 'stun' ? harm.amount : 0,
      },
      rules.stunOverflow,
    );
    const steps: ExplainStep[] = [
      step(
        `${combatant.name} takes ${plural(harm.amount, harm.kind === 'physical' ? 'Physical box' : 'Stun box', harm.kind === 'physical' ? 'Physical boxes' : 'Stun boxes')}.`,
        SECTION.damage,
      ),
      ...result.steps,
    ];
    const conditions: ConditionInit[] = [];
    // The seed's flow ends "apply damage; check Knockdown": the package's book test decides it.
    if (harm.amount > 0 && knocksDown(harm.amount, body) && result.state !== 'dead') {
      steps.push(
        step(
          `${plural(harm.amount, 'box', 'boxes')} ${harm.amount >= 10 ? 'reach 10' : `exceed Body ${body}`}: ${combatant.name} is knocked down (Prone).`,
          SECTION.resolutionFlow,
          'book',
        ),
      );
      conditions.push({ conditionId: 'prone', label: 'Prone', note: 'Knocked down' });
    }
    let removeConditions: string[] = [];
    if (wasUp && result.state !== 'ok') {
      // Whoever goes down drops to the ground and stops whatever they were keeping up.
      if (result.state !== 'dead' && conditions.length === 0) {
        conditions.push({ conditionId: 'prone', label: 'Prone', note: 'Collapsed' });
      }
      removeConditions = HELD_CONDITIONS.filter((id) => held.includes(id));
      const ended = removeConditions.map((id) => CONDITIONS.find((c) => c.id === id)?.label ?? id);
      const endedText = ended.length ? `${ended.join(', ')} ${ended.length === 1 ? 'ends' : 'end'}` : '';
      if (result.state !== 'dead') {
        steps.push(
          step(`${combatant.name} collapses (Prone)${endedText ? `; ${endedText}` : ''}.`, SECTION.damage, 'default'),
        );
      } else if (endedText) {
        steps.push(step(`${endedText}.`, SECTION.damage, 'default'));
      }
    }
    return {
      health: toHealth(result),
      steps,
      ...(conditions.length ? { conditions } : {}),
      ...(removeConditions.length ? { removeConditions } : {}),
    };
  }

  const beforeCondition = currentCondition(combatant, rules);
  if (beforeCondition.state === 'dead') {
    throw new RulesError(
      'not-allowed',
      `${combatant.name} is dead, and healing cannot bring them back; undo the damage instead if it was a mistake.`,
    );
  }
  const track = harm.kind === 'heal-physical' ? 'physical' : 'stun';
  const trackName = track === 'physical' ? 'Physical' : 'Stun';
  const marked = before[track];
  const healed = Math.min(marked, harm.amount);
  const after: SrHealth = { ...before, [track]: marked - healed };
  const steps: ExplainStep[] = [
    step(
      healed < harm.amount
        ? `${combatant.name} has only ${plural(marked, `${trackName} box`, `${trackName} boxes`)} marked; ${healed === 0 ? 'nothing to heal' : `all ${healed} are healed`}.`
        : `${combatant.name} heals ${plural(healed, `${trackName} box`, `${trackName} boxes`)}: ${marked} → ${marked - healed}.`,
      SECTION.damage,
      'book',
    ),
  ];
  const result = applyDamage({ body, willpower, physical: after.physical, stun: after.stun }, rules.stunOverflow);
  // The first package step restates the monitor sizes; after healing only the new state matters.
  steps.push(...result.steps.slice(1));
  return { health: toHealth(result), steps };
}

/** Conditions under which a character gets no Action Phases at all. */
const NO_ACTION_CONDITIONS: readonly string[] = ['paralysed'];

/** Up (not knocked out, dying or dead) and not held by a condition that stops all action. */
function canAct(combatant: RulesCombatant, rules: ShadowrunRules): boolean {
  return currentCondition(combatant, rules).state === 'ok' && !stoppedByCondition(combatant);
}

function stoppedByCondition(combatant: RulesCombatant): boolean {
  return conditionIdsOf(combatant).some((id) => NO_ACTION_CONDITIONS.includes(id));
}

const STATE_LABEL: Readonly<Record<ConditionResult['state'], string>> = {
  ok: 'Wounded',
  unconscious: 'Unconscious',
  dying: 'Dying',
  dead: 'Dead',
};

function healthView(combatant: RulesCombatant, toggles: ToggleValues): HealthView {
  const rules = resolveRules(toggles);
  requireCombatant(combatant);
  const condition = currentCondition(combatant, rules);
  const body = readStat(requireStats(combatant.stats), 'body', combatant.name);
  if (isVehicle(combatant.stats)) {
    const stoppedBy = conditionIdsOf(combatant).filter((id) => NO_ACTION_CONDITIONS.includes(id));
    return vehicleHealthView(body, condition.physical, isAutonomous(combatant.stats), stoppedBy.map((id) => CONDITIONS.find((c) => c.id === id)?.label ?? id));
  }
  const unhurt = condition.physical === 0 && condition.stun === 0;
  const markers: string[] = [];
  if (condition.overflow > 0) {
    markers.push(`Overflow ${condition.overflow} of Body ${body} (more than ${body} is death)`);
  }
  if (condition.stun >= condition.monitors.stun && condition.state !== 'dead') {
    markers.push(`Stun track full: more Stun overflows into Physical (${rules.stunOverflow})`);
  }
  const stopped = conditionIdsOf(combatant).filter((id) => NO_ACTION_CONDITIONS.includes(id));
  if (condition.state === 'ok' && stopped.length) {
    // Says why a character who is up gets no turn.
    markers.push(`Cannot act: ${stopped.map((id) => CONDITIONS.find((c) => c.id === id)?.label ?? id).join(', ')}`);
  }
  return {
    tracks: [
      {
        id: 'physical',
        label: 'Physical',
        current: condition.monitors.physical - condition.physical,
        max: condition.monitors.physical,
        style: 'boxes',
      },
      {
        id: 'stun',
        label: 'Stun',
        current: condition.monitors.stun - condition.stun,
        max: condition.monitors.stun,
        style: 'boxes',
      },
    ],
    stateLabel: unhurt ? 'Unhurt' : STATE_LABEL[condition.state],
    severity: condition.state === 'dead' ? 'dead' : condition.state === 'ok' ? (unhurt ? 'ok' : 'hurt') : 'down',
    modifiers: condition.woundModifier ? [`Wound modifier ${signed(condition.woundModifier)}`] : [],
    markers,
    canAct: condition.state === 'ok' && stopped.length === 0,
  };
}

// ---------------------------------------------------------------------------------------------
// Conditions
// ---------------------------------------------------------------------------------------------

/**
 * `expires` is the timing a GM-applied condition should tick with. ConditionDef has no such
 * field yet, so the tracker does not read it; it is kept here so the data sits with the rule.
 */
type SrConditionDef = ConditionDef & { readonly expires?: ConditionInit['expires'] };

const CONDITIONS: readonly SrConditionDef[] = [
  {
    id: 'prone',
    label: 'Prone',
    description: 'Dropped prone (a Free Action), knocked down by damage or collapsed; standing up is a Simple Action.',
  },
  {
    id: 'edge-first',
    label: 'Edge: acts first',
    description: 'Spent a point of Edge to act first in each Initiative Pass this Combat Turn (ahead of higher scores).',
    defaultRounds: 1,
    expires: 'round-end',
  },
  {
    id: 'full-defense',
    label: 'Full Defense',
    description:
      "Adds a defensive skill's dice to every defence test; costs a Complex Action (or the next action, as an interrupt). Lasts to the end of the Combat Turn.",
    defaultRounds: 1,
    expires: 'round-end',
  },
  {
    id: 'running',
    label: 'Running',
    description: '−2 dice on most tests this Combat Turn, but not on charging or defence tests.',
    defaultRounds: 1,
    expires: 'round-end',
  },
  {
    id: 'aiming',
    label: 'Taking aim',
    description: '+1 die on the next shot per Simple Action spent aiming; lost if the character does anything else.',
  },
  {
    id: 'delaying',
    label: 'Delaying action',
    description:
      'Holds the action to act later in this Combat Turn, going before whoever the character interrupts; a held action is lost when the Combat Turn ends.',
    defaultRounds: 1,
    expires: 'round-end',
  },
  {
    id: 'in-melee',
    label: 'In melee',
    description: '−3 dice on ranged attacks while engaged in melee.',
  },
  {
    id: 'pinned',
    label: 'Pinned',
    description: 'Held by a successful grapple: open to follow-up damage or knockdown each turn until breaking free.',
  },
  {
    id: 'surprised',
    label: 'Surprised',
    description:
      'Lost the surprise Initiative Test: cannot act toward or react to those who surprised them (named in the note) until the first Initiative Pass ends.',
    defaultRounds: 1,
    expires: 'pass-end',
  },
  {
    id: 'grenade-in-flight',
    label: 'Grenade in flight',
    description:
      "Threw or launched a grenade: it goes off on the thrower's next Initiative Pass (at once with an airburst link). Ends when the thrower's next Action Phase begins.",
    defaultRounds: 1,
    expires: 'turn-start',
  },
  {
    id: 'paralysed',
    label: 'Paralysed',
    description: 'Cannot act at all (a paralysing power or spell, held helpless): gets no Action Phases until removed.',
  },
];

// ---------------------------------------------------------------------------------------------
// Initiative
// ---------------------------------------------------------------------------------------------

/**
 * Each combatant who can act rolls; an NPC group rolls once and its members share the score
 * (each member's own wounds and passes still apply in buildRound). Those down at the start of
 * the Combat Turn do not roll and so do not act in it.
 */
function initiativeParticipants(
  combatants: readonly RulesCombatant[],
  _sides: readonly { id: string; name: string }[],
): InitiativeParticipant[] {
  if (!Array.isArray(combatants)) {
    throw new RulesError('invalid-input', `Combatants must be a list, got ${describe(combatants)}.`);
  }
  // Built as they will be returned (the reducer asks after every event); only groups get their label at the end.
  const participants: { id: string; label: string; members: RulesCombatant[] }[] = [];
  let groups: Map<string, { id: string; label: string; members: RulesCombatant[] }> | undefined;
  for (const input of combatants) {
    const combatant = requireCombatant(input);
    if (!canAct(combatant, DEFAULT_RULES)) continue;
    if (crewedVehicle(combatant)) continue;
    const groupId = combatant.groupId;
    if (!groupId) {
      participants.push({ id: combatant.id, label: labelOf([combatant]), members: [combatant] });
      continue;
    }
    groups ??= new Map();
    const group = groups.get(groupId);
    if (group) {
      group.members.push(combatant);
    } else {
      // The group takes the place of its first member in encounter order.
      const created = { id: groupId, label: '', members: [combatant] };
      groups.set(groupId, created);
      participants.push(created);
    }
  }
  // The contract gives no group names, so a group is labelled by its members.
  if (groups) for (const group of groups.values()) group.label = labelOf(group.members);
  return participants;
}

/** A vehicle that is not autonomous: the seed gives it its controller's Initiative, so it rolls none. */
function crewedVehicle(combatant: RulesCombatant): boolean {
  const stats = requireStats(combatant.stats, combatant.name);
  return isVehicle(stats) && !isAutonomous(stats);
}

function labelOf(members: readonly RulesCombatant[]): string {
  return members.length === 1 && typeof members[0]!.name === 'string'
    ? members[0]!.name
    : members.map((m) => m.name).join(', ');
}

/** The member whose Reaction + Intuition a participant rolls: itself, or a group's first member. */
function roller(participant: InitiativeParticipant): RulesCombatant {
  if (typeof participant !== 'object' || participant === null || !Array.isArray(participant.members)) {
    throw new RulesError('invalid-input', 'An Initiative participant needs a list of members.');
  }
  // Each member looked at is checked first, so a bad one is named in a sentence, not a TypeError.
  const leader = participant.members.find((m) => requireCombatant(m).id === participant.id) ?? participant.members[0];
  if (!leader) {
    throw new RulesError(
      'invalid-input',
      `${participant.label || participant.id} has no members to roll Initiative for.`,
    );
  }
  return requireCombatant(leader);
}

function initiativeDice(participant: InitiativeParticipant, toggles: ToggleValues): { count: number; sides: number } {
  resolveRules(toggles);
  const leader = roller(participant);
  const stats = requireStats(leader.stats, leader.name);
  if (isVehicle(stats)) {
    const drone = readVehicle(stats, leader.name);
    return { count: drone.pilot + drone.response, sides: 6 };
  }
  // Wounds lower the score, not the pool (the package's rollInitiative applies them there).
  return {
    count: readStat(stats, 'reaction', leader.name) + readStat(stats, 'intuition', leader.name),
    sides: 6,
  };
}

function passesOf(combatant: RulesCombatant): number {
  return readStat(requireStats(combatant.stats, combatant.name), 'passes', combatant.name);
}

function scoreInitiative(
  participant: InitiativeParticipant,
  faces: readonly number[],
  toggles: ToggleValues,
): InitiativeEntry {
  const rules = resolveRules(toggles);
  const leader = roller(participant);
  const stats = requireStats(leader.stats, leader.name);
  const drone = isVehicle(stats) ? readVehicle(stats, leader.name) : null;
  const reaction = drone ? drone.pilot : readStat(stats, 'reaction', leader.name);
  const intuition = drone ? drone.response : readStat(stats, 'intuition', leader.name);
  const label = participant.label || leader.name;
  requireFaces(`${label}'s Initiative dice`, faces, 6, MAX_POOL);
  if (faces.length !== reaction + intuition) {
    throw new RulesError(
      'invalid-input',
      drone
        ? `${label} rolls ${reaction + intuition} Initiative dice (Pilot ${reaction} + Response ${intuition}), but ${plural(faces.length, 'face was', 'faces were')} given.`
        : `${label} rolls ${reaction + intuition} Initiative dice (Reaction ${reaction} + Intuition ${intuition}), but ${plural(faces.length, 'face was', 'faces were')} given.`,
      { expected: reaction + intuition, got: faces.length },
    );
  }
  const wound = currentCondition(leader, rules).woundModifier;
  const roll = drone
    ? rollDroneInitiative(reaction, intuition, faces, rules)
    : rollInitiative({ reaction, intuition, dice: faces, woundModifier: wound }, rules);
  const members = participant.members.map(requireCombatant);
  const passSteps: ExplainStep[] =
    members.length === 1
      ? [
          step(
            `${label}: ${plural(passesOf(leader), 'Initiative Pass', 'Initiative Passes')} this Combat Turn.`,
            SECTION.combatTurn,
          ),
        ]
      : [
          step(
            `The group rolls once with ${leader.name}'s Reaction + Intuition; every member acts on this score, lowered by their own wounds, in their own Initiative Passes (${members.map((m) => `${m.name} ${passesOf(m)}`).join(', ')}).`,
            SECTION.combatTurn,
            'default',
          ),
        ];
  return {
    participantId: participant.id,
    memberIds: members.map((m) => m.id),
    score: roll.score,
    display: scoreDisplay(roll.score, roll),
    faces: [...faces],
    // Only what the roll decided; attributes and passes are read from the combatants when needed.
    detail: {
      hits: roll.hits,
      // buildRound re-applies wounds as the difference from this one (damage lowers the score at once).
      woundAtRoll: wound,
      glitch: roll.glitch,
      criticalGlitch: roll.criticalGlitch,
      simpleActionsLost: roll.simpleActionsLost,
      actionPhasesLost: roll.actionPhasesLost,
    },
    steps: [...roll.steps, ...passSteps],
  };
}

interface RollFacts {
  readonly id: string;
  readonly memberIds: readonly string[];
  readonly score: number;
  readonly woundAtRoll: number;
  readonly glitch: boolean;
  readonly criticalGlitch: boolean;
}

const entryCache = new WeakMap<object, RollFacts>();

function readEntry(entry: InitiativeEntry): RollFacts {
  if (typeof entry !== 'object' || entry === null) {
    throw new RulesError('invalid-input', `An Initiative entry must be an object, got ${describe(entry)}.`);
  }
  const known = entryCache.get(entry);
  if (known !== undefined) return known;
  const facts = readEntryFacts(entry);
  entryCache.set(entry, facts);
  return facts;
}

function readEntryFacts(entry: InitiativeEntry): RollFacts {
  if (typeof entry.participantId !== 'string' || entry.participantId.length === 0) {
    throw new RulesError('invalid-input', 'Every Initiative entry needs a participant id.');
  }
  const id = entry.participantId;
  const memberIds: unknown = entry.memberIds;
  if (
    !Array.isArray(memberIds) ||
    memberIds.length === 0 ||
    !memberIds.every((m: unknown) => typeof m === 'string' && m.length > 0)
  ) {
    throw new RulesError('invalid-input', `Initiative entry ${id}: memberIds must be a list of combatant ids.`);
  }
  const detail: Readonly<Record<string, unknown>> =
    typeof entry.detail === 'object' && entry.detail !== null ? entry.detail : {};
  const flag = (key: string): boolean => {
    const value = detail[key] ?? false;
    if (typeof value !== 'boolean') {
      throw new RulesError(
        'invalid-input',
        `Initiative entry ${id}: ${key} must be true or false, got ${describe(value)}.`,
      );
    }
    return value;
  };
  return {
    id,
    memberIds: memberIds as string[],
    score: requireInteger(`Initiative entry ${id}: score`, entry.score, -100, 200),
    woundAtRoll: requireInteger(`Initiative entry ${id}: wound modifier at the roll`, detail.woundAtRoll ?? 0, -100, 0),
    glitch: flag('glitch'),
    criticalGlitch: flag('criticalGlitch'),
  };
}

/** The score as the GM screen shows it: the number, and a glitch that puts the character last in ties. */
function scoreDisplay(score: number, facts: Pick<RollFacts, 'glitch' | 'criticalGlitch'>): string {
  return facts.criticalGlitch ? `${score} · critical glitch` : facts.glitch ? `${score} · glitch` : `${score}`;
}

/**
 * A member's Initiative Score now: the rolled score moved by the change in its own wound modifier
 * since the roll, as buildRound orders it (seed: wounds lower the score at once; an NPC group's
 * members each carry their own wounds).
 */
function currentInitiative(combatant: RulesCombatant, entry: InitiativeEntry, toggles: ToggleValues): CurrentInitiative {
  const rules = resolveRules(toggles);
  const facts = readEntry(entry);
  const wound = currentCondition(requireCombatant(combatant), rules).woundModifier;
  const score = facts.score + (wound - facts.woundAtRoll);
  let explanation: string;
  if (wound === facts.woundAtRoll) {
    explanation = wound === 0 ? `Rolled ${facts.score}` : `Rolled ${facts.score}, wound modifier ${signed(wound)} counted at the roll`;
  } else if (facts.woundAtRoll === 0) {
    explanation = `Rolled ${facts.score}, wound modifier ${signed(wound)}`;
  } else {
    explanation = `Rolled ${facts.score} with wound modifier ${signed(facts.woundAtRoll)}; wound modifier now ${signed(wound)}`;
  }
  return { score, display: scoreDisplay(score, facts), explanation };
}

/** The package's ordering record for one combatant: the roll's facts with the combatant's own attributes. */
/** The attributes ordering reads from a stat block, read together once per block. */
interface PassStats {
  readonly reaction: number;
  readonly passes: number;
  readonly edge: number;
  readonly initiative: number;
}
const passStatsCache = new WeakMap<object, PassStats>();

function passStatsOf(combatant: RulesCombatant): PassStats {
  const known =
    typeof combatant.stats === 'object' && combatant.stats !== null ? passStatsCache.get(combatant.stats) : undefined;
  if (known !== undefined) return known;
  const name = combatant.name;
  const stats = requireStats(combatant.stats, name);
  const memo = statMemo(stats);
  const drone = isVehicle(stats) ? readVehicle(stats, name) : null;
  const reaction = drone ? drone.response : readStat(stats, 'reaction', name, memo);
  const read: PassStats = {
    reaction,
    passes: readStat(stats, 'passes', name, memo),
    edge: readStat(stats, 'edge', name, memo),
    initiative: drone ? drone.pilot + drone.response : reaction + readStat(stats, 'intuition', name, memo),
  };
  passStatsCache.set(stats, read);
  return read;
}

/** Every pass of the Combat Turn: Edge spent to act first lasts the turn (condition 'edge-first'). */
const ALL_PASSES: readonly number[] = [1, 2, 3, 4];

function passEntry(id: string, score: number, facts: RollFacts, combatant: RulesCombatant): PassEntry {
  const stats = passStatsOf(combatant);
  const entry: PassEntry = {
    id,
    score,
    passes: stats.passes,
    edge: stats.edge,
    initiative: stats.initiative,
    reaction: stats.reaction,
    glitch: facts.glitch,
    criticalGlitch: facts.criticalGlitch,
  };
  return conditionIdsOf(combatant).includes('edge-first') ? { ...entry, edgeFirstPasses: ALL_PASSES } : entry;
}

function orderInitiative(
  entries: readonly InitiativeEntry[],
  participants: readonly InitiativeParticipant[],
  toggles: ToggleValues,
): InitiativeOrder {
  const rules = resolveRules(toggles);
  if (!Array.isArray(entries) || !Array.isArray(participants)) {
    throw new RulesError('invalid-input', 'Initiative entries and participants must be lists.');
  }
  // Looked up by id once, not searched per entry (the first participant with an id wins, as find did).
  const byId = new Map<string, InitiativeParticipant>();
  for (let i = participants.length - 1; i >= 0; i--) byId.set(participants[i]!.id, participants[i]!);
  const label = (id: string): string => byId.get(id)?.label || id;
  const read = entries.map(readEntry);
  const ordering = read.map((facts) => {
    const participant: InitiativeParticipant | undefined = byId.get(facts.id);
    if (!participant) {
      throw new RulesError(
        'unknown-entry',
        `Initiative entry ${facts.id} belongs to no participant in this encounter.`,
      );
    }
    // Ties between participants break on the roller's Edge, Initiative and Reaction.
    return { facts, participant, entry: passEntry(facts.id, facts.score, facts, roller(participant)) };
  });
  // Pass 1 under "simple-action" drops nobody, so this is the full score order with the package's tie-breaks.
  const first = passOrder(
    ordering.map((o) => o.entry),
    1,
    'simple-action',
  );
  const steps: ExplainStep[] = [
    step(
      first.order.length
        ? `Initiative order: ${first.order.map((slot) => `${label(slot.id)} ${slot.score}`).join(', ')}.`
        : 'Nobody has rolled Initiative.',
      SECTION.combatTurn,
    ),
  ];
  for (const tie of first.ties) {
    steps.push(
      step(
        `${tie.map(label).join(', ')} tie: they act at the same time unless it matters; then a glitch goes last and Edge, Initiative, Reaction break the tie in that order.`,
        SECTION.combatTurn,
      ),
    );
  }
  // Losing the first Action Phase costs the whole Combat Turn only to those with a single pass.
  const losesTurn: string[] = [];
  if (rules.initiativeCriticalGlitch === 'action-phase') {
    for (const { facts, participant } of ordering) {
      if (facts.criticalGlitch && participant.members.every((m) => passesOf(requireCombatant(m)) <= 1)) {
        losesTurn.push(facts.id);
        steps.push(
          step(
            `${label(facts.id)} ${participant.members.length > 1 ? 'have' : 'has'} one Initiative Pass and ${participant.members.length > 1 ? 'lose' : 'loses'} it to the critical glitch: no action this Combat Turn.`,
            SECTION.combatTurn,
            'default',
          ),
        );
      }
    }
  }
  return { order: first.order.map((slot) => slot.id), losesTurn, steps };
}

/** A slot as buildRound makes it: pass 1 after a critical glitch says what it costs, for `economy`. */
type SrTurnSlot = TurnSlot & { readonly simpleActionsLost?: number };

/**
 * Every Action Phase of the Combat Turn: pass 1 with everyone in score order, pass 2 with those
 * who have 2+ passes, and so on. Scores use each combatant's wound modifier now against the one
 * at the roll, so a rebuild after damage reorders the rest of the turn. Characters who cannot act
 * get no slots. Slots already taken are left in: the tracker drops those in `acted`.
 */
/** One member's place in the rolled order, with its participant's roll. */
interface MemberTurn {
  readonly memberId: string;
  readonly facts: RollFacts;
}

/** What one list of Initiative entries gives, per order it is walked in. */
interface EntryList {
  readonly byParticipant: ReadonlyMap<string, RollFacts>;
  readonly ids: readonly string[];
  readonly walks: WeakMap<object, readonly MemberTurn[]>;
  unordered?: readonly MemberTurn[];
  /**
   * The last round rebuild's lookups and schedule. Between rebuilds the combatants and most
   * scores stay the same, so checking that (ids by identity, numbers) is cheaper than hashing
   * every id again and re-sorting.
   */
  combatantIds?: readonly unknown[];
  firstIndex?: ReadonlyMap<string, number>;
  schedule?: ScheduleMemo;
}

/** A schedule and everything turnSlots made it from. */
interface ScheduleMemo {
  readonly rule: string;
  readonly ids: readonly string[];
  readonly numbers: readonly number[];
  readonly slots: readonly SrTurnSlot[];
}

/** Each combatant id's first position (a search from the front finds the first). */
function firstIndexOf(combatants: readonly RulesCombatant[], list: EntryList): ReadonlyMap<string, number> {
  const ids = list.combatantIds;
  if (list.firstIndex !== undefined && ids !== undefined && ids.length === combatants.length) {
    let same = true;
    for (let i = 0; i < ids.length && same; i++) same = ids[i] === combatants[i]!.id;
    if (same) return list.firstIndex;
  }
  const firstIndex = new Map<string, number>();
  for (let i = combatants.length - 1; i >= 0; i--) firstIndex.set(combatants[i]!.id, i);
  list.combatantIds = combatants.map((c) => c.id);
  list.firstIndex = firstIndex;
  return firstIndex;
}

/** What turnSlots orders by, as numbers in entry order. */
function scheduleNumbers(entries: readonly PassEntry[]): number[] {
  const numbers: number[] = [];
  for (const e of entries) {
    numbers.push(e.score, e.passes, e.edge, e.initiative, e.reaction, e.glitch ? 1 : 0, e.criticalGlitch ? 1 : 0, e.edgeFirstPasses ? 1 : 0);
  }
  return numbers;
}

/** turnSlots, or the last schedule when nothing it depends on has changed. */
function scheduleOf(entries: readonly PassEntry[], rule: ShadowrunRules['initiativeCriticalGlitch'], list: EntryList) {
  const numbers = scheduleNumbers(entries);
  const last = list.schedule;
  if (
    last !== undefined &&
    last.rule === rule &&
    last.ids.length === entries.length &&
    last.numbers.length === numbers.length &&
    entries.every((e, i) => e.id === last.ids[i]) &&
    numbers.every((n, i) => n === last.numbers[i])
  ) {
    return [...last.slots];
  }
  // turnSlots is turnSchedule without the explanation nobody reads here.
  const slots = turnSlots(entries, rule, (entry, pass, simpleActionsLost): SrTurnSlot =>
    simpleActionsLost ? { combatantId: entry.id, pass, simpleActionsLost } : { combatantId: entry.id, pass },
  );
  list.schedule = { rule, ids: entries.map((e) => e.id), numbers, slots };
  return [...slots];
}
const entryListCache = new WeakMap<object, EntryList>();

/** Every entry read (and checked) once per entries list; a later entry for a participant wins. */
function entryList(entries: readonly InitiativeEntry[]): EntryList {
  const known = entryListCache.get(entries);
  if (known !== undefined) return known;
  const read = entries.map(readEntry);
  const list: EntryList = {
    byParticipant: new Map(read.map((entry) => [entry.id, entry])),
    ids: read.map((entry) => entry.id),
    walks: new WeakMap(),
  };
  entryListCache.set(entries, list);
  return list;
}

/**
 * The members in the rolled order, each once (the first participant naming it wins), with the
 * roll they act on. It depends only on the entries and the order, which stay the same for a whole
 * Combat Turn while the round is rebuilt after every change, so it is kept per pair.
 */
function memberTurns(list: EntryList, order: readonly string[] | undefined): readonly MemberTurn[] {
  const cacheable = Array.isArray(order);
  const known = cacheable ? list.walks.get(order) : order === undefined ? list.unordered : undefined;
  if (known !== undefined) return known;
  const seen = new Set<string>();
  const turns: MemberTurn[] = [];
  for (const participantId of order ?? list.ids) {
    const facts = list.byParticipant.get(participantId);
    if (!facts) continue;
    for (const memberId of facts.memberIds) {
      if (seen.has(memberId)) continue;
      seen.add(memberId);
      turns.push({ memberId, facts });
    }
  }
  if (cacheable) list.walks.set(order, turns);
  else if (order === undefined) list.unordered = turns;
  return turns;
}

function buildRound(context: RoundContext): readonly SrTurnSlot[] {
  const rules = resolveRules(context.toggles);
  if (!Array.isArray(context.entries) || !Array.isArray(context.combatants)) {
    throw new RulesError('invalid-input', 'A round needs lists of combatants and Initiative entries.');
  }
  const list = entryList(context.entries);
  // Order by the rolled order so full ties keep it (passOrder's sort is stable).
  const turns = memberTurns(list, context.initiative?.order);
  // A lookup by id instead of a search per member.
  const firstIndex = firstIndexOf(context.combatants, list);
  const passEntries: PassEntry[] = [];
  for (const { memberId, facts } of turns) {
    const at = firstIndex.get(memberId);
    if (at === undefined) continue; // left the encounter since the roll
    const input = context.combatants[at]!;
    const combatant = requireCombatant(input);
    // canAct, with the monitors read once for the wound modifier too.
    const condition = currentCondition(combatant, rules);
    if (condition.state !== 'ok' || stoppedByCondition(combatant)) continue;
    passEntries.push(
      applyWoundToInitiative(
        passEntry(memberId, facts.score, facts, combatant),
        facts.woundAtRoll,
        condition.woundModifier,
      ),
    );
  }
  return scheduleOf(passEntries, rules.initiativeCriticalGlitch, list);
}

// ---------------------------------------------------------------------------------------------
// Action economy
// ---------------------------------------------------------------------------------------------

/**
 * Per Action Phase: two Simple slots (a Complex takes both), the Free Action every pass gives,
 * and one swap of a Simple slot for a Free Action. The separate "swap" resource caps the swap at
 * one, which makes every allowed mix match the package's checkActionPhase.
 */
const ECONOMY: Economy = {
  resources: [
    { id: 'simple', label: 'Simple Actions', max: 2, refresh: 'turn' },
    { id: 'free', label: 'Free Action', max: 1, refresh: 'turn' },
    { id: 'swap', label: 'Simple swapped for Free', max: 1, refresh: 'turn' },
  ],
  actions: [
    {
      id: 'complex',
      label: 'Complex action',
      costs: { simple: 2 },
      help: 'Full-auto fire, melee or unarmed attack, going on Full Defense, most skill uses: the whole Action Phase.',
    },
    {
      id: 'simple',
      label: 'Simple action',
      costs: { simple: 1 },
      help: 'Fire once (single-shot, semi-auto, burst), reload a clip, take aim, stand up, sprint.',
    },
    {
      id: 'free',
      label: 'Free action',
      costs: { free: 1 },
      help: 'Speak a phrase, drop an item, drop prone, gesture, call a shot.',
    },
    {
      id: 'free-for-simple',
      label: 'Free action (in place of a Simple)',
      costs: { simple: 1, swap: 1 },
      help: 'One Simple Action may be swapped for a second Free Action.',
    },
    {
      id: 'full-defense-interrupt',
      label: 'Full Defense (interrupt)',
      costs: {},
      reaction: true,
      forfeitsNextTurn: true,
      help: "Go on Full Defense out of turn; it uses the character's next action (their next Action Phase if this one is spent).",
    },
  ],
  summary:
    'One Complex Action, or two Simple Actions (one may be swapped for a Free Action), plus one Free Action per Action Phase.',
  rule: { section: SECTION.actions, source: 'seed' },
};

function economy(combatant: RulesCombatant, toggles: ToggleValues, slotInput?: TurnSlot): Economy {
  resolveRules(toggles);
  requireCombatant(combatant);
  if (slotInput === undefined) return ECONOMY;
  if (typeof slotInput !== 'object' || slotInput === null) {
    throw new RulesError('invalid-input', `A turn slot must be an object, got ${describe(slotInput)}.`);
  }
  const slot: SrTurnSlot = slotInput;
  // Someone else's turn: a reaction out of turn spends from the character's own budget, unchanged.
  if (slot.combatantId !== combatant.id) return ECONOMY;
  requireInteger('Initiative Pass', slot.pass, 1, MAX_PASSES);
  const lost = requireInteger('Simple Actions lost', slot.simpleActionsLost ?? 0, 0, 1);
  if (lost === 0) return ECONOMY;
  // The same budget with one Simple slot gone: a Complex no longer fits, one swap still does (checkActionPhase).
  return {
    ...ECONOMY,
    resources: ECONOMY.resources.map((r) =>
      r.id === 'simple' ? { ...r, label: 'Simple Actions (1 lost: critical glitch)', max: r.max - lost } : r,
    ),
    summary: `Critical glitch on Initiative: one Simple Action fewer in this Action Phase, so no Complex Action. ${ECONOMY.summary}`,
  };
}

// ---------------------------------------------------------------------------------------------
// The adapter
// ---------------------------------------------------------------------------------------------

function requireMoment(moment: EncounterMoment): ShadowrunRules {
  if (typeof moment !== 'object' || moment === null) {
    throw new RulesError('invalid-input', `The encounter moment must be an object, got ${describe(moment)}.`);
  }
  return resolveRules(moment.toggles);
}

export const shadowrun4eTracker: TrackerRules = {
  systemId: 'shadowrun-4e',
  statFields: [...STAT_FIELDS, ...SKILL_FIELDS, ...VEHICLE_STAT_FIELDS],
  weapons: shadowrunWeapons,

  derive(stats: Stats): readonly DerivedValue[] {
    const block = requireStats(stats);
    if (isVehicle(block)) return vehicleDerived(readVehicle(block));
    const derived = derivedStats({
      body: readStat(block, 'body'),
      willpower: readStat(block, 'willpower'),
      reaction: readStat(block, 'reaction'),
      intuition: readStat(block, 'intuition'),
    });
    return [
      {
        id: 'physicalMonitor',
        label: 'Physical monitor',
        value: derived.physicalMonitor,
        help: 'Boxes: 8 + ⌈Body/2⌉.',
      },
      { id: 'stunMonitor', label: 'Stun monitor', value: derived.stunMonitor, help: 'Boxes: 8 + ⌈Willpower/2⌉.' },
      {
        id: 'initiative',
        label: 'Initiative',
        value: derived.initiative,
        help: 'Reaction + Intuition: the Initiative Test pool and the base of the score.',
      },
    ];
  },

  validateStats(stats: Stats): string[] {
    if (typeof stats !== 'object' || stats === null || Array.isArray(stats)) {
      return [`The stat block must be an object of stats, got ${describe(stats)}.`];
    }
    const problems: string[] = [];
    for (const field of shadowrun4eTracker.statFields) {
      const value = stats[field.id];
      if (value === undefined) continue; // takes the default
      if (field.type === 'flag') continue; // vehicleStatProblems checks the flags
      try {
        requireInteger(field.label, value, field.min ?? 0, field.max ?? MAX_ATTRIBUTE);
      } catch (error) {
        if (!(error instanceof RulesError)) throw error;
        problems.push(error.message);
      }
    }
    for (const key of Object.keys(stats)) {
      if (!shadowrun4eTracker.statFields.some((field) => field.id === key)) problems.push(`"${key}" is not a Shadowrun 4e stat.`);
    }
    problems.push(...vehicleStatProblems(stats));
    return problems;
  },

  initialHealth(stats: Stats, kind: CombatantKind): HealthState {
    if (kind !== 'pc' && kind !== 'npc') {
      throw new RulesError('invalid-input', `Combatant kind must be "pc" or "npc", got ${describe(kind)}.`);
    }
    // Checked so a bad stat block fails here rather than at the first hit.
    const block = requireStats(stats);
    readStat(block, 'body');
    readStat(block, 'willpower');
    return madeHealth({ physical: 0, stun: 0 });
  },

  harmKinds: HARM_KINDS,
  applyHarm,
  healthView,

  // Neither the seed nor RULES-NOTES §3 calls for a roll on anyone's behalf.
  checksDue(combatant: RulesCombatant, moment: EncounterMoment): readonly CheckRequest[] {
    requireMoment(moment);
    readHealth(requireCombatant(combatant));
    return [];
  },

  resolveCheck(_combatant: RulesCombatant, checkId: string): never {
    throw new RulesError(
      'unknown-entry',
      `Shadowrun 4e asks for no checks, so there is no check ${describe(checkId)} to resolve.`,
    );
  },

  conditions: CONDITIONS,

  initiative: {
    scope: 'combatant',
    rerollEachRound: true,
    participants: initiativeParticipants,
    dice: initiativeDice,
    score: scoreInitiative,
    order: orderInitiative,
    current: currentInitiative,
  },

  buildRound,
  economy,

  // Shadowrun has no encounter-wide prompts (no morale rule in the seed).
  encounterPrompts() {
    return [];
  },
};
