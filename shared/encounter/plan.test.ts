import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSeededSource, rollDice } from '../dice/random';
import { ruleSystems } from '../systems/all-systems.test-support';
import { allPresets, rulesLookup } from '../systems/all-systems.test-support';
import type { EncounterEvent, EventInput } from './events';
import { initiativeParticipants, planOf, reduce, remainingSlots } from './reducer';
import type { EncounterState } from './state';

let n = 0;
const ev = (input: EventInput): EncounterEvent => ({ id: `p${++n}`, at: '2026-11-29T12:00:00.000Z', ...input }) as EncounterEvent;

function tryReduce(state: EncounterState, input: EventInput): EncounterState {
  try {
    return reduce(state, ev(input), rulesLookup);
  } catch {
    return state;
  }
}

/**
 * The reducer keeps the round's order between events when harm leaves a combatant's
 * turn-relevant view unchanged. With the real systems, that kept order must always equal
 * a fresh rebuild.
 */
describe.each(ruleSystems.map((s) => s.id))('%s: the kept turn order equals a rebuilt one', (systemId) => {
  it('after random harm, healing, conditions and turns', () => {
    const presets = allPresets.filter((p) => p.systemId === systemId);
    const rules = rulesLookup.tracker(systemId);
    const kinds = rules.harmKinds.map((k) => k.id);
    const conditions = rules.conditions.map((c) => c.id);
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            what: fc.constantFrom('harm', 'harm', 'next', 'condition'),
            who: fc.nat(5),
            kind: fc.constantFrom(...kinds),
            amount: fc.integer({ min: 0, max: 6 }),
            condition: fc.constantFrom(...conditions),
          }),
          { maxLength: 40 },
        ),
        fc.integer(),
        (steps, seed) => {
          const source = createSeededSource(seed);
          let state = reduce(null, ev({ type: 'encounter-created', encounterId: 'e', name: 'Plan', systemId }), rulesLookup);
          presets.forEach((preset, i) => {
            for (let copy = 0; copy < 2; copy++) {
              state = tryReduce(state, { type: 'combatant-added', combatant: { id: `c${i}-${copy}`, name: `${preset.name} ${copy}`, kind: preset.kind, side: preset.kind === 'pc' ? 'party' : 'opponents', stats: preset.stats } });
            }
          });
          state = tryReduce(state, { type: 'encounter-started' });
          const ids = state.combatants.map((c) => c.id);
          const rollInitiative = () => {
            const entries = initiativeParticipants(state, rules).map((p) => {
              const dice = rules.initiative.dice(p, state.toggles);
              return rules.initiative.score(p, rollDice(source, dice.count, dice.sides), state.toggles);
            });
            if (entries.length) state = tryReduce(state, { type: 'initiative-rolled', entries, rolls: [] });
          };
          rollInitiative();
          for (const step of steps) {
            if (!state.current) rollInitiative();
            const who = ids[step.who % ids.length]!;
            if (step.what === 'harm') state = tryReduce(state, { type: 'harm-applied', combatantId: who, harm: { kind: step.kind, amount: step.amount } });
            else if (step.what === 'condition') state = tryReduce(state, { type: 'condition-added', combatantId: who, instanceId: `i${n}`, condition: { conditionId: step.condition, label: step.condition } });
            else state = tryReduce(state, { type: 'turn-advanced' });
            expect(remainingSlots(state, rules)).toEqual(remainingSlots({ ...state, plan: null }, rules));
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});

/** A running Shadowrun fight of four gangers, initiative rolled with seeded dice. */
function runningShadowrun(): EncounterState {
  const rules = rulesLookup.tracker('shadowrun-4e');
  const preset = allPresets.find((p) => p.systemId === 'shadowrun-4e' && p.kind === 'npc')!;
  let state = reduce(null, ev({ type: 'encounter-created', encounterId: 'sr', name: 'Docks', systemId: 'shadowrun-4e' }), rulesLookup);
  for (let i = 0; i < 4; i++) {
    state = reduce(state, ev({ type: 'combatant-added', combatant: { id: `g${i}`, name: `Ganger ${i}`, kind: 'npc', side: 'opponents', stats: preset.stats } }), rulesLookup);
  }
  state = reduce(state, ev({ type: 'encounter-started' }), rulesLookup);
  const source = createSeededSource('plan-carry');
  const entries = initiativeParticipants(state, rules).map((p) => {
    const dice = rules.initiative.dice(p, state.toggles);
    return rules.initiative.score(p, rollDice(source, dice.count, dice.sides), state.toggles);
  });
  return reduce(state, ev({ type: 'initiative-rolled', entries, rolls: [] }), rulesLookup);
}

describe('an order already stale is built once for a run of harm that does not reorder', () => {
  const rules = rulesLookup.tracker('shadowrun-4e');
  const hit = (state: EncounterState, who: string, amount: number) =>
    reduce(state, ev({ type: 'harm-applied', combatantId: who, harm: { kind: 'stun', amount } }), rulesLookup);

  it('serves the next state the order built for the one before, equal to a rebuild', () => {
    // The first box takes Ganger 0 from unhurt to hurt: the order goes stale.
    const stale = hit(runningShadowrun(), 'g0', 1);
    expect(stale.plan).toBeNull();
    const built = planOf(stale, rules);
    // A second box changes nothing the order depends on: the same order, not built again.
    const next = hit(stale, 'g0', 1);
    expect(next.plan).toBeNull();
    expect(planOf(next, rules)).toBe(built);
    expect(planOf(next, rules)).toEqual(planOf({ ...next }, rules));
  });

  it('builds it again when the harm reorders (a wound modifier)', () => {
    const stale = hit(runningShadowrun(), 'g0', 1);
    const built = planOf(stale, rules);
    // Three boxes in all: a wound modifier of −1 lowers Ganger 0's score.
    const wounded = hit(stale, 'g0', 2);
    expect(planOf(wounded, rules)).not.toBe(built);
    expect(planOf(wounded, rules)).toEqual(planOf({ ...wounded }, rules));
  });

  it('builds it when nothing was built for the state before', () => {
    const stale = hit(runningShadowrun(), 'g0', 1);
    const next = hit(stale, 'g0', 1);
    // Nothing asked stale's order: next's is built for it, and is what a rebuild gives.
    expect(planOf(next, rules)).toEqual(planOf({ ...next }, rules));
    expect(planOf(next, rules)).toBe(planOf(next, rules));
  });
});
