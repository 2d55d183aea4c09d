import { describe, expect, it } from 'vitest';
import type { EncounterEvent } from './events';
import { reduce, replay } from './reducer';
import { rulesLookup } from '../systems/all-systems.test-support';
import { toRulesCombatant } from './state';
import { RulesError } from '../errors';

const T = rulesLookup.tracker('shadowrun-4e');

/** The Shadowrun action economy through the encounter reducer (kept apart: it loads every rule system). */
function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof RulesError) return `${error.code}: ${error.message}`;
    throw error;
  }
  return 'accepted';
}

describe('an action the Shadowrun economy does not have', () => {
  it('is refused by the encounter with a sentence, not a TypeError', () => {
    let n = 0;
    const ev = (input: object) => ({ id: `e${++n}`, at: '2026-11-29T12:00:00.000Z', ...input }) as EncounterEvent;
    const started = replay(
      [
        ev({ type: 'encounter-created', encounterId: 'enc', name: 'Dock', systemId: 'shadowrun-4e' }),
        ev({
          type: 'combatant-added',
          combatant: { id: 'ghost', name: 'Ghost', kind: 'pc', side: 'party', stats: { reaction: 1, intuition: 1 } },
        }),
        ev({ type: 'encounter-started' }),
      ],
      rulesLookup,
    )!;
    const ghost = started.combatants.find((c) => c.id === 'ghost')!;
    const entry = T.initiative.score(
      { id: 'ghost', label: 'Ghost', members: [toRulesCombatant(ghost)] },
      [5, 2],
      started.toggles,
    );
    const running = reduce(started, ev({ type: 'initiative-rolled', entries: [entry], rolls: [] }), rulesLookup);
    expect(
      reduce(running, ev({ type: 'action-taken', combatantId: 'ghost', actionId: 'simple' }), rulesLookup),
    ).not.toBe(running);
    for (const actionId of ['attack', 'constructor', '__proto__']) {
      expect(
        refusal(() => reduce(running, ev({ type: 'action-taken', combatantId: 'ghost', actionId }), rulesLookup)),
      ).toBe(
        `not-allowed: Ghost cannot take "${actionId}" now. One Complex Action, or two Simple Actions (one may be swapped for a Free Action), plus one Free Action per Action Phase. (Seed: Actions)`,
      );
    }
  });
});
