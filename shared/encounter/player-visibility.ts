import { MAX_SIDES } from '../dice/record';
import type { EncounterEvent } from './events';
import { fail, invalid, replaceCombatant, requirePresent } from './reducer-checks';
import { MAX_SHOWN_ROLLS, type EncounterState, type ShownRoll } from './state';

/** Events that change only what the player view may show; the fight itself is untouched. */
export type PlayerVisibilityEvent = Extract<
  EncounterEvent,
  { type: 'condition-visibility-set' | 'combatant-numbers-shown' | 'roll-shown' | 'roll-unshown' }
>;

const MAX_ROLL_TEXT = 500;
const MAX_SHOWN_DICE = 1000;

/** A shown roll's copy is text and dice only; an absurd one (a hostile file) is refused whole. */
function checkShownRoll(roll: ShownRoll): ShownRoll {
  for (const [what, text] of [['who', roll.who], ['what', roll.what], ['summary', roll.summary]] as const) {
    if (typeof text !== 'string' || text.length > MAX_ROLL_TEXT) invalid(`A shown roll's ${what} must be text of at most ${MAX_ROLL_TEXT} characters.`);
  }
  if (typeof roll.rollId !== 'string' || roll.rollId === '') invalid('A shown roll needs the id of its roll.');
  if (!Array.isArray(roll.dice)) invalid('A shown roll needs its dice (a list, empty when none were rolled).');
  let dice = 0;
  for (const group of roll.dice) {
    // The player view refuses a screen with a die it cannot draw; refusing it here keeps that screen drawable.
    const { sides, faces } = group ?? {};
    if (!Number.isInteger(sides) || sides < 2 || sides > MAX_SIDES) invalid(`A shown roll's die must have 2 to ${MAX_SIDES} sides, not ${String(sides)}.`);
    if (!Array.isArray(faces) || faces.some((face) => !Number.isInteger(face) || face < 1 || face > sides))
      invalid(`A shown roll's d${sides} can only show faces from 1 to ${sides}.`);
    dice += faces.length;
  }
  if (dice > MAX_SHOWN_DICE) invalid(`A shown roll may have at most ${MAX_SHOWN_DICE} dice, this one has ${dice}.`);
  return roll;
}

/** Folds the GM's choices of what the players see: a condition, an NPC's numbers, a roll. */
export function reducePlayerVisibility(state: EncounterState, event: PlayerVisibilityEvent): EncounterState {
  switch (event.type) {
    case 'condition-visibility-set': {
      const combatant = requirePresent(state, event.combatantId);
      const condition = combatant.conditions.find((c) => c.instanceId === event.instanceId);
      if (!condition) fail(`${combatant.name} does not have that condition.`);
      if ((condition.visible ?? false) === event.visible)
        fail(`${condition.label} on ${combatant.name} is already ${event.visible ? 'shown to' : 'hidden from'} the players.`);
      const changed = event.visible ? { ...condition, visible: true as const } : withoutKey(condition, 'visible');
      return replaceCombatant(state, {
        ...combatant,
        conditions: combatant.conditions.map((c) => (c.instanceId === event.instanceId ? changed : c)),
      });
    }
    case 'combatant-numbers-shown': {
      const combatant = requirePresent(state, event.combatantId);
      if (combatant.kind === 'pc') fail(`The players always see ${combatant.name}'s numbers: PCs are theirs.`);
      if ((combatant.numbersShown ?? false) === event.shown)
        fail(`${combatant.name}'s numbers are already ${event.shown ? 'shown to' : 'hidden from'} the players.`);
      return replaceCombatant(state, event.shown ? { ...combatant, numbersShown: true } : withoutKey(combatant, 'numbersShown'));
    }
    case 'roll-shown': {
      const roll = checkShownRoll(event.roll);
      const shown = state.shownRolls ?? [];
      if (shown.some((r) => r.rollId === roll.rollId)) fail('That roll is already shown to the players.');
      return { ...state, shownRolls: [...shown, roll].slice(-MAX_SHOWN_ROLLS) };
    }
    case 'roll-unshown': {
      const shown = state.shownRolls ?? [];
      if (!shown.some((r) => r.rollId === event.rollId)) fail('That roll is not shown to the players.');
      const rest = shown.filter((r) => r.rollId !== event.rollId);
      return rest.length ? { ...state, shownRolls: rest } : withoutKey(state, 'shownRolls');
    }
  }
}

function withoutKey<T extends object, K extends keyof T>(value: T, key: K): T {
  const copy = { ...value };
  delete copy[key];
  return copy;
}
