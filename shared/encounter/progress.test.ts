import { describe, expect, it } from 'vitest';
import type { EncounterEvent, EventInput } from './events';
import { initiativeParticipants, reduce, remainingSlots, replay } from './reducer';
import { rulesLookup } from '../systems/all-systems.test-support';
import type { EncounterState } from './state';
import { DEFAULT_COMBAT_TERMS, combatTerms, type SystemId } from '../system-kit/rule-system';
import { getSystemProfile } from '../systems/profiles';
import { describeProgress, progressParts } from './progress';
import type { TurnSlot } from '../system-kit/tracker-rules';

let n = 0;
const ev = (input: EventInput): EncounterEvent =>
  ({ id: `p${++n}`, at: '2026-12-01T12:00:00.000Z', ...input }) as EncounterEvent;

const terms = (system: SystemId) => combatTerms(getSystemProfile(system));

/** A Shadowrun fight: a samurai with 2 Initiative Passes and a ganger with 1; initiative rolled when `rolled`. */
function shadowrun(rolled: boolean): EncounterState {
  const stats = { body: 3, willpower: 3, reaction: 3, intuition: 3 };
  let state = replay(
    [
      ev({ type: 'encounter-created', encounterId: 'sr', name: 'Docks', systemId: 'shadowrun-4e' }),
      ev({ type: 'combatant-added', combatant: { id: 'sam', name: 'Samurai', kind: 'pc', side: 'party', stats: { ...stats, passes: 2 } } }),
      ev({ type: 'combatant-added', combatant: { id: 'g', name: 'Ganger', kind: 'npc', side: 'opponents', stats: { ...stats, passes: 1 } } }),
      ev({ type: 'encounter-started' }),
    ],
    rulesLookup,
  )!;
  if (!rolled) return state;
  const rules = rulesLookup.tracker('shadowrun-4e');
  const entries = initiativeParticipants(state, rules).map((p) =>
    rules.initiative.score(p, p.id === 'sam' ? [5, 5, 2, 2, 2, 2] : [2, 2, 2, 2, 2, 3], state.toggles),
  );
  state = reduce(state, ev({ type: 'initiative-rolled', entries, rolls: [] }), rulesLookup);
  return state;
}

describe('progress in the system’s words', () => {
  const rules = rulesLookup.tracker('shadowrun-4e');

  it('Shadowrun names the Combat Turn, the Initiative Pass and the Action Phase; compact: the turn and the Phase', () => {
    let state = shadowrun(true);
    // Samurai pass 1, ganger pass 1, samurai pass 2: three Action Phases.
    expect(progressParts(state, rules, terms('shadowrun-4e'))).toEqual([
      'Combat Turn 1',
      'Initiative Pass 1',
      'Action Phase 1 of 3',
    ]);
    expect(progressParts(state, rules, terms('shadowrun-4e'), true)).toEqual(['Combat Turn 1', 'Phase 1 of 3']);
    state = reduce(reduce(state, ev({ type: 'turn-advanced' }), rulesLookup), ev({ type: 'turn-advanced' }), rulesLookup);
    expect(progressParts(state, rules, terms('shadowrun-4e'))).toEqual([
      'Combat Turn 1',
      'Initiative Pass 2',
      'Action Phase 3 of 3',
    ]);
  });

  it('before initiative, in setup and after the end', () => {
    expect(progressParts(shadowrun(false), rules, terms('shadowrun-4e'))).toEqual(['Combat Turn 1', 'initiative due']);
    const setup = { ...shadowrun(false), status: 'setup' as const };
    expect(progressParts(setup, rules, terms('shadowrun-4e'))).toEqual(['Setting up']);
    const ended = reduce(shadowrun(true), ev({ type: 'encounter-ended' }), rulesLookup);
    expect(progressParts(ended, rules, terms('shadowrun-4e'))).toEqual(['Ended after Combat Turn 1']);
    expect(progressParts(ended, rules, DEFAULT_COMBAT_TERMS)).toEqual(['Ended after round 1']);
  });

  it('the other systems keep Round and Turn, and name no pass where a round has one', () => {
    for (const system of ['electric-state', 'uesrpg-3e', 'hardware'] as const) {
      expect(terms(system)).toBe(DEFAULT_COMBAT_TERMS);
    }
    // The same fight read with the generic words: no pass when nobody has a second one.
    const onePass = shadowrun(true);
    const state = { ...onePass, plan: null, combatants: onePass.combatants.map((c) => ({ ...c, stats: { ...c.stats, passes: 1 } })) };
    expect(progressParts(state, rules, DEFAULT_COMBAT_TERMS)).toEqual(['Round 1', 'Turn 1 of 2']);
  });
});

describe('progress counting only some turns (the player view leaves hidden combatants’ turns out)', () => {
  const rules = rulesLookup.tracker('shadowrun-4e');
  const ganger = (slot: TurnSlot) => slot.combatantId === 'g';

  it('names only the round while an uncounted turn is taken, then counts the counted ones; a pass only the uncounted have is not named', () => {
    let state = shadowrun(true);
    const parts = (s: EncounterState) => describeProgress(s, terms('shadowrun-4e'), remainingSlots(s, rules), { counts: ganger });
    // The samurai (uncounted) acts first.
    expect(parts(state)).toEqual(['Combat Turn 1']);
    state = reduce(state, ev({ type: 'turn-advanced' }), rulesLookup);
    // Only the samurai has a second pass: "Initiative Pass" is not named, and 1 of 1.
    expect(parts(state)).toEqual(['Combat Turn 1', 'Action Phase 1 of 1']);
    expect(describeProgress(state, terms('shadowrun-4e'), remainingSlots(state, rules))).toEqual(progressParts(state, rules, terms('shadowrun-4e')));
    expect(progressParts(state, rules, terms('shadowrun-4e'))).toEqual(['Combat Turn 1', 'Initiative Pass 1', 'Action Phase 2 of 3']);
  });
});
