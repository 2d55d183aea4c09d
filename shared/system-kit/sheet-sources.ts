import type { ExplainStep, RuleRef } from './rule-system';
import type { FieldDef, ResolveWorkflow, SetupValue, SetupValues, SheetReading, SheetSource } from './workflow';

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

/** Whoever a value is read from: a participant of the roll, or a system's reading of one. */
export interface SheetHolder {
  readonly name: string;
  /** Set for a combatant of the encounter: only it has a sheet (ad-hoc values were typed for this roll). */
  readonly combatantId?: string | undefined;
}

/** "Ghost's sheet": the words every "From the sheets" source starts with. */
export function sheetOf(holder: SheetHolder): string {
  return `${holder.name}'s sheet`;
}

/**
 * The values a roll's form starts with and, for those read from a sheet, where they came from
 * (the `fromSheets` reading). Shared by every system's sheet readers.
 */
export class SheetValues {
  readonly values: Record<string, SetupValue> = {};
  readonly sources: SheetSource[] = [];

  /**
   * `value` as the default of `fieldId`, read from `who`. When `who` has a sheet, the value is
   * listed as from it: "X's sheet: <detail>", or just "X's sheet" when `detail` is left out or
   * empty; a null `detail` says the value is not the sheet's (a stand-in) and lists nothing.
   */
  take(who: SheetHolder | undefined, fieldId: string, value: SetupValue, detail: string | null = ''): void {
    this.values[fieldId] = value;
    if (detail === null || who?.combatantId === undefined) return;
    this.sources.push({ fieldId, value, from: detail ? `${sheetOf(who)}: ${detail}` : sheetOf(who) });
  }

  get reading(): SheetReading {
    return { sources: this.sources };
  }
}

/**
 * A workflow whose explanation starts with where its numbers came from: which values it took
 * from the participants' sheets and which the GM set for this roll instead, citing `rule` (the
 * system's attack procedure).
 */
export function withSheetSources(workflow: ResolveWorkflow, rule: RuleRef): ResolveWorkflow {
  const { fromSheets } = workflow;
  if (!fromSheets) return workflow;
  return {
    ...workflow,
    resolve(setup, context, rolled) {
      const resolution = workflow.resolve(setup, context, rolled);
      const step = sheetSourcesStep(fromSheets(context, setup), setup, workflow.fields(context), rule);
      return step ? { ...resolution, steps: [step, ...resolution.steps] } : resolution;
    },
  };
}
