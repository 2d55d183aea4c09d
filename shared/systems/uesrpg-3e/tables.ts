// Over 500 lines because it is data: the reference tables (combat sequence, defence options, combat results, hit locations, circumstances, grappling, criticals…) row by row.
import type { ReferenceTable, TableColumn, TableRow } from '../../system-kit/rule-system';

/**
 * Every table and list of the UESRPG 3e v4 seed (001_2f7eae2f19ba3a3c.txt) as quick-reference data,
 * plus the book rules RULES-NOTES §2 relies on (marked "(book)" in the section).
 */

type Cells = Record<string, string | number>;
const row = (cells: Cells, ...keywords: string[]): TableRow => ({ cells, keywords });
const col = (key: string, label: string, numeric = false): TableColumn =>
  numeric ? { key, label, numeric } : { key, label };

function table(
  id: string,
  title: string,
  section: string,
  columns: TableColumn[],
  rows: TableRow[],
  footnotes: string[] = [],
  roll?: { dice: string; column: string },
): ReferenceTable {
  return { id, system: 'uesrpg-3e', title, section, columns, rows, footnotes, ...(roll ? { roll } : {}) };
}

export const combatSequenceTable = table(
  'ues-combat-sequence',
  'Combat sequence',
  'Combat sequence',
  [col('step', 'Step', true), col('name', 'Step'), col('summary', 'What happens')],
  [
    row(
      {
        step: 1,
        name: 'Determine Surprise',
        summary: 'The GM decides who is caught unaware. A surprised character cannot act during the first round.',
      },
      'surprise',
      'unaware',
      'ambush',
      'round 1',
    ),
    row(
      {
        step: 2,
        name: 'Set the Scene',
        summary: 'Describe the environment and place all combatants. Each grid square is one meter.',
      },
      'scene',
      'battle map',
      'grid',
      'positions',
      'meter',
    ),
    row(
      {
        step: 3,
        name: 'Roll Initiative',
        summary:
          '1d6 + Initiative Rating, highest acts first. Ties: IR, then Luck Bonus (PCs beat NPCs), then contested Luck rolls or GM call. One roll for a group of similar NPCs.',
      },
      'initiative',
      'IR',
      'order',
      'tie',
      'luck',
      'd6',
    ),
    row(
      {
        step: 4,
        name: 'Round Start',
        summary:
          'Everyone replenishes AP. From highest initiative each character takes one Turn, spending AP on actions and resolving them.',
      },
      'round',
      'turn',
      'AP',
      'action points',
      'replenish',
      'refresh',
    ),
    row(
      {
        step: 5,
        name: 'Round End',
        summary: 'When everyone has acted the round ends; effects lasting "until the end of the round" expire.',
      },
      'round end',
      'expire',
      'duration',
    ),
    row(
      { step: 6, name: 'Encounter Ends', summary: 'Repeat Steps 4–5 until the combat is resolved.' },
      'end',
      'repeat',
      'encounter',
    ),
  ],
  [
    'A round is roughly six seconds.',
    "Toggle apRefresh: AP may instead refresh at the start of each character's own turn.",
  ],
);

export const actionEconomyTable = table(
  'ues-action-economy',
  'Action economy',
  'Action economy',
  [col('rule', 'Rule'), col('detail', 'Detail')],
  [
    row(
      { rule: 'Action Points', detail: 'Every character has 3 AP per round, replenished at the start of the round.' },
      'AP',
      '3 AP',
      'action points',
      'per round',
    ),
    row(
      {
        rule: 'Action cost',
        detail:
          'All non-free actions cost at least 1 AP; reactions (Evade, Parry, Block, Counter-Attack) spend AP too.',
      },
      'cost',
      '1 AP',
      'free action',
      'reaction',
    ),
    row(
      {
        rule: 'Multiple actions per Turn',
        detail:
          'Take several actions on your Turn; declare and resolve each one individually, resolving all reactions before declaring the next.',
      },
      'multiple actions',
      'declare',
      'resolve',
      'reactions',
    ),
    row(
      { rule: 'Attack limit', detail: 'No more than 2 attacks per round (melee, ranged or spell attacks).' },
      'attack limit',
      'two attacks',
      '2 attacks',
      'max attacks',
    ),
  ],
  [
    'Once all AP are spent, the character automatically fails defence rolls against further attacks (Multiple opponents).',
  ],
);

