// Action economy (seed: Actions): the move and the one action of a turn, and what is left to the
// Dying and the Overloaded.
import type { Economy, RulesCombatant, TurnSlot } from '../../../system-kit/tracker-rules';
import type { ToggleValues } from '../../../system-kit/rule-system';
import { MOVE_METERS } from '../rounds';
import { SECTIONS } from '../rules';
import { load } from './combatant-status';

// The budgets are the same for everyone in a state, so they are built once (the tracker asks on every redraw).
/** Cited when the tracker refuses an action. */
const ACTIONS_RULE = { section: SECTIONS.actions, source: 'seed' } as const;
const DYING_ECONOMY: Economy = {
  resources: [{ id: 'move', label: 'Move', max: 1, refresh: 'turn' }],
  actions: [
    {
      id: 'crawl',
      label: 'Crawl weakly',
      costs: { move: 1 },
      help: 'Dying PCs cannot do anything but crawl weakly.',
    },
  ],
  summary: 'Dying: can only crawl weakly, grasping for life.',
  rule: ACTIONS_RULE,
};

const TURN_RESOURCES: Economy['resources'] = [
  { id: 'move', label: 'Move', max: 1, refresh: 'turn' },
  { id: 'action', label: 'Action', max: 1, refresh: 'turn' },
];

const TURN_ACTIONS: Economy['actions'] = [
  { id: 'move', label: `Move (${MOVE_METERS} m)`, costs: { move: 1 }, help: `Move up to ${MOVE_METERS} m.` },
  {
    id: 'action',
    label: 'Attack / action',
    costs: { action: 1 },
    help: 'Attack, deploy a hack, Aim, or some other reasonable action.',
  },
  {
    id: 'second-move',
    label: 'Second move',
    costs: { action: 1 },
    help: `The action spent moving again: up to ${2 * MOVE_METERS} m in all.`,
  },
];

const TURN_SUMMARY = `Move up to ${MOVE_METERS} m and take one action; the action may be a second move.`;
const TURN_ECONOMY: Economy = {
  resources: TURN_RESOURCES,
  actions: TURN_ACTIONS,
  summary: TURN_SUMMARY,
  rule: ACTIONS_RULE,
};
const OVERLOADED_ECONOMY: Economy = {
  resources: TURN_RESOURCES,
  actions: TURN_ACTIONS,
  summary: `${TURN_SUMMARY} Overloaded: no actions that inflict stress on itself.`,
  rule: ACTIONS_RULE,
};

// One turn shape for everyone (no passes, no glitches), so the slot is not needed.
export function economy(combatant: RulesCombatant, _toggles: ToggleValues, _slot?: TurnSlot): Economy {
  const { status } = load(combatant);
  if (!status.canAct) {
    // Dying but otherwise able (not also paralysed or broken down): a weak crawl is all that is left.
    if (status.states.length === 1 && status.dying) return DYING_ECONOMY;
    return { resources: [], actions: [], summary: `${status.states.join(', ')}: cannot act.`, rule: ACTIONS_RULE };
  }
  return status.overloaded ? OVERLOADED_ECONOMY : TURN_ECONOMY;
}
