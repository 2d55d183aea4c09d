import { SECTION } from './sections';
import type { RuleSummary } from '../../system-kit/rule-summary';

/** The Electric State RPG (seeds/000_37ea37a29e173e06.txt), one summary per SECTION heading. */
export const electricStateSummaries: readonly RuleSummary[] = [
  {
    section: SECTION.roundStructure,
    source: 'seed',
    text: 'A round is about 5–10 seconds. The side that starts the fight acts first; if that is unclear, each side rolls D6 + its highest Wits, the higher total goes first, ties are re-rolled and the roll cannot be pushed. On a turn each participant takes one move and one action (the move first), or two moves.',
  },
  {
    section: SECTION.rangeBands,
    source: 'seed',
    text: 'Ranges run Engaged, Short (same zone), Medium (adjacent zone), Long (up to four zones away) and Extreme. A zone is about one room indoors, or up to 100 ft across outdoors. Attacking below a weapon’s minimum range costs −2 dice per band; beyond its maximum range the attack is impossible.',
  },
  {
    section: SECTION.actionTypes,
    source: 'seed',
    text: 'An action is an attack, a reload, taking cover, rallying an Incapacitated fighter or using an item; a move goes to an adjacent zone, or between Short and Engaged in the same zone. A reaction answers an enemy action at once and costs your next turn. Free actions (draw a weapon, open a door, a few words) come on top of your action, on your own turn only.',
  },
  {
    section: SECTION.closeCombat,
    source: 'seed',
    text: 'At Engaged range roll Strength + the weapon’s bonus dice; a firearm used at Engaged also rolls Strength, usually at −2 dice for its minimum range. Before the roll the target takes the hit (weapon damage + 1 per extra 6) or fights back: an opposed roll won on more 6s, damage is base damage + 1 per 6 beyond what was needed to win, and equal 6s hurt no one. Fighting back costs the defender’s next turn, but they may fight back any number of times until then; only the attacker can push.',
  },
  {
    section: SECTION.rangedCombat,
    source: 'seed',
    text: 'From Short range out, roll Agility + the weapon’s bonus dice. The target stands tall (weapon damage + 1 per extra 6) or dodges: an opposed roll where equal 6s or more for the defender means a miss, and dodging costs the next turn. Taking cover is an action: roll dice equal to the cover’s Armor Level, each 6 blocks 1 damage. Explosives hit the whole zone (a miss hits a random adjacent zone), and full-auto fire may shoot again after each hit, up to three rolls, emptying the magazine.',
  },
  {
    section: SECTION.ambushes,
    source: 'seed',
    text: 'An unaware target must take the hit or stand tall: no fighting back, no dodging. Ambushing into close combat is an Agility roll at −3 dice, and nobody already in active combat can be ambushed.',
  },
  {
    section: SECTION.weapons,
    source: 'seed',
    text: 'Each weapon gives bonus dice, base damage and a minimum and maximum range band; explosives list a Blast Power instead of damage. ◆ marks full-auto weapons, ● the neodymium cannon (fired through a neurocaster, using its Network as gear bonus) and ‡ weapons not sold commercially. The taser (★) deals no damage: the target rolls Strength at −2 dice or loses their next turn.',
  },
  {
    section: SECTION.damageHealth,
    source: 'seed',
    text: 'Damage lowers Health. At 0 Health you are Incapacitated: you can crawl one move a turn and mumble, but cannot roll for attributes or use talents. A single hit of at least twice your maximum Health kills outright, with no death rolls.',
  },
  {
    section: SECTION.deathRolls,
    source: 'seed',
    text: 'Each turn while Incapacitated, roll 4 dice (no push) and keep count of the 6s. Three 6s in total and you are Stabilized; three rolls with no 6 before that and you are dead. Any new damage while Incapacitated, even 1 point, restarts the death rolls.',
  },
  {
    section: SECTION.rallying,
    source: 'seed',
    text: 'Another character in the same zone rallies you with an Empathy roll: you recover 1 Health per 6 rolled but keep making death rolls. If you live through a Stretch you self-rally with 1 Health. A character with the Medic talent stabilizes you with Wits (first aid kit bonus): no more death rolls, though still Incapacitated.',
  },
  {
    section: SECTION.recovery,
    source: 'seed',
    text: 'You recover 1 Health per Shift automatically if you avoid strenuous activity, or 2 per Shift with the Nurse talent. Some conditions, such as disease or hunger, block recovery.',
  },
  {
    section: SECTION.bodyArmor,
    source: 'seed',
    text: 'When hit, roll dice equal to the armour’s Armor Level; each 6 removes 1 point of damage. Soft vest: Armor Level 2, −1 Agility, $150; plate vest: 4, −2, $300; riot gear: 6, −3, $500.',
  },
  {
    section: SECTION.seriousInjuries,
    source: 'seed',
    text: 'Roll D66 (first die tens, second units) when an Incapacitated character survives. 11–36 leaves no lasting injury; each result from 41 to 66 is an injury with a dice penalty and a healing time of D6 to 3D6 days, some needing surgery. Surgery takes a Shift and the Surgeon talent, and a failed surgery leaves the patient Incapacitated.',
  },
  {
    section: SECTION.pushing,
    source: 'book',
    text: 'A player character may push a roll once: reroll every die showing neither a 6 nor a 1. Initiative, death rolls and armour rolls cannot be pushed. After a push each 1 on a base die costs 1 Hope, and each 1 on a gear die lowers that gear’s bonus by 1 (at 0 it is broken).',
  },
  {
    section: SECTION.dice,
    source: 'seed',
    text: 'A roll is a pool of base dice (the attribute: Strength in close combat, Agility at range) plus gear dice (the weapon’s bonus), and every 6 is a success. On a hit, each 6 beyond the first adds 1 damage. Body armour’s Agility modifier lowers Agility rolls.',
  },
  {
    section: SECTION.derived,
    source: 'book',
    text: 'Maximum Health is (Strength + Agility) ÷ 2, rounded up; maximum Hope is (Wits + Empathy) ÷ 2, rounded up.',
  },
];