export const attackTestsTable = table(
  'ues-attack-tests',
  'Attack tests',
  'The combat roll › Step 1: Attack',
  [col('attack', 'Attack'), col('test', 'Test')],
  [
    row({ attack: 'Melee', test: 'Combat Style test using Str or Ag' }, 'melee', 'combat style', 'strength', 'agility'),
    row({ attack: 'Ranged', test: 'Combat Style test using Ag' }, 'ranged', 'bow', 'crossbow', 'thrown', 'agility'),
    row(
      { attack: 'Magic', test: "Skill test using the spell's school skill" },
      'magic',
      'spell',
      'school',
      'destruction',
    ),
  ],
  [
    'The attacker chooses a target, weapon and Combat Style, then makes the attack test.',
    "Weapons not in the character's Combat Style impose the standard −20 Untrained penalty.",
  ],
);

export const defenceOptionsTable = table(
  'ues-defence-options',
  'Defence options',
  'The combat roll › Step 2: Defend',
  [
    col('defence', 'Defence'),
    col('type', 'Type'),
    col('test', 'Test'),
    col('limits', 'Limits'),
    col('onWin', 'If the defender wins'),
  ],
  [
    row(
      {
        defence: 'Evade',
        type: 'Reaction',
        test: 'Ag-based Evade test',
        limits: 'Only Evade or Block against area attacks',
        onWin: 'Attack negated entirely; move 1 m freely (no attack of opportunity)',
      },
      'evade',
      'dodge',
      'reaction',
      'agility',
      'move 1 m',
    ),
    row(
      {
        defence: 'Parry',
        type: 'Reaction',
        test: 'Str or Ag Combat Style test',
        limits: 'Melee only; not against ranged or area attacks',
        onWin: 'Attack negated entirely',
      },
      'parry',
      'reaction',
      'melee only',
      'combat style',
    ),
    row(
      {
        defence: 'Block',
        type: 'Reaction',
        test: 'Str Combat Style test',
        limits: 'Requires a shield',
        onWin:
          "Roll damage: above the shield's BR, full damage to the shield arm; otherwise none. Magic halves BR (round up) unless the BR is magic",
      },
      'block',
      'shield',
      'BR',
      'block rating',
      'reaction',
    ),
    row(
      {
        defence: 'Counter-Attack',
        type: 'Reaction',
        test: 'Combat Style attack test',
        limits: 'Not against ranged or area attacks',
        onWin: 'Both attack simultaneously; the winner hits the other',
      },
      'counter',
      'counter-attack',
      'riposte',
      'reaction',
      'simultaneous',
    ),
  ],
  [
    'The defender must be aware of the attack and must choose the defence before the attacker rolls.',
    'No AP left (or unaware): the defence fails automatically.',
  ],
);

