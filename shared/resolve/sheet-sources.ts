import type { ExplainStep, RuleRef } from '../systems/contract';
import type { FieldDef, SetupValue, SetupValues, SheetReading } from './contract';

/**
 * The explanation's "where the numbers came from" step: each value a roll took from a sheet,
 * and each one the GM changed for this roll (with the sheet's value beside it). Null when no
 * number came from a sheet (ad-hoc participants, a workflow with nothing to read).
 */
export function sheetSourcesStep(
  reading: SheetReading,
  setup: SetupValues,
  fields: readonly FieldDef[],
  rule: RuleRef,
): ExplainStep | null {
  if (reading.sources.length === 0) return null;
  const fromSheet: string[] = [];
  const changed: string[] = [];
  for (const source of reading.sources) {
    const field = fields.find((f) => f.id === source.fieldId);
    const label = field?.label ?? source.fieldId;
    const used = setup[source.fieldId] ?? source.value;
    if (used === source.value) fromSheet.push(`${label} ${valueText(field, used)} (${source.from})`);
    else changed.push(`${label} ${valueText(field, used)} instead of ${valueText(field, source.value)} (${source.from})`);
  }
  const parts = [
    ...(fromSheet.length ? [`From the sheets: ${fromSheet.join('; ')}.`] : []),
    ...(changed.length ? [`Set for this roll: ${changed.join('; ')}.`] : []),
  ];
  return { text: parts.join(' '), rule };
}

function valueText(field: FieldDef | undefined, value: SetupValue): string {
  if (field?.kind === 'choice') return field.options.find((o) => o.value === value)?.label ?? String(value);
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  return String(value);
}
