// Over 500 lines because it is data: the reference tables (range bands, actions, cover, weapons, armour, serious injuries…) row by row.
import type { ReferenceTable, TableColumn, TableRow } from '../../system-kit/rule-system';
import { SERIOUS_INJURIES, SURGERY_NOTE } from './injuries';
import { WEAPON_FOOTNOTES } from './equipment';
import { SECTION, type SectionName } from './sections';

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
  roll?: { dice: string; column: string },
): ReferenceTable {
  return roll
    ? { id, system: 'electric-state', title, section, columns, rows, footnotes, roll }
    : { id, system: 'electric-state', title, section, columns, rows, footnotes };
}

const TOPIC_RULE: readonly TableColumn[] = [
  { key: 'topic', label: 'Topic' },
  { key: 'rule', label: 'Rule' },
];

// ---------------------------------------------------------------- seed tables

export const rangeBandsTable = table(
  'es-range-bands',
  'Range Bands',
  SECTION.rangeBands,
  [
    { key: 'range', label: 'Range' },
    { key: 'distance', label: 'Distance' },
  ],
  [
    row({ range: 'Engaged', distance: 'In your face' }, ['engaged', 'close', 'melee', 'adjacent', 'touch']),
    row({ range: 'Short', distance: 'Same zone' }, ['short', 'same zone', 'near']),
    row({ range: 'Medium', distance: 'Adjacent zone' }, ['medium', 'adjacent zone', 'next zone']),
    row({ range: 'Long', distance: 'Up to four zones away' }, ['long', 'four zones', 'far']),
    row({ range: 'Extreme', distance: 'Further away' }, ['extreme', 'very far', 'sniper']),
  ],
  [
    'A zone is roughly one room indoors, or a patch of land up to 100 ft across outdoors.',
    "Attacks below a weapon's minimum range get −2 dice per range band below that minimum.",
    'Attacks beyond maximum range are impossible.',
  ],
);

export const actionTypesTable = table(
  'es-action-types',
  'Action Types',
  SECTION.actionTypes,
  [
    { key: 'type', label: 'Type' },
    { key: 'description', label: 'Description' },
  ],
  [
    row(
      { type: 'Action', description: 'Attack, reload, take cover, rally an Incapacitated fighter, interact with item' },
      ['action', 'attack', 'reload', 'take cover', 'rally', 'interact', 'item'],
    ),
    row(
      { type: 'Move', description: 'Move between two adjacent zones, or between Short and Engaged in the same zone' },
      ['move', 'movement', 'zone', 'engage', 'disengage'],
    ),
    row(
      {
        type: 'Reaction',
        description:
          "Immediate response to an enemy action; you forfeit your next turn (or your next round's turn if you've already acted this round)",
      },
      ['reaction', 'fight back', 'dodge', 'forfeit', 'next turn'],
    ),
    row(
      {
        type: 'Free Action',
        description:
          'Draw a weapon, open a door, speak a few words — done in addition to your action, only on your own turn',
      },
      ['free action', 'draw weapon', 'open door', 'speak', 'talk'],
    ),
  ],
);

export const coverTable = table(
  'es-cover',
  'Cover',
  SECTION.rangedCombat,
  [
    { key: 'cover', label: 'Cover' },
    { key: 'armorLevel', label: 'Armor Level', numeric: true },
  ],
  [
    row({ cover: 'Shrubbery', armorLevel: 2 }, ['shrubbery', 'bush', 'hedge', 'cover']),
    row({ cover: 'Furniture', armorLevel: 3 }, ['furniture', 'table', 'sofa', 'cover']),
    row({ cover: 'Car Door', armorLevel: 4 }, ['car door', 'car', 'vehicle', 'cover']),
    row({ cover: 'Brick Wall', armorLevel: 6 }, ['brick wall', 'wall', 'cover']),
    row({ cover: 'Sandbag', armorLevel: 8 }, ['sandbag', 'sandbags', 'cover']),
  ],
  [
    'Taking cover is an action.',
    "Roll dice equal to cover's Armor Level; each 6 blocks 1 point of damage.",
    'With both cover and body armour, roll cover first, then armour [default].',
  ],
);

