import type { ExplainStep, ToggleValues } from '../contract';
import type {
  ActionDef,
  CheckOutcome,
  CheckRequest,
  CombatantKind,
  ConditionDef,
  ConditionInit,
  DerivedValue,
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
  StatValue,
  Stats,
  TrackerRules,
  TurnSlot,
} from '../../encounter/tracker-rules';
import { RulesError, describe, requireFaces, requireInteger } from '../../errors';
import { MAX_ATTACKS_PER_ROUND } from './actions';
import { HIT_LOCATIONS, LOCATION_LABELS, type HitLocation } from './combat';
import { MAX_TN } from './d100';
import {
  bonus,
  deriveStats,
  MAX_CHARACTERISTIC,
  uesrpgAttributes,
  type Characteristics,
  type DerivedStats,
} from './derived';
import { applyDamage, woundState as packageWoundState, type WoundState } from './health';
import { initiativeRanking, orderInitiative, type InitiativeCombatant } from './initiative';
import { RULES } from './sections';
import { SHEET_SKILL_FIELDS, withQuickStats } from './sheet-stats';
import { UESRPG_WEAPONS } from './sheet-weapons';
import { readToggles as resolveToggleValues, type UesrpgToggles } from './toggles';

// ---------------------------------------------------------------------------------------------
// Read once, reuse by identity. Stat blocks, health records (and their wound lists) and toggle
// values are immutable JSON: the reducer replaces them, never edits them, and the GM screen asks
// for the same ones on every redraw and round rebuild. So each is checked (and its derived stats
// worked out) the first time it is seen and kept in a WeakMap keyed by the object. A bad one is
// never kept, so it fails with the same message every time.
// ---------------------------------------------------------------------------------------------

const togglesCache = new WeakMap<object, UesrpgToggles>();

/** The package's readToggles, once per toggles object. */
function readToggles(options: unknown): UesrpgToggles {
  if (typeof options !== 'object' || options === null) return resolveToggleValues(options);
  let toggles = togglesCache.get(options);
  if (toggles === undefined) {
    toggles = resolveToggleValues(options);
    togglesCache.set(options, toggles);
  }
  return toggles;
}

const woundStateCache = new WeakMap<readonly HitLocation[], WoundState>();

/** The package's woundState, once per wound list (wound lists live inside immutable health records). */
function woundState(wounds: readonly HitLocation[]): WoundState {
  if (!Array.isArray(wounds)) return packageWoundState(wounds);
  let state = woundStateCache.get(wounds);
  if (state === undefined) {
    state = packageWoundState(wounds);
    woundStateCache.set(wounds, state);
  }
  return state;
}

// ---------------------------------------------------------------------------------------------
// Stat block
// ---------------------------------------------------------------------------------------------

/** The seven characteristics the rules use (Personality plays no part in a fight). */
const CHARACTERISTIC_IDS = [
  'strength',
  'endurance',
  'agility',
  'intelligence',
  'willpower',
  'perception',
  'luck',
] as const satisfies readonly (keyof Characteristics)[];

const CHARACTERISTIC_HELP: Readonly<Record<(typeof CHARACTERISTIC_IDS)[number], string>> = {
  strength: 'Melee Combat Style tests, Parry and Block; its bonus is part of the Wound Threshold.',
  endurance: 'Hit Points = ⌈Endurance / 2⌉; its bonus is part of the Wound Threshold and is Stamina.',
  agility: 'Melee and ranged Combat Style tests and Evade; its bonus is part of the Initiative Rating.',
  intelligence: 'Its bonus is part of the Initiative Rating.',
  willpower: 'Its bonus is part of the Wound Threshold.',
  perception: 'Its bonus is part of the Initiative Rating.',
  luck: 'Luck Bonus: initiative tie-break and the number of lucky (LB) and unlucky (5 − LB) numbers.',
};

/** Stat id of the Armour Rating of one location ("arRightArm"). */
function arFieldId(location: HitLocation): string {
  return `ar${location
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('')}`;
}

const AR_SHORT: Readonly<Record<HitLocation, string>> = {
  body: 'AR B',
  'right-leg': 'AR RL',
  'left-leg': 'AR LL',
  'right-arm': 'AR RA',
  'left-arm': 'AR LA',
  head: 'AR H',
};

/** Sensible ceiling for one location's armour; only a typo goes higher. */
const MAX_AR = 100;

const STAT_FIELDS: readonly StatField[] = withQuickStats([
  ...CHARACTERISTIC_IDS.map((id): StatField => {
    const attribute = uesrpgAttributes.find((a) => a.id === id);
    if (!attribute) throw new RulesError('invalid-input', `The UESRPG package has no characteristic "${id}".`);
    return {
      id,
      label: attribute.label,
      short: attribute.short,
      type: 'number',
      min: attribute.min,
      max: attribute.max,
      defaultValue: attribute.defaultValue,
      group: 'attribute',
      help: `${CHARACTERISTIC_HELP[id]} Typical people have 20–60.`,
    };
  }),
  {
    id: 'combatStyle',
    label: 'Combat Style TN',
    short: 'CS',
    type: 'number',
    min: 0,
    max: MAX_TN,
    defaultValue: 30,
    group: 'skill',
    help: 'Target number of the main Combat Style (characteristic + 10 × rank): attack, Parry, Block, Counter-attack.',
  },
  {
    id: 'evade',
    label: 'Evade TN',
    short: 'Ev',
    type: 'number',
    min: 0,
    max: MAX_TN,
    defaultValue: 30,
    group: 'skill',
    help: 'Target number of the Agility-based Evade test.',
  },
  ...SHEET_SKILL_FIELDS,
  ...HIT_LOCATIONS.map((location): StatField => ({
    id: arFieldId(location),
    label: `AR ${LOCATION_LABELS[location]}`,
    short: AR_SHORT[location],
    type: 'number',
    min: 0,
    max: MAX_AR,
    defaultValue: 0,
    group: 'gear',
    help: `Armour Rating of the ${LOCATION_LABELS[location].toLowerCase()}, for reference: damage entered in the tracker is already after AR.`,
  })),
  {
    id: 'lucky',
    label: 'Lucky numbers',
    short: 'Lucky',
    type: 'numbers',
    min: 1,
    max: 100,
    // Luck Bonus lucky numbers, and the Luck Bonus is at most the tens digit of the highest Luck.
    maxItems: bonus(MAX_CHARACTERISTIC),
    defaultValue: [],
    group: 'resource',
    help: 'PCs: as many as the Luck Bonus; rolling one is a critical success. Leave empty for NPCs (01–03).',
  },
  {
    id: 'unlucky',
    label: 'Unlucky numbers',
    short: 'Unlucky',
    type: 'numbers',
    min: 1,
    max: 100,
    maxItems: 5,
    defaultValue: [],
    group: 'resource',
    help: 'PCs: 5 − Luck Bonus of them; rolling one is a critical failure. Leave empty for NPCs (98–100).',
  },
]);

