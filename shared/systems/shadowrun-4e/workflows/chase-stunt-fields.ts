import type { FieldDef } from '../../../system-kit/workflow';
import { CHASE_TERRAINS, ENGAGEMENT_RANGES, RANGE_LABELS } from '../../../system-kit/chase-model';
import { STUNT_LABELS, TERRAIN, type Stunt } from '../chase';
import { rule, SECTION } from '../sections';

/** The Chase stunt's form: the stunt, the terrain and range, each driver's pool, the situation. */

const MAX_REACTION = 12;
const MAX_SKILL = 12;
const MAX_HANDLING = 6;
const MAX_BONUS = 12;
const MAX_FACTIONS = 4;
const MAX_OTHER = 20;
/** Without a sheet to read, a driver starts at an average Reaction. */
export const FALLBACK_REACTION = 3;

const seed = rule(SECTION.vehicles, 'seed');
const book = rule(SECTION.vehicles, 'book');

const STUNTS: readonly Stunt[] = ['chase-test', 'break-off', 'cut-off', 'maneuver', 'ram'];

const STUNT_HINTS: Readonly<Record<Stunt, string>> = {
  'chase-test': 'Both drivers; the winner moves the range one step its way',
  'break-off': 'Opposed; opens the range one step, escapes from Extreme',
  'cut-off': 'Opposed; closes the range one step, forces a stop at Short',
  maneuver: 'Against the threshold; each hit over it is +1 die next Chase Turn',
  ram: 'Short range only; resolved by the Ramming roll',
};

const driverField = (id: string, label: string, max: number, min = 0, help?: string): FieldDef => ({
  id,
  kind: 'number',
  label,
  group: 'attack',
  rule: seed,
  min,
  max,
  ...(help ? { help } : {}),
});

const otherField = (field: FieldDef): FieldDef => ({ ...field, group: 'defence' });

export const FIELDS: readonly FieldDef[] = [
  {
    id: 'stunt',
    kind: 'choice',
    label: 'Stunt',
    group: 'attack',
    common: true,
    rule: seed,
    options: STUNTS.map((value) => ({ value, label: STUNT_LABELS[value], hint: STUNT_HINTS[value] })),
  },
  {
    id: 'terrain',
    kind: 'choice',
    label: 'Terrain',
    group: 'situation',
    common: true,
    rule: book,
    options: CHASE_TERRAINS.map((value) => ({
      value,
      label: `${TERRAIN[value].label} (threshold ${TERRAIN[value].threshold})`,
      hint: TERRAIN[value].example,
    })),
  },
  {
    id: 'range',
    kind: 'choice',
    label: 'Engagement Range',
    help: 'Between the two vehicles now; the chase in the tracker sets it.',
    group: 'situation',
    common: true,
    rule: seed,
    options: ENGAGEMENT_RANGES.map((value) => ({ value, label: RANGE_LABELS[value] })),
  },
  driverField(
    'driverReaction',
    "Driver's Reaction (or Pilot)",
    MAX_REACTION,
    0,
    'An autonomous vehicle rolls its Pilot.',
  ),
  driverField('driverSkill', "Driver's vehicle skill", MAX_SKILL, 0, '0: defaulting on Reaction at −1.'),
  driverField('driverHandling', "Driver's vehicle Handling", MAX_HANDLING, -MAX_HANDLING),
  driverField(
    'driverBonus',
    "Driver's Maneuver dice",
    MAX_BONUS,
    0,
    'From a Maneuver last Chase Turn: the Chase Turn test only.',
  ),
  otherField(driverField('otherReaction', "Other driver's Reaction (or Pilot)", MAX_REACTION)),
  otherField(driverField('otherSkill', "Other driver's vehicle skill", MAX_SKILL)),
  otherField(driverField('otherHandling', "Other vehicle's Handling", MAX_HANDLING, -MAX_HANDLING)),
  otherField(driverField('otherBonus', "Other driver's Maneuver dice", MAX_BONUS)),
  {
    id: 'extraFactions',
    kind: 'number',
    label: 'Sides beyond two',
    help: 'A three-way chase: −2 dice to every stunt per extra side.',
    group: 'situation',
    rule: book,
    min: 0,
    max: MAX_FACTIONS,
  },
  {
    id: 'otherModifier',
    kind: 'number',
    label: 'Other modifier (driver)',
    help: 'Anything else the GM rules, in dice (a Speed advantage, wounds…).',
    group: 'extra',
    rule: rule(SECTION.vehicles, 'default'),
    min: -MAX_OTHER,
    max: MAX_OTHER,
  },
];
