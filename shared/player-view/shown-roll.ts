import type { RollRecord } from '../dice/record';
import type { EncounterEvent } from '../encounter/events';
import type { EncounterState, ShownRoll } from '../encounter/state';

/**
 * The copy of a logged roll the GM shows to the players (`roll-shown`): who rolled, why, the dice
 * and the log's one line for it. Never its odds, explanation steps or anyone's stats: only what
 * the GM already reads out at the table. Actor and targets go with it so the player view can
 * leave the roll out while one of them is still hidden.
 */

/** The reducer refuses longer text in a shown roll; a long one is cut here rather than refused. */
export const SHOWN_ROLL_TEXT_LIMIT = 500;

/** Events that hold a roll the players could be shown. */
export type RollEvent = Extract<
  EncounterEvent,
  { type: 'roll-applied' | 'roll-resolved' | 'check-resolved' | 'initiative-rolled' }
>;

/** Cuts text to the limit, ending in "…" when it was longer. */
export function clipShownText(text: string): string {
  const trimmed = text.trim();
  return trimmed.length > SHOWN_ROLL_TEXT_LIMIT ? `${trimmed.slice(0, SHOWN_ROLL_TEXT_LIMIT - 1)}…` : trimmed;
}

/**
 * The id a shown copy of this event's roll carries (its RollRecord's id; an initiative roll,
 * which holds one record per participant, goes by its event's id), or null when the event holds
 * no roll to show.
 */
export function shownRollId(event: EncounterEvent): string | null {
  switch (event.type) {
    case 'roll-applied':
    case 'roll-resolved':
      return event.roll.id;
    case 'check-resolved':
      return event.roll?.id ?? null;
    case 'initiative-rolled':
      return event.rolls.length ? event.id : null;
    default:
      return null;
  }
}

/** Whether the event holds a roll that can be shown to the players. */
export function isShowableRoll(event: EncounterEvent): event is RollEvent {
  return shownRollId(event) !== null;
}

function diceOf(rolls: readonly RollRecord[]): ShownRoll['dice'] {
  return rolls.flatMap((roll) => roll.groups.map((group) => ({ sides: group.sides, faces: [...group.faces] })));
}

function unique(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

/** The shown copy of the roll in `event`, or null when the event holds none. `state` names initiative's participants. */
export function shownRollFrom(event: EncounterEvent, state: EncounterState | null): ShownRoll | null {
  switch (event.type) {
    case 'roll-applied': {
      // Only the roll's own summary: the rest of the log's line tells health tracks, which stay the GM's for NPCs.
      const targetIds = unique(event.effects.map((effect) => effect.combatantId));
      return {
        ...fromRecord(event.roll, event.summary),
        ...(event.actorId ? { actorId: event.actorId } : {}),
        ...(targetIds.length ? { targetIds } : {}),
      };
    }
    case 'roll-resolved':
      return {
        ...fromRecord(event.roll, event.summary),
        ...(event.actorId ? { actorId: event.actorId } : {}),
        ...(event.targetIds?.length ? { targetIds: unique(event.targetIds) } : {}),
      };
    case 'check-resolved':
      if (!event.roll) return null;
      // The log's line for a check is its label; the faces say how it went.
      return {
        ...fromRecord(event.roll, `${event.roll.reason}: rolled ${event.roll.groups.flatMap((g) => g.faces).join(', ')}`),
        actorId: event.combatantId,
      };
    case 'initiative-rolled': {
      if (!event.rolls.length) return null;
      const scores = event.entries.map((entry) => `${participantName(state, entry.participantId)} ${entry.display}`);
      const targetIds = unique(event.entries.flatMap((entry) => entry.memberIds));
      return {
        rollId: event.id,
        who: clipShownText(unique(event.rolls.map((roll) => roll.roller)).join(', ')),
        what: 'Initiative',
        summary: clipShownText(`Initiative: ${scores.join(' · ')}`),
        dice: diceOf(event.rolls),
        ...(targetIds.length ? { targetIds } : {}),
      };
    }
    default:
      return null;
  }
}

function fromRecord(roll: RollRecord, summary: string): ShownRoll {
  return {
    rollId: roll.id,
    who: clipShownText(roll.roller),
    what: clipShownText(roll.reason),
    summary: clipShownText(summary),
    dice: diceOf([roll]),
  };
}

/** A combatant's, group's or side's name, as the log names an initiative participant. */
function participantName(state: EncounterState | null, id: string): string {
  return (
    state?.combatants.find((c) => c.id === id)?.name ??
    state?.groups.find((g) => g.id === id)?.name ??
    state?.sides.find((s) => s.id === id)?.name ??
    id
  );
}
