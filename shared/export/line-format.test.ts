import { describe, expect, it } from 'vitest';
import type { EncounterEvent } from '../encounter/events';
import { dateRangeText, diceText, minuteText, outcomeWord, plural, roundTitle } from './line-format';

const roll = { id: 'r', at: '2026-11-29T19:00:00.000Z', roller: 'Ghost', reason: 'x', source: 'physical', groups: [] };
const resolved = (result?: Record<string, unknown>): EncounterEvent =>
  ({ id: 'e', at: roll.at, type: 'roll-resolved', roll, summary: 's', ...(result ? { result } : {}) }) as EncounterEvent;

describe('diceText', () => {
  it('names each group with its label and die, then its faces', () => {
    expect(diceText([{ label: 'Ghost', sides: 6, faces: [6, 5, 3, 1] }, { label: 'soak', sides: 6, faces: [2] }])).toBe('Ghost d6: 6 5 3 1; soak d6: 2');
  });
  it('leaves out what the entry did not keep', () => {
    expect(diceText([{ label: '', sides: 20, faces: [7] }])).toBe('d20: 7');
    expect(diceText([{ label: 'Ghost', sides: null, faces: [4, 2] }])).toBe('Ghost: 4 2');
    expect(diceText([{ label: '', sides: null, faces: [4] }])).toBe('4');
    expect(diceText([])).toBe('');
  });
});

describe('outcomeWord', () => {
  it('takes the result’s outcome word first', () => {
    expect(outcomeWord(resolved({ outcome: 'counter', hit: true }))).toBe('counter');
  });
  it('ignores an outcome that is not a plain word, and reads the hit flag', () => {
    expect(outcomeWord(resolved({ outcome: '=1+1', hit: false }))).toBe('miss');
    expect(outcomeWord(resolved({ outcome: 3, hit: true }))).toBe('hit');
  });
  it('reads a success flag when there is no hit flag', () => {
    expect(outcomeWord(resolved({ success: true }))).toBe('success');
    expect(outcomeWord(resolved({ success: false }))).toBe('failure');
  });
  it('says nothing without a result, for a result that tells none, and for other events', () => {
    expect(outcomeWord(resolved())).toBe('');
    expect(outcomeWord(resolved({ damage: 3, hits: 2 }))).toBe('');
    expect(outcomeWord({ id: 'n', at: roll.at, type: 'note-added', text: 'hit' })).toBe('');
  });
  it('reads roll-applied events the same way', () => {
    const applied = { id: 'a', at: roll.at, type: 'roll-applied', roll, summary: 's', effects: [], result: { hit: true } } as EncounterEvent;
    expect(outcomeWord(applied)).toBe('hit');
  });
});

describe('times', () => {
  it('shows a time to the minute in UTC, or the text as it is', () => {
    expect(minuteText('2026-11-29T19:05:59.999Z')).toBe('2026-11-29 19:05');
    expect(minuteText('yesterday')).toBe('yesterday');
  });
  it('gives the span on one day, across midnight, at one minute, or nothing without events', () => {
    expect(dateRangeText('2026-11-29T19:05:00.000Z', '2026-11-29T20:40:00.000Z')).toBe('2026-11-29, 19:05–20:40 UTC');
    expect(dateRangeText('2026-11-29T23:30:00.000Z', '2026-11-30T00:45:00.000Z')).toBe('2026-11-29 23:30 – 2026-11-30 00:45 UTC');
    expect(dateRangeText('2026-11-29T19:05:00.000Z', '2026-11-29T19:05:30.000Z')).toBe('2026-11-29 19:05 UTC');
    expect(dateRangeText('then', 'now')).toBe('then – now');
    expect(dateRangeText(null, null)).toBe('');
  });
});

describe('words', () => {
  it('counts with the right noun and names rounds', () => {
    expect([plural(1, 'round'), plural(2, 'round'), plural(0, 'entry', 'entries')]).toEqual(['1 round', '2 rounds', '0 entries']);
    expect([roundTitle(0), roundTitle(3)]).toEqual(['Setup', 'Round 3']);
  });
});
