import { describe, expect, it } from 'vitest';
import { marked, trackFraction, trackText, trackUnit, trackValue } from './track-text';

describe('health tracks in words', () => {
  it('a condition monitor counts the boxes marked (damage taken)', () => {
    const physical = { id: 'physical', label: 'Physical', current: 4, max: 10, style: 'boxes' } as const;
    expect(marked(physical)).toBe(6);
    expect(trackValue(physical)).toBe('6/10 marked');
    expect([trackFraction(physical), trackUnit(physical)]).toEqual(['6/10', ' marked']);
    expect(trackText(physical)).toBe('Physical 6/10 marked');
    expect(trackText({ ...physical, current: 10 })).toBe('Physical 0/10 marked');
    // A track over its size (stats lowered mid-fight) never reads as negative damage.
    expect(trackText({ ...physical, current: 12 })).toBe('Physical 0/10 marked');
  });

  it('pips and bars count what is left', () => {
    expect(trackText({ id: 'health', label: 'Health', current: 2, max: 3, style: 'pips' })).toBe('Health 2/3');
    const hp = { id: 'hp', label: 'HP', current: 11, max: 15, style: 'bar' } as const;
    expect(trackText(hp)).toBe('HP 11/15');
    expect([trackFraction(hp), trackUnit(hp)]).toEqual(['11/15', '']);
  });
});
