import type { ActiveCondition, Combatant } from '../../../shared/encounter/state';
import { useEncounterStore } from '../encounter/encounter-store';

/**
 * The GM's choices of what the players see of a combatant, each one undoable event: an NPC's
 * health in numbers instead of a word, and each condition shown or kept to the GM.
 */
export function usePlayerReveal() {
  const encounter = useEncounterStore();

  /** An NPC's health on the player view: numbers (shown) or a word ("wounded"). PCs always show numbers. */
  function setNumbersShown(combatant: Combatant, shown: boolean): Promise<boolean> {
    if (combatant.kind === 'pc' || (combatant.numbersShown ?? false) === shown) return Promise.resolve(false);
    return encounter.dispatch({ type: 'combatant-numbers-shown', combatantId: combatant.id, shown });
  }

  /** One condition on the player view, or kept to the GM. */
  function setConditionVisible(combatant: Combatant, condition: ActiveCondition, visible: boolean): Promise<boolean> {
    if ((condition.visible ?? false) === visible) return Promise.resolve(false);
    return encounter.dispatch({
      type: 'condition-visibility-set',
      combatantId: combatant.id,
      instanceId: condition.instanceId,
      visible,
    });
  }

  return { encounter, setNumbersShown, setConditionVisible };
}
