// Where the encounter was when an event happened (round, pass, turn, whose turn), as the log's position column says it.
import type { LogNames } from './log-view-names';
import type { LogPosition } from './log-view-types';
import type { EncounterState, EncounterStatus } from './state';

export class LogPositions {
  private lastPosition: {
    readonly key: unknown;
    readonly acted: number;
    readonly status: EncounterStatus;
    readonly round: number;
    readonly position: LogPosition;
  } | null = null;

  constructor(private readonly names: LogNames) {}

  /** Where the encounter was in `state` (the state before an event). */
  at(state: EncounterState | null): LogPosition {
    // Most events happen within a turn: the same position object serves them all.
    const last = this.lastPosition;
    if (
      state &&
      last &&
      last.key === state.current &&
      last.acted === state.acted.length &&
      last.status === state.status &&
      last.round === state.round &&
      (!state.current || this.names.find(state, state.current.combatantId)?.name === last.position.turnOf?.name)
    ) {
      return last.position;
    }
    const position = this.newPosition(state);
    this.lastPosition = state
      ? { key: state.current, acted: state.acted.length, status: state.status, round: state.round, position }
      : null;
    return position;
  }

  private newPosition(state: EncounterState | null): LogPosition {
    if (!state || state.status === 'setup') {
      return {
        status: 'setup',
        round: 0,
        turn: null,
        pass: null,
        turnOf: null,
        label: 'Setup',
        description: 'Before the start',
      };
    }
    if (state.status === 'ended') {
      return {
        status: 'ended',
        round: state.round,
        turn: null,
        pass: null,
        turnOf: null,
        label: 'Ended',
        description: `After the end (round ${state.round})`,
      };
    }
    if (!state.current) {
      return {
        status: 'running',
        round: state.round,
        turn: null,
        pass: null,
        turnOf: null,
        label: `R${state.round}`,
        description: `Round ${state.round}, between turns`,
      };
    }
    const { pass, combatantId } = state.current;
    const turn = state.acted.length + 1;
    const turnOf = this.names.nameOf(state, combatantId);
    return {
      status: 'running',
      round: state.round,
      turn,
      pass,
      turnOf,
      label: pass > 1 ? `R${state.round}·P${pass}·T${turn}` : `R${state.round}·T${turn}`,
      description: `Round ${state.round}${pass > 1 ? `, pass ${pass}` : ''}, turn ${turn}: ${turnOf.name}'s turn`,
    };
  }
}
