// The stat block: its fields, their defaults and checks, and the values derived from it.
import type { DerivedValue, StatField, Stats } from '../../../system-kit/tracker-rules';
import { RulesError, describe, problemOf } from '../../../errors';
import { requireDieSize, type DieSize } from '../combat';
import {
  ATTRIBUTE_MAX,
  ATTRIBUTE_MIN,
  PROTECTION_MAX,
  STAMINA_MAX,
  hardwareAttributes,
  requireAttribute,
  requireProtection,
  requireStamina,
  type AttributeId,
} from '../derived';
import { saveChance } from '../saves';

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

export const statFields: readonly StatField[] = [
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

export function validateStats(stats: Stats): string[] {
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

export function derive(stats: Stats): readonly DerivedValue[] {
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
