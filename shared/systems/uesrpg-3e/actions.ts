import { RulesError, requireInteger } from '../../errors';
import type { ExplainStep } from '../../system-kit/rule-system';
import { AP_PER_ROUND } from './derived';
import { RULES } from './sections';
import { DEFAULT_TOGGLES, type ApRefresh } from './toggles';

/** Attacks (melee, ranged or spell) a character may make in one round. */
export const MAX_ATTACKS_PER_ROUND = 2;

/** One character's action economy during an encounter. */
export interface ApState {
  readonly ap: number;
  /** Attacks made this round. */
  readonly attacks: number;
  /** Current round (0 before the first round starts). */
  readonly round: number;
}

export type ApEvent =
  | { readonly type: 'round-start' }
  | { readonly type: 'turn-start' }
  | { readonly type: 'attack'; readonly cost?: number }
  | { readonly type: 'reaction'; readonly cost?: number; readonly counterAttack?: boolean }
  | { readonly type: 'action'; readonly cost?: number }
  | { readonly type: 'free' };

export interface ApRules {
  readonly apRefresh?: ApRefresh;
  readonly counterAttackCountsAsAttack?: boolean;
  /** Surprised characters cannot act during round 1. */
  readonly surprised?: boolean;
  /** AP restored on refresh (3, or less for a character who lost AP to a body wound if the GM rules it lasts). */
  readonly maxAp?: number;
}

export interface ApEventResult {
  readonly state: ApState;
  readonly allowed: boolean;
  readonly steps: ExplainStep[];
}

export const INITIAL_AP_STATE: ApState = { ap: AP_PER_ROUND, attacks: 0, round: 0 };

/** Applies one event to a character's AP state: refreshes, spends, or refuses (not enough AP, attack limit, surprised). */
export function applyApEvent(state: ApState, event: ApEvent, rules: ApRules = {}): ApEventResult {
  const refresh = rules.apRefresh ?? DEFAULT_TOGGLES.apRefresh;
  const maxAp = requireInteger('maxAp', rules.maxAp ?? AP_PER_ROUND, 0, 10);
  const refuse = (text: string, rule = RULES.actionEconomy): ApEventResult => ({
    state,
    allowed: false,
    steps: [{ text, rule }],
  });
  switch (event.type) {
    case 'round-start': {
      const round = state.round + 1;
      if (refresh === 'round') {
        return {
          state: { ap: maxAp, attacks: 0, round },
          allowed: true,
          steps: [{ text: `Round ${round} starts: AP back to ${maxAp}, attack count reset.`, rule: RULES.roundStart }],
        };
      }
      return {
        state: { ...state, attacks: 0, round },
        allowed: true,
        steps: [
          {
            text: `Round ${round} starts: attack count reset; AP refresh at each character's own turn (toggle).`,
            rule: RULES.apRefreshDefault,
          },
        ],
      };
    }
    case 'turn-start': {
      if (refresh === 'turn') {
        return {
          state: { ...state, ap: maxAp },
          allowed: true,
          steps: [
            { text: `Turn starts: AP back to ${maxAp} (toggle: refresh each turn).`, rule: RULES.apRefreshDefault },
          ],
        };
      }
      return {
        state,
        allowed: true,
        steps: [{ text: 'Turn starts: AP were refreshed at the start of the round.', rule: RULES.roundStart }],
      };
    }
    case 'free':
      if (rules.surprised === true && state.round <= 1)
        return refuse('A surprised character cannot act during the first round.', RULES.surprise);
      return { state, allowed: true, steps: [{ text: 'A free action costs no AP.', rule: RULES.actionEconomy }] };
    case 'attack':
    case 'reaction':
    case 'action': {
      if (rules.surprised === true && state.round <= 1)
        return refuse('A surprised character cannot act during the first round.', RULES.surprise);
      const cost = requireInteger('cost', event.cost ?? 1, 1, 3);
      const countsAsAttack =
        event.type === 'attack' ||
        (event.type === 'reaction' && event.counterAttack === true && rules.counterAttackCountsAsAttack === true);
      if (countsAsAttack && state.attacks >= MAX_ATTACKS_PER_ROUND) {
        return refuse(
          `Already ${state.attacks} attacks this round: no more than ${MAX_ATTACKS_PER_ROUND} attacks per round.`,
          RULES.attackLimit,
        );
      }
      if (cost > state.ap) {
        return refuse(
          event.type === 'reaction'
            ? `Only ${state.ap} AP left: the reaction cannot be paid, so the defence fails automatically.`
            : `Only ${state.ap} AP left; this costs ${cost}.`,
          event.type === 'reaction' ? RULES.multipleOpponents : RULES.actionEconomy,
        );
      }
      const next: ApState = { ...state, ap: state.ap - cost, attacks: state.attacks + (countsAsAttack ? 1 : 0) };
      return {
        state: next,
        allowed: true,
        steps: [
          {
            text: `${event.type === 'attack' ? 'Attack' : event.type === 'reaction' ? 'Reaction' : 'Action'}: −${cost} AP (${next.ap} left)${
              countsAsAttack ? `, attack ${next.attacks} of ${MAX_ATTACKS_PER_ROUND} this round` : ''
            }.`,
            rule: countsAsAttack ? RULES.attackLimit : RULES.actionEconomy,
          },
        ],
      };
    }
    default:
      throw new RulesError('invalid-input', `Unknown AP event "${String((event as { type: unknown }).type)}".`);
  }
}

export interface ApTrackResult {
  readonly state: ApState;
  /** Indices of events that were refused. */
  readonly rejected: number[];
  readonly steps: ExplainStep[];
}

/** Replays a list of events for one character from a starting state. */
export function trackAp(
  events: readonly ApEvent[],
  start: ApState = INITIAL_AP_STATE,
  rules: ApRules = {},
): ApTrackResult {
  let state: ApState = {
    ap: requireInteger('ap', start.ap, 0, 10),
    attacks: requireInteger('attacks', start.attacks, 0, MAX_ATTACKS_PER_ROUND),
    round: requireInteger('round', start.round, 0, 10000),
  };
  const rejected: number[] = [];
  const steps: ExplainStep[] = [];
  events.forEach((event, i) => {
    const result = applyApEvent(state, event, rules);
    if (!result.allowed) rejected.push(i);
    state = result.state;
    steps.push(...result.steps);
  });
  return { state, rejected, steps };
}

/** Whether a character can still pay for a defence (reaction); with 0 AP every defence fails automatically. */
export function canDefend(state: ApState, cost = 1): boolean {
  return state.ap >= cost;
}