export const combatResultsTable = table(
  'ues-combat-results',
  'Comparing attack and defence',
  'The combat roll › Step 3: Compare results',
  [col('attack', 'Attack'), col('defence', 'Defence'), col('result', 'Result')],
  [
    row(
      { attack: 'Critical success', defence: 'Normal success', result: 'The critical wins and gains 1 Advantage' },
      'critical',
      'advantage',
      'beats success',
    ),
    row(
      { attack: 'Normal success', defence: 'Critical success', result: 'The defender wins and gains 1 Advantage' },
      'critical',
      'advantage',
      'defender',
    ),
    row(
      { attack: 'Critical success', defence: 'Failure', result: 'Hit; the attacker gains 2 Advantages' },
      'critical',
      'two advantages',
      'failure',
    ),
    row(
      { attack: 'Success', defence: 'Critical failure', result: 'Hit; the attacker gains 2 Advantages' },
      'critical failure',
      'fumble',
      'two advantages',
    ),
    row(
      {
        attack: 'Failure or critical failure',
        defence: 'Critical success, or success against a critical failure',
        result: 'The defender wins with 2 Advantages',
      },
      'critical',
      'two advantages',
      'defender',
    ),
    row(
      {
        attack: 'Critical success',
        defence: 'Critical success',
        result: 'Mutual criticals cancel out: nothing happens',
      },
      'cancel',
      'mutual critical',
      'both critical',
    ),
    row(
      { attack: 'Failure', defence: 'Failure (or no defence roll)', result: 'Both fail: nothing happens (a miss)' },
      'both fail',
      'miss',
    ),
    row(
      {
        attack: 'Success',
        defence: 'Evade or Parry success',
        result: 'The attack hits only with more DoS than the defender',
      },
      'degrees of success',
      'DoS',
      'evade',
      'parry',
    ),
    row({ attack: 'Success', defence: 'Block success', result: 'Always blocked' }, 'block', 'blocked', 'shield'),
    row(
      {
        attack: 'Success',
        defence: 'Counter-Attack success',
        result: 'More DoS hits the other; equal DoS, nothing happens',
      },
      'counter',
      'counter-attack',
      'equal',
      'DoS',
    ),
    row(
      {
        attack: 'Failure',
        defence: 'Counter-Attack success',
        result:
          "The counter-attacker hits the attacker (two simultaneous attacks); location from the counter-attacker's roll",
      },
      'counter',
      'counter-attack',
      'simultaneous',
      'failed attack',
    ),
  ],
  [
    'Ranged attacks and spells cannot gain or use Advantage: 0 Advantages for either side.',
    'A failed attack is a miss, except against a successful Counter-Attack: the counter-attacker hits the attacker.',
    'No defence (unaware, none chosen, or no AP) counts as a failed defence roll.',
  ],
);

export const defenderWinsTable = table(
  'ues-defender-wins',
  'When the defender wins',
  'The combat roll › Step 4: Resolve',
  [col('defence', 'Defence'), col('effect', 'Effect')],
  [
    row(
      { defence: 'Evade', effect: 'Attack negated entirely; move 1 m freely (no AoO)' },
      'evade',
      'move',
      'attack of opportunity',
    ),
    row({ defence: 'Parry', effect: 'Attack negated entirely' }, 'parry', 'negated'),
    row(
      {
        defence: 'Block',
        effect:
          "Roll attack damage. If it exceeds the shield's BR, the defender takes full damage to the shield arm; otherwise no damage. Magic damage treats BR as half (round up) unless the shield has magic BR",
      },
      'block',
      'BR',
      'shield arm',
      'magic',
    ),
    row(
      {
        defence: 'Counter-Attack',
        effect:
          "The counter-attacker hits the attacker (a failed attack included); location from the ones digit of the counter-attacker's roll",
      },
      'counter',
      'counter-attack',
      'simultaneous',
    ),
  ],
  [
    'Attacker wins: the attack hits; location from the ones digit of the attack roll; damage − AR of the location reduces HP; damage after AR above the Wound Threshold causes a wound.',
  ],
);

export const hitLocationTable = table(
  'ues-hit-location',
  'Hit location',
  'The combat roll › Step 4: Resolve',
  [col('roll', 'Ones digit'), col('location', 'Location')],
  [
    row({ roll: '1–5', location: 'Body' }, 'body', 'torso', 'chest'),
    row({ roll: '6', location: 'Right Leg' }, 'right leg', 'leg', 'limb'),
    row({ roll: '7', location: 'Left Leg' }, 'left leg', 'leg', 'limb'),
    row({ roll: '8', location: 'Right Arm' }, 'right arm', 'arm', 'limb'),
    row({ roll: '9', location: 'Left Arm' }, 'left arm', 'arm', 'limb'),
    row({ roll: '0', location: 'Head' }, 'head', 'skull'),
  ],
  [
    'Use the ones digit of the attack roll, or roll a d10 (10 counts as 0).',
    "A counter-attack that hits uses the counter-attacker's roll.",
    'Area-of-effect attacks are resolved against the body.',
  ],
  { dice: '1d10', column: 'roll' },
);

