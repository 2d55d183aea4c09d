import type { BookNote } from '../../system-kit/rule-summary';
import { EXTRA_FACTION_PENALTY as CHASE_EXTRA_SIDE, TERRAIN as CHASE_TERRAIN } from './chase';
import { SECTION as SHADOWRUN } from './sections';
import { COMPONENT_SHOT_PENALTY, RAMMING_DAMAGE } from './vehicle-combat';
import { MELEE_MODIFIERS } from './workflows/situation';

const signed = (value: number) => (value < 0 ? `−${-value}` : `+${value}`);

/** Rules the seed leaves to the published book, under the seed section their citations name. */
export const shadowrun4eBookNotes: readonly BookNote[] = [
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
  {
    section: SHADOWRUN.vehicles,
    text: `Chase combat (book): the Vehicle Test threshold by terrain is ${Object.values(CHASE_TERRAIN)
      .map((t) => `${t.label} ${t.threshold}`)
      .join(
        ', ',
      )}; a driver without the vehicle skill defaults on Reaction at −1; each chase stunt takes ${signed(CHASE_EXTRA_SIDE)} dice per extra side beyond two; Break Off escapes at Extreme range, Cut Off at Short range forces the other vehicle to stop, Ram needs Short range, and a Maneuver gives +1 die per hit over the threshold on the opposed test of the next Chase Turn.`,
    from: 'app',
  },
  {
    section: SHADOWRUN.vehicles,
    text: `Vehicle combat (book): a vehicle has one condition monitor of 8 + ⌈Body/2⌉ Physical boxes, takes no Stun damage and no wound modifiers, and is destroyed when the monitor is full; it resists with Body + Armor, and a modified DV that does not exceed its Armor (after the weapon's AP) does no damage. A mounted weapon (its DV and AP as the book prints them) is fired by hand with Agility + Gunnery. Any attack at a vehicle, a shot, a blow or a blast, is defended with the vehicle's Vehicle Test (its driver's Reaction + vehicle skill ± Handling, or a drone's Response + Pilot) and resisted the same way; a Stun weapon, electricity included, does it no damage. Ramming is a Complex Action: the rammer's Vehicle Test against the target's (a person dodges with Reaction + Dodge); damage is the ramming vehicle's Body by speed (${RAMMING_DAMAGE.map((b) => `${b.label} ${Number.isFinite(b.to) ? `${b.from}–${b.to}` : `${b.from}+`} m/turn`).join(', ')}), and the rammer takes half of it. A called shot on a component (tires, weapon mount, sensors, engine) costs ${COMPONENT_SHOT_PENALTY} dice.`,
    from: 'app',
  },
  {
    section: SHADOWRUN.otherFactors,
    text: 'Surprise (book): everyone involved rolls Reaction + Intuition, alerted characters +3 dice and ambushers +6; each is surprised by every other who scores more hits, friends included, and may neither act toward nor react to them in the first Initiative Pass; an ambusher aware of the prey is never surprised by it.',
    from: 'app',
  },
];