const WEAPON_COLUMNS: readonly TableColumn[] = [
  { key: 'weapon', label: 'Weapon' },
  { key: 'bonus', label: 'Bonus' },
  { key: 'damage', label: 'Damage' },
  { key: 'minRange', label: 'Min. Range' },
  { key: 'maxRange', label: 'Max. Range' },
  { key: 'price', label: 'Price' },
];

function weaponRow(
  weapon: string,
  bonus: string,
  damage: string,
  minRange: string,
  maxRange: string,
  price: string,
  keywords: readonly string[],
): TableRow {
  return row({ weapon, bonus, damage, minRange, maxRange, price }, keywords);
}

export const weaponsTable = table(
  'es-weapons',
  'Weapons Table',
  SECTION.weapons,
  WEAPON_COLUMNS,
  [
    weaponRow('Unarmed', '—', '1', 'Engaged', 'Engaged', '—', ['unarmed', 'fists', 'punch', 'kick', 'brawl', 'melee']),
    weaponRow('Improvised club', '+1', '1', 'Engaged', 'Engaged', '—', [
      'improvised club',
      'club',
      'stick',
      'pipe',
      'melee',
    ]),
    weaponRow('Knife', '+1', '2', 'Engaged', 'Engaged', '$25', ['knife', 'blade', 'dagger', 'melee']),
    weaponRow('Baseball bat', '+2', '1', 'Engaged', 'Engaged', '$50', ['baseball bat', 'bat', 'melee']),
    weaponRow('Axe', '+2', '2', 'Engaged', 'Engaged', '$100', ['axe', 'hatchet', 'melee']),
    weaponRow('Chainsaw', '+1', '3', 'Engaged', 'Engaged', '$250', ['chainsaw', 'saw', 'melee']),
    weaponRow('Rock', '—', '1', 'Engaged', 'Medium', '—', ['rock', 'stone', 'thrown', 'throw']),
    weaponRow('Taser', '+3', '★', 'Engaged', 'Short', '$500', ['taser', 'stun', 'stun gun', 'lose turn', 'star']),
    weaponRow('Derringer', '+2', '2', 'Engaged', 'Short', '$250', ['derringer', 'pistol', 'firearm', 'gun']),
    weaponRow('Handgun', '+2', '2', 'Short', 'Medium', '$300', ['handgun', 'pistol', 'firearm', 'gun']),
    weaponRow('Magnum revolver', '+2', '3', 'Short', 'Medium', '$400', [
      'magnum revolver',
      'magnum',
      'revolver',
      'firearm',
      'gun',
    ]),
    weaponRow('Crossbow', '+2', '1', 'Medium', 'Long', '$150', ['crossbow', 'bolt', 'bow']),
    weaponRow('Hunting rifle', '+2', '2', 'Medium', 'Long', '$500', ['hunting rifle', 'rifle', 'firearm', 'gun']),
    weaponRow('Shotgun', '+3', '2', 'Short', 'Medium', '$350', ['shotgun', 'firearm', 'gun']),
    weaponRow('Sniper rifle', '+2', '2', 'Medium', 'Extreme', '‡', [
      'sniper rifle',
      'sniper',
      'rifle',
      'firearm',
      'military',
    ]),
    weaponRow('Submachinegun ◆', '+2', '2', 'Short', 'Medium', '‡', [
      'submachinegun',
      'smg',
      'full auto',
      'automatic',
      'firearm',
      'military',
    ]),
    weaponRow('Assault rifle ◆', '+3', '2', 'Short', 'Long', '‡', [
      'assault rifle',
      'rifle',
      'full auto',
      'automatic',
      'firearm',
      'military',
    ]),
    weaponRow('Heavy machinegun ◆', '+3', '3', 'Short', 'Long', '‡', [
      'heavy machinegun',
      'machine gun',
      'hmg',
      'full auto',
      'automatic',
      'military',
    ]),
    weaponRow('Neodymium cannon ●', '—', '4', 'Medium', 'Long', '‡', [
      'neodymium cannon',
      'cannon',
      'neurocaster',
      'network',
      'drone',
    ]),
    weaponRow('Molotov cocktail', '—', 'Blast Pwr 6', 'Engaged', 'Medium', '—', [
      'molotov cocktail',
      'molotov',
      'fire',
      'explosive',
      'blast',
      'thrown',
    ]),
    weaponRow('Hand grenade', '—', 'Blast Pwr 8', 'Engaged', 'Medium', '‡', [
      'hand grenade',
      'grenade',
      'explosive',
      'blast',
      'thrown',
      'military',
    ]),
    weaponRow('Mortar', '+2', 'Blast Pwr 12', 'Medium', 'Extreme', '‡', [
      'mortar',
      'artillery',
      'explosive',
      'blast',
      'military',
    ]),
  ],
  [WEAPON_FOOTNOTES.taser, WEAPON_FOOTNOTES.fullAuto, WEAPON_FOOTNOTES.neurocaster, WEAPON_FOOTNOTES.notForSale],
);