export const woundEffectsTable = table(
  'ues-wound-effects',
  'Wound effects',
  'Wound & Conditions (book)',
  [col('wound', 'Wound'), col('effect', 'Effect')],
  [
    row(
      { wound: 'Any wound', effect: '−20 to all tests and −2 initiative while wounded' },
      'wound',
      'penalty',
      '-20',
      'initiative',
    ),
    row({ wound: 'Body', effect: 'Lose 1 AP' }, 'body', 'AP', 'action points'),
    row({ wound: 'Arm or leg', effect: 'The limb is crippled' }, 'limb', 'arm', 'leg', 'crippled'),
    row({ wound: 'Head', effect: 'Stunned for 1 round' }, 'head', 'stunned', 'stun'),
  ],
  [
    "A wound happens when damage after the location's AR is greater than the Wound Threshold (equal is not a wound).",
    'HP may go below 0.',
  ],
);

export const advantageTable = table(
  'ues-advantage',
  'Advantage',
  'Advantage',
  [col('rule', 'Rule'), col('detail', 'Detail')],
  [
    row(
      {
        rule: 'What it is',
        detail: 'A significant upper hand in melee: an additional effect on top of the normal result.',
      },
      'advantage',
      'upper hand',
      'melee',
    ),
    row(
      { rule: 'Ranged and spells', detail: 'Ranged attacks and spells cannot gain or use Advantage.' },
      'ranged',
      'spell',
      'no advantage',
    ),
    row(
      { rule: 'Stacking', detail: 'Multiple Advantages stack if their effects allow it.' },
      'stack',
      'multiple advantages',
    ),
  ],
);

export const meleeCircumstancesTable = table(
  'ues-melee-circumstances',
  'Melee circumstance modifiers',
  'Melee combat › Circumstance modifiers',
  [col('situation', 'Situation'), col('rule', 'Rule')],
  [
    row(
      {
        situation: 'Dual wielding',
        rule: 'With two one-handed weapons in the Combat Style, attack, parry or counter-attack with either weapon.',
      },
      'dual wield',
      'two weapons',
      'off-hand',
    ),
    row(
      {
        situation: 'Multiple opponents',
        rule: 'No direct penalty, but once all AP are spent the character automatically fails defence rolls against further attacks.',
      },
      'multiple opponents',
      'outnumbered',
      'no AP',
      'automatic failure',
    ),
    row(
      {
        situation: 'Mounted combat',
        rule: "Use the mount's Speed; can Evade ranged attacks while moving (not melee, unless vs mounted); can Parry or Counter-Attack attacks against the mount; Combat Style limited by Ride rank.",
      },
      'mounted',
      'horse',
      'ride',
      'mount',
    ),
    row(
      {
        situation: 'Cover',
        rule: 'Impenetrable cover: the attacker cannot hit. Penetrable cover: no penalty to hit, but roll damage twice and take the lower.',
      },
      'cover',
      'penetrable',
      'impenetrable',
      'wall',
    ),
    row(
      { situation: 'Improvised weapons', rule: '−20 untrained penalty unless included in the Combat Style.' },
      'improvised',
      'chair',
      'bottle',
      '-20',
    ),
    row(
      {
        situation: 'Unarmed combat',
        rule: 'Natural weapons (Punches/Kicks 1d4, 1 m) unless a Natural Weapons trait overrides; unarmed parry/counter only within your own engagement range; cannot be disarmed or enchanted. Grappling (see Grappling actions).',
      },
      'unarmed',
      'punch',
      'kick',
      'fist',
      'natural weapons',
      'grapple',
    ),
  ],
);

