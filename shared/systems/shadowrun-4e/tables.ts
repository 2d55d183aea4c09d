// Over 500 lines because it is data: the reference tables (blast, scatter, barriers, actions, ranged modifiers, firing modes, damage track, Edge, vehicles, chases…) row by row.
import type { ReferenceTable, TableColumn, TableRow } from '../../system-kit/rule-system';
import { SECTION, type SectionName } from './sections';
import { meleeWeaponTable, rangedWeaponTable } from './weapons';

/**
 * Every table in the Shadowrun 4e seed as reference data, plus the seed's lists (actions,
 * modifiers, defences, Edge…) as small tables the GM glances at. Values the seed leaves to the
 * book (range band penalties, burst sizes, walking rates) are marked "(book)".
 */

function row(cells: Record<string, string | number>, keywords: readonly string[]): TableRow {
  return { cells, keywords };
}

function table(
  id: string,
  title: string,
  section: SectionName,
  columns: readonly TableColumn[],
  rows: readonly TableRow[],
  footnotes: readonly string[] = [],
): ReferenceTable {
  return { id, system: 'shadowrun-4e', title, section, columns, rows, footnotes };
}

export const blastTable = table(
  'sr4-blast',
  'Blast effects of grenades, rockets and missiles',
  SECTION.explosives,
  [
    { key: 'type', label: 'Type' },
    { key: 'damage', label: 'Damage Code' },
    { key: 'ap', label: 'AP' },
    { key: 'blast', label: 'Blast / DV falloff' },
  ],
  [
    row({ type: 'Flash-Bang', damage: '6S', ap: '−3', blast: '10 m radius' }, [
      'flashbang',
      'flash bang',
      'stun grenade',
    ]),
    row({ type: 'Flash-Pak', damage: 'Special', ap: '—', blast: 'Special' }, ['flash pak', 'flashpak']),
    row({ type: 'Fragmentation (grenade)', damage: '12P(f)', ap: '+5', blast: '−1 DV per meter' }, [
      'frag',
      'fragmentation',
      'grenade',
      'flechette',
    ]),
    row({ type: 'High Explosive (grenade)', damage: '10P', ap: '−2', blast: '−2 DV per meter' }, [
      'he',
      'high explosive',
      'grenade',
    ]),
    row({ type: 'Gas', damage: 'Chemical', ap: '—', blast: '10 m radius' }, ['gas', 'chemical', 'grenade']),
    row({ type: 'Smoke / Thermal Smoke', damage: '—', ap: '—', blast: '10 m radius' }, [
      'smoke',
      'thermal smoke',
      'grenade',
    ]),
    row({ type: 'Fragmentation (rocket/missile)', damage: '16P(f)', ap: '+5', blast: '−1 DV per meter' }, [
      'frag',
      'rocket',
      'missile',
      'flechette',
    ]),
    row({ type: 'High Explosive (rocket/missile)', damage: '14P', ap: '−2', blast: '−2 DV per meter' }, [
      'he',
      'rocket',
      'missile',
    ]),
    row(
      { type: 'Anti-Vehicle (rocket/missile)', damage: '16P', ap: '−2 (−6 vs. vehicles)', blast: '−4 DV per meter' },
      ['av', 'anti-vehicle', 'rocket', 'missile', 'vehicle'],
    ),
  ],
  [
    "Everyone in the blast rolls Body + Impact armour to resist; the weapon's AP applies to the Impact armour first.",
    'Impact armour protects against missile, rocket and grenade attacks.',
    '(f): flechette damage.',
    'A blast that meets a barrier first checks whether the barrier is destroyed (see Barriers).',
  ],
);