export const rallyingTable = table(
  'es-rallying',
  'Rallying & Stabilizing',
  SECTION.rallying,
  [
    { key: 'action', label: 'Action' },
    { key: 'who', label: 'Who' },
    { key: 'roll', label: 'Roll' },
    { key: 'effect', label: 'Effect' },
  ],
  [
    row(
      {
        action: 'Rally',
        who: 'Another character, same zone',
        roll: 'Empathy',
        effect: 'Recover Health = 6s rolled; still making death rolls',
      },
      ['rally', 'empathy', 'heal', 'incapacitated', 'back on feet'],
    ),
    row(
      {
        action: 'Self-rally',
        who: 'Yourself',
        roll: '—',
        effect: 'After a Stretch (if alive), recover 1 Health automatically',
      },
      ['self-rally', 'self rally', 'stretch', 'recover'],
    ),
    row(
      {
        action: 'Stabilize',
        who: 'Character with Medic talent',
        roll: 'Wits (bonus from first aid kit)',
        effect: 'No more death rolls; still Incapacitated',
      },
      ['stabilize', 'medic', 'first aid kit', 'wits', 'death rolls'],
    ),
  ],
  ['Additional damage while Incapacitated (even 1 point) restarts death rolls.'],
);

export const bodyArmorTable = table(
  'es-body-armor',
  'Body Armor',
  SECTION.bodyArmor,
  [
    { key: 'armor', label: 'Armor' },
    { key: 'armorLevel', label: 'Armor Level', numeric: true },
    { key: 'agilityModifier', label: 'Agility Modifier', numeric: true },
    { key: 'price', label: 'Price' },
  ],
  [
    row({ armor: 'Soft vest', armorLevel: 2, agilityModifier: '−1', price: '$150' }, [
      'soft vest',
      'vest',
      'kevlar',
      'body armour',
      'armor',
    ]),
    row({ armor: 'Plate vest', armorLevel: 4, agilityModifier: '−2', price: '$300' }, [
      'plate vest',
      'vest',
      'plate',
      'body armour',
      'armor',
    ]),
    row({ armor: 'Riot gear', armorLevel: 6, agilityModifier: '−3', price: '$500' }, [
      'riot gear',
      'riot',
      'police',
      'body armour',
      'armor',
    ]),
  ],
  [
    'When hit, roll dice equal to Armor Level; each 6 eliminates 1 point of damage.',
    'The Agility modifier applies to Agility rolls only.',
  ],
);