function field(id: string): StatField {
  const found = STAT_FIELDS.find((f) => f.id === id);
  if (!found) throw new RulesError('invalid-input', `"${id}" is not a UESRPG stat.`);
  return found;
}

/** Array.isArray without narrowing a typed readonly list to any[] (the input is still checked at run time). */
function isList(value: unknown): boolean {
  return Array.isArray(value);
}

function possessive(name: string): string {
  return name ? `${name}'s ` : '';
}

function requireStats(stats: unknown, who: string): Stats {
  if (typeof stats !== 'object' || stats === null || Array.isArray(stats)) {
    throw new RulesError('invalid-input', `${who}stat block must be an object of stats, got ${describe(stats)}.`);
  }
  return stats as Stats;
}

/** One number stat; a missing one takes its field's default, as the tracker promises. */
function readNumber(stats: Stats, id: string, who: string): number {
  const f = field(id);
  return requireInteger(`${who}${f.label}`, stats[id] ?? f.defaultValue, f.min ?? 0, f.max ?? MAX_CHARACTERISTIC);
}

function characteristics(stats: Stats, who: string): Characteristics {
  const read = (id: (typeof CHARACTERISTIC_IDS)[number]) => readNumber(stats, id, who);
  return {
    strength: read('strength'),
    endurance: read('endurance'),
    agility: read('agility'),
    intelligence: read('intelligence'),
    willpower: read('willpower'),
    perception: read('perception'),
    luck: read('luck'),
  };
}

const derivedCache = new WeakMap<object, DerivedStats>();

/** Derived stats, worked out once per stat block; `name` only goes into the message of a bad block. */
function derivedOf(stats: unknown, name: string): DerivedStats {
  const known = typeof stats === 'object' && stats !== null ? derivedCache.get(stats) : undefined;
  if (known !== undefined) return known;
  const who = possessive(name);
  const derived = deriveStats(characteristics(requireStats(stats, who), who));
  derivedCache.set(stats as object, derived);
  return derived;
}

/** Problems with one lucky/unlucky list, one sentence each; returns the valid numbers. */
function checkNumberList(value: unknown, f: StatField, problems: string[]): number[] {
  if (!Array.isArray(value)) {
    problems.push(`${f.label} must be a list of numbers from 1 to 100, got ${describe(value)}.`);
    return [];
  }
  const seen = new Set<number>();
  for (const n of value as unknown[]) {
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 100) {
      problems.push(`${f.label} may only hold whole numbers from 1 to 100; ${describe(n)} is not one.`);
    } else if (seen.has(n)) {
      problems.push(`${f.label} list ${n} twice; each number may appear once.`);
    } else {
      seen.add(n);
    }
  }
  if (value.length > (f.maxItems ?? 100)) {
    problems.push(`${f.label} hold at most ${f.maxItems ?? 100} entries, got ${value.length}.`);
  }
  return [...seen];
}

function validateStats(stats: Stats): string[] {
  if (typeof stats !== 'object' || stats === null || Array.isArray(stats)) {
    return [`The stat block must be an object of stats, got ${describe(stats)}.`];
  }
  const problems: string[] = [];
  for (const key of Object.keys(stats)) {
    if (!STAT_FIELDS.some((f) => f.id === key)) problems.push(`"${key}" is not a UESRPG stat.`);
  }
  for (const f of STAT_FIELDS) {
    if (f.type !== 'number' || stats[f.id] === undefined) continue;
    try {
      readNumber(stats, f.id, '');
    } catch (error) {
      if (!(error instanceof RulesError)) throw error;
      problems.push(error.message);
    }
  }
  const lucky = stats.lucky === undefined ? [] : checkNumberList(stats.lucky, field('lucky'), problems);
  const unlucky = stats.unlucky === undefined ? [] : checkNumberList(stats.unlucky, field('unlucky'), problems);
  const both = lucky.filter((n) => unlucky.includes(n));
  if (both.length > 0) {
    problems.push(
      `${both.join(', ')} ${both.length === 1 ? 'is' : 'are'} both lucky and unlucky; a number can only be one.`,
    );
  }
  // The stat block does not say PC or NPC: NPCs leave both lists empty, so counts are checked once any number is given.
  if (lucky.length + unlucky.length > 0) {
    let derived: DerivedStats | null = null;
    try {
      derived = derivedOf(stats, '');
    } catch (error) {
      if (!(error instanceof RulesError)) throw error; // already reported above
    }
    if (derived) {
      const lb = derived.luckBonus;
      const count = (value: StatValue | undefined) => (Array.isArray(value) ? value.length : 0);
      // A list of the wrong type was reported above; its count would only repeat that.
      if ((stats.lucky === undefined || Array.isArray(stats.lucky)) && count(stats.lucky) !== derived.luckyCount) {
        problems.push(
          `A PC with Luck Bonus ${lb} has ${derived.luckyCount} lucky number${derived.luckyCount === 1 ? '' : 's'} (one per point of Luck Bonus), but ${count(stats.lucky)} ${count(stats.lucky) === 1 ? 'is' : 'are'} listed.`,
        );
      }
      if (
        (stats.unlucky === undefined || Array.isArray(stats.unlucky)) &&
        count(stats.unlucky) !== derived.unluckyCount
      ) {
        problems.push(
          `A PC with Luck Bonus ${lb} has ${derived.unluckyCount} unlucky number${derived.unluckyCount === 1 ? '' : 's'} (5 − Luck Bonus), but ${count(stats.unlucky)} ${count(stats.unlucky) === 1 ? 'is' : 'are'} listed.`,
        );
      }
    }
  }
  return problems;
}