export const mountedCombatTable = table(
  'ues-mounted-combat',
  'Mounted combat',
  'Melee combat › Mounted combat',
  [col('rule', 'Rule')],
  [
    row({ rule: "Use the mount's Speed" }, 'mounted', 'speed', 'horse'),
    row({ rule: 'Can Evade ranged attacks while moving (not melee, unless vs mounted)' }, 'mounted', 'evade', 'ranged'),
    row(
      { rule: 'Can Parry or Counter-Attack attacks against the mount' },
      'mounted',
      'parry',
      'counter-attack',
      'protect mount',
    ),
    row({ rule: 'Combat Style limited by Ride rank' }, 'mounted', 'ride', 'limit', 'combat style'),
  ],
  ["Firing while mounted: Combat Style limited by the rider's (or mount controller's) Ride rank."],
);

export const coverTable = table(
  'ues-cover',
  'Cover',
  'Melee combat › Cover',
  [col('cover', 'Cover'), col('effect', 'Effect')],
  [
    row(
      { cover: 'Impenetrable', effect: 'The attacker simply cannot hit the target.' },
      'impenetrable',
      'cover',
      'wall',
      'cannot hit',
    ),
    row(
      { cover: 'Penetrable', effect: 'No penalty to hit; roll damage twice and take the lower result.' },
      'penetrable',
      'cover',
      'lower damage',
      'roll twice',
    ),
  ],
);

export const unarmedTable = table(
  'ues-natural-weapons',
  'Natural weapons',
  'Melee combat › Unarmed combat',
  [col('weapon', 'Weapon'), col('damage', 'Damage'), col('range', 'Range')],
  [row({ weapon: 'Punches/Kicks', damage: '1d4', range: '1 m' }, 'unarmed', 'punch', 'kick', 'natural weapon', '1d4')],
  [
    'Every character has natural weapons unless the Natural Weapons trait overrides the profile.',
    "Unarmed parry and counter-attack only when the opponent is within the character's own engagement range.",
    'Natural weapons cannot be disarmed or enchanted.',
  ],
);

export const grapplingTable = table(
  'ues-grappling-actions',
  'Grappling actions',
  'Melee combat › Unarmed combat › Grappling',
  [col('action', 'Action'), col('cost', 'AP', true), col('effect', 'Effect')],
  [
    row(
      {
        action: 'Takedown',
        cost: 1,
        effect: 'Render both combatants Prone (the grappler ignores prone penalties against the target).',
      },
      'takedown',
      'prone',
      'throw',
      'grapple',
    ),
    row(
      { action: 'Move', cost: 1, effect: 'Drag both combatants up to SB meters.' },
      'move',
      'drag',
      'strength bonus',
      'grapple',
    ),
    row(
      {
        action: 'Attack',
        cost: 1,
        effect:
          'Attack the Restrained target, who cannot defend; weapon of 1 m range or less. Unarmed: drain 1 SP instead. Target Prone and Restrained and attacker armed: may be a Coup de Grace.',
      },
      'attack',
      'coup de grace',
      'stamina',
      'SP',
      'restrained',
      'grapple',
    ),
  ],
  [
    'Grapple instead of attacking (unarmed Combat Style only): opposed Combat Style vs Combat Style/Athletics/Evade; on success the target is Restrained.',
    'The grappler cannot move but may take these Primary Actions (1 AP each).',
    '−30 to grapple larger creatures; creatures 2+ sizes larger cannot be grappled.',
    'The target escapes via Resist (Special Action).',
  ],
);

