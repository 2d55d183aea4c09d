import { SECTION } from './sections';
import type { RuleSummary } from '../../system-kit/rule-summary';

/** Shadowrun 4th edition (seeds/002_efc801e1fa6f2480.txt), one summary per SECTION heading. */
export const shadowrun4eSummaries: readonly RuleSummary[] = [
  {
    section: SECTION.combatTurn,
    source: 'seed',
    text: 'A Combat Turn lasts 3 seconds. Everyone rolls Initiative (Reaction + Intuition + hits) and acts from the highest score down; boosted characters get extra Initiative Passes, at most 4 for most. Damage lowers the remaining Initiative Score at once through wound modifiers, and ties act together unless it matters, when Edge, Initiative or Reaction breaks them. A glitch on Initiative drops the character to the back of ties; a critical glitch also costs an action.',
  },
  {
    section: SECTION.turnSequence,
    source: 'seed',
    text: 'In each Initiative Pass every combatant acts once, highest Initiative first; passes repeat for those with extra passes (up to 4), then a new Combat Turn starts with fresh Initiative rolls. An attack or a spell expands its Action Phase into the attack resolution flow.',
  },
  {
    section: SECTION.actions,
    source: 'seed',
    text: 'In an Action Phase a character takes one Complex Action or two Simple Actions (a Free Action may replace one Simple), plus one Free Action per pass. Firing once, reloading a clip, taking aim or standing up are Simple; full-auto fire, melee attacks and going on Full Defense are Complex; speaking a phrase or dropping prone is Free. A delayed or interrupt action is held to act later in the pass, before whoever it interrupts.',
  },
  {
    section: SECTION.movement,
    source: 'seed',
    text: 'Movement depends on metatype: a human runs 25 m per turn, a troll 35 m. Running gives −2 dice to most tests except charging and defence; sprinting (a Simple Action and a Running test) adds distance but risks Fatigue.',
  },
  {
    section: SECTION.resolvingAttack,
    source: 'seed',
    text: 'Declare the attack and defence, apply modifiers (range, cover, movement, wounds, visibility, called shots), then roll an opposed test: Combat Skill + attribute against the defence pool, where more attacker hits is a hit and ties go to the defender. Net hits add to the weapon’s Damage Value, and Armor after Armor Penetration decides whether the hit is Physical or Stun. The defender resists with Body + Armor, each hit removing 1 DV, then the damage goes on the Condition Monitor with a Knockdown check.',
  },
  {
    section: SECTION.resolutionFlow,
    source: 'seed',
    text: 'Ranged attacks (Skill + Agility against Reaction) and melee attacks (against parry, block or dodge) both become an opposed test where a tie means a miss. A hit adds net hits to DV, a low DV against Armor becomes Stun, Body + Armor resists, and wound modifiers apply per 3 boxes.',
  },
  {
    section: SECTION.ranged,
    source: 'seed',
    text: 'Each weapon sets its own Short, Medium, Long and Extreme range bands by distance (see the firearms table), with growing dice pool penalties. Common modifiers: attacker running −2, in melee −3, firing from a moving vehicle −3, smartlink +2 or laser sight +1 (not both), +1 per Simple Action spent aiming, blind fire −6, −2 per extra target, and recoil, which grows with each bullet fired in the phase and is offset by recoil compensation. Firing modes are single-shot, semi-auto (2 shots a phase), burst (narrow raises damage, wide lowers the defence pool) and full-auto.',
  },
  {
    section: SECTION.explosives,
    source: 'seed',
    text: 'First find where it lands (scatter): make the attack test, roll direction (1D6) and distance (1D6 m thrown, 2D6 m aerodynamic or airburst, 3D6 m launched grenade, 4D6 m rocket or missile), minus 1 m per net hit (2 m for aerodynamic and launched grenades, rockets and missiles; missiles also subtract their Sensor); 0 or less is a direct hit. Everyone in the blast resists with Body + Impact armor (AP applied first), and DV falls off with distance per the blast table. Grenade launchers have a 5 m minimum range, and a grenade goes off on the thrower’s next Initiative Pass unless it has an airburst link.',
  },
  {
    section: SECTION.melee,
    source: 'seed',
    text: 'The attacker rolls Combat Skill + Agility; the defender parries (weapon skill + Reaction), blocks (Unarmed Combat + Reaction), dodges (Dodge + Reaction) or goes on Full Defense. Reach, multiple attackers, called shots and subduing or grappling have their own modifiers, and a successful grapple pins the target each turn until they break free.',
  },
  {
    section: SECTION.fullDefense,
    source: 'seed',
    text: 'A character can spend an action, even as an interrupt, to add a defensive skill’s dice to whichever defence roll applies; the price is that action.',
  },
  {
    section: SECTION.damage,
    source: 'seed',
    text: 'Damage is Physical (guns, blades, explosions; slow to heal) or Stun (fists, stun weapons, drain, fatigue), and a Damage Code such as 7/−1 gives DV and Armor Penetration. The Physical track grows with Body and the Stun track with Willpower; every 3 boxes on a track is a cumulative −1 wound modifier to nearly everything, Initiative included. A full Stun track knocks the character out, a full Physical track puts her at death’s door, and overflow beyond the track by more than Body means death.',
  },
  {
    section: SECTION.vehicles,
    source: 'seed',
    text: 'Vehicles have Body, Armor, Handling, Sensor, Speed and Initiative (the controller’s, or Pilot + Response when unmanned). Everyday driving needs no roll; risky manoeuvres need a Vehicle Test (Reaction + Vehicle skill ± Handling) against a threshold. Chase Combat uses Chase Turns, Short to Extreme engagement ranges and stunts such as Break Off, Cut Off, Ram and Maneuver.',
  },
  {
    section: SECTION.otherFactors,
    source: 'seed',
    text: 'Surprise: an Initiative Test at the start of the fight decides who can act against whom in the first pass. Barriers have a Barrier Rating that works like Armor and Body for cover and demolition. Knockdown, called shots, interception and subduing each have their own dice pool rules.',
  },
];
