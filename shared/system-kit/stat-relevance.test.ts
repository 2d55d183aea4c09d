import { describe, expect, it } from 'vitest';
import { applyingFields, statApplies } from './stat-relevance';
import type { StatField } from './tracker-rules';

const number = (id: string, onlyWhen?: StatField['onlyWhen']): StatField => ({
  id,
  label: id,
  short: id.toUpperCase(),
  type: 'number',
  defaultValue: 0,
  group: 'attribute',
  ...(onlyWhen ? { onlyWhen } : {}),
});

const body = number('body');
const handling = number('handling', { stat: 'vehicle', is: true });
const charisma = number('charisma', { stat: 'vehicle', is: false });

describe('statApplies', () => {
  it('a field without a rule applies to every block', () => {
    expect(statApplies(body, {})).toBe(true);
    expect(statApplies(body, { vehicle: true })).toBe(true);
    expect(statApplies(body, { vehicle: false })).toBe(true);
  });

  it('a field for when the flag is on applies only while it is on', () => {
    expect(statApplies(handling, { vehicle: true })).toBe(true);
    expect(statApplies(handling, { vehicle: false })).toBe(false);
  });

  it('a field for when the flag is off applies only while it is off', () => {
    expect(statApplies(charisma, { vehicle: false })).toBe(true);
    expect(statApplies(charisma, { vehicle: true })).toBe(false);
  });

  it('reads an absent flag, or one holding anything but true, as off', () => {
    expect(statApplies(charisma, {})).toBe(true);
    expect(statApplies(handling, {})).toBe(false);
    expect(statApplies(handling, { vehicle: 1 })).toBe(false);
    expect(statApplies(charisma, { vehicle: 1 })).toBe(true);
  });
});

describe('applyingFields', () => {
  it('keeps the fields that apply, in their order', () => {
    const fields = [body, handling, charisma];
    expect(applyingFields(fields, { vehicle: true }).map((f) => f.id)).toEqual(['body', 'handling']);
    expect(applyingFields(fields, { vehicle: false }).map((f) => f.id)).toEqual(['body', 'charisma']);
  });
});
