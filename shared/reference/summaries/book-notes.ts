import { MELEE_MODIFIERS } from '../../resolve/shadowrun-4e/situation';
import { SECTION as SHADOWRUN } from '../../systems/shadowrun-4e/sections';
import type { SystemId } from '../../systems/contract';

/**
 * Rules the seed leaves to the published book, under the seed section their citations name. A
 * "Book:" citation quotes one of these when it is about it, since the seed section says nothing
 * on the point (Edge is cited under "The Combat Turn", whose seed text only breaks ties with it).
 * `from` says whose words they are: RULES-NOTES.md's own, or the book's numbers as the app uses them.
 */
export interface BookNote {
  readonly section: string;
  readonly text: string;
  readonly from: 'rules-notes' | 'app';
}

const signed = (value: number) => (value < 0 ? `−${-value}` : `+${value}`);

export const bookNotes: Readonly<Record<SystemId, readonly BookNote[]>> = {
  'electric-state': [],
  'uesrpg-3e': [],
  'shadowrun-4e': [
    {
      section: SHADOWRUN.combatTurn,
      text: 'Edge [book]: before a roll add Edge dice and 6s explode; after a roll reroll the misses; also act first in a pass, or negate a glitch.',
      from: 'rules-notes',
    },
    {
      section: SHADOWRUN.melee,
      text: `Melee modifiers (book): charging ${signed(MELEE_MODIFIERS.charging)} dice, superior position ${signed(MELEE_MODIFIERS.superiorPosition)}, ${signed(MELEE_MODIFIERS.perFriendInMelee)} per friend in the melee (at most ${MELEE_MODIFIERS.maxFriendsInMelee}), off-hand weapon ${signed(MELEE_MODIFIERS.offHand)}.`,
      from: 'app',
    },
  ],
  hardware: [],
};

export function bookNotesOf(systemId: SystemId, section: string): string[] {
  return (bookNotes[systemId] ?? []).filter((note) => note.section === section).map((note) => note.text);
}
