import { allPresets, rulesLookup } from '../systems/all-systems.test-support';
import type { EncounterEvent, EventInput } from '../encounter/events';
import { initiativeParticipants, reduce, replay } from '../encounter/reducer';
import type { EncounterState } from '../encounter/state';
import type { TrackerRules } from '../system-kit/tracker-rules';
import type { SystemId } from '../system-kit/rule-system';
import type { ProjectionOptions } from './contract';

/** Small fights for the projection's tests, played through the real reducer and each system's rules. */

export interface Person {
  readonly id: string;
  readonly name?: string;
  /** A bestiary preset's slug ("ganger", "street-samurai"): its kind, stats and notes. */
  readonly preset: string;
  readonly side?: string;
  readonly hidden?: boolean;
  /** The face each of its initiative dice shows (default: by the order listed). */
  readonly initiativeFace?: number;
}

let count = 0;
export const ev = (input: EventInput): EncounterEvent =>
  ({ id: `pv${++count}`, at: '2026-12-02T12:00:00.000Z', ...input }) as EncounterEvent;

export const OPTIONS: ProjectionOptions = { rollsShown: 3, timerScope: 'turn', screenDown: false, showEncounterName: true };

/** The encounter set up, not started. */
export function setup(systemId: SystemId, people: readonly Person[]): EncounterState {
  return replay(
    [
      ev({ type: 'encounter-created', encounterId: `pv-${systemId}`, name: 'The depot', systemId }),
      ...people.map((person) => {
        const preset = allPresets.find((p) => p.id === `preset:${systemId}:${person.preset}`);
        if (!preset) throw new Error(`No preset ${person.preset} for ${systemId}`);
        return ev({
          type: 'combatant-added',
          combatant: {
            id: person.id,
            name: person.name ?? preset.name,
            kind: preset.kind,
            side: person.side ?? (preset.kind === 'pc' ? 'party' : 'opponents'),
            stats: preset.stats,
            notes: preset.notes,
            ...(person.hidden ? { hidden: true } : {}),
          },
        });
      }),
    ],
    rulesLookup,
  )!;
}

/**
 * Started, initiative rolled: participants score in the order given (the first listed rolls the
 * highest faces), so the turn order is the listed order wherever the system sorts by score;
 * Hardware PCs all make their AGL save.
 */
export function fight(systemId: SystemId, people: readonly Person[]): { state: EncounterState; rules: TrackerRules } {
  const rules = rulesLookup.tracker(systemId);
  let state = reduce(setup(systemId, people), ev({ type: 'encounter-started' }), rulesLookup);
  const faces = new Map(people.flatMap((p) => (p.initiativeFace ? [[p.id, p.initiativeFace] as const] : [])));
  state = rollInitiative(state, rules, faces);
  return { state, rules };
}

/** Scores every participant, the first listed highest unless `faces` (by member id) says. */
export function rollInitiative(state: EncounterState, rules: TrackerRules, faces: ReadonlyMap<string, number> = new Map()): EncounterState {
  const rank = new Map(state.combatants.map((c, index) => [c.id, index]));
  const participants = initiativeParticipants(state, rules);
  const entries = participants.map((participant) => {
    const dice = rules.initiative.dice(participant, state.toggles);
    const first = Math.min(...participant.members.map((m) => rank.get(m.id) ?? 0));
    // Hardware's AGL save succeeds low (roll under AGL: 1 always does); the others score high.
    const chosen = participant.members.map((m) => faces.get(m.id)).find((f) => f !== undefined);
    const face = chosen ?? (state.systemId === 'hardware' ? 1 : Math.max(1, dice.sides - first));
    return rules.initiative.score(participant, Array.from({ length: dice.count }, () => face), state.toggles);
  });
  return reduce(state, ev({ type: 'initiative-rolled', entries, rolls: [] }), rulesLookup);
}

/** Folds the inputs one by one, as the store appends them. */
export function play(state: EncounterState, ...inputs: EventInput[]): EncounterState {
  return inputs.reduce((s, input) => reduce(s, ev(input), rulesLookup), state);
}
