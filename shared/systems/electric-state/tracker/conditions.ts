// Conditions: the taser's lost turn, cover, being ambushed, and one per serious injury.
import type { ConditionDef, RulesCombatant } from '../../../system-kit/tracker-rules';
import { COVER } from '../equipment';
import { SERIOUS_INJURIES, SURGERY_NOTE, type SeriousInjury } from '../injuries';

/** Condition ids the rules read (the taser's lost turn stops a turn; cover is informational). */
export const LOST_TURN = 'lost-next-turn';
const IN_COVER = 'in-cover';

export function injuryConditionId(injury: SeriousInjury): string {
  return injury.injury
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function injuryNote(injury: SeriousInjury): string {
  const heals = injury.healingDays ? `; heals in ${injury.healingDays} days` : '';
  return `${injury.effect}${heals}.`;
}

/** Each injury with its condition id, worked out once (the id is a text transformation of its name). */
const INJURY_CONDITIONS: readonly { readonly injury: SeriousInjury; readonly id: string }[] = SERIOUS_INJURIES.map(
  (injury) => ({ injury, id: injuryConditionId(injury) }),
);

export function injuriesOf(combatant: RulesCombatant): SeriousInjury[] {
  const ids = combatant.conditionIds;
  // Most combatants have no conditions at all: nothing to look for.
  if (ids.length === 0) return [];
  return INJURY_CONDITIONS.filter(({ id }) => ids.includes(id)).map(({ injury }) => injury);
}

export const conditions: readonly ConditionDef[] = [
  {
    id: LOST_TURN,
    label: 'Loses next turn',
    description:
      'Hit by a taser and no 6 on the Strength roll at −2 dice: loses its next turn (this round’s if it has not acted yet). The turn still comes up, with no move or action, and the condition ends with it.',
    defaultRounds: 1,
  },
  {
    id: IN_COVER,
    label: 'In cover',
    description: `Took cover (an action). Against each ranged hit roll dice equal to the cover's Armor Level (put it in the note: ${COVER.map((c) => `${c.name.toLowerCase()} ${c.armorLevel}`).join(', ')}); each 6 blocks 1 damage, before armour.`,
  },
  {
    id: 'unaware',
    label: 'Unaware (ambushed)',
    description: 'Cannot fight back or dodge: must take the hit or stand tall.',
  },
  ...SERIOUS_INJURIES.map((injury): ConditionDef => ({
    id: injuryConditionId(injury),
    label: injury.injury,
    description: `Serious injury: ${injuryNote(injury)}${injury.requiresSurgery ? ` ${SURGERY_NOTE}` : ''}`,
  })),
];