export const seriousInjuriesTable = table(
  'es-serious-injuries',
  'Serious Injuries (D66)',
  SECTION.seriousInjuries,
  [
    { key: 'd66', label: 'D66' },
    { key: 'injury', label: 'Injury' },
    { key: 'effect', label: 'Effect' },
    { key: 'healing', label: 'Healing' },
  ],
  [
    row({ d66: '11–36', injury: 'None', effect: '—', healing: '—' }, ['none', 'no injury', 'lucky']),
    ...SERIOUS_INJURIES.map((i) =>
      row(
        {
          d66: String(i.code),
          injury: i.injury,
          effect: i.effect,
          healing: i.healingDays ? `${i.healingDays} days` : '—',
        },
        [
          i.injury.toLowerCase(),
          ...i.injury.toLowerCase().split(' '),
          ...(i.requiresSurgery ? ['surgery'] : []),
          ...(i.moveOrAct ? ['move or act'] : []),
          ...i.penalties.flatMap((p) => p.on),
        ],
      ),
    ),
  ],
  [
    'Roll when you have been Incapacitated and survived.',
    'D66: the first die is the tens, the second the units.',
    SURGERY_NOTE,
  ],
  { dice: 'D66', column: 'd66' },
);

// ------------------------------------------------------- summaries of seed lists

export const roundStructureTable = table('es-round-structure', 'Round Structure', SECTION.roundStructure, TOPIC_RULE, [
  row({ topic: 'Round', rule: 'A round represents ~5–10 seconds of action.' }, ['round', 'time', 'seconds']),
  row(
    {
      topic: 'Initiative',
      rule: 'The side that starts the fight acts first. If unclear, each side rolls D6 + the highest Wits score on that side — the higher total are the attackers. Re-roll ties. This roll cannot be pushed.',
    },
    ['initiative', 'who goes first', 'd6', 'wits', 'tie', 'reroll', 'side'],
  ),
  row(
    {
      topic: 'Turn',
      rule: 'Each participant gets one move + one action, or two moves. The move must come before the action.',
    },
    ['turn', 'move', 'action', 'two moves'],
  ),
]);

export const attackRollTable = table(
  'es-attack-roll',
  'Attack Roll',
  SECTION.closeCombat,
  [
    { key: 'situation', label: 'Situation' },
    { key: 'pool', label: 'Pool' },
  ],
  [
    row({ situation: 'Close combat (Engaged)', pool: 'Strength + weapon bonus dice' }, [
      'close combat',
      'melee',
      'strength',
      'engaged',
    ]),
    row({ situation: 'Ranged combat (Short or more)', pool: 'Agility + weapon bonus dice' }, [
      'ranged combat',
      'shoot',
      'agility',
    ]),
    row(
      { situation: 'Firearm at Engaged', pool: 'Strength (not Agility); usually −2 dice or more for minimum range' },
      ['firearm', 'gun', 'engaged', 'strength', 'point blank'],
    ),
    row({ situation: "Below the weapon's minimum range", pool: '−2 dice per range band below the minimum' }, [
      'minimum range',
      'too close',
      'penalty',
    ]),
    row({ situation: "Beyond the weapon's maximum range", pool: 'Impossible' }, [
      'maximum range',
      'too far',
      'out of range',
    ]),
    row({ situation: 'Wearing body armour', pool: 'Armour Agility modifier on Agility rolls only' }, [
      'armour',
      'armor',
      'agility modifier',
    ]),
    row({ situation: 'Ambush into close combat', pool: 'Agility roll at −3 dice' }, [
      'ambush',
      'sneak attack',
      'surprise',
      'agility',
    ]),
    row(
      { situation: 'Pool reduced to 0 dice or fewer', pool: 'Roll nothing and fail [default; toggle: roll one die]' },
      ['zero dice', 'no dice', 'empty pool'],
    ),
  ],
  ['Each 6 is a success. Damage = weapon damage + 1 per extra 6.'],
);

const DEFENCE_COLUMNS: readonly TableColumn[] = [
  { key: 'choice', label: 'Target chooses' },
  { key: 'result', label: 'Result' },
];