export const rangeBandsTable = table(
  'ues-range-bands',
  'Range bands',
  'Ranged combat › Range bands',
  [col('band', 'Band'), col('modifier', 'Attack modifier', true)],
  [
    row({ band: 'Close', modifier: 10 }, 'close', 'short range', '+10', 'point blank'),
    row({ band: 'Effective', modifier: 0 }, 'effective', 'medium', 'normal range'),
    row({ band: 'Long', modifier: -20 }, 'long', 'long range', '-20', 'far'),
  ],
  [
    'Ranged weapons define three range values: close / effective / long.',
    'Ranged attacks cannot be parried or counter-attacked; ranged attackers cannot gain or use Advantage.',
    'Weapon not in the Combat Style: −20.',
  ],
);

export const rangedCircumstancesTable = table(
  'ues-ranged-circumstances',
  'Ranged circumstance modifiers',
  'Ranged combat › Circumstance modifiers',
  [col('situation', 'Situation'), col('rule', 'Rule')],
  [
    row(
      { situation: 'Reload', rule: 'Some ranged weapons require AP to reload via Ready Weapon.' },
      'reload',
      'ready weapon',
      'crossbow',
      'AP',
    ),
    row(
      {
        situation: 'Firing while mounted',
        rule: "Combat Style limited by the rider's (or mount controller's) Ride rank.",
      },
      'mounted',
      'ride',
      'horse archer',
    ),
    row(
      {
        situation: 'Area of effect attacks',
        rule: 'Only Evade or Block (if aware); Block halves damage (round up); Evade moves 1 m and avoids it if that leaves the area; resolved against the body.',
      },
      'area',
      'AoE',
      'explosion',
      'fireball',
      'blast',
    ),
  ],
);

export const areaDefenceTable = table(
  'ues-area-defence',
  'Area of effect attacks',
  'Ranged combat › Area of effect attacks',
  [col('defence', 'Defence'), col('effect', 'Effect')],
  [
    row(
      { defence: 'Block', effect: 'Halve incoming damage (round up) before resolving.' },
      'block',
      'area',
      'AoE',
      'halve',
    ),
    row(
      { defence: 'Evade', effect: 'Move 1 m; if this carries the character outside the AoE, they are unaffected.' },
      'evade',
      'area',
      'AoE',
      'move 1 m',
    ),
  ],
  [
    'Area attacks can only be defended by Evade or Block, and only if the defender is aware.',
    'AoE attacks are resolved against the body.',
  ],
);

export const unusualScenariosTable = table(
  'ues-unusual-scenarios',
  'Unusual combat scenarios',
  'Unusual combat scenarios',
  [col('situation', 'Situation'), col('rule', 'Rule')],
  [
    row(
      { situation: 'Climbing', rule: 'Athletics limits Combat Style. One hand must remain on the surface.' },
      'climbing',
      'climb',
      'athletics',
      'wall',
    ),
    row(
      { situation: 'Slippery surfaces', rule: 'Test Acrobatics when taking movement actions or risk falling Prone.' },
      'slippery',
      'ice',
      'acrobatics',
      'prone',
    ),
    row(
      {
        situation: 'Swimming',
        rule: 'Athletics limits Combat Style. Attacks deal half damage. Movement halved unless Amphibious or Swimmer.',
      },
      'swimming',
      'water',
      'underwater',
      'half damage',
    ),
    row(
      {
        situation: 'Holding your breath',
        rule: '2 rounds per EB, doubled if doing nothing but holding the breath; then 1 temporary fatigue level per round until death or fresh air; removed at 1 level per round once breathing resumes.',
      },
      'breath',
      'drowning',
      'suffocation',
      'fatigue',
      'underwater',
    ),
    row(
      {
        situation: 'Swinging or jumping',
        rule: 'Combine the movement with an attack: +1 damage per 2 m traveled (round down).',
      },
      'swing',
      'jump',
      'chandelier',
      'leap',
      'charge',
    ),
  ],
);

