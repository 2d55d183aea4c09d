import { RulesError } from '../errors';
import type { RuleRef } from '../system-kit/rule-system';
import { toRulesCombatant, type Combatant, type EncounterState } from './state';
import type { Economy, TrackerRules } from '../system-kit/tracker-rules';

const SOURCE_LABEL: Readonly<Record<RuleRef['source'], string>> = { seed: 'Seed', book: 'Book', default: 'Default' };

/** " (Seed: Actions)": the rule a refusal comes from, after its sentence, as the citation badges name it. */
export function citeRule(rule: RuleRef | undefined): string {
  return rule ? ` (${SOURCE_LABEL[rule.source]}: ${rule.section})` : '';
}

function refuse(sentence: string, rule: RuleRef | undefined): never {
  throw new RulesError('not-allowed', `${sentence}${citeRule(rule)}`);
}

/** What the round says about one combatant, for deciding whether it may act now. */
export interface TurnFacts {
  /** The combatant whose turn it is, or null when no turn is being taken. */
  readonly current: Combatant | null;
  /** The round's initiative took this combatant's turn away (Hardware: a failed AGL save): how, and by which rule. */
  readonly lostTurn: { readonly display: string; readonly rule?: RuleRef } | null;
  /** Whether the combatant still has a turn to come this round (asked only for an assist). */
  readonly turnToCome: () => boolean;
}

export interface SpendRequest {
  readonly actionId: string;
  /** Joins another's action out of turn, using the turn still to come this round. */
  readonly assist?: boolean;
}

/**
 * Spends one action of the combatant's economy, or throws a RulesError whose sentence names the
 * rule and cites it: an action its economy does not offer now (down, stunned), a lost turn, another's
 * turn (anything but a reaction, or an assist using the turn still to come), a resource used up,
 * an action that may not follow another (Electric State: the move comes before the action).
 */
export function spendAction(
  combatant: Combatant,
  request: SpendRequest,
  state: EncounterState,
  rules: TrackerRules,
  facts: TurnFacts,
): Combatant {
  const { name } = combatant;
  const ownTurn = facts.current?.id === combatant.id;
  const economy: Economy = rules.economy(
    toRulesCombatant(combatant),
    state.toggles,
    ownTurn ? (state.current ?? undefined) : undefined,
  );
  const action = economy.actions.find((a) => a.id === request.actionId);
  if (!action) refuse(`${name} cannot take "${request.actionId}" now. ${economy.summary}`, economy.rule);
  if (!action.reaction) {
    if (facts.lostTurn)
      refuse(
        `${name} lost this round's turn (${facts.lostTurn.display}) and cannot act until the next round.`,
        facts.lostTurn.rule ?? economy.rule,
      );
    if (!ownTurn) {
      if (!request.assist) {
        refuse(
          facts.current
            ? `It is ${facts.current.name}'s turn, not ${name}'s; only reactions can be taken outside one's own turn.`
            : `No turn is being taken now; ${name} acts on their own turn.`,
          economy.rule,
        );
      }
      if (combatant.forfeitNextTurn) refuse(`${name} has already given up the turn to come this round.`, economy.rule);
      if (!facts.turnToCome()) refuse(`${name} has already had this round's turn, so cannot join in.`, economy.rule);
      // The assist is the assister's action for the round: its own turn is then skipped.
      return {
        ...combatant,
        forfeitNextTurn: true,
        forfeitReason: `${name} joined another's ${action.label.toLowerCase()} and used this turn.`,
      };
    }
  }
  const spent = { ...combatant.spent };
  if (action.notAfter && (spent[action.notAfter.resource] ?? 0) > 0)
    refuse(`${name}: ${action.notAfter.reason}`, economy.rule);
  for (const [resourceId, cost] of Object.entries(action.costs)) {
    const resource = economy.resources.find((r) => r.id === resourceId);
    if (!resource) refuse(`${action.label} needs "${resourceId}", which ${name} does not have.`, economy.rule);
    const left = resource.max - (spent[resourceId] ?? 0);
    if (cost > left) refuse(`${name} has ${left} ${resource.label} left; ${action.label} needs ${cost}.`, economy.rule);
    spent[resourceId] = (spent[resourceId] ?? 0) + cost;
  }
  if (!action.forfeitsNextTurn || combatant.forfeitNextTurn) return { ...combatant, spent };
  return { ...combatant, spent, forfeitNextTurn: true, forfeitReason: `${name} reacted and forfeits this turn.` };
}
