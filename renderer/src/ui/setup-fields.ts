// A workflow's setup fields: their groups, checking a typed value, and the roll panel's layout of them. In ui/
// because the roll panel (resolve/, roll/) and the weapon list's own fields (sheets/) both check values with it.
import type { FieldDef, SetupValue, SetupValues } from '../../../shared/system-kit/workflow';

export type FieldGroupId = FieldDef['group'];

export interface FieldGroup {
  readonly id: FieldGroupId;
  readonly label: string;
  readonly fields: readonly FieldDef[];
}

const GROUP_LABELS: Readonly<Record<FieldGroupId, string>> = {
  attack: 'Attack',
  situation: 'Situation',
  defence: 'Defence',
  extra: 'Extras',
};
const GROUP_ORDER: readonly FieldGroupId[] = ['attack', 'situation', 'defence', 'extra'];

/** The workflow's fields in the panel's order: who attacks with what, the situation, the defence, extras. */
export function groupFields(fields: readonly FieldDef[]): FieldGroup[] {
  return GROUP_ORDER.map((id) => ({
    id,
    label: GROUP_LABELS[id],
    fields: fields.filter((f) => f.group === id),
  })).filter((group) => group.fields.length > 0);
}

export type FieldCheck =
  { readonly ok: true; readonly value: SetupValue } | { readonly ok: false; readonly message: string };

const NUMBER = /^[-+]?\d+(\.\d+)?$/;

/**
 * Checks a value the GM entered for a field: a choice must be one of its options, a number a
 * value in range on the field's step (whole numbers unless it says otherwise), a flag true or false.
 */
export function checkFieldValue(field: FieldDef, input: SetupValue): FieldCheck {
  if (field.kind === 'choice') {
    const value = String(input);
    return field.options.some((o) => o.value === value)
      ? { ok: true, value }
      : { ok: false, message: `"${value.slice(0, 30)}" is not one of the choices for ${field.label}.` };
  }
  if (field.kind === 'flag') {
    return typeof input === 'boolean'
      ? { ok: true, value: input }
      : { ok: false, message: `${field.label} is either on or off.` };
  }
  const step = field.step ?? 1;
  const wanted = `${field.label} takes ${step === 1 ? 'a whole number' : `a number in steps of ${step}`} from ${field.min} to ${field.max}.`;
  const text = typeof input === 'number' ? String(input) : String(input).trim().replace('−', '-');
  if (text === '' || !NUMBER.test(text))
    return { ok: false, message: `"${text.slice(0, 20)}" is not a number. ${wanted}` };
  const value = Number(text);
  if (value < field.min || value > field.max) return { ok: false, message: wanted };
  const steps = (value - field.min) / step;
  if (Math.abs(steps - Math.round(steps)) > 1e-9) return { ok: false, message: wanted };
  return { ok: true, value };
}

/** Whether a stored value still fits the field as the workflow now defines it. */
export function fitsField(field: FieldDef, value: SetupValue): boolean {
  return checkFieldValue(field, value).ok && (field.kind !== 'number' || typeof value === 'number');
}

/** Whether a field holds its workflow's starting value (a field with no value set is at its default). */
export function isAtDefault(field: FieldDef, setup: SetupValues, defaults: SetupValues): boolean {
  const value = setup[field.id];
  return value === undefined || value === defaults[field.id];
}

/**
 * The fields a problem is about: those with a refused entry, and those whose label a problem
 * sentence names ("Extra recoil compensation: …"), so a rule that refuses the roll never points at
 * a field the GM cannot see.
 */
export function fieldsWithProblems(
  fields: readonly FieldDef[],
  fieldErrors: Readonly<Record<string, string>>,
  problems: readonly string[],
): Set<string> {
  const text = problems.join('\n').toLowerCase();
  return new Set(
    fields.filter((f) => fieldErrors[f.id] !== undefined || text.includes(f.label.toLowerCase())).map((f) => f.id),
  );
}

export interface FieldLayout {
  /** Drawn at once, in the workflow's order: the common fields and, while More is closed, every other one that is changed or has a problem. */
  readonly shown: readonly FieldDef[];
  /** Ids among `shown` that are there only because they are changed or have a problem. */
  readonly promoted: ReadonlySet<string>;
  /** The rest, under "More modifiers", grouped as the form is. */
  readonly more: readonly FieldGroup[];
  /** How many of the fields under More are not at their starting value. */
  readonly changed: number;
}

/**
 * Splits the form: the few fields a GM sets on most rolls (`FieldDef.common`) at once, the rest
 * under "More modifiers". Nothing that changes the roll hides: a changed field or one with a
 * problem is drawn at once while More is closed (and in its place in More while it is open, so it
 * does not jump away from the GM's cursor). A workflow that marks no field common shows them all.
 */
export function layoutFields(
  fields: readonly FieldDef[],
  values: { readonly setup: SetupValues; readonly defaults: SetupValues; readonly flagged: ReadonlySet<string> },
  moreOpen: boolean,
): FieldLayout {
  if (!fields.some((f) => f.common)) return { shown: fields, promoted: new Set(), more: [], changed: 0 };
  const others = fields.filter((f) => !f.common);
  const changed = others.filter((f) => !isAtDefault(f, values.setup, values.defaults));
  const promoted = new Set(
    moreOpen ? [] : others.filter((f) => changed.includes(f) || values.flagged.has(f.id)).map((f) => f.id),
  );
  return {
    shown: fields.filter((f) => f.common || promoted.has(f.id)),
    promoted,
    more: groupFields(others),
    changed: changed.length,
  };
}

/** The disclosure's label: "More modifiers (2 changed)". */
export function moreLabel(changed: number): string {
  return `More modifiers (${changed > 0 ? changed : 'none'} changed)`;
}
