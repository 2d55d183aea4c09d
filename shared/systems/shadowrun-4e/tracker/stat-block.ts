import type { StatField } from '../../../system-kit/tracker-rules';
import { shadowrunAttributes } from '../attributes';
import { relevanceOf } from '../vehicles';

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
export const STAT_FIELDS: readonly StatField[] = shadowrunAttributes.map((attribute) => {
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

export type StatId = 'body' | 'willpower' | 'reaction' | 'intuition' | 'edge' | 'passes';