export const damageModifiersTable = table(
  'ues-damage-modifiers',
  'Damage modifiers',
  'Unusual combat scenarios',
  [col('situation', 'Situation'), col('damage', 'Damage')],
  [
    row({ situation: 'Penetrable cover', damage: 'Roll damage twice, take the lower' }, 'cover', 'penetrable'),
    row({ situation: 'Impenetrable cover', damage: 'Cannot be hit' }, 'cover', 'impenetrable'),
    row({ situation: 'Area attack, blocked', damage: 'Half, rounded up' }, 'area', 'block', 'AoE'),
    row({ situation: 'Swimming', damage: 'Half, rounded up' }, 'swimming', 'water'),
    row({ situation: 'Swinging or jumping', damage: '+1 per 2 m traveled (round down)' }, 'swing', 'jump'),
    row(
      { situation: 'Blocked by a shield', damage: 'Full damage to the shield arm if above BR, else none' },
      'block',
      'shield',
      'BR',
    ),
    row(
      { situation: 'Magic vs shield', damage: 'BR counts as half (round up) unless the BR is magic' },
      'magic',
      'shield',
      'BR',
    ),
  ],
  ['Then subtract the AR of the location hit; above the Wound Threshold is a wound.'],
);

export const tnModifiersTable = table(
  'ues-tn-modifiers',
  'Test modifiers',
  'The combat roll › Step 1: Attack',
  [col('situation', 'Situation'), col('modifier', 'Modifier', true)],
  [
    row({ situation: 'Untrained skill', modifier: -20 }, 'untrained', 'no rank'),
    row({ situation: 'Weapon not in Combat Style', modifier: -20 }, 'combat style', 'untrained', 'weapon'),
    row({ situation: 'Improvised weapon (not in Combat Style)', modifier: -20 }, 'improvised'),
    row({ situation: 'Close range', modifier: 10 }, 'close', 'range'),
    row({ situation: 'Effective range', modifier: 0 }, 'effective', 'range'),
    row({ situation: 'Long range', modifier: -20 }, 'long', 'range'),
    row({ situation: 'Wounded', modifier: -20 }, 'wound', 'wounded'),
    row({ situation: 'Grappling a larger creature', modifier: -30 }, 'grapple', 'size', 'larger'),
  ],
);

export const initiativeTable = table(
  'ues-initiative',
  'Initiative',
  'Combat sequence › Step 3: Roll Initiative',
  [col('order', 'Order', true), col('rule', 'Rule')],
  [
    row({ order: 1, rule: 'Roll 1d6 + Initiative Rating; act from highest to lowest' }, 'initiative', 'd6', 'IR'),
    row({ order: 2, rule: 'Tie: higher Initiative Rating first' }, 'tie', 'IR'),
    row({ order: 3, rule: 'Still tied: higher Luck Bonus first' }, 'tie', 'luck bonus'),
    row({ order: 4, rule: 'Still tied: PCs beat NPCs' }, 'tie', 'PC', 'NPC'),
    row({ order: 5, rule: 'Still tied: contested Luck rolls or GM discretion' }, 'tie', 'luck roll', 'GM'),
    row({ order: 6, rule: 'Roll once for a group of similar NPCs' }, 'group', 'NPC', 'minions'),
  ],
  ['Wounded characters take −2 initiative (book).'],
);

export const testsTable = table(
  'ues-tests',
  'Tests and degrees',
  'Tests (book)',
  [col('rule', 'Rule'), col('detail', 'Detail')],
  [
    row({ rule: 'Success', detail: 'Roll d100 at or under the TN' }, 'd100', 'test', 'TN', 'target number'),
    row(
      { rule: 'Degrees of success', detail: 'Tens digit of the roll, minimum 1 (a 100 that succeeds gives 10)' },
      'DoS',
      'degrees of success',
    ),
    row({ rule: 'Degrees of failure', detail: '1 + tens digit of (roll − TN)' }, 'DoF', 'degrees of failure'),
    row({ rule: 'Skill TN', detail: 'Characteristic + 10 × rank' }, 'skill', 'rank', 'TN'),
    row({ rule: 'Untrained', detail: '−20' }, 'untrained'),
    row({ rule: 'Weapon outside the Combat Style', detail: '−20' }, 'combat style', 'weapon'),
  ],
);

