import type { ActionDef, Economy, RulesCombatant, TurnSlot } from '../../../system-kit/tracker-rules';
import { RulesError, describe } from '../../../errors';
import type { ToggleValues } from '../../../system-kit/rule-system';
import { MAX_ATTACKS_PER_ROUND } from '../actions';
import { RULES } from '../sections';
import type { UesrpgToggles } from '../toggles';
import { readUesrpgHealth, conditionIds } from './health';
import { readToggles, woundState } from './read-once';

// ---------------------------------------------------------------------------------------------
// Action economy: 3 AP (2 with a body wound), at most 2 attacks per round
// ---------------------------------------------------------------------------------------------

function actions(counterIsAttack: boolean): ActionDef[] {
  return [
    {
      id: 'attack',
      label: 'Attack (1 AP)',
      costs: { ap: 1, attacks: 1 },
      help: 'Melee (Combat Style, Str or Ag), ranged (Combat Style, Ag) or spell (its school skill); at most 2 per round.',
    },
    {
      id: 'action',
      label: 'Other action (1 AP)',
      costs: { ap: 1 },
      help: 'Any other non-free action: move, ready or reload a weapon, a grapple Takedown or Move.',
    },
    { id: 'free', label: 'Free action', costs: {}, help: 'Costs no AP.' },
    {
      id: 'evade',
      label: 'Evade',
      costs: { ap: 1 },
      reaction: true,
      help: 'Ag-based Evade test; a win negates the attack and moves 1 m freely. Works against area attacks.',
    },
    {
      id: 'parry',
      label: 'Parry',
      costs: { ap: 1 },
      reaction: true,
      help: 'Str or Ag Combat Style test, melee only; a win negates the attack.',
    },
    {
      id: 'block',
      label: 'Block',
      costs: { ap: 1 },
      reaction: true,
      help: "Str Combat Style test with a shield; damage above the shield's BR goes to the shield arm, else none.",
    },
    {
      id: 'counter-attack',
      label: 'Counter-attack',
      costs: counterIsAttack ? { ap: 1, attacks: 1 } : { ap: 1 },
      reaction: true,
      help: `Both attack at once; more DoS hits. Not against ranged attacks.${counterIsAttack ? ' Counts as one of the 2 attacks this round.' : ''}`,
    },
  ];
}

/** The three budgets a combatant can have under one set of toggles and one AP maximum. */
interface Budgets {
  readonly down: Economy;
  readonly stunned: Economy;
  readonly able: Economy;
}

function budgets(rules: UesrpgToggles, maxAp: number): Budgets {
  const refill = rules.apRefresh === 'turn' ? 'at the start of their own turn' : 'at the start of each round';
  const resources = [
    { id: 'ap', label: 'Action Points', max: maxAp, refresh: rules.apRefresh },
    { id: 'attacks', label: 'Attacks this round', max: MAX_ATTACKS_PER_ROUND, refresh: 'round' as const },
  ];
  return {
    down: {
      resources,
      actions: [],
      summary: 'Down (HP 0 or less): no actions or reactions.',
      rule: RULES.actionEconomy,
    },
    stunned: {
      resources,
      actions: [],
      summary: 'Stunned (head wound): no actions or reactions for 1 round.',
      rule: RULES.actionEconomy,
    },
    able: {
      resources,
      rule: RULES.actionEconomy,
      actions: actions(rules.counterAttackCountsAsAttack),
      summary: `${maxAp} AP per round${maxAp < 3 ? ' (body wound)' : ''}, refilled ${refill}; every non-free action and reaction costs 1 AP; at most ${MAX_ATTACKS_PER_ROUND} attacks per round. With 0 AP every defence fails.`,
    },
  };
}

// Budgets depend only on the toggles and the AP maximum, so they are built once per pair (asked on every redraw).
const budgetCache = new WeakMap<UesrpgToggles, Map<number, Budgets>>();

function budgetsFor(rules: UesrpgToggles, maxAp: number): Budgets {
  let byAp = budgetCache.get(rules);
  if (byAp === undefined) {
    byAp = new Map();
    budgetCache.set(rules, byAp);
  }
  let found = byAp.get(maxAp);
  if (found === undefined) {
    found = budgets(rules, maxAp);
    byAp.set(maxAp, found);
  }
  return found;
}

export function economy(combatant: RulesCombatant, toggles: ToggleValues, _slot?: TurnSlot): Economy {
  const rules = readToggles(toggles);
  if (typeof combatant !== 'object' || combatant === null) {
    throw new RulesError('invalid-input', `A combatant must be an object, got ${describe(combatant)}.`);
  }
  const health = readUesrpgHealth(combatant);
  const budget = budgetsFor(rules, woundState(health.wounds).maxAp);
  if (health.hp <= 0) return budget.down;
  if (conditionIds(combatant).includes('stunned')) return budget.stunned;
  return budget.able;
}