export const scatterTable = table(
  'sr4-scatter',
  'Scatter',
  SECTION.explosives,
  [
    { key: 'kind', label: 'Weapon' },
    { key: 'base', label: 'Base scatter' },
    { key: 'perNetHit', label: 'Per net hit' },
    { key: 'notes', label: 'Notes' },
  ],
  [
    row({ kind: 'Standard grenade (thrown)', base: '1D6 m', perNetHit: '−1 m', notes: 'Throwing Weapons' }, [
      'thrown',
      'grenade',
      'scatter',
    ]),
    row({ kind: 'Aerodynamic grenade', base: '2D6 m', perNetHit: '−2 m', notes: 'Throwing Weapons' }, [
      'aerodynamic',
      'grenade',
      'scatter',
    ]),
    row({ kind: 'Airburst round', base: '2D6 m', perNetHit: '−2 m', notes: 'Detonates immediately' }, [
      'airburst',
      'scatter',
    ]),
    row({ kind: 'Grenade launcher', base: '3D6 m', perNetHit: '−2 m', notes: 'Heavy Weapons; 5 m minimum range' }, [
      'launcher',
      'grenade',
      'scatter',
    ]),
    row({ kind: 'Rocket', base: '4D6 m', perNetHit: '−2 m', notes: 'Heavy Weapons' }, ['rocket', 'scatter']),
    row({ kind: 'Missile', base: '4D6 m', perNetHit: '−2 m', notes: 'Further −1 m per Sensor rating' }, [
      'missile',
      'sensor',
      'scatter',
    ]),
  ],
  [
    'Make the ranged attack (Agility + Throwing Weapons/Heavy Weapons) opposed by the target, or a Success Test against a location.',
    'Roll direction with 1D6 against the scatter diagram.',
    'A distance of 0 or less is a direct hit; further net hits add nothing.',
  ],
);

export const explosiveDeliveryTable = table(
  'sr4-explosive-delivery',
  'Delivering grenades, rockets and missiles',
  SECTION.explosives,
  [
    { key: 'topic', label: 'Topic' },
    { key: 'rule', label: 'Rule' },
  ],
  [
    row({ topic: 'Thrown grenade', rule: 'Agility + Throwing Weapons.' }, ['throw', 'grenade']),
    row(
      {
        topic: 'Grenade launcher',
        rule: 'Agility + Heavy Weapons; 5 m minimum range: mini-grenades arm only after 5 m. Disarming the safety: Armorer + Logic (4, 10 minutes) Extended Test.',
      },
      ['launcher', 'minimum range', 'safety'],
    ),
    row({ topic: 'Rockets and missiles', rule: 'Fired from the same kind of launcher (Heavy Weapons).' }, [
      'rocket',
      'missile',
      'launcher',
    ]),
    row(
      {
        topic: 'Missile targeting',
        rule: "Heavy Weapons + the missile's Sensor (Gunnery + Sensor from a vehicle); a vehicle target's Signature is a dice pool modifier.",
      },
      ['missile', 'sensor', 'signature', 'gunnery'],
    ),
    row({ topic: 'Detonation', rule: "On the thrower's next Initiative Pass, or immediately with an airburst link." }, [
      'detonate',
      'timing',
      'airburst',
    ]),
  ],
);

export const barrierTable = table(
  'sr4-barriers',
  'Blasts against barriers',
  SECTION.explosives,
  [
    { key: 'outcome', label: 'Barrier' },
    { key: 'effect', label: 'Effect' },
  ],
  [
    row(
      {
        outcome: 'Holds',
        effect:
          'The blast is channelled or reflects back the way it came; anyone caught by the rebound takes it as a second, separate hit.',
      },
      ['wall', 'door', 'rebound', 'confined'],
    ),
    row(
      {
        outcome: 'Falls',
        effect:
          "The explosion continues past it; anything beyond gets only the barrier's Armor bonus, not full protection.",
      },
      ['wall', 'door', 'destroyed'],
    ),
  ],
  [
    'A blast that hits a wall or door first checks whether the barrier itself is destroyed.',
    'Barriers have a Barrier Rating that acts like Armor/Body for cover and demolition.',
  ],
);

/** Said under both tables that give a firing mode's action, so they cannot disagree unseen. */
const FULL_AUTO_NOTE =
  'Seed (Actions): firing once — single-shot, semi-auto or burst — is a Simple Action; full-auto fire, a long burst included, is a Complex Action. The book (SR4A) makes a long burst a Simple Action.';

export const actionPhaseTable = table(
  'sr4-action-phase',
  'What fits in an Action Phase',
  SECTION.actions,
  [
    { key: 'option', label: 'Option' },
    { key: 'detail', label: 'Detail' },
  ],
  [
    row({ option: 'One Complex Action', detail: 'Takes the whole Action Phase.' }, ['complex']),
    row({ option: 'Two Simple Actions', detail: 'For example fire twice semi-auto, or aim then fire.' }, ['simple']),
    row(
      {
        option: 'One Simple Action + one Free Action',
        detail: 'A Free Action swapped in for the other Simple Action.',
      },
      ['simple', 'free', 'swap'],
    ),
    row({ option: 'Plus one Free Action', detail: 'One per Initiative Pass, taken whenever convenient.' }, ['free']),
  ],
  [
    "Delayed/Interrupt Actions: hold an action to react later in the same pass (going before whoever you interrupt), or buy ahead against your next turn's first action (e.g. to go on Full Defense with no action left).",
  ],
);

