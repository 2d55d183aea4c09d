/**
 * The player view's projection in Node: `projectForPlayers` on a running Shadowrun encounter of 20
 * and 200 combatants (a hidden one, shown rolls, visible conditions), as the GM screen computes it
 * on every change — with the round's plan kept, and with it stale (right after damage, when the
 * system must rebuild the order). The browser bench (player-view-browser) measures the whole path.
 */
import type { EncounterEvent, EventInput } from '../shared/encounter/events';
import { append, openHistory } from '../shared/encounter/history';
import { rulesLookup } from './rules';
import type { EncounterState } from '../shared/encounter/state';
import type { ProjectionOptions } from '../shared/player-view/contract';
import { projectForPlayers } from '../shared/player-view/projection';
import type { BenchSuite } from './harness';
import { buildRunningEncounter } from './tracker-browser.bench';

const OPTIONS: ProjectionOptions = { rollsShown: 3, timerScope: 'turn', screenDown: false, showEncounterName: true };

/** The running fight, with what the players are shown: c1 hidden, c2's numbers, a visible condition, three shown rolls. */
function fight(count: number): EncounterState {
  const events = buildRunningEncounter(`projection-${count}`, count);
  let history = openHistory(events, rulesLookup);
  let n = 0;
  const add = (input: EventInput) =>
    (history = append(history, { id: `pv-${++n}`, at: '2026-12-02T12:00:00.000Z', ...input } as EncounterEvent, rulesLookup));
  add({ type: 'combatant-numbers-shown', combatantId: 'c5', shown: true });
  add({ type: 'condition-added', combatantId: 'c6', instanceId: 'prone-6', condition: { conditionId: 'prone', label: 'Prone' }, visible: true });
  for (let i = 0; i < 3; i++) {
    add({
      type: 'roll-shown',
      roll: { rollId: `r${i}`, who: 'Runner 0', what: 'Ranged attack', summary: `Runner 0 shot Runner ${7 + i}: 3 vs 1 → 7P`, dice: [{ sides: 6, faces: [5, 6, 1, 3, 5] }], actorId: 'c0', targetIds: [`c${7 + i}`] },
    });
  }
  // Moving the turn on keeps the round's plan in the state, as it is between most GM changes.
  add({ type: 'turn-advanced' });
  return history.state;
}

export default (): BenchSuite => {
  const rules = rulesLookup.tracker('shadowrun-4e');
  const states = [20, 200].map((count) => {
    const kept = fight(count);
    if (!kept.plan) throw new Error('expected the round plan to be kept');
    return { count, kept, stale: { ...kept, plan: null } };
  });
  return {
    title: 'Player view: projectForPlayers on a running Shadowrun encounter (Node)',
    cases: states.flatMap(({ count, kept, stale }) => [
      { name: `${count} combatants, plan kept`, run: () => projectForPlayers(kept, rules, OPTIONS), samples: 200, warmup: 20 },
      { name: `${count} combatants, plan stale (rebuilt)`, run: () => projectForPlayers(stale, rules, OPTIONS), samples: 200, warmup: 20 },
    ]),
    ratios: [['200 combatants, plan kept', '20 combatants, plan kept']],
    targets: { '200 combatants, plan kept': '< 2 ms median', '200 combatants, plan stale (rebuilt)': '< 5 ms median' },
  };
};
