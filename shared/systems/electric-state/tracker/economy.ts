// Action economy (seed: Round Structure, Action Types)
import type { ActionDef, Economy, RulesCombatant } from '../../../system-kit/tracker-rules';
import { load } from './combatant-status';
import { injuriesOf } from './conditions';

const REACTIONS: readonly ActionDef[] = [
  {
    id: 'fight-back',
    label: 'Fight back',
    costs: {},
    reaction: true,
    forfeitsNextTurn: true,
    help: 'Against a close attack: opposed Strength roll, only the attacker may push. Forfeits your next turn (next round’s if you have acted), but you may fight back any number of close attacks until then.',
  },
  {
    id: 'dodge',
    label: 'Dodge',
    costs: {},
    reaction: true,
    forfeitsNextTurn: true,
    help: 'Against a ranged attack: opposed Agility roll, only the attacker may push; a dodge never deals damage. Forfeits your next turn (next round’s if you have acted), but you may dodge any number of ranged attacks until then.',
  },
];

/** Cited when the tracker refuses an action: "Each participant gets one move + one action, or two moves. The move must come before the action." */
const TURN_RULE = { section: 'Round Structure', source: 'seed' } as const;
const MOVE_HELP = 'Between two adjacent zones, or between Short and Engaged in the same zone.';
const ACTION_HELP = 'Attack, reload, take cover, rally an Incapacitated fighter, interact with an item.';
const FREE_ACTION: ActionDef = {
  id: 'free',
  label: 'Free action (draw a weapon, open a door, a few words)',
  costs: {},
  help: 'Only on your own turn, in addition to the move and action.',
};

// The budgets that do not depend on who asks are built once: the tracker asks on every redraw.
const DEAD_ECONOMY: Economy = { resources: [], actions: [], summary: 'Dead.', rule: TURN_RULE };
const INCAPACITATED_RESOURCES: Economy['resources'] = [{ id: 'move', label: 'Move', max: 1, refresh: 'turn' }];
const INCAPACITATED_ACTIONS: Economy['actions'] = [
  { id: 'crawl', label: 'Crawl', costs: { move: 1 }, help: 'One move per turn; can mumble too.' },
];
const INCAPACITATED = 'Incapacitated: can crawl (one move) and mumble, but cannot roll attributes or use talents.';
const DYING_ECONOMY: Economy = {
  resources: INCAPACITATED_RESOURCES,
  actions: INCAPACITATED_ACTIONS,
  summary: `${INCAPACITATED} Death roll this turn: 4 dice, no push.`,
  rule: TURN_RULE,
};
const STABILIZED_ECONOMY: Economy = {
  resources: INCAPACITATED_RESOURCES,
  actions: INCAPACITATED_ACTIONS,
  summary: `${INCAPACITATED} Stabilized: no more death rolls.`,
  rule: TURN_RULE,
};
const LOST_TURN_ECONOMY: Economy = {
  resources: [],
  actions: [...REACTIONS],
  summary: 'Loses this turn (taser): no move and no action.',
  rule: TURN_RULE,
};
const SLOWED_RESOURCES: Economy['resources'] = [{ id: 'turn', label: 'Move or action', max: 1, refresh: 'turn' }];
const SLOWED_ACTIONS: Economy['actions'] = [
  { id: 'move', label: 'Move', costs: { turn: 1 }, help: MOVE_HELP },
  { id: 'action', label: 'Action (attack, reload, take cover, rally…)', costs: { turn: 1 }, help: ACTION_HELP },
  FREE_ACTION,
  ...REACTIONS,
];
const TURN_ECONOMY: Economy = {
  resources: [
    { id: 'move', label: 'Move', max: 1, refresh: 'turn' },
    { id: 'action', label: 'Action', max: 1, refresh: 'turn' },
  ],
  actions: [
    {
      id: 'move',
      label: 'Move',
      costs: { move: 1 },
      help: MOVE_HELP,
      notAfter: { resource: 'action', reason: 'The move must come before the action.' },
    },
    { id: 'action', label: 'Action (attack, reload, take cover, rally…)', costs: { action: 1 }, help: ACTION_HELP },
    {
      id: 'second-move',
      label: 'Second move (instead of the action)',
      costs: { action: 1 },
      help: 'Two moves and no action this turn.',
    },
    FREE_ACTION,
    ...REACTIONS,
  ],
  summary: 'One move and one action (the move first), or two moves.',
  rule: TURN_RULE,
};

export function economy(combatant: RulesCombatant): Economy {
  const { status } = load(combatant);
  if (status.dead) return DEAD_ECONOMY;
  if (status.incapacitated) return status.dying ? DYING_ECONOMY : STABILIZED_ECONOMY;
  if (status.losesTurn) return LOST_TURN_ECONOMY;
  const slowed = injuriesOf(combatant).filter((i) => i.moveOrAct);
  if (slowed.length > 0) {
    return {
      resources: SLOWED_RESOURCES,
      actions: SLOWED_ACTIONS,
      summary: `${slowed.map((i) => i.injury).join(', ')}: may move OR act, not both.`,
      rule: TURN_RULE,
    };
  }
  return TURN_ECONOMY;
}
