/**
 * The long Shadowrun fight of bench/encounter.bench.ts (buildLongEncounter: 40 combatants,
 * initiative every round, damage, healing, notes and turns), folded with the reducer alone.
 * buildLongEncounter grows a history with `append`, which copies the whole log on every event:
 * 10,000 events took 1 s here, 20,000 took 25 s, and 100,000 did not finish in 10 minutes.
 * Folding the state directly builds 100,000 in a few seconds.
 */
import { createSeededSource, rollDice } from '../shared/dice/random';
import type { EncounterEvent, EventInput } from '../shared/encounter/events';
import { initiativeParticipants, reduce } from '../shared/encounter/reducer';
import type { EncounterState } from '../shared/encounter/state';
import { rulesLookup } from './rules';

export function buildLongEncounterQuickly(count: number): EncounterEvent[] {
  const source = createSeededSource('long-encounter');
  const events: EncounterEvent[] = [];
  let state: EncounterState | null = null;
  /** Keeps the event when the rules accept it, as buildLongEncounter's `add` does. */
  const add = (input: EventInput): boolean => {
    const event = { id: `e${events.length + 1}`, at: '2026-11-29T12:00:00.000Z', ...input } as EncounterEvent;
    try {
      state = reduce(state, event, rulesLookup);
    } catch {
      return false;
    }
    events.push(event);
    return true;
  };
  add({ type: 'encounter-created', encounterId: 'bench', name: 'Bench', systemId: 'shadowrun-4e' });
  for (let i = 0; i < 40; i++) {
    const pc = i < 4;
    add({
      type: 'combatant-added',
      combatant: {
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
      },
    });
  }
  add({ type: 'encounter-started' });
  let step = 0;
  while (events.length < count) {
    const current: EncounterState = state!;
    const rules = rulesLookup.tracker(current.systemId);
    if (!current.current) {
      const entries = initiativeParticipants(current, rules).map((p) => {
        const dice = rules.initiative.dice(p, current.toggles);
        return rules.initiative.score(p, rollDice(source, dice.count, dice.sides), current.toggles);
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