export const actionTable = table(
  'sr4-actions',
  'Actions by type',
  SECTION.actions,
  [
    { key: 'action', label: 'Action' },
    { key: 'type', label: 'Type' },
  ],
  [
    row({ action: 'Speak a phrase', type: 'Free' }, ['talk', 'speak']),
    row({ action: 'Drop an item', type: 'Free' }, ['drop']),
    row({ action: 'Drop prone', type: 'Free' }, ['prone']),
    row({ action: 'Gesture', type: 'Free' }, ['gesture', 'signal']),
    row({ action: "Change a linked device's mode", type: 'Free' }, ['smartgun', 'mode', 'device']),
    row({ action: 'Call a shot before firing', type: 'Free' }, ['called shot']),
    row({ action: 'Fire a weapon once (single-shot/semi-auto/burst)', type: 'Simple' }, ['shoot', 'fire', 'attack']),
    row({ action: 'Reload a clip', type: 'Simple' }, ['reload', 'clip', 'magazine']),
    row({ action: 'Take aim', type: 'Simple' }, ['aim']),
    row({ action: 'Stand up', type: 'Simple' }, ['stand', 'prone']),
    row({ action: 'Sprint', type: 'Simple' }, ['sprint', 'running']),
    row({ action: 'Use a simple object or skill', type: 'Simple' }, ['use', 'object']),
    row({ action: 'Full-auto fire (long or full burst)', type: 'Complex' }, [
      'full auto',
      'long burst',
      'full burst',
      'fire',
    ]),
    row({ action: 'Melee or unarmed attack', type: 'Complex' }, ['melee', 'unarmed', 'attack']),
    row({ action: 'Go on Full Defense', type: 'Complex' }, ['full defense', 'defend']),
    row({ action: 'Use a complex object', type: 'Complex' }, ['use', 'object']),
    row({ action: 'Reload a non-clip weapon', type: 'Complex' }, ['reload']),
    row({ action: 'Most skill uses', type: 'Complex' }, ['skill']),
  ],
  ['The lists are examples ("etc."); the GM rules on anything else.', FULL_AUTO_NOTE],
);

export const movementTable = table(
  'sr4-movement',
  'Movement per Combat Turn',
  SECTION.movement,
  [
    { key: 'metatype', label: 'Metatype' },
    { key: 'walk', label: 'Walk (m)', numeric: true },
    { key: 'run', label: 'Run (m)', numeric: true },
  ],
  [
    row({ metatype: 'Human', walk: 10, run: 25 }, ['human', 'movement', 'run']),
    row({ metatype: 'Elf (book)', walk: 10, run: 25 }, ['elf', 'movement']),
    row({ metatype: 'Dwarf (book)', walk: 8, run: 20 }, ['dwarf', 'movement']),
    row({ metatype: 'Ork (book)', walk: 10, run: 25 }, ['ork', 'movement']),
    row({ metatype: 'Troll', walk: 15, run: 35 }, ['troll', 'movement', 'run']),
  ],
  [
    'The seed gives the human (25 m) and troll (35 m) running rates; walking rates and the other metatypes are from the book.',
    'Running: −2 dice on most tests except charging and defence.',
    'Sprinting (a Simple Action + Running test) adds distance but risks Fatigue damage over time.',
  ],
);

