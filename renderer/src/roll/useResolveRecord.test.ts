import { describe, expect, it } from 'vitest';
import type { RollRecord } from '../../../shared/dice/record';
import type { EncounterState } from '../../../shared/encounter/state';
import type { Resolution, ResolveContext } from '../../../shared/system-kit/workflow';
import { chaseStunt } from '../../../shared/systems/shadowrun-4e/workflows/chase-stunt';
import { appliedEvent, applyBlocker } from './useResolveRecord';

/** A chase stunt changes no combatant: its Apply carries the range change, and is not "nothing to apply". */

const van = { combatantId: 'van', name: 'Van', kind: 'npc' as const, stats: { vehicle: true } };
const patrol = { combatantId: 'patrol', name: 'Patrol', kind: 'npc' as const, stats: { vehicle: true } };
const context: ResolveContext = { attackers: [van], targets: [patrol], toggles: {} };
const change = { kind: 'range', pursuerId: 'patrol', quarryId: 'van', from: 'medium', to: 'long' } as const;
const resolution = (chase?: Resolution['chase']): Resolution => ({
  steps: [],
  summary: 'Van → Patrol: Break Off',
  effects: [],
  followUps: [],
  result: {},
  ...(chase ? { chase } : {}),
});
const roll: RollRecord = { id: 'r', at: '2026-12-02T00:00:00.000Z', roller: 'Rigger', reason: 'Chase stunt', source: 'physical', groups: [{ sides: 6, faces: [5] }] };
const state = { status: 'setup', combatants: [] } as unknown as EncounterState;

describe('applying a chase stunt', () => {
  it('puts the chase change in the one roll-applied event', () => {
    expect(appliedEvent(chaseStunt, context, resolution(change), roll)).toMatchObject({
      type: 'roll-applied',
      effects: [],
      operation: 'sr4-chase-stunt',
      chase: change,
    });
    expect('chase' in appliedEvent(chaseStunt, context, resolution(), roll)).toBe(false);
  });

  it('may be applied with nobody harmed when it changes the chase, and not otherwise', () => {
    const target = { state, readOnlyReason: null };
    expect(applyBlocker(resolution(change), context, target)).toBeNull();
    expect(applyBlocker(resolution(), context, target)).toBe('Nothing to apply: this result changes no one. Log it instead.');
  });
});
