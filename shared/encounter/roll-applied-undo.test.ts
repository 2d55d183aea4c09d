import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateEncounter } from '../export/generated-encounters.test-support';
import { isRulesError } from '../errors';
import type { SystemId } from '../system-kit/rule-system';
import type { ActionSpend, EncounterEvent } from './events';
import { append, moveCursor, openHistory } from './history';
import { rulesLookup } from '../systems/all-systems.test-support';
import { presentCombatants, toRulesCombatant } from './state';

const SYSTEMS: readonly SystemId[] = ['electric-state', 'uesrpg-3e', 'shadowrun-4e', 'hardware'];

/** The active entries of a generated encounter, up to its cursor. */
function activeEvents(seed: number, systemId: SystemId): EncounterEvent[] {
  const { record } = generateEncounter(systemId, seed);
  const active = record.log.filter((entry) => !entry.discarded).map((entry) => entry.event);
  return active.slice(0, record.cursor ?? active.length);
}

describe('undoing a roll-applied event restores the exact state before it (generated encounters, every system)', () => {
  it('harm, conditions, spent actions, forfeited turns and rulings all come back', () => {
    let applied = 0;
    let spending = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...SYSTEMS),
        fc.integer({ min: 1, max: 400 }),
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.boolean()), { minLength: 1, maxLength: 4 }),
        fc.nat(),
        fc.integer({ min: 0, max: 6 }),
        fc.boolean(),
        (systemId, seed, picks, targetPick, amount, ruled) => {
          const events = activeEvents(seed, systemId);
          const history = openHistory(events, rulesLookup);
          const before = history.state;
          const rules = rulesLookup.tracker(systemId);
          const present = presentCombatants(before);
          if (present.length === 0) return;
          // Actions of the combatants' economies now, reactions and assists among them.
          const spends: ActionSpend[] = picks.flatMap(([who, which, assist]) => {
            const combatant = present[who % present.length]!;
            const own = before.current?.combatantId === combatant.id ? before.current : undefined;
            const actions = rules.economy(toRulesCombatant(combatant), before.toggles, own).actions;
            if (actions.length === 0) return [];
            return [
              {
                combatantId: combatant.id,
                actionId: actions[which % actions.length]!.id,
                ...(assist ? { assist: true } : {}),
              },
            ];
          });
          const target = present[targetPick % present.length]!;
          const kind = rules.harmKinds.find((k) => !k.healing)!;
          const event: EncounterEvent = {
            id: 'roll-under-test',
            at: '2026-11-29T23:00:00.000Z',
            type: 'roll-applied',
            roll: {
              id: 'r',
              at: '2026-11-29T23:00:00.000Z',
              roller: 'GM',
              reason: 'Property',
              source: 'seeded:1',
              groups: [],
            },
            summary: 'A roll under test',
            effects: [
              {
                combatantId: target.id,
                harm: { kind: kind.id, amount, ...(kind.locations?.length ? { location: kind.locations[0]!.id } : {}) },
              },
            ],
            spends,
            ...(ruled ? { ruling: { refused: 'Allowed by the GM.' } } : {}),
          };
          let after;
          try {
            after = append(history, event, rulesLookup);
          } catch (error) {
            if (isRulesError(error)) return; // refused: nothing to undo
            throw error;
          }
          applied++;
          if (
            after.state.combatants.some(
              (c, i) =>
                c.spent !== before.combatants[i]!.spent || c.forfeitNextTurn !== before.combatants[i]!.forfeitNextTurn,
            )
          )
            spending++;
          const undone = moveCursor(after, after.cursor - 1, rulesLookup);
          expect(undone.state).toEqual(before);
          expect(moveCursor(undone, undone.cursor + 1, rulesLookup).state).toEqual(after.state);
        },
      ),
      { numRuns: 300, seed: 13 },
    );
    // The property must have been tested on rolls the rules accepted, many of them spending, not only on refusals.
    expect(applied).toBeGreaterThanOrEqual(100);
    expect(spending).toBeGreaterThanOrEqual(50);
  });
});
