import { describe, expect, it } from 'vitest';
import { createSeededSource } from './random';
import { recordPhysicalRoll, rollGroups } from './record';

const context = { id: 'r1', at: '2026-11-29T12:00:00.000Z', roller: 'GM', reason: 'test' };

describe('rollGroups', () => {
  it('records every face with the source, roller, time and reason', () => {
    const record = rollGroups(createSeededSource(1), [{ count: 4, sides: 6, label: 'attack' }], context);
    expect(record).toMatchObject({ ...context, source: 'seeded:1' });
    expect(record.groups[0]!.faces).toHaveLength(4);
    expect(record.groups[0]!.label).toBe('attack');
  });

  it('refuses absurd pools with a clear error', () => {
    const source = createSeededSource(1);
    expect(() => rollGroups(source, [{ count: 1001, sides: 6 }], context)).toThrow(/at most 1000 dice/);
    expect(() => rollGroups(source, [{ count: -1, sides: 6 }], context)).toThrow(/Number of dice/);
    expect(() => rollGroups(source, [{ count: 2, sides: 1 }], context)).toThrow(/Die size/);
    expect(() => rollGroups(source, [], context)).toThrow(/at least one group/);
  });
});

describe('recordPhysicalRoll', () => {
  it('keeps typed faces and marks the roll as physical', () => {
    const record = recordPhysicalRoll([{ sides: 6, faces: [6, 1, 3] }], context);
    expect(record.source).toBe('physical');
    expect(record.groups[0]!.faces).toEqual([6, 1, 3]);
  });

  it('rejects a face that the die does not have', () => {
    expect(() => recordPhysicalRoll([{ sides: 6, faces: [7] }], context)).toThrow(/not a face of a d6/);
    expect(() => recordPhysicalRoll([{ sides: 6, faces: [] }], context)).toThrow(/at least one die face/);
  });
});
