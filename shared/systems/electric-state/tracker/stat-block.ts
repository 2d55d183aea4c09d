// Stat block: the fields the editor shows, their defaults and checks, and the derived values.
import type { DerivedValue, StatField, Stats } from '../../../system-kit/tracker-rules';
import { RulesError, describe, requireInteger, problemOf } from '../../../errors';
import { derivedStats, electricStateAttributes, maxHope as maxHopeOf } from '../derived';
import { BODY_ARMOR } from '../equipment';

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

export const statFields: readonly StatField[] = [
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

export function validateStats(stats: Stats): string[] {
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
// (health-record.ts and combatant-status.ts keep the health and toggle caches the same way.)

/** Validated stats with defaults; throws one RulesError naming every problem. */
export function readElectricStateStats(stats: Stats): ElectricStateStats {
  const known = typeof stats === 'object' && stats !== null ? statsCache.get(stats) : undefined;
  if (known !== undefined) return known;
  const read = readStatsUncached(stats);
  statsCache.set(stats, read);
  return read;
}

/** Max Health and max Hope of a checked stat block, worked out once per block. */
export function maxima(s: ElectricStateStats): { readonly maxHealth: number; readonly maxHope: number } {
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

export function derive(stats: Stats): readonly DerivedValue[] {
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
