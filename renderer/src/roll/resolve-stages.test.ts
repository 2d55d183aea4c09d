import { describe, expect, it } from 'vitest';
import type { DiceStage } from '../../../shared/system-kit/workflow';
import { stageGroups, typedGroups } from './resolve-stages';

const attack: DiceStage = {
  id: 'attack',
  label: 'Attack',
  roller: 'Ghost',
  count: 2,
  sides: 6,
  extra: [{ id: 'gear', label: 'Gear dice', count: 0, sides: 6 }],
};

describe('the dice a stage asks for', () => {
  it('lists the main group first under the stage id, then the extras', () => {
    expect(stageGroups(attack).map((g) => g.id)).toEqual(['attack', 'gear']);
  });

  it('reads typed faces group by group, with nothing to type for a group of no dice', () => {
    const typed = typedGroups(attack, ['3 6']);
    expect(typed).toEqual({
      ok: true,
      groups: [
        { id: 'attack', sides: 6, faces: [3, 6] },
        { id: 'gear', sides: 6, faces: [] },
      ],
    });
  });

  it('names the group a bad text is for when the stage has several', () => {
    const typed = typedGroups(attack, ['3 7']);
    expect(typed.ok).toBe(false);
    if (!typed.ok) expect(typed.error).toMatch(/^Attack: A d6 has no face 7\./);
  });

  it('gives the bare reason when the stage has one group', () => {
    const typed = typedGroups({ id: 'soak', label: 'Soak', roller: 'Ganger', count: 2, sides: 6 }, ['3']);
    expect(typed.ok).toBe(false);
    if (!typed.ok) expect(typed.error).toMatch(/^1 face was entered\./);
  });
});
