import { describe, expect, it } from 'vitest';
import { resolveWorkflows } from './all-systems.test-support';
import type { ResolveContext } from '../system-kit/workflow';

/** One attacker on one target: the form most rolls use, where the common fields are counted. */
const context: ResolveContext = {
  attackers: [{ name: 'A', kind: 'pc', stats: {} }],
  targets: [{ name: 'B', kind: 'npc', stats: {} }],
  toggles: {},
};

describe('common fields (shown without opening More modifiers)', () => {
  const all = Object.values(resolveWorkflows).flat();
  it.each(all.map((wf) => [wf.id, wf] as const))('%s marks 2 to 4 of its fields common', (_id, wf) => {
    const common = wf.fields(context).filter((f) => f.common === true).length;
    expect(common).toBeGreaterThanOrEqual(2);
    expect(common).toBeLessThanOrEqual(4);
  });

  it('marks the weapon, skill, range and cover of the Shadowrun ranged attack, nothing else', () => {
    const ranged = resolveWorkflows['shadowrun-4e'].find((wf) => wf.id === 'sr4-ranged-attack')!;
    expect(ranged.fields(context).flatMap((f) => (f.common ? [f.id] : []))).toEqual([
      'weapon',
      'skill',
      'range',
      'cover',
    ]);
  });
});