function derive(stats: Stats): readonly DerivedValue[] {
  const d = derivedOf(stats, '');
  return [
    { id: 'hp', label: 'HP', value: d.hp, help: 'Hit Points = ⌈Endurance / 2⌉.' },
    {
      id: 'wt',
      label: 'WT',
      value: d.wt,
      help: 'Wound Threshold = SB + EB + WpB; damage after AR above it is a wound.',
    },
    { id: 'ir', label: 'IR', value: d.ir, help: 'Initiative Rating = AgB + IB + PrB; initiative is 1d6 + IR.' },
    { id: 'stamina', label: 'Stamina', value: d.stamina, help: 'Stamina = Endurance bonus.' },
    { id: 'ap', label: 'AP', value: d.ap, help: 'Action Points per round (2 while a body wound lasts).' },
    {
      id: 'luckBonus',
      label: 'Luck Bonus',
      value: d.luckBonus,
      help: `Initiative tie-break; a PC has ${d.luckyCount} lucky and ${d.unluckyCount} unlucky numbers.`,
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Health: { hp (not clamped at 0), wounds: hit locations in the order taken }
// ---------------------------------------------------------------------------------------------

// A type alias (not an interface) so it is assignable to the JSON record HealthState.
export type UesrpgHealth = {
  readonly hp: number;
  readonly wounds: readonly HitLocation[];
};

/** The package's applyDamage accepts HP down to this; far past any fight. */
const MIN_HP = -10000;
const MAX_HARM = 1000;

const healthCache = new WeakMap<object, UesrpgHealth>();

/** The combatant's health, checked once per health record. */
export function readUesrpgHealth(combatant: RulesCombatant): UesrpgHealth {
  const health: unknown = combatant.health;
  const known = typeof health === 'object' && health !== null ? healthCache.get(health) : undefined;
  if (known !== undefined) return known;
  if (typeof health !== 'object' || health === null || Array.isArray(health)) {
    throw new RulesError(
      'invalid-input',
      `${possessive(combatant.name)}health must be an object, got ${describe(health)}.`,
    );
  }
  const record = health as Record<string, unknown>;
  // The names for the messages are only built when something is wrong.
  const raw = record.hp;
  const hp =
    typeof raw === 'number' && Number.isInteger(raw) && raw >= MIN_HP && raw <= 10000
      ? raw
      : requireInteger(`${possessive(combatant.name)}HP`, raw, MIN_HP, 10000);
  if (!Array.isArray(record.wounds) || !record.wounds.every((w) => HIT_LOCATIONS.includes(w as HitLocation))) {
    throw new RulesError('invalid-input', `${possessive(combatant.name)}wounds must be a list of hit locations.`);
  }
  const read: UesrpgHealth = { hp, wounds: record.wounds as HitLocation[] };
  healthCache.set(health, read);
  return read;
}

function initialHealth(stats: Stats, kind: CombatantKind): HealthState {
  if (kind !== 'pc' && kind !== 'npc') {
    throw new RulesError('invalid-input', `Combatant kind must be "pc" or "npc", got ${describe(kind)}.`);
  }
  const health: UesrpgHealth = { hp: derivedOf(stats, '').hp, wounds: [] };
  return health;
}

const LOCATIONS = HIT_LOCATIONS.map((id) => ({ id, label: LOCATION_LABELS[id] }));

const HARM_KINDS: readonly HarmKind[] = [
  { id: 'damage', label: 'Damage after armour', healing: false, locations: LOCATIONS },
  // A location on healing marks that wound treated; without one only HP come back.
  { id: 'heal', label: 'Healing (a location treats its wound)', healing: true, locations: LOCATIONS },
];

function requireHarm(harm: unknown): { kind: 'damage' | 'heal'; amount: number; location: HitLocation | undefined } {
  if (typeof harm !== 'object' || harm === null || Array.isArray(harm)) {
    throw new RulesError('invalid-input', `Harm must be an object with kind and amount, got ${describe(harm)}.`);
  }
  const record = harm as Record<string, unknown>;
  if (record.kind !== 'damage' && record.kind !== 'heal') {
    throw new RulesError('invalid-input', `Unknown harm kind ${describe(record.kind)}; use damage or heal.`);
  }
  const amount = requireInteger(record.kind === 'damage' ? 'Damage' : 'Healing', record.amount, 0, MAX_HARM);
  const location = record.location;
  if (location !== undefined && !HIT_LOCATIONS.includes(location as HitLocation)) {
    throw new RulesError(
      'invalid-input',
      `Unknown hit location ${describe(location)}; use ${HIT_LOCATIONS.join(', ')} or none.`,
    );
  }
  return { kind: record.kind, amount, location: location as HitLocation | undefined };
}

const LIMBS: readonly HitLocation[] = ['right-leg', 'left-leg', 'right-arm', 'left-arm'];

function lower(location: HitLocation): string {
  return LOCATION_LABELS[location].toLowerCase();
}

function applyHarm(combatant: RulesCombatant, harmInput: Harm, toggles: ToggleValues): HarmOutcome {
  readToggles(toggles);
  const harm = requireHarm(harmInput);
  const name = combatant.name;
  const derived = derivedOf(combatant.stats, name);
  const before = readUesrpgHealth(combatant);

  if (harm.kind === 'damage') {
    // The amount is already after AR (the contract's Harm), so the package subtracts AR 0.
    const result = applyDamage({
      hp: before.hp,
      damage: harm.amount,
      ar: 0,
      wt: derived.wt,
      ...(harm.location === undefined ? {} : { location: harm.location }),
    });
    if (result.wound && harm.location === undefined) {
      throw new RulesError(
        'invalid-input',
        `${harm.amount} damage after AR exceeds ${possessive(name)}Wound Threshold ${derived.wt}, so it is a wound: give the hit location so its effect can be applied.`,
      );
    }
    const hp = Math.max(MIN_HP, result.hp);
    const where = harm.location === undefined ? '' : ` to the ${lower(harm.location)}`;
    const steps: ExplainStep[] = [
      {
        text: `${name} takes ${harm.amount} damage after AR${where}: HP ${before.hp} → ${hp}${hp < 0 ? ' (HP is not clamped at 0)' : ''}.`,
        rule: RULES.resolve,
      },
      // The package's first step restates HP with AR 0; the rest (wound or not, its effects) stands.
      ...result.steps.slice(1),
    ];
    if (hp <= 0 && before.hp > 0) {
      steps.push({ text: `HP ${hp}: ${name} is down and cannot act.`, rule: RULES.downAtZero });
    }
    const conditions: ConditionInit[] = [];
    let wounds = before.wounds;
    if (result.wound && result.effects && harm.location !== undefined) {
      const location = harm.location;
      wounds = [...wounds, location];
      const state = woundState(wounds);
      conditions.push({ conditionId: 'wounded', label: 'Wounded', note: `${LOCATION_LABELS[location]} wound` });
      if (result.effects.crippled) {
        const limb = result.effects.crippled;
        conditions.push({ conditionId: `crippled-${limb}`, label: `Crippled ${lower(limb)}` });
      }
      if (result.effects.stunnedRounds > 0) {
        // Ticks at the end of the bearer's turn, so the next turn they take is the one lost.
        conditions.push({
          conditionId: 'stunned',
          label: 'Stunned',
          rounds: result.effects.stunnedRounds,
          expires: 'turn-end',
          note: 'Head wound',
        });
      }
      if (location === 'body') {
        steps.push({
          text: `${name} now has ${state.maxAp} AP per round while the body wound lasts.`,
          rule: RULES.woundsLast,
        });
      }
    }
    const health: UesrpgHealth = { hp, wounds };
    return conditions.length ? { health, steps, conditions } : { health, steps };
  }

  // Healing never lowers HP that stand above the maximum (Endurance lowered after the fight began).
  const hp = Math.max(before.hp, Math.min(derived.hp, before.hp + harm.amount));
  const steps: ExplainStep[] = [
    {
      text:
        hp === before.hp
          ? `${name} is at ${before.hp} of ${derived.hp} HP: no HP to restore.`
          : `${name} heals ${hp - before.hp} HP: ${before.hp} → ${hp} of ${derived.hp}.`,
      rule: RULES.derived,
    },
  ];
  let wounds = before.wounds;
  const removeConditions: string[] = [];
  if (harm.location !== undefined) {
    const location = harm.location;
    const index = wounds.indexOf(location);
    if (index < 0) {
      throw new RulesError(
        'not-allowed',
        `${name} has no wound on the ${lower(location)} to treat; leave the location empty to heal HP only.`,
      );
    }
    wounds = wounds.filter((_, i) => i !== index);
    steps.push({
      text: `The ${lower(location)} wound is treated and no longer counts${wounds.length ? ` (${wounds.length} wound${wounds.length === 1 ? '' : 's'} left)` : '; no wounds left'}.`,
      rule: RULES.treatWound,
    });
    if (LIMBS.includes(location) && !wounds.includes(location)) removeConditions.push(`crippled-${location}`);
    if (wounds.length === 0) removeConditions.push('wounded');
  }
  if (hp > 0 && before.hp <= 0) {
    steps.push({ text: `HP ${hp}: ${name} is no longer down.`, rule: RULES.downAtZero });
  }
  const health: UesrpgHealth = { hp, wounds };
  return removeConditions.length ? { health, steps, removeConditions } : { health, steps };
}

/** Wounded per the health record, or by a GM-applied Wounded condition. */
function isWounded(combatant: RulesCombatant): boolean {
  return readUesrpgHealth(combatant).wounds.length > 0 || conditionIds(combatant).includes('wounded');
}

function conditionIds(combatant: RulesCombatant): readonly string[] {
  return isList(combatant.conditionIds) ? combatant.conditionIds : [];
}

function isDown(combatant: RulesCombatant): boolean {
  return readUesrpgHealth(combatant).hp <= 0;
}

const WOUND_MARK: Readonly<Record<HitLocation, string>> = {
  body: '1 AP lost',
  'right-leg': 'crippled',
  'left-leg': 'crippled',
  'right-arm': 'crippled',
  'left-arm': 'crippled',
  head: 'stunned 1 round',
};

function healthView(combatant: RulesCombatant, toggles: ToggleValues): HealthView {
  readToggles(toggles);
  const max = derivedOf(combatant.stats, combatant.name).hp;
  const health = readUesrpgHealth(combatant);
  const state = woundState(health.wounds);
  const wounded = isWounded(combatant);
  const down = health.hp <= 0;
  const modifiers: string[] = [];
  if (wounded) modifiers.push('−20 to all tests (wounded)', '−2 initiative (wounded)');
  if (state.maxAp < 3) modifiers.push(`${state.maxAp} AP per round (body wound)`);
  return {
    tracks: [{ id: 'hp', label: 'HP', current: health.hp, max, style: 'bar' }],
    stateLabel: down ? 'Down' : wounded ? 'Wounded' : health.hp < max ? 'Hurt' : 'Unhurt',
    severity: down ? 'down' : wounded || health.hp < max ? 'hurt' : 'ok',
    modifiers,
    markers: health.wounds.map((location) => `Wound: ${lower(location)} (${WOUND_MARK[location]})`),
    canAct: !down,
  };
}

// ---------------------------------------------------------------------------------------------
// Conditions the seed (and the book's wound effects) name
// ---------------------------------------------------------------------------------------------

const CONDITIONS: readonly ConditionDef[] = [
  {
    id: 'surprised',
    label: 'Surprised',
    description: 'Caught unaware: cannot act during the first round (gets no turn in round 1).',
    defaultRounds: 1,
  },
  {
    id: 'stunned',
    label: 'Stunned',
    description: 'Head wound: stunned for 1 round — no actions or reactions on the next turn.',
    defaultRounds: 1,
  },
  {
    id: 'wounded',
    label: 'Wounded',
    description: '−20 to all tests and −2 to initiative while wounded (heal with the location to treat a wound).',
  },
  ...LIMBS.map((limb): ConditionDef => ({
    id: `crippled-${limb}`,
    label: `Crippled ${lower(limb)}`,
    description: `A wound has crippled the ${lower(limb)} until it is treated.`,
  })),
  {
    id: 'prone',
    label: 'Prone',
    description:
      'On the ground (a grapple Takedown, or a fall on slippery ground); a grappler ignores prone penalties.',
  },
  {
    id: 'restrained',
    label: 'Restrained',
    description:
      "Grappled: cannot defend against the grappler's attacks; escape with Resist (Special Action). Prone and restrained: an armed attacker may Coup de Grace.",
  },
  {
    id: 'grappling',
    label: 'Grappling',
    description:
      'Holds a restrained target and cannot move; may Takedown, Move (drag both SB m) or Attack the target, 1 AP each.',
  },
  {
    id: 'holding-breath',
    label: 'Holding breath',
    description:
      'Can hold it 2 rounds per Endurance bonus (doubled doing nothing else); after that 1 temporary fatigue level per round.',
  },
  {
    id: 'fatigue',
    label: 'Fatigue',
    description:
      'Temporary fatigue from holding breath too long (levels in the note); removed at 1 level per round once breathing.',
  },
  {
    id: 'swimming',
    label: 'Swimming',
    description:
      'Athletics limits Combat Style; attacks deal half damage; movement halved without Amphibious or Swimmer.',
  },
  {
    id: 'climbing',
    label: 'Climbing',
    description: 'Athletics limits Combat Style; one hand must stay on the surface.',
  },
];

// ---------------------------------------------------------------------------------------------
// Initiative: one 1d6 per ungrouped combatant and per NPC group, once per encounter
// ---------------------------------------------------------------------------------------------

function groupLabel(members: readonly RulesCombatant[]): string {
  const names = members.map((m) => m.name || m.id);
  if (names.length <= 3) return names.join(', ');
  return `${names.slice(0, 2).join(', ')} and ${names.length - 2} more`;
}

function participants(
  combatants: readonly RulesCombatant[],
  _sides: readonly { id: string; name: string }[],
): InitiativeParticipant[] {
  if (!isList(combatants)) throw new RulesError('invalid-input', 'Initiative needs a list of combatants.');
  const ids = new Set<string>();
  for (const c of combatants) {
    if (typeof c !== 'object' || c === null || typeof c.id !== 'string' || c.id.length === 0) {
      throw new RulesError('invalid-input', 'Every combatant needs an id.');
    }
    if (ids.has(c.id)) throw new RulesError('invalid-input', `Two combatants share the id "${c.id}".`);
    ids.add(c.id);
  }
  const slots: { id: string; members: RulesCombatant[] }[] = [];
  const groups = new Map<string, RulesCombatant[]>();
  for (const c of combatants) {
    // Only similar NPCs roll as a group (seed); a PC always rolls for itself.
    const groupId = c.kind === 'npc' && typeof c.groupId === 'string' && c.groupId.length > 0 ? c.groupId : null;
    if (groupId === null) {
      slots.push({ id: c.id, members: [c] });
      continue;
    }
    if (ids.has(groupId)) {
      throw new RulesError(
        'invalid-input',
        `The group id "${groupId}" is also a combatant's id; give the group another id.`,
      );
    }
    const members = groups.get(groupId);
    if (members) {
      members.push(c);
    } else {
      const fresh = [c];
      groups.set(groupId, fresh);
      slots.push({ id: groupId, members: fresh });
    }
  }
  return slots.map((slot) => ({
    id: slot.id,
    label: slot.members.length === 1 ? slot.members[0]!.name || slot.members[0]!.id : groupLabel(slot.members),
    members: slot.members,
  }));
}

/** The member whose stats a participant rolls with: the first in encounter order (similar NPCs share them). */
function leader(participant: InitiativeParticipant): RulesCombatant {
  if (typeof participant !== 'object' || participant === null || !isList(participant.members)) {
    throw new RulesError('invalid-input', 'An initiative participant needs a list of members.');
  }
  const first = participant.members[0];
  if (!first) {
    throw new RulesError(
      'invalid-input',
      `${participant.label || participant.id} has no members to roll initiative for.`,
    );
  }
  return first;
}

function labelOf(participant: InitiativeParticipant): string {
  return participant.label || leader(participant).name || participant.id;
}

function initiativeDice(participant: InitiativeParticipant, toggles: ToggleValues): { count: number; sides: number } {
  readToggles(toggles);
  leader(participant);
  return { count: 1, sides: 6 };
}

/** What the package's orderInitiative needs of a participant, from its leader as it stands now. */
function initiativeInput(participant: InitiativeParticipant, roll: number, id: string): InitiativeCombatant {
  const lead = leader(participant);
  const d = derivedOf(lead.stats, lead.name);
  return { id, ir: d.ir, roll, luckBonus: d.luckBonus, pc: lead.kind === 'pc', wounded: isWounded(lead) };
}

function scoreInitiative(
  participant: InitiativeParticipant,
  faces: readonly number[],
  toggles: ToggleValues,
): InitiativeEntry {
  readToggles(toggles);
  const lead = leader(participant);
  const label = labelOf(participant);
  requireFaces(`${label}'s initiative die`, faces, 6, 1);
  const roll = faces[0];
  if (roll === undefined)
    throw new RulesError('invalid-input', `${label} rolls 1d6 for initiative, but no face was given.`);
  const input = initiativeInput(participant, roll, participant.id);
  const total = orderInitiative([input]).entries[0]!.total;
  const steps: ExplainStep[] = [
    {
      text: `${label}: 1d6 (${roll}) + IR ${input.ir}${input.wounded ? ' − 2 (wounded)' : ''} = ${total}.`,
      rule: input.wounded ? RULES.woundEffects : RULES.initiative,
    },
  ];
  if (participant.members.length > 1) {
    steps.push({
      text: `Similar NPCs roll once; the group uses ${possessive(lead.name)}IR and Luck Bonus and acts together.`,
      rule: RULES.initiative,
    });
  }
  return {
    participantId: participant.id,
    memberIds: participant.members.map((m) => m.id),
    score: total,
    display: String(total),
    faces: [roll],
    detail: { roll, ir: input.ir, luckBonus: input.luckBonus, pc: input.pc, wounded: input.wounded === true },
    steps,
  };
}

function entryRoll(entry: InitiativeEntry, label: string): number {
  if (!isList(entry.faces) || entry.faces.length !== 1) {
    throw new RulesError('invalid-input', `${label}'s initiative entry must hold the one d6 rolled.`);
  }
  // A good face is taken as it is; only a bad one needs the named check (and its message).
  const face: unknown = entry.faces[0];
  if (typeof face === 'number' && Number.isInteger(face) && face >= 1 && face <= 6) return face;
  return requireFaces(`${label}'s initiative die`, entry.faces, 6, 1)[0]!;
}

/**
 * Orders the participants that have an entry with the package's tie-breaks (IR, Luck Bonus, PC
 * before NPC, then participant order), using each leader's wounds as they are now: the −2 lasts
 * while wounded, so a wound taken mid-fight moves the combatant back. `strict` rejects stray entries.
 */
function rank(
  entries: readonly InitiativeEntry[],
  list: readonly InitiativeParticipant[],
  strict: boolean,
): { order: string[]; steps: ExplainStep[] } {
  if (!isList(entries) || !isList(list)) {
    throw new RulesError('invalid-input', 'Initiative entries and participants must be lists.');
  }
  const byId = strict ? entriesById(entries, list) : (entryMapCache.get(entries) ?? entriesById(entries, null));
  // The package's steps name combatants by id; unique readable names make them read well.
  const names = new Map<string, string>();
  const used = new Set<string>();
  const input: InitiativeCombatant[] = [];
  for (const participant of list) {
    const entry = byId.get(participant.id);
    if (!entry || participant.members.length === 0) continue;
    let name = labelOf(participant);
    for (let n = 2; used.has(name); n++) name = `${labelOf(participant)} (${n})`;
    used.add(name);
    names.set(name, participant.id);
    input.push(initiativeInput(participant, entryRoll(entry, name), name));
  }
  if (input.length === 0) return { order: [], steps: [] };
  const result = orderInitiative(input);
  return { order: result.order.map((name) => names.get(name)!), steps: result.steps };
}

// Entries lists are immutable state, kept for a whole encounter (initiative is rolled once): checked once.
const entryMapCache = new WeakMap<readonly InitiativeEntry[], ReadonlyMap<string, InitiativeEntry>>();

/** The entries by participant, checked; with `list`, an entry of no participant is an error. */
function entriesById(
  entries: readonly InitiativeEntry[],
  list: readonly InitiativeParticipant[] | null,
): ReadonlyMap<string, InitiativeEntry> {
  const byId = new Map<string, InitiativeEntry>();
  let known: Set<string> | undefined;
  for (const entry of entries) {
    if (typeof entry !== 'object' || entry === null || typeof entry.participantId !== 'string') {
      throw new RulesError('invalid-input', `An initiative entry must name its participant, got ${describe(entry)}.`);
    }
    if (byId.has(entry.participantId)) {
      throw new RulesError('invalid-input', `${entry.participantId} has two initiative entries; roll once.`);
    }
    // The participants' ids as a set, made at the first entry, so each entry is not a search.
    if (list) known ??= new Set(list.map((p) => p.id));
    if (known && !known.has(entry.participantId)) {
      throw new RulesError('unknown-entry', `The initiative entry ${entry.participantId} belongs to no participant.`);
    }
    byId.set(entry.participantId, entry);
  }
  if (!list) entryMapCache.set(entries, byId);
  return byId;
}

/** The one d6 of an entry, or null when it is not one good face (the named path then says why). */
function singleD6(entry: InitiativeEntry): number | null {
  if (!isList(entry.faces) || entry.faces.length !== 1) return null;
  const face: unknown = entry.faces[0];
  return typeof face === 'number' && Number.isInteger(face) && face >= 1 && face <= 6 ? face : null;
}

/**
 * rank (not strict) for a round rebuild: the same order without the explanation, so without the
 * readable names it needs either (the package gets positions as ids). Returns positions in
 * `list`, first to act first. A bad roll goes to the explaining path, which fails with its message.
 */
function roundRanking(
  entries: readonly InitiativeEntry[],
  list: readonly InitiativeParticipant[],
  memo: RoundMemo,
): readonly number[] {
  if (!isList(entries) || !isList(list)) {
    throw new RulesError('invalid-input', 'Initiative entries and participants must be lists.');
  }
  const byId = entryMapCache.get(entries) ?? entriesById(entries, null);
  const positions: number[] = [];
  const input: InitiativeCombatant[] = [];
  // What the ranking depends on, as numbers: the same as last time gives the same ranking.
  const key: number[] = [];
  for (let i = 0; i < list.length; i++) {
    const participant = list[i]!;
    const entry = byId.get(participant.id);
    if (!entry || participant.members.length === 0) continue;
    // The explaining path reads the leader for the label first when there is no label: keep that order of checks.
    if (!participant.label) leader(participant);
    const roll = singleD6(entry);
    if (roll === null) {
      const { order } = rank(entries, list, false); // throws: the roll is bad
      return order.map((id) => list.findIndex((p) => p.id === id));
    }
    const one = initiativeInput(participant, roll, String(input.length));
    input.push(one);
    positions.push(i);
    key.push(i, one.roll, one.ir, one.luckBonus, one.pc ? 1 : 0, one.wounded ? 1 : 0);
  }
  if (input.length === 0) return [];
  if (memo.rankingKey !== undefined && sameNumbers(memo.rankingKey, key)) return memo.ranking;
  const ranking = initiativeRanking(input).map((k) => positions[Number(k)]!);
  memo.rankingKey = key;
  memo.ranking = ranking;
  return ranking;
}

/**
 * What the last round rebuild from one entries list worked out. Between rebuilds the combatants,
 * the participants and most rolls stay the same, so checking that (ids compared by identity,
 * numbers compared) is cheaper than hashing every id again and re-sorting.
 */
interface RoundMemo {
  combatantIds?: readonly unknown[];
  position?: ReadonlyMap<string, number>;
  participantIds?: readonly unknown[];
  firstWithId?: ReadonlyMap<string, number>;
  rankingKey?: readonly number[];
  ranking: readonly number[];
}
const roundMemoCache = new WeakMap<readonly InitiativeEntry[], RoundMemo>();

function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function sameIds(ids: readonly unknown[], items: readonly { readonly id: unknown }[]): boolean {
  if (ids.length !== items.length) return false;
  for (let i = 0; i < ids.length; i++) if (ids[i] !== items[i]!.id) return false;
  return true;
}

/** Each combatant id's position, the later of two with one id winning (as new Map(pairs) does). */
function positionsOf(combatants: readonly RulesCombatant[], memo: RoundMemo): ReadonlyMap<string, number> {
  if (memo.position !== undefined && memo.combatantIds !== undefined && sameIds(memo.combatantIds, combatants)) {
    return memo.position;
  }
  const position = new Map<string, number>();
  for (let i = 0; i < combatants.length; i++) position.set(combatants[i]!.id, i);
  memo.combatantIds = combatants.map((c) => c.id);
  memo.position = position;
  return position;
}

/** Each participant id's first position (find gives the first participant with an id). */
function firstPositionsOf(
  participants: readonly InitiativeParticipant[],
  memo: RoundMemo,
): ReadonlyMap<string, number> {
  if (
    memo.firstWithId !== undefined &&
    memo.participantIds !== undefined &&
    sameIds(memo.participantIds, participants)
  ) {
    return memo.firstWithId;
  }
  const firstWithId = new Map<string, number>();
  for (let i = participants.length - 1; i >= 0; i--) firstWithId.set(participants[i]!.id, i);
  memo.participantIds = participants.map((p) => p.id);
  memo.firstWithId = firstWithId;
  return firstWithId;
}

function orderEntries(
  entries: readonly InitiativeEntry[],
  list: readonly InitiativeParticipant[],
  toggles: ToggleValues,
): InitiativeOrder {
  readToggles(toggles);
  const { order, steps } = rank(entries, list, true);
  return { order, losesTurn: [], steps };
}

/**
 * One turn per combatant: participants by initiative (anyone who joined after the roll goes
 * last), a group's members together in encounter order. Down combatants get no turn, nor do
 * surprised ones in round 1; stunned ones keep theirs (with no actions) so the stun runs out.
 */
function buildRound(context: RoundContext): readonly TurnSlot[] {
  readToggles(context.toggles);
  const round = requireInteger('The round', context.round, 0, 100000);
  if (!isList(context.combatants) || !isList(context.participants)) {
    throw new RulesError('invalid-input', 'A round needs the combatants and the initiative participants.');
  }
  if (!isList(context.entries) || context.entries.length === 0) return [];
  const { combatants, participants, entries } = context;
  let memo = roundMemoCache.get(entries);
  if (memo === undefined) {
    memo = { ranking: [] };
    roundMemoCache.set(entries, memo);
  }
  const ranked = roundRanking(entries, participants, memo);
  // Lookups by id, not searches (this runs on every rebuild). Everything below works on positions
  // in the two lists; with no id listed twice (the case the tracker gives) position and id agree.
  const position = positionsOf(combatants, memo);
  const firstWithId = firstPositionsOf(participants, memo);
  const turnOrder = participantTurnOrder(ranked, participants, firstWithId);
  // A combatant's turn is placed once, by the last position of its id.
  const placed = new Uint8Array(combatants.length);
  const slots: TurnSlot[] = [];
  for (const p of turnOrder) {
    const members = participants[p]!.members;
    if (isList(members) && members.length === 1) {
      // One member: no list to build or sort.
      const at = position.get(members[0]!.id) ?? -1;
      const c = combatants[at];
      if (c !== undefined) takeTurn(c, at, round, placed, slots);
      continue;
    }
    // A group's members in encounter order.
    const at = members
      .map((m) => position.get(m.id) ?? -1)
      .filter((i) => combatants[i] !== undefined)
      .sort((a, b) => a - b);
    for (const i of at) takeTurn(combatants[i]!, i, round, placed, slots);
  }
  // Anyone the participants missed still gets a turn, last.
  const unique = position.size === combatants.length;
  for (let i = 0; i < combatants.length; i++) {
    const c = combatants[i]!;
    takeTurn(c, unique ? i : position.get(c.id)!, round, placed, slots);
  }
  return slots;
}

/**
 * The participants in turn order, as positions: those ranked, then the rest (joined after the
 * roll) in list order. A participant is looked up by id, so with an id listed twice the first
 * participant with it stands for both, and an id that was ranked is not listed again.
 */
function participantTurnOrder(
  ranked: readonly number[],
  participants: readonly InitiativeParticipant[],
  firstWithId: ReadonlyMap<string, number>,
): number[] {
  if (firstWithId.size === participants.length) {
    // Every id once: positions are the participants themselves.
    const rolled = new Uint8Array(participants.length);
    for (const p of ranked) rolled[p] = 1;
    const order = [...ranked];
    for (let i = 0; i < participants.length; i++) if (!rolled[i]) order.push(i);
    return order;
  }
  const rolledIds = new Set(ranked.map((p) => participants[p]!.id));
  const ids = ranked.map((p) => participants[p]!.id);
  for (const p of participants) if (!rolledIds.has(p.id)) ids.push(p.id);
  return ids.map((id) => firstWithId.get(id)!);
}

/** One combatant's turn, once (by its position): none while down, nor when surprised in round 1. */
function takeTurn(c: RulesCombatant, at: number, round: number, placed: Uint8Array, slots: TurnSlot[]): void {
  if (placed[at]) return;
  placed[at] = 1;
  if (isDown(c)) return;
  if (round === 1 && conditionIds(c).includes('surprised')) return;
  slots.push({ combatantId: c.id, pass: 1 });
}

// ---------------------------------------------------------------------------------------------
// Action economy: 3 AP (2 with a body wound), at most 2 attacks per round
// ---------------------------------------------------------------------------------------------

function actions(counterIsAttack: boolean): ActionDef[] {
  return [
    {
      id: 'attack',
      label: 'Attack (1 AP)',
      costs: { ap: 1, attacks: 1 },
      help: 'Melee (Combat Style, Str or Ag), ranged (Combat Style, Ag) or spell (its school skill); at most 2 per round.',
    },
    {
      id: 'action',
      label: 'Other action (1 AP)',
      costs: { ap: 1 },
      help: 'Any other non-free action: move, ready or reload a weapon, a grapple Takedown or Move.',
    },
    { id: 'free', label: 'Free action', costs: {}, help: 'Costs no AP.' },
    {
      id: 'evade',
      label: 'Evade',
      costs: { ap: 1 },
      reaction: true,
      help: 'Ag-based Evade test; a win negates the attack and moves 1 m freely. Works against area attacks.',
    },
    {
      id: 'parry',
      label: 'Parry',
      costs: { ap: 1 },
      reaction: true,
      help: 'Str or Ag Combat Style test, melee only; a win negates the attack.',
    },
    {
      id: 'block',
      label: 'Block',
      costs: { ap: 1 },
      reaction: true,
      help: "Str Combat Style test with a shield; damage above the shield's BR goes to the shield arm, else none.",
    },
    {
      id: 'counter-attack',
      label: 'Counter-attack',
      costs: counterIsAttack ? { ap: 1, attacks: 1 } : { ap: 1 },
      reaction: true,
      help: `Both attack at once; more DoS hits. Not against ranged attacks.${counterIsAttack ? ' Counts as one of the 2 attacks this round.' : ''}`,
    },
  ];
}

/** The three budgets a combatant can have under one set of toggles and one AP maximum. */
interface Budgets {
  readonly down: Economy;
  readonly stunned: Economy;
  readonly able: Economy;
}

function budgets(rules: UesrpgToggles, maxAp: number): Budgets {
  const refill = rules.apRefresh === 'turn' ? 'at the start of their own turn' : 'at the start of each round';
  const resources = [
    { id: 'ap', label: 'Action Points', max: maxAp, refresh: rules.apRefresh },
    { id: 'attacks', label: 'Attacks this round', max: MAX_ATTACKS_PER_ROUND, refresh: 'round' as const },
  ];
  return {
    down: { resources, actions: [], summary: 'Down (HP 0 or less): no actions or reactions.', rule: RULES.actionEconomy },
    stunned: { resources, actions: [], summary: 'Stunned (head wound): no actions or reactions for 1 round.', rule: RULES.actionEconomy },
    able: {
      resources,
      rule: RULES.actionEconomy,
      actions: actions(rules.counterAttackCountsAsAttack),
      summary: `${maxAp} AP per round${maxAp < 3 ? ' (body wound)' : ''}, refilled ${refill}; every non-free action and reaction costs 1 AP; at most ${MAX_ATTACKS_PER_ROUND} attacks per round. With 0 AP every defence fails.`,
    },
  };
}

// Budgets depend only on the toggles and the AP maximum, so they are built once per pair (asked on every redraw).
const budgetCache = new WeakMap<UesrpgToggles, Map<number, Budgets>>();

function budgetsFor(rules: UesrpgToggles, maxAp: number): Budgets {
  let byAp = budgetCache.get(rules);
  if (byAp === undefined) {
    byAp = new Map();
    budgetCache.set(rules, byAp);
  }
  let found = byAp.get(maxAp);
  if (found === undefined) {
    found = budgets(rules, maxAp);
    byAp.set(maxAp, found);
  }
  return found;
}

function economy(combatant: RulesCombatant, toggles: ToggleValues, _slot?: TurnSlot): Economy {
  const rules = readToggles(toggles);
  if (typeof combatant !== 'object' || combatant === null) {
    throw new RulesError('invalid-input', `A combatant must be an object, got ${describe(combatant)}.`);
  }
  const health = readUesrpgHealth(combatant);
  const budget = budgetsFor(rules, woundState(health.wounds).maxAp);
  if (health.hp <= 0) return budget.down;
  if (conditionIds(combatant).includes('stunned')) return budget.stunned;
  return budget.able;
}

// ---------------------------------------------------------------------------------------------
// The adapter
// ---------------------------------------------------------------------------------------------

export const uesrpg3eTracker: TrackerRules = {
  systemId: 'uesrpg-3e',
  statFields: STAT_FIELDS,
  derive,
  validateStats,
  weapons: UESRPG_WEAPONS,
  initialHealth,
  harmKinds: HARM_KINDS,
  applyHarm,
  healthView,

  // Neither the seed nor RULES-NOTES §2 asks for a roll on someone's behalf.
  checksDue(combatant: RulesCombatant): readonly CheckRequest[] {
    readUesrpgHealth(combatant);
    return [];
  },

  resolveCheck(_combatant: RulesCombatant, checkId: string): CheckOutcome {
    throw new RulesError(
      'unknown-entry',
      `UESRPG asks for no checks, so there is no check ${describe(checkId)} to resolve.`,
    );
  },

  conditions: CONDITIONS,

  initiative: {
    scope: 'combatant',
    rerollEachRound: false,
    participants,
    dice: initiativeDice,
    score: scoreInitiative,
    order: orderEntries,
  },

  buildRound,
  economy,

  // No encounter-wide rolls (no morale rule in the seed).
  encounterPrompts(): readonly CheckRequest[] {
    return [];
  },
};
