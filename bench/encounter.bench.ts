import type { EncounterEvent, EventInput } from '../shared/encounter/events';
import { append, openHistory, type EncounterHistory } from '../shared/encounter/history';
import { replay } from '../shared/encounter/reducer';
import { rulesLookup } from './rules';
import { createSeededSource, rollDice } from '../shared/dice/random';
import { initiativeParticipants } from '../shared/encounter/reducer';
import type { BenchSuite } from './harness';

let n = 0;
const ev = (input: EventInput): EncounterEvent => ({ id: `e${++n}`, at: '2026-11-29T12:00:00.000Z', ...input }) as EncounterEvent;

/** A long Shadowrun fight: 40 combatants, initiative every round, damage, healing and notes, to `count` events. */
export function buildLongEncounter(count: number): EncounterEvent[] {
  const source = createSeededSource('long-encounter');
  let history: EncounterHistory = openHistory([ev({ type: 'encounter-created', encounterId: 'bench', name: 'Bench', systemId: 'shadowrun-4e' })], rulesLookup);
  const add = (input: EventInput) => {
    try {
      history = append(history, ev(input), rulesLookup);
      return true;
    } catch {
      return false;
    }
  };
  for (let i = 0; i < 40; i++) {
    add({ type: 'combatant-added', combatant: { id: `c${i}`, name: `Runner ${i}`, kind: i < 4 ? 'pc' : 'npc', side: i < 4 ? 'party' : 'opponents', stats: { body: 6, agility: 3, reaction: 3, strength: 3, charisma: 2, intuition: 3, logic: 2, willpower: 6, edge: 1, passes: 1 + (i % 3), ballistic: 4, impact: 2 } } });
  }
  add({ type: 'encounter-started' });
  let step = 0;
  while (history.events.length < count) {
    const state = history.state;
    const rules = rulesLookup.tracker(state.systemId);
    if (!state.current) {
      const entries = initiativeParticipants(state, rules).map((p) => {
        const dice = rules.initiative.dice(p, state.toggles);
        return rules.initiative.score(p, rollDice(source, dice.count, dice.sides), state.toggles);
      });
      if (!add({ type: 'initiative-rolled', entries, rolls: [] })) break;
      continue;
    }
    const target = `c${step % 40}`;
    const kind = step % 5;
    if (kind === 0) add({ type: 'harm-applied', combatantId: target, harm: { kind: 'stun', amount: 1 } });
    else if (kind === 1) add({ type: 'harm-applied', combatantId: target, harm: { kind: 'heal-stun', amount: 1 } });
    else if (kind === 2) add({ type: 'note-added', text: `note ${step}` });
    else add({ type: 'turn-advanced' });
    step++;
  }
  return [...history.events];
}

export default (): BenchSuite => {
  const events = buildLongEncounter(10_000);
  return {
    title: `Encounter: replay ${events.length.toLocaleString('en-US')} events to state (Node)`,
    cases: [
      { name: 'full replay', run: () => replay(events, rulesLookup), samples: 15, warmup: 2 },
      { name: 'open history (replay + snapshots)', run: () => openHistory(events, rulesLookup), samples: 15, warmup: 2 },
    ],
    targets: { 'full replay': '< 50 ms median' },
  };
};
