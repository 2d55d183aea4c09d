import type {
  CombatantKind,
  ConditionInit,
  Harm,
  HarmKind,
  HarmOutcome,
  HealthState,
  HealthView,
  RulesCombatant,
  Stats,
} from '../../../system-kit/tracker-rules';
import { RulesError, describe, requireInteger } from '../../../errors';
import type { ExplainStep, ToggleValues } from '../../../system-kit/rule-system';
import { HIT_LOCATIONS, LOCATION_LABELS, type HitLocation } from '../combat';
import { applyDamage } from '../health';
import { RULES } from '../sections';
import { isList, possessive } from './checked-input';
import { LIMBS, lower } from './hit-locations';
import { readToggles, woundState } from './read-once';
import { derivedOf } from './stat-block';

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

export function initialHealth(stats: Stats, kind: CombatantKind): HealthState {
  if (kind !== 'pc' && kind !== 'npc') {
    throw new RulesError('invalid-input', `Combatant kind must be "pc" or "npc", got ${describe(kind)}.`);
  }
  const health: UesrpgHealth = { hp: derivedOf(stats, '').hp, wounds: [] };
  return health;
}

const LOCATIONS = HIT_LOCATIONS.map((id) => ({ id, label: LOCATION_LABELS[id] }));

export const HARM_KINDS: readonly HarmKind[] = [
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

export function applyHarm(combatant: RulesCombatant, harmInput: Harm, toggles: ToggleValues): HarmOutcome {
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
export function isWounded(combatant: RulesCombatant): boolean {
  return readUesrpgHealth(combatant).wounds.length > 0 || conditionIds(combatant).includes('wounded');
}

export function conditionIds(combatant: RulesCombatant): readonly string[] {
  return isList(combatant.conditionIds) ? combatant.conditionIds : [];
}

export function isDown(combatant: RulesCombatant): boolean {
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

export function healthView(combatant: RulesCombatant, toggles: ToggleValues): HealthView {
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