export const closeCombatTable = table(
  'es-close-combat',
  'Close Combat: the target chooses',
  SECTION.closeCombat,
  DEFENCE_COLUMNS,
  [
    row({ choice: 'Take the Hit', result: 'If the attack succeeds: base Damage + 1 per extra 6 rolled.' }, [
      'take the hit',
      'take hit',
    ]),
    row(
      {
        choice: 'Fight Back: attacker rolls more 6s',
        result: 'Target takes base Damage + 1 per extra 6 beyond what was needed to win.',
      },
      ['fight back', 'opposed', 'win'],
    ),
    row({ choice: 'Fight Back: equal 6s', result: 'No one is hurt.' }, ['fight back', 'tie', 'equal']),
    row(
      {
        choice: 'Fight Back: defender rolls more 6s',
        result: "Attacker takes defender's base Damage + 1 per extra 6 beyond what was needed to win.",
      },
      ['fight back', 'counter', 'riposte'],
    ),
    row(
      {
        choice: 'Fight Back (reaction)',
        result:
          'Only the attacker can push. Target forfeits next turn but may fight back against any number of close attacks until then.',
      },
      ['fight back', 'reaction', 'forfeit', 'push'],
    ),
  ],
  ['Decide before dice are rolled.'],
);

export const rangedCombatTable = table(
  'es-ranged-combat',
  'Ranged Combat: the target chooses',
  SECTION.rangedCombat,
  DEFENCE_COLUMNS,
  [
    row({ choice: 'Stand Tall', result: 'If the attack succeeds: base Damage + 1 per extra 6 rolled.' }, [
      'stand tall',
    ]),
    row(
      {
        choice: 'Dodge: attacker rolls more 6s',
        result: 'Target takes base Damage + 1 per extra 6 beyond what was needed to win.',
      },
      ['dodge', 'opposed'],
    ),
    row({ choice: 'Dodge: equal 6s, or defender rolls more', result: 'Attack misses.' }, ['dodge', 'miss', 'tie']),
    row(
      {
        choice: 'Dodge (reaction)',
        result:
          'Only the attacker can push. Target forfeits next turn but may dodge any number of ranged attacks until then.',
      },
      ['dodge', 'reaction', 'forfeit', 'push'],
    ),
  ],
  ['Decide before dice are rolled.'],
);

export const specialAttacksTable = table(
  'es-special-attacks',
  'Explosives, Full Auto, Taser',
  SECTION.rangedCombat,
  TOPIC_RULE,
  [
    row(
      {
        topic: 'Explosive weapons',
        rule: 'Roll to hit normally. On a hit, the explosion affects the targeted zone (not a single target): roll Blast Power dice, each 6 is 1 damage; extra 6s on the attack increase damage to all. Each target’s armour applies separately. On a miss, a random adjacent zone is hit.',
      },
      ['explosive', 'blast', 'grenade', 'molotov', 'mortar', 'zone', 'scatter'],
    ),
    row(
      {
        topic: 'Full Auto',
        rule: 'On a hit, you may immediately fire again (same or different target). A third roll is possible if the second also hits. The entire burst empties the magazine. Reloading is an action.',
      },
      ['full auto', 'automatic', 'burst', 'magazine', 'reload'],
    ),
    row({ topic: 'Ammunition', rule: "Don't track ammo unless the scenario or GM specifies otherwise." }, [
      'ammunition',
      'ammo',
      'bullets',
    ]),
    row({ topic: 'Taser ★', rule: 'No damage — target rolls Strength at −2 dice or loses their next turn.' }, [
      'taser',
      'stun',
      'lose turn',
    ]),
  ],
);

export const ambushesTable = table('es-ambushes', 'Ambushes', SECTION.ambushes, TOPIC_RULE, [
  row({ topic: 'Unaware target', rule: 'Must take the hit / stand tall — they cannot fight back or dodge.' }, [
    'ambush',
    'unaware',
    'surprise',
  ]),
  row({ topic: 'Into close combat', rule: 'To ambush into close combat: Agility roll at −3 dice.' }, [
    'ambush',
    'close combat',
    'agility',
    'sneak',
  ]),
  row({ topic: 'Active combat', rule: 'You cannot ambush someone already in active combat.' }, [
    'ambush',
    'active combat',
  ]),
]);