export const rangedModifierTable = table(
  'sr4-ranged-modifiers',
  'Ranged attack modifiers',
  SECTION.ranged,
  [
    { key: 'situation', label: 'Situation' },
    { key: 'modifier', label: 'Dice pool' },
  ],
  [
    row({ situation: 'Attacker running', modifier: '−2' }, ['running', 'moving']),
    row({ situation: 'Attacker in melee', modifier: '−3' }, ['melee', 'engaged']),
    row({ situation: 'Firing from a moving vehicle', modifier: '−3' }, ['vehicle', 'drive-by']),
    row({ situation: 'Smartlink', modifier: '+2' }, ['smartlink', 'smartgun']),
    row({ situation: 'Laser sight (not with a smartlink)', modifier: '+1' }, ['laser', 'sight']),
    row({ situation: 'Aimed shot', modifier: '+1 per Simple Action spent' }, ['aim', 'take aim']),
    row({ situation: 'Blind fire', modifier: '−6' }, ['blind', 'cannot see']),
    row({ situation: 'Multiple targets', modifier: '−2 per extra target' }, ['multiple', 'targets', 'split']),
    row(
      {
        situation: 'Recoil',
        modifier: '−1 per bullet after the first this Action Phase, less recoil compensation (book)',
      },
      ['recoil', 'compensation', 'gyro'],
    ),
  ],
  ['Also range, cover, wounds, visibility and called shots. Smartlink and laser sight do not stack.'],
);

export const rangeBandTable = table(
  'sr4-range-bands',
  'Range bands',
  SECTION.ranged,
  [
    { key: 'band', label: 'Range' },
    { key: 'modifier', label: 'Dice pool (book)', numeric: true },
  ],
  [
    row({ band: 'Short', modifier: 0 }, ['short', 'range']),
    row({ band: 'Medium', modifier: -1 }, ['medium', 'range']),
    row({ band: 'Long', modifier: -3 }, ['long', 'range']),
    row({ band: 'Extreme', modifier: -6 }, ['extreme', 'range']),
  ],
  ['Each weapon sets its own distances for the bands; the penalties escalate with range.'],
);

export const firingModeTable = table(
  'sr4-firing-modes',
  'Firing modes',
  SECTION.ranged,
  [
    { key: 'mode', label: 'Mode' },
    { key: 'action', label: 'Action' },
    { key: 'bullets', label: 'Bullets', numeric: true },
    { key: 'narrow', label: 'Narrow (book)' },
    { key: 'wide', label: 'Wide (book)' },
  ],
  [
    row({ mode: 'Single-shot (SS)', action: 'Simple', bullets: 1, narrow: '—', wide: '—' }, ['single shot', 'ss']),
    row({ mode: 'Semi-auto (SA), 2 shots per phase', action: 'Simple', bullets: 1, narrow: '—', wide: '—' }, [
      'semi-auto',
      'sa',
    ]),
    row({ mode: 'Burst fire (BF)', action: 'Simple', bullets: 3, narrow: '+2 DV', wide: '−2 defence dice' }, [
      'burst',
      'bf',
    ]),
    row(
      { mode: 'Full-auto long burst (FA)', action: 'Complex', bullets: 6, narrow: '+5 DV', wide: '−5 defence dice' },
      ['full auto', 'long burst', 'fa'],
    ),
    row(
      { mode: 'Full-auto full burst (FA)', action: 'Complex', bullets: 10, narrow: '+9 DV', wide: '−9 defence dice' },
      ['full auto', 'full burst', 'fa'],
    ),
  ],
  [
    "A narrow burst raises damage; a wide burst lowers the defender's pool. Full-auto has the heaviest recoil and the biggest payoff.",
    FULL_AUTO_NOTE,
  ],
);

export const defenseTable = table(
  'sr4-defenses',
  'Defence pools',
  SECTION.melee,
  [
    { key: 'defense', label: 'Defence' },
    { key: 'pool', label: 'Dice pool' },
  ],
  [
    row({ defense: 'Ranged attack', pool: 'Reaction' }, ['ranged', 'dodge bullets', 'reaction']),
    row({ defense: 'Parry', pool: 'Weapon skill + Reaction' }, ['parry', 'melee']),
    row({ defense: 'Block', pool: 'Unarmed Combat + Reaction' }, ['block', 'unarmed', 'melee']),
    row({ defense: 'Dodge', pool: 'Dodge + Reaction' }, ['dodge', 'melee']),
    row({ defense: 'Full Defense', pool: "+ a defensive skill's dice (costs an action, even as an interrupt)" }, [
      'full defense',
      'interrupt',
    ]),
  ],
  [
    'Reach, multiple attackers, called shots and subduing/grappling have their own modifiers. A successful grapple can pin a target until they break free.',
  ],
);

