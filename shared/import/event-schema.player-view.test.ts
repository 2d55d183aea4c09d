import { describe, expect, it } from 'vitest';
import { eventSchemas } from './event-schema';

/** The import schema's entries for what the GM shows the players: accepted as the app writes them, strict and bounded. */

const base = { id: 'e1', at: '2026-12-02T04:30:00.000Z' };
const roll = {
  rollId: 'r1',
  who: 'Ghost',
  what: 'Attack',
  summary: 'Ghost hits Ganger 1: 2 hits',
  dice: [{ sides: 6, faces: [5, 6] }],
  actorId: 'ghost',
  targetIds: ['g1'],
};

const accepts = (type: keyof typeof eventSchemas, event: object) => eventSchemas[type].safeParse({ ...base, type, ...event }).success;

describe('import schema: player view events', () => {
  it('condition-added with or without visible', () => {
    const added = { combatantId: 'g1', instanceId: 'i1', condition: { conditionId: 'prone', label: 'Prone' } };
    expect(accepts('condition-added', added)).toBe(true);
    expect(accepts('condition-added', { ...added, visible: true })).toBe(true);
    expect(accepts('condition-added', { ...added, visible: false })).toBe(true);
    expect(accepts('condition-added', { ...added, visible: 'yes' })).toBe(false);
  });

  it('condition-visibility-set', () => {
    const set = { combatantId: 'g1', instanceId: 'i1', visible: true };
    expect(accepts('condition-visibility-set', set)).toBe(true);
    expect(accepts('condition-visibility-set', { ...set, visible: undefined })).toBe(false);
    expect(accepts('condition-visibility-set', { ...set, instanceId: '' })).toBe(false);
    expect(accepts('condition-visibility-set', { ...set, note: 'x' })).toBe(false);
  });

  it('combatant-numbers-shown', () => {
    expect(accepts('combatant-numbers-shown', { combatantId: 'g1', shown: false })).toBe(true);
    expect(accepts('combatant-numbers-shown', { combatantId: 'g1', shown: 1 })).toBe(false);
    expect(accepts('combatant-numbers-shown', { combatantId: 'x'.repeat(201), shown: true })).toBe(false);
  });

  it('roll-shown: the copy only (no odds, no steps), its texts and dice bounded', () => {
    expect(accepts('roll-shown', { roll })).toBe(true);
    // No actor, no targets, no dice: a GM's table roll.
    expect(accepts('roll-shown', { roll: { rollId: 'r2', who: 'GM', what: 'Scatter', summary: 'Lands 2 m north', dice: [] } })).toBe(true);
    expect(accepts('roll-shown', { roll: { ...roll, odds: 0.4 } })).toBe(false);
    expect(accepts('roll-shown', { roll: { ...roll, steps: [] } })).toBe(false);
    expect(accepts('roll-shown', { roll: { ...roll, summary: 'x'.repeat(500) } })).toBe(true);
    expect(accepts('roll-shown', { roll: { ...roll, summary: 'x'.repeat(501) } })).toBe(false);
    expect(accepts('roll-shown', { roll: { ...roll, who: 'x'.repeat(501) } })).toBe(false);
    expect(accepts('roll-shown', { roll: { ...roll, rollId: '' } })).toBe(false);
    expect(accepts('roll-shown', { roll: { ...roll, dice: [{ sides: 1, faces: [1] }] } })).toBe(false);
    expect(accepts('roll-shown', { roll: { ...roll, dice: [{ sides: 6, faces: [0] }] } })).toBe(false);
    expect(accepts('roll-shown', { roll: { ...roll, dice: [{ sides: 6, faces: [1], label: 'x' }] } })).toBe(false);
    expect(accepts('roll-shown', { roll: { ...roll, targetIds: [''] } })).toBe(false);
    expect(accepts('roll-shown', {})).toBe(false);
  });

  it('roll-unshown', () => {
    expect(accepts('roll-unshown', { rollId: 'r1' })).toBe(true);
    expect(accepts('roll-unshown', { rollId: '' })).toBe(false);
    expect(accepts('roll-unshown', { rollId: 'r1', roll })).toBe(false);
  });
});