export const damageHealthTable = table('es-damage-health', 'Damage & Health', SECTION.damageHealth, TOPIC_RULE, [
  row({ topic: 'Damage', rule: 'Damage reduces your Health score.' }, ['damage', 'health', 'hurt']),
  row(
    {
      topic: '0 Health',
      rule: 'You are Incapacitated — you can crawl (one move per turn) and mumble, but cannot roll for attributes or use talents.',
    },
    ['incapacitated', 'zero health', 'down', 'crawl'],
  ),
  row(
    {
      topic: 'Instant Kill',
      rule: 'A single hit equal to or greater than twice your maximum Health kills you outright — no death rolls.',
    },
    ['instant kill', 'killed outright', 'dead', 'twice'],
  ),
  row({ topic: 'Max Health', rule: '⌈(Strength + Agility) / 2⌉ [book]' }, ['max health', 'health', 'derived']),
  row({ topic: 'Max Hope', rule: '⌈(Wits + Empathy) / 2⌉ [book]' }, ['max hope', 'hope', 'derived']),
]);

export const deathRollsTable = table('es-death-rolls', 'Death Rolls', SECTION.deathRolls, TOPIC_RULE, [
  row({ topic: 'Each turn while Incapacitated', rule: 'Roll 4 dice (cannot be pushed). Mark every 6 you roll.' }, [
    'death roll',
    'dying',
    'four dice',
  ]),
  row({ topic: 'Stabilized', rule: 'Accumulate 3 total 6s → Stabilized (stop making death rolls).' }, [
    'stabilized',
    'three sixes',
    'survive',
  ]),
  row({ topic: 'Dead', rule: '3 failed death rolls (rolls with no 6) before stabilizing → Dead.' }, [
    'dead',
    'death',
    'failed',
  ]),
  row({ topic: 'New damage', rule: 'Additional damage while Incapacitated (even 1 point) restarts death rolls.' }, [
    'restart',
    'more damage',
    'reset',
  ]),
]);

export const recoveryTable = table('es-recovery', 'Recovery', SECTION.recovery, TOPIC_RULE, [
  row({ topic: 'Rest', rule: '1 Health per Shift automatically, if no strenuous activity.' }, [
    'recovery',
    'rest',
    'shift',
    'heal',
  ]),
  row({ topic: 'Nurse talent', rule: '2 Health per Shift.' }, ['nurse', 'talent', 'heal']),
  row({ topic: 'Blocked', rule: 'Certain conditions (disease, hunger) block recovery.' }, [
    'disease',
    'hunger',
    'no recovery',
  ]),
]);

export const pushTable = table('es-push', 'Pushing a Roll', SECTION.pushing, TOPIC_RULE, [
  row({ topic: 'Who', rule: 'Player characters only, once per roll [book].' }, ['push', 'reroll', 'player character']),
  row(
    {
      topic: 'Never',
      rule: 'Initiative, death rolls, armour and cover rolls; the defender in a fight-back or dodge [seed + book].',
    },
    ['push', 'cannot push', 'initiative', 'death roll', 'armour'],
  ),
  row({ topic: 'Reroll', rule: 'Every die that shows neither a 6 nor a 1 [book].' }, [
    'push',
    'reroll',
    'ones',
    'sixes',
  ]),
  row(
    { topic: 'Base dice', rule: 'Each 1 on a base die after the push costs 1 Hope [default; toggle: only new 1s].' },
    ['hope', 'ones', 'base dice', 'cost'],
  ),
  row(
    {
      topic: 'Gear dice',
      rule: 'Each 1 on a gear die after the push lowers the gear bonus by 1; at 0 the gear is broken [default].',
    },
    ['gear', 'broken', 'damage gear', 'bonus'],
  ),
]);

/** Every reference table of the system: the seed's tables first, then the rule summaries. */
export const electricStateTables: readonly ReferenceTable[] = [
  rangeBandsTable,
  actionTypesTable,
  coverTable,
  weaponsTable,
  rallyingTable,
  bodyArmorTable,
  seriousInjuriesTable,
  roundStructureTable,
  attackRollTable,
  closeCombatTable,
  rangedCombatTable,
  specialAttacksTable,
  ambushesTable,
  damageHealthTable,
  deathRollsTable,
  recoveryTable,
  pushTable,
];
