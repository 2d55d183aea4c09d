import { describe, expect, it } from 'vitest';
import type { FieldDef, ResolveWorkflow } from './contract';
import { withSheetSources } from './index';
import { sheetSourcesStep } from './sheet-sources';

const FIELDS: readonly FieldDef[] = [
  { id: 'weapon', kind: 'choice', label: 'Weapon', group: 'attack', options: [{ value: 'sheet:w1', label: 'Ares Predator' }, { value: 'knife', label: 'Knife' }] },
  { id: 'skill', kind: 'number', label: 'Firearm skill', group: 'attack', min: 0, max: 12 },
  { id: 'smartlink', kind: 'flag', label: 'Smartlink', group: 'attack' },
];
const RULE = { section: 'Resolving an Attack', source: 'default' } as const;
const READING = {
  sources: [
    { fieldId: 'weapon', value: 'sheet:w1', from: "Ghost's sheet" },
    { fieldId: 'skill', value: 5, from: "Ghost's sheet: Pistols 5" },
    { fieldId: 'smartlink', value: true, from: "Ghost's sheet: smartlink" },
  ],
};

describe('sheetSourcesStep', () => {
  it('lists the values taken from sheets with where they came from, choices by their label', () => {
    expect(sheetSourcesStep(READING, { weapon: 'sheet:w1', skill: 5, smartlink: true }, FIELDS, RULE)).toEqual({
      text: "From the sheets: Weapon Ares Predator (Ghost's sheet); Firearm skill 5 (Ghost's sheet: Pistols 5); Smartlink on (Ghost's sheet: smartlink).",
      rule: RULE,
    });
  });

  it('says which values the GM set for this roll instead, with the sheet value beside them', () => {
    expect(sheetSourcesStep(READING, { weapon: 'knife', skill: 5, smartlink: false }, FIELDS, RULE)!.text).toBe(
      "From the sheets: Firearm skill 5 (Ghost's sheet: Pistols 5). Set for this roll: Weapon Knife instead of Ares Predator (Ghost's sheet); Smartlink off instead of on (Ghost's sheet: smartlink).",
    );
    expect(sheetSourcesStep(READING, { weapon: 'knife', skill: 6, smartlink: false }, FIELDS, RULE)!.text).toBe(
      "Set for this roll: Weapon Knife instead of Ares Predator (Ghost's sheet); Firearm skill 6 instead of 5 (Ghost's sheet: Pistols 5); Smartlink off instead of on (Ghost's sheet: smartlink).",
    );
  });

  it('takes the sheet value for a field missing from the setup, and the id for a field it does not know', () => {
    const reading = { sources: [{ fieldId: 'range', value: 'long', from: "Ghost's sheet" }] };
    expect(sheetSourcesStep(reading, {}, FIELDS, RULE)!.text).toBe("From the sheets: range long (Ghost's sheet).");
  });

  it('has no step when nothing came from a sheet', () => {
    expect(sheetSourcesStep({ sources: [] }, { skill: 5 }, FIELDS, RULE)).toBeNull();
  });
});

describe('withSheetSources', () => {
  const base: ResolveWorkflow = {
    id: 'test',
    systemId: 'shadowrun-4e',
    label: 'Test',
    attackers: 'one',
    targets: 'one',
    fields: () => FIELDS,
    defaults: () => ({ weapon: 'sheet:w1', skill: 5, smartlink: true }),
    problems: () => [],
    odds: () => ({ figures: [] }),
    nextStage: () => null,
    resolve: () => ({ steps: [{ text: 'Hit.', rule: RULE }], summary: 'Hit', effects: [], followUps: [], result: {} }),
    fromTableRow: () => null,
  };
  const context = { attackers: [], targets: [], toggles: {} };

  it('puts the sources step first in the explanation', () => {
    const wrapped = withSheetSources({ ...base, fromSheets: () => READING });
    expect(wrapped.resolve({ weapon: 'sheet:w1', skill: 4, smartlink: true }, context, []).steps.map((s) => s.text)).toEqual([
      "From the sheets: Weapon Ares Predator (Ghost's sheet); Smartlink on (Ghost's sheet: smartlink). Set for this roll: Firearm skill 4 instead of 5 (Ghost's sheet: Pistols 5).",
      'Hit.',
    ]);
    expect(wrapped.resolve({}, context, []).steps[0]!.rule).toEqual({ section: 'Resolving an Attack', source: 'default' });
  });

  it('leaves a workflow that reads no sheet, or found nothing on one, as it is', () => {
    expect(withSheetSources(base)).toBe(base);
    const empty = withSheetSources({ ...base, fromSheets: () => ({ sources: [] }) });
    expect(empty.resolve({}, context, []).steps.map((s) => s.text)).toEqual(['Hit.']);
  });
});
