import { RULES } from './sections';
import type { RuleSummary } from '../../system-kit/rule-summary';

/**
 * UESRPG 3e v4 (seeds/001_2f7eae2f19ba3a3c.txt): one summary per section the RULES constants cite,
 * plus the parent headings the reference tables cite (circumstance modifiers, mounted combat,
 * unusual scenarios) so every table's citation opens a summary.
 */
export const uesrpg3eSummaries: readonly RuleSummary[] = [
  {
    section: RULES.tests.section,
    source: 'book',
    text: 'A test is a d100 roll: at or under the target number (TN) succeeds. Degrees of success are the tens digit of the roll (at least 1); degrees of failure are 1 + the tens digit of (roll − TN). A skill’s TN is its characteristic + 10 × rank, untrained tests take −20, and situational modifiers add to or subtract from the TN.',
  },
  {
    section: RULES.criticals.section,
    source: 'book',
    text: 'A PC rolling one of their Lucky Numbers (as many as their Luck Bonus) critically succeeds, and one of their Unlucky Numbers (5 − Luck Bonus) critically fails, whatever the TN. NPCs critically succeed on 01–03 and critically fail on 98–100.',
  },
  {
    section: RULES.resolve.section,
    source: 'seed',
    text: 'When the attacker wins, the ones digit of the attack roll gives the hit location (or roll d10, 10 counts as 0): roll damage, subtract that location’s AR and take the rest from HP. Damage after AR above the Wound Threshold causes a wound. When the defender wins, Evade negates the attack and moves 1 m freely, Parry negates it, and Block puts full damage on the shield arm only if damage exceeds the shield’s BR (magic damage halves BR, rounded up, unless the shield has magic BR). A Counter-Attack is two simultaneous attacks: when it wins (the attack failed, or the counter has more DoS) the counter-attacker hits the attacker, at the ones digit of the counter-attack roll.',
  },
  {
    section: RULES.woundEffects.section,
    source: 'book',
    text: 'A wound gives −20 to tests and −2 Initiative while it lasts. A body wound costs 1 AP, a limb wound cripples the limb, and a head wound stuns for 1 round.',
  },
  {
    section: RULES.derived.section,
    source: 'book',
    text: 'HP is Endurance ÷ 2, rounded up; Wound Threshold is Strength bonus + Endurance bonus + Willpower bonus; Initiative Rating is Agility bonus + Intelligence bonus + Perception bonus; Stamina is the Endurance bonus. A bonus is the tens digit of the characteristic, and everyone has 3 AP per round.',
  },
  {
    section: RULES.skillRanks.section,
    source: 'book',
    text: 'Skill ranks run from Novice (0) to Master (5), and a skill test’s TN is the characteristic + 10 × rank. Untrained tests take −20, and so does a weapon outside the character’s Combat Style.',
  },
  {
    section: RULES.combatSequence.section,
    source: 'seed',
    text: 'Combat runs in rounds of about six seconds: determine surprise, set the scene (one grid square is one metre), roll initiative, then each round every character takes one turn in initiative order. All characters replenish their AP at the start of each round, and effects lasting until the end of the round expire when it ends.',
  },
  {
    section: RULES.surprise.section,
    source: 'seed',
    text: 'The GM decides whether anyone is caught unaware; a surprised character cannot act during the first round.',
  },
  {
    section: RULES.initiative.section,
    source: 'seed',
    text: 'Everyone rolls 1d6 + Initiative Rating and acts from highest to lowest. Ties go to the higher IR, then the higher Luck Bonus (PCs beat NPCs), then a contested Luck roll or the GM’s call. A group of similar NPCs rolls once.',
  },
  {
    section: RULES.roundStart.section,
    source: 'seed',
    text: 'Starting from the highest initiative, each character takes one turn, spending AP on actions and resolving their effects. All characters replenish their AP at the start of the round.',
  },
  {
    section: RULES.actionEconomy.section,
    source: 'seed',
    text: 'Every character has 3 AP per round, and every non-free action costs at least 1 AP. A character may take several actions on their turn, each declared and resolved on its own, with all reactions resolved before the next action is declared.',
  },
  {
    section: RULES.attackLimit.section,
    source: 'seed',
    text: 'A character may make no more than 2 attacks per round, melee, ranged and spell attacks counted together.',
  },
  {
    section: RULES.attack.section,
    source: 'seed',
    text: 'The attacker chooses target, weapon and Combat Style and tests: melee with the Combat Style using Str or Ag, ranged with the Combat Style using Ag, magic with the spell’s school skill. A weapon outside the character’s Combat Style takes the standard −20 Untrained modifier.',
  },
  {
    section: RULES.defend.section,
    source: 'seed',
    text: 'The defender must be aware of the attack and chooses a reaction before the attacker rolls: Evade (Ag-based Evade test), Parry (Str or Ag Combat Style, melee only), Block (Str Combat Style, needs a shield) or Counter-Attack (both attack at once).',
  },
  {
    section: RULES.compare.section,
    source: 'seed',
    text: 'A critical success beats any normal success and grants an Advantage. A critical success against a failure, or a success against a critical failure, grants two Advantages; two criticals cancel out.',
  },
  {
    section: RULES.advantage.section,
    source: 'seed',
    text: 'A significant upper hand in melee grants an Advantage: an extra effect on top of the normal result, and several stack when their effects allow. Ranged attacks and spells cannot gain or use Advantage.',
  },
  {
    section: RULES.multipleOpponents.section,
    source: 'seed',
    text: 'Fighting several opponents carries no direct penalty, but AP drain fast: once all AP are spent, the character automatically fails defence rolls against further attacks.',
  },
  {
    section: RULES.cover.section,
    source: 'seed',
    text: 'A target behind impenetrable cover cannot be hit. Behind cover that can be penetrated there is no penalty to hit, but damage is rolled twice and the lower result taken.',
  },
  {
    section: RULES.improvised.section,
    source: 'seed',
    text: 'Improvised weapons take the −20 untrained penalty unless the Combat Style includes them.',
  },
  {
    section: RULES.unarmed.section,
    source: 'seed',
    text: 'Everyone has natural weapons (punches and kicks: 1d4, 1 m range) unless the Natural Weapons trait says otherwise. Unarmed parry and counter-attack work only against an opponent within the character’s own engagement range, and natural weapons cannot be disarmed or enchanted.',
  },
  {
    section: RULES.grappling.section,
    source: 'seed',
    text: 'With an unarmed Combat Style a character can grapple instead of attacking: an opposed test against the target’s Combat Style, Athletics or Evade, and on success the target is Restrained. The grappler cannot move but may spend 1 AP each on Takedown (both Prone), Move (drag both up to SB metres) or Attack (the target cannot defend; unarmed drains 1 SP). Grappling a larger creature is at −30, creatures 2 or more sizes larger cannot be grappled, and the target escapes with Resist.',
  },
  {
    section: RULES.ranged.section,
    source: 'seed',
    text: 'Ranged attacks cannot be parried or counter-attacked, and ranged attackers cannot gain or use Advantage. Ranged weapons have close, effective and long ranges, and some need AP to reload with Ready Weapon.',
  },
  {
    section: RULES.rangeBands.section,
    source: 'seed',
    text: 'Close range gives +10 to the attack, effective range no modifier, and long range −20.',
  },
  {
    section: RULES.areaOfEffect.section,
    source: 'seed',
    text: 'Area attacks can only be defended by Evade or Block, and only when aware: Block halves the damage (rounded up), Evade moves 1 m and avoids it entirely if that leaves the area. Area attacks are resolved against the body.',
  },
  {
    section: RULES.swimming.section,
    source: 'seed',
    text: 'Fighting in water uses Athletics as a limiting skill on Combat Style, and attacks deal half damage. Movement is halved unless the character has the Amphibious or Swimmer trait.',
  },
  {
    section: RULES.holdingBreath.section,
    source: 'seed',
    text: 'A character can hold their breath for 2 rounds per Endurance bonus, doubled if they do nothing else. After that they gain one level of temporary fatigue per round until they die or breathe again, and lose 1 level per round once breathing resumes.',
  },
  {
    section: RULES.swinging.section,
    source: 'seed',
    text: 'Swinging or jumping into combat combines the movement with an attack for +1 damage per 2 m travelled, rounded down.',
  },
  // Parent headings cited by the reference tables.
  {
    section: 'Melee combat › Circumstance modifiers',
    source: 'seed',
    text: 'Dual wielding: with two one-handed weapons in the Combat Style, attack, parry or counter-attack with either. Multiple opponents drain AP, penetrable cover makes damage roll twice and keep the lower, improvised weapons take −20 unless in the Combat Style, and everyone has natural weapons (1d4) for unarmed combat and grappling.',
  },
  {
    section: 'Melee combat › Mounted combat',
    source: 'seed',
    text: 'A mounted character uses the mount’s Speed and can Evade ranged attacks while moving (not melee, unless against a mounted attacker). They can Parry or Counter-Attack attacks against the mount, and their Combat Style is limited by their Ride rank.',
  },
  {
    section: 'Ranged combat › Circumstance modifiers',
    source: 'seed',
    text: 'Some ranged weapons need AP to reload with Ready Weapon. Firing while mounted limits the Combat Style to the rider’s (or mount controller’s) Ride rank, and area attacks can only be Evaded or Blocked.',
  },
  {
    section: 'Unusual combat scenarios',
    source: 'seed',
    text: 'Climbing and swimming use Athletics as a limiting skill on Combat Style, and a climber keeps one hand on the surface; on slippery ground movement needs an Acrobatics test or the character falls Prone. In water attacks deal half damage, a held breath lasts 2 rounds per Endurance bonus, and swinging or jumping in adds +1 damage per 2 m travelled.',
  },
];
