// A long Shadowrun fight as a log, for the replay, resume, export and backup benches (in Node and in a page).
import type { EncounterEvent, EventInput, NewCombatant } from '../shared/encounter/events';
import { initiativeParticipants, reduce } from '../shared/encounter/reducer';
import type { EncounterState } from '../shared/encounter/state';
import { createSeededSource, rollDice } from '../shared/dice/random';
import { rulesLookup } from './rules';

let n = 0;
const ev = (input: EventInput): EncounterEvent =>
  ({ id: `e${++n}`, at: '2026-11-29T12:00:00.000Z', ...input }) as EncounterEvent;

/** "Runner i" (id ci): the first four are PCs, the rest NPCs, with one to three Initiative passes. */
export function runner(i: number): NewCombatant {
  const pc = i < 4;
  return {
    id: `c${i}`,
    name: `Runner ${i}`,
    kind: pc ? 'pc' : 'npc',
    side: pc ? 'party' : 'opponents',
    stats: {
      body: 6,
      agility: 3,
      reaction: 3,
      strength: 3,
      charisma: 2,
      intuition: 3,
      logic: 2,
      willpower: 6,
      edge: 1,
      passes: 1 + (i % 3),
      ballistic: 4,
      impact: 2,
    },
  };
}

/**
 * A long Shadowrun fight: 40 combatants, initiative every round, damage, healing and notes, to `count` events.
 * Each event is checked by the reducer as the store's `append` would (a refused one is left out), but
 * folded straight into one array: `append` copies the whole list per event, quadratic at 100,000.
 */
export function buildLongEncounter(count: number): EncounterEvent[] {
  const source = createSeededSource('long-encounter');
  const events: EncounterEvent[] = [
    ev({ type: 'encounter-created', encounterId: 'bench', name: 'Bench', systemId: 'shadowrun-4e' }),
  ];
  let state: EncounterState = reduce(null, events[0]!, rulesLookup);
  const add = (input: EventInput) => {
    const event = ev(input);
    try {
      state = reduce(state, event, rulesLookup);
    } catch {
      return false;
    }
    events.push(event);
    return true;
  };
  for (let i = 0; i < 40; i++) {
    add({ type: 'combatant-added', combatant: runner(i) });
  }
  add({ type: 'encounter-started' });
  let step = 0;
  while (events.length < count) {
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
  return events;
}
