import type { Stats } from '../../../system-kit/tracker-rules';
import { shadowrunAttributes } from '../attributes';
import { SHADOWRUN_SKILLS } from '../skills';
import { shadowrun4eTracker as T } from './index';
import { isVehicleField, VEHICLE_STAT_FIELDS } from '../vehicles';
import { describe, expect, it } from 'vitest';
import { DEFAULTS, expectRulesError } from './tracker.test-support';

describe('stat block', () => {
  it('offers the package attributes, then the combat skills, with their ranges and groups', () => {
    expect(T.statFields.map((f) => f.id)).toEqual([
      ...shadowrunAttributes.map((a) => a.id),
      ...SHADOWRUN_SKILLS.map((s) => s.id),
      ...VEHICLE_STAT_FIELDS.map((f) => f.id),
    ]);
    const passes = T.statFields.find((f) => f.id === 'passes');
    expect(passes).toMatchObject({ label: 'Initiative Passes', min: 1, max: 4, defaultValue: 1, group: 'combat' });
    expect(T.statFields.find((f) => f.id === 'ballistic')?.group).toBe('gear');
    expect(T.statFields.every((f) => (f.type === 'number' || isVehicleField(f.id)) && typeof f.help === 'string')).toBe(
      true,
    );
  });

  it('derives the labelled monitors and the Initiative attribute', () => {
    const values = (stats: Stats) => T.derive(stats).map((d) => [d.id, d.label, d.value]);
    expect(values(DEFAULTS)).toEqual([
      ['physicalMonitor', 'Physical monitor', 10],
      ['stunMonitor', 'Stun monitor', 10],
      ['initiative', 'Initiative', 6],
    ]);
    expect(values({ ...DEFAULTS, body: 7, willpower: 4, reaction: 5, intuition: 4 }).map((v) => v[2])).toEqual([
      12, 10, 9,
    ]);
    expect(T.derive(DEFAULTS).every((d) => typeof d.help === 'string')).toBe(true);
  });

  it('reads a missing stat as its default and rejects one it cannot read', () => {
    const { willpower: _w, ...noWillpower } = DEFAULTS;
    expect(T.derive({ ...noWillpower, willpower: 3 })).toEqual(T.derive(noWillpower));
    expectRulesError(() => T.derive({ ...DEFAULTS, body: 0 }), /Body must be between 1 and 20, got 0/);
    expectRulesError(() => T.derive(null as unknown as Stats), /stat block must be an object/);
  });

  it('validates a whole block with one sentence per problem; missing stats are fine', () => {
    expect(T.validateStats(DEFAULTS)).toEqual([]);
    expect(T.validateStats({ body: 5 })).toEqual([]);
    const { logic: _l, ...rest } = DEFAULTS;
    const problems = T.validateStats({ ...rest, body: 25, agility: 2.5, edge: [1], passes: 5, foo: 1 });
    expect(problems).toEqual([
      'Body must be between 1 and 20, got 25.',
      'Agility must be a whole number, got 2.5.',
      'Edge must be a whole number, got a list.',
      'Initiative Passes must be between 1 and 4, got 5.',
      '"foo" is not a Shadowrun 4e stat.',
    ]);
    expect(T.validateStats('x' as unknown as Stats)).toEqual(['The stat block must be an object of stats, got "x".']);
  });
});
