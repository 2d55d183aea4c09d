import type { FieldDef, SetupValue } from '../../../shared/resolve';

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