export const attackStepsTable = table(
  'sr4-attack-steps',
  'Resolving an attack',
  SECTION.resolvingAttack,
  [
    { key: 'step', label: 'Step', numeric: true },
    { key: 'what', label: 'What happens' },
  ],
  [
    row({ step: 1, what: 'Declare the attack and the defence method.' }, ['declare']),
    row({ step: 2, what: 'Apply modifiers: range, cover, movement, wounds, visibility, called shots.' }, ['modifiers']),
    row(
      {
        step: 3,
        what: 'Opposed Test: Combat Skill + attribute against the defence pool; more attacker hits = a hit, ties favour the defender.',
      },
      ['opposed', 'tie'],
    ),
    row(
      {
        step: 4,
        what: 'Compare Armor: net hits add to the DV; armour after AP decides Physical or Stun (modified DV ≤ armour → Stun).',
      },
      ['armor', 'ap', 'stun', 'dv'],
    ),
    row({ step: 5, what: 'Damage Resistance: Body + armour, each hit −1 DV; apply damage and check Knockdown.' }, [
      'resist',
      'soak',
      'knockdown',
    ]),
  ],
);

export const damageTrackTable = table(
  'sr4-damage-tracks',
  'Damage tracks',
  SECTION.damage,
  [
    { key: 'track', label: 'Track' },
    { key: 'boxes', label: 'Boxes (book)' },
    { key: 'sources', label: 'Typical sources' },
    { key: 'full', label: 'When full' },
  ],
  [
    row(
      {
        track: 'Physical',
        boxes: '8 + ⌈Body/2⌉',
        sources: 'Guns, blades, explosions (slow to heal)',
        full: 'Dying; overflow beyond Body = death',
      },
      ['physical', 'monitor', 'dying'],
    ),
    row(
      {
        track: 'Stun',
        boxes: '8 + ⌈Willpower/2⌉',
        sources: 'Fists, stun weapons, drain, fatigue (heals fast)',
        full: 'Unconscious; further Stun overflows into Physical',
      },
      ['stun', 'monitor', 'unconscious'],
    ),
  ],
  [
    'Every 3 boxes on a track: a cumulative −1 wound modifier to nearly everything, including Initiative.',
    'A Damage Code like 7/−1 gives DV and Armor Penetration.',
    'Acid, cold, electricity and fire have their own resistance rules (usually half Impact armour).',
  ],
);

export const initiativeTable = table(
  'sr4-initiative',
  'Combat Turn and Initiative',
  SECTION.combatTurn,
  [
    { key: 'topic', label: 'Topic' },
    { key: 'rule', label: 'Rule' },
  ],
  [
    row({ topic: 'Combat Turn', rule: '3 seconds (20 per minute).' }, ['turn', 'round', 'time']),
    row(
      { topic: 'Initiative Score', rule: 'Reaction + Intuition + hits on the Initiative Test; highest acts first.' },
      ['initiative', 'score'],
    ),
    row(
      {
        topic: 'Initiative Passes',
        rule: 'Everyone acts in pass 1; characters with extra passes act again in later passes, most cap at 4.',
      },
      ['passes', 'wired reflexes', 'boosted'],
    ),
    row({ topic: 'Ties', rule: 'Simultaneous unless it matters; then Edge, Initiative, Reaction break the tie.' }, [
      'tie',
      'edge',
      'reaction',
    ]),
    row(
      {
        topic: 'Wounds',
        rule: 'Damage applies the wound modifier to the remaining score at once, which can reshuffle the order.',
      },
      ['wound', 'damage', 'reorder'],
    ),
    row({ topic: 'Glitch', rule: 'A glitch on the Initiative Test drops the character to the back of any tie.' }, [
      'glitch',
    ]),
    row({ topic: 'Critical glitch', rule: 'Also costs an extra action.' }, ['critical glitch']),
    row({ topic: 'New turn', rule: 'After the last pass, everyone rolls Initiative again.' }, ['new turn', 'reroll']),
  ],
);

export const edgeTable = table(
  'sr4-edge',
  'Spending Edge (book)',
  SECTION.combatTurn,
  [
    { key: 'use', label: 'Use' },
    { key: 'effect', label: 'Effect' },
  ],
  [
    row({ use: 'Before a roll', effect: 'Add Edge dice; every 6 explodes (Rule of Six).' }, [
      'push the limit',
      'rule of six',
      'exploding',
    ]),
    row({ use: 'After a roll', effect: 'Reroll every die that missed.' }, ['second chance', 'reroll']),
    row({ use: 'Act first', effect: 'Go first in an Initiative Pass, whatever the score.' }, ['initiative', 'first']),
    row({ use: 'Negate a glitch', effect: 'Cancel the effects of a glitch or critical glitch.' }, [
      'glitch',
      'close call',
    ]),
  ],
  ['At most one point of Edge per test.'],
);

