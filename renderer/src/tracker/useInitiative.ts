import type { RollRecord } from '../../../shared/dice/record';
import type { InitiativeEntry, InitiativeParticipant } from '../../../shared/system-kit/tracker-rules';
import { isRulesError } from '../../../shared/errors';
import { newId } from '../platform/ids';
import { getRandomSource, rollWithApp } from '../platform/random';
import { useEncounterStore } from '../encounter/encounter-store';

/** Scores initiative through the system's rules and records it as one event with its dice. */
export function useInitiative() {
  const encounter = useEncounterStore();

  function score(participant: InitiativeParticipant, faces: number[], source: string): { entry: InitiativeEntry; roll: RollRecord | null } {
    const state = encounter.state!;
    const rules = encounter.tracker!;
    const dice = rules.initiative.dice(participant, state.toggles);
    const entry = rules.initiative.score(participant, faces, state.toggles);
    const roll: RollRecord | null = dice.count
      ? { id: newId(), at: new Date().toISOString(), roller: participant.label, reason: 'Initiative', source, groups: [{ sides: dice.sides, faces, label: 'initiative' }] }
      : null;
    return { entry, roll };
  }

  async function record(results: { entry: InitiativeEntry; roll: RollRecord | null }[]): Promise<boolean> {
    if (results.length === 0) return false;
    return encounter.dispatch({
      type: 'initiative-rolled',
      entries: results.map((r) => r.entry),
      rolls: results.flatMap((r) => (r.roll ? [r.roll] : [])),
    });
  }

  /** One participant's faces, from the app's dice or typed from physical dice. */
  async function setFaces(participant: InitiativeParticipant, faces: number[], source: 'app' | 'physical'): Promise<boolean> {
    try {
      return await record([score(participant, faces, source === 'app' ? getRandomSource().kind : 'physical')]);
    } catch (cause) {
      encounter.error = isRulesError(cause) ? cause.message : String(cause);
      return false;
    }
  }

  /** Rolls with the app's dice for every participant given, as one event. */
  async function rollAll(participants: readonly InitiativeParticipant[]): Promise<boolean> {
    const state = encounter.state;
    const rules = encounter.tracker;
    if (!state || !rules) return false;
    try {
      const results = participants.map((p) => {
        const dice = rules.initiative.dice(p, state.toggles);
        return score(p, dice.count ? rollWithApp(dice.count, dice.sides) : [], getRandomSource().kind);
      });
      return await record(results);
    } catch (cause) {
      encounter.error = isRulesError(cause) ? cause.message : String(cause);
      return false;
    }
  }

  /** Each member of the group rolls its own initiative (true), or the group rolls once (false). */
  function setGroupRollsEach(groupId: string, eachRolls: boolean): Promise<boolean> {
    return encounter.dispatch({ type: 'group-initiative-set', groupId, eachRolls });
  }

  return { setFaces, rollAll, setGroupRollsEach };
}
