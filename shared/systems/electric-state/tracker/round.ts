// Rounds: sides in initiative order, each side's combatants in encounter order
import type { RoundContext, TurnSlot } from '../../../system-kit/tracker-rules';
import { RulesError } from '../../../errors';
import { load } from './combatant-status';

export function buildRound(context: RoundContext): readonly TurnSlot[] {
  if (typeof context !== 'object' || context === null || !Array.isArray(context.combatants)) {
    throw new RulesError('invalid-input', 'A round needs the list of combatants.');
  }
  const seen = new Set<string>();
  const loaded = context.combatants.map((c) => {
    if (seen.has(c.id)) throw new RulesError('invalid-input', `Combatant "${c.id}" is listed twice.`);
    seen.add(c.id);
    return { c, status: load(c).status };
  });
  const sidesPresent = [...new Set(loaded.map((x) => x.c.side))];
  let sideOrder: string[];
  if (context.initiative === null) {
    if (sidesPresent.length > 1) {
      throw new RulesError('not-allowed', `Round ${context.round}: the sides have not rolled initiative yet.`);
    }
    sideOrder = sidesPresent;
  } else {
    const tied = context.initiative.tieToReroll ?? [];
    if (tied.length > 0) {
      throw new RulesError(
        'not-allowed',
        `Initiative is tied (${tied.join(', ')}): reroll the tie before the round starts.`,
      );
    }
    sideOrder = [...context.initiative.order];
    if (new Set(sideOrder).size !== sideOrder.length) {
      throw new RulesError('invalid-input', 'A side appears twice in the initiative order.');
    }
    // A side that joined after initiative was rolled acts after the others [default].
    for (const side of sidesPresent) if (!sideOrder.includes(side)) sideOrder.push(side);
  }
  // Each side's combatants in encounter order, gathered in one pass rather than one pass per side.
  const bySide = new Map<string, TurnSlot[]>();
  for (const { c, status } of loaded) {
    // A dying combatant keeps its slot for the death roll on its turn; a tasered one keeps it
    // too, so the lost turn is seen and its "lost next turn" condition expires at turn end.
    if (status.canAct || status.dying || (status.losesTurn && !status.dead && !status.incapacitated)) {
      const list = bySide.get(c.side);
      if (list) list.push({ combatantId: c.id, pass: 1 });
      else bySide.set(c.side, [{ combatantId: c.id, pass: 1 }]);
    }
  }
  const slots: TurnSlot[] = [];
  for (const side of sideOrder) {
    const list = bySide.get(side);
    if (list) for (const slot of list) slots.push(slot);
  }
  return slots;
}
