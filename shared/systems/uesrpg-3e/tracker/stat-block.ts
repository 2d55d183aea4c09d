import type { DerivedValue, StatField, StatValue, Stats } from '../../../system-kit/tracker-rules';
import { RulesError, describe, requireInteger } from '../../../errors';
import { HIT_LOCATIONS, LOCATION_LABELS, type HitLocation } from '../combat';
import { MAX_TN } from '../d100';
import {
  bonus,
  deriveStats,
  MAX_CHARACTERISTIC,
  uesrpgAttributes,
  type Characteristics,
  type DerivedStats,
} from '../derived';
import { SHEET_SKILL_FIELDS, withQuickStats } from '../sheet-stats';
import { possessive } from './checked-input';

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

export const STAT_FIELDS: readonly StatField[] = withQuickStats([
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
export function derivedOf(stats: unknown, name: string): DerivedStats {
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

export function validateStats(stats: Stats): string[] {
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

export function derive(stats: Stats): readonly DerivedValue[] {
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