export const criticalsTable = table(
  'ues-criticals',
  'Critical success and failure',
  'Tests › Critical success and failure (book)',
  [col('who', 'Who'), col('critSuccess', 'Critical success'), col('critFailure', 'Critical failure')],
  [
    row(
      {
        who: 'PC',
        critSuccess: 'Any of their Lucky Numbers (as many as their Luck Bonus)',
        critFailure: 'Any of their Unlucky Numbers (5 − Luck Bonus)',
      },
      'lucky',
      'unlucky',
      'PC',
      'critical',
    ),
    row({ who: 'NPC', critSuccess: '01–03', critFailure: '98–100' }, 'NPC', 'critical', 'fumble'),
  ],
  [
    'Criticals happen regardless of the TN. No doubles rule.',
    'An unlucky roll at or under the TN is a failure with 1 DoF.',
    'A PC with no lucky or unlucky numbers listed never crits.',
    'Lucky and unlucky numbers are chosen per character and can be edited.',
  ],
);

export const skillRanksTable = table(
  'ues-skill-ranks',
  'Skill ranks',
  'Skills › Ranks (book)',
  [col('rank', 'Rank'), col('value', 'Rank number', true), col('modifier', 'TN modifier', true)],
  [
    row({ rank: 'Untrained', value: '—', modifier: -20 }, 'untrained'),
    row({ rank: 'Novice', value: 0, modifier: 0 }, 'novice'),
    row({ rank: 'Apprentice', value: 1, modifier: 10 }, 'apprentice'),
    row({ rank: 'Journeyman', value: 2, modifier: 20 }, 'journeyman'),
    row({ rank: 'Adept', value: 3, modifier: 30 }, 'adept'),
    row({ rank: 'Expert', value: 4, modifier: 40 }, 'expert'),
    row({ rank: 'Master', value: 5, modifier: 50 }, 'master'),
  ],
);

export const derivedStatsTable = table(
  'ues-derived-stats',
  'Derived stats',
  'Characteristics › Derived stats (book)',
  [col('stat', 'Stat'), col('formula', 'Formula')],
  [
    row({ stat: 'Hit Points (HP)', formula: 'Endurance ÷ 2, rounded up' }, 'HP', 'hit points', 'health'),
    row(
      { stat: 'Wound Threshold (WT)', formula: 'Strength bonus + Endurance bonus + Willpower bonus' },
      'WT',
      'wound threshold',
    ),
    row(
      { stat: 'Initiative Rating (IR)', formula: 'Agility bonus + Intelligence bonus + Perception bonus' },
      'IR',
      'initiative rating',
    ),
    row({ stat: 'Stamina (SP)', formula: 'Endurance bonus' }, 'stamina', 'SP'),
    row({ stat: 'Action Points (AP)', formula: '3 per round' }, 'AP', 'action points'),
    row({ stat: 'Lucky numbers', formula: 'Luck Bonus' }, 'lucky', 'luck'),
    row({ stat: 'Unlucky numbers', formula: 'max(0, 5 − Luck Bonus)' }, 'unlucky', 'luck'),
  ],
  ['A characteristic bonus is its tens digit.'],
);

export const uesrpgTables: readonly ReferenceTable[] = [
  combatSequenceTable,
  actionEconomyTable,
  attackTestsTable,
  defenceOptionsTable,
  combatResultsTable,
  defenderWinsTable,
  hitLocationTable,
  woundEffectsTable,
  advantageTable,
  meleeCircumstancesTable,
  mountedCombatTable,
  coverTable,
  unarmedTable,
  grapplingTable,
  rangeBandsTable,
  rangedCircumstancesTable,
  areaDefenceTable,
  unusualScenariosTable,
  damageModifiersTable,
  tnModifiersTable,
  initiativeTable,
  testsTable,
  criticalsTable,
  skillRanksTable,
  derivedStatsTable,
];
