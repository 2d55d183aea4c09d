import { describe, expect, it } from 'vitest';
import type { FieldDef, ResolveWorkflow } from './workflow';
import { sheetOf, SheetValues, sheetSourcesStep, withSheetSources } from './sheet-sources';

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
  const ATTACK_RULE = { section: 'Resolving an Attack', source: 'default' } as const;
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
    const wrapped = withSheetSources({ ...base, fromSheets: () => READING }, ATTACK_RULE);
    expect(wrapped.resolve({ weapon: 'sheet:w1', skill: 4, smartlink: true }, context, []).steps.map((s) => s.text)).toEqual([
      "From the sheets: Weapon Ares Predator (Ghost's sheet); Smartlink on (Ghost's sheet: smartlink). Set for this roll: Firearm skill 4 instead of 5 (Ghost's sheet: Pistols 5).",
      'Hit.',
    ]);
    expect(wrapped.resolve({}, context, []).steps[0]!.rule).toEqual({ section: 'Resolving an Attack', source: 'default' });
  });

  it('leaves a workflow that reads no sheet, or found nothing on one, as it is', () => {
    expect(withSheetSources(base, ATTACK_RULE)).toBe(base);
    const empty = withSheetSources({ ...base, fromSheets: () => ({ sources: [] }) }, ATTACK_RULE);
    expect(empty.resolve({}, context, []).steps.map((s) => s.text)).toEqual(['Hit.']);
  });
});

describe('SheetValues', () => {
  const ghost = { name: 'Ghost', combatantId: 'c1' };

  it("keeps every value as a default and names a sheet's value with what on the sheet it was", () => {
    const sheet = new SheetValues();
    sheet.take(ghost, 'skill', 5, 'Pistols 5');
    sheet.take(ghost, 'weapon', 'sheet:w1');
    sheet.take(ghost, 'smartlink', true, '');
    expect(sheet.values).toEqual({ skill: 5, weapon: 'sheet:w1', smartlink: true });
    expect(sheet.reading).toEqual({
      sources: [
        { fieldId: 'skill', value: 5, from: "Ghost's sheet: Pistols 5" },
        { fieldId: 'weapon', value: 'sheet:w1', from: "Ghost's sheet" },
        { fieldId: 'smartlink', value: true, from: "Ghost's sheet" },
      ],
    });
  });

  it('lists no source for a stand-in value, an ad-hoc participant or nobody, but keeps the default', () => {
    const sheet = new SheetValues();
    sheet.take(ghost, 'styleTn', 30, null);
    sheet.take({ name: 'Typed' }, 'reaction', 4, 'Reaction 4');
    sheet.take(undefined, 'evadeTn', 30, 'Evade 30');
    expect(sheet.values).toEqual({ styleTn: 30, reaction: 4, evadeTn: 30 });
    expect(sheet.sources).toEqual([]);
  });

  it('names a sheet by its holder', () => {
    expect(sheetOf(ghost)).toBe("Ghost's sheet");
  });
});