export const glitchTable = table(
  'sr4-dice',
  'Hits and glitches (book)',
  SECTION.combatTurn,
  [
    { key: 'result', label: 'Result' },
    { key: 'rule', label: 'Rule' },
  ],
  [
    row({ result: 'Hit', rule: 'Each die showing 5 or 6.' }, ['hit', 'success']),
    row({ result: 'Glitch', rule: 'Half or more of the dice show 1 (SR5 toggle: more than half).' }, [
      'glitch',
      'ones',
    ]),
    row({ result: 'Critical glitch', rule: 'A glitch with no hits.' }, ['critical glitch', 'fumble']),
  ],
);

export const vehicleTable = table(
  'sr4-vehicle-stats',
  'Vehicle attributes',
  SECTION.vehicles,
  [
    { key: 'stat', label: 'Attribute' },
    { key: 'use', label: 'Use' },
  ],
  [
    row({ stat: 'Body', use: 'Toughness; resists damage.' }, ['vehicle', 'body']),
    row({ stat: 'Armor', use: 'Protection against attacks.' }, ['vehicle', 'armor']),
    row({ stat: 'Handling', use: 'Modifies Vehicle Tests (Reaction + Vehicle skill ± Handling).' }, [
      'vehicle',
      'handling',
      'vehicle test',
    ]),
    row({ stat: 'Sensor', use: 'Sensor-based targeting, passive or active.' }, ['vehicle', 'sensor']),
    row({ stat: 'Speed', use: 'Top speed in chases.' }, ['vehicle', 'speed']),
    row({ stat: 'Initiative', use: "The controller's, or Pilot + Response if unmanned/autonomous." }, [
      'vehicle',
      'initiative',
      'pilot',
      'drone',
    ]),
  ],
  [
    'Everyday driving needs no roll; risky manoeuvres need a Vehicle Test against a threshold set by difficulty and terrain. Mounted weapons use Gunnery.',
  ],
);

export const chaseTable = table(
  'sr4-chase-stunts',
  'Chase Combat stunts',
  SECTION.vehicles,
  [{ key: 'stunt', label: 'Stunt' }],
  [
    row({ stunt: 'Break Off' }, ['chase', 'escape']),
    row({ stunt: 'Cut Off' }, ['chase', 'block']),
    row({ stunt: 'Ram' }, ['chase', 'ramming', 'collision']),
    row({ stunt: 'Maneuver' }, ['chase', 'manoeuvre']),
  ],
  [
    'Chase Combat runs in Chase Turns across Engagement Ranges (Short/Medium/Long/Extreme). Also: ramming, called shots on components (like tires), Gunnery.',
  ],
);

export const otherFactorsTable = table(
  'sr4-other-factors',
  'Other combat factors',
  SECTION.otherFactors,
  [
    { key: 'factor', label: 'Factor' },
    { key: 'rule', label: 'Rule' },
  ],
  [
    row(
      {
        factor: 'Surprise',
        rule: "An Initiative Test at the fight's start decides who can act against whom in the first pass.",
      },
      ['surprise', 'ambush'],
    ),
    row({ factor: 'Barriers', rule: 'A Barrier Rating acts like Armor/Body for cover and demolition.' }, [
      'barrier',
      'cover',
      'wall',
    ]),
    row({ factor: 'Knockdown, Called Shots, Interception, Subduing', rule: 'Each has its own dice pool rules.' }, [
      'knockdown',
      'called shot',
      'interception',
      'subdue',
    ]),
  ],
);

export const shadowrunTables: readonly ReferenceTable[] = [
  blastTable,
  scatterTable,
  explosiveDeliveryTable,
  barrierTable,
  actionPhaseTable,
  actionTable,
  movementTable,
  rangedModifierTable,
  rangeBandTable,
  firingModeTable,
  defenseTable,
  attackStepsTable,
  damageTrackTable,
  initiativeTable,
  edgeTable,
  glitchTable,
  vehicleTable,
  chaseTable,
  otherFactorsTable,
  rangedWeaponTable,
  meleeWeaponTable,
];
