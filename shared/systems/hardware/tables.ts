// Over 500 lines because it is data: the reference tables (round order, attack modifiers, die steps, cover, Impaired, saves, gear tags, morale…) row by row.
import type { ReferenceTable, TableColumn, TableRow } from '../../system-kit/rule-system';
import { SECTIONS, type Section } from './rules';

/**
 * Every table and list of the Hardware seed as reference data, plus the book rules RULES-NOTES §4
 * adds (saves, gear tags, morale). Each row carries its seed section in `cells.section` (not a
 * shown column) and search keywords.
 */

function row(section: Section, cells: Record<string, string | number>, keywords: string[]): TableRow {
  return { cells: { ...cells, section }, keywords };
}

const stepColumns: TableColumn[] = [
  { key: 'step', label: '#', numeric: true },
  { key: 'rule', label: 'Rule' },
];

export const roundOrderTable: ReferenceTable = {
  id: 'hardware-round-order',
  system: 'hardware',
  title: 'Round order',
  section: SECTIONS.rounds,
  columns: stepColumns,
  rows: [
    row(
      SECTIONS.rounds,
      {
        step: 1,
        rule: 'Each PC must make an AGL save in order to act before their opponents. PCs that fail their save lose their turn for this round.',
      },
      ['initiative', 'agl save', 'act first', 'lose turn'],
    ),
    row(SECTIONS.rounds, { step: 2, rule: 'Their opponents then take their turn.' }, [
      'npc',
      'enemies',
      'opponents turn',
    ]),
    row(
      SECTIONS.rounds,
      {
        step: 3,
        rule: 'The next round begins with the PCs taking their turn, followed by their opponents, and so on until combat has ended with one side defeated or fled.',
      },
      ['next round', 'end of combat', 'fled', 'defeated'],
    ),
  ],
  footnotes: [
    'A Round is roughly ten seconds of in-game time. The results of each side’s actions occur simultaneously.',
    'Special circumstances, abilities, items, or skills may negate the need to make an AGL save to act first.',
    'The save of step 1 is made at the start of the fight: by step 3 the next round simply begins with the PCs. The "AGL save to act first" toggle asks for a save every round instead.',
  ],
};

export const actionsTable: ReferenceTable = {
  id: 'hardware-actions',
  system: 'hardware',
  title: 'A turn: move up to 10 m and take up to one action',
  section: SECTIONS.actions,
  columns: [
    { key: 'option', label: 'Option' },
    { key: 'detail', label: 'Detail' },
  ],
  rows: [
    row(SECTIONS.actions, { option: 'Move', detail: 'Up to 10 m, as well as the action.' }, [
      'movement',
      '10m',
      'ten metres',
    ]),
    row(SECTIONS.actions, { option: 'Deploy a hack', detail: 'Takes the action.' }, ['hacking', 'netrun', 'cyberdeck']),
    row(SECTIONS.actions, { option: 'Attack', detail: 'Takes the action. Attacks in combat automatically hit.' }, [
      'shoot',
      'strike',
      'fight',
    ]),
    row(SECTIONS.actions, { option: 'Move a second time', detail: 'Takes the action: up to 20 m in all.' }, [
      'dash',
      'run',
      'double move',
    ]),
    row(
      SECTIONS.actions,
      { option: 'Other reasonable action', detail: 'Takes the action; risky attempts call for a save.' },
      ['anything else', 'interact', 'risky', 'save'],
    ),
  ],
  footnotes: [
    'Each round, the PCs declare what they are doing before dice are rolled. All actions are declared before being resolved.',
    'If a character attempts something risky, the Admin calls for a save for appropriate players or NPCs.',
  ],
};

export const attackStepsTable: ReferenceTable = {
  id: 'hardware-attack-steps',
  system: 'hardware',
  title: 'Resolving an attack',
  section: SECTIONS.attacking,
  columns: stepColumns,
  rows: [
    row(SECTIONS.attacking, { step: 1, rule: 'All attackers targeting the same foe roll damage dice.' }, [
      'roll damage',
      'several attackers',
      'gang up',
    ]),
    row(
      SECTIONS.attacking,
      { step: 2, rule: 'Assist: damage results of 4 or greater can be discarded to add 1 damage to the final attack.' },
      ['assist', '4+', 'plus one', 'help'],
    ),
    row(
      SECTIONS.attacking,
      { step: 3, rule: 'Take the value from the highest result remaining, adding assist damage.' },
      ['highest', 'keep', 'kept die'],
    ),
    row(SECTIONS.attacking, { step: 4, rule: 'Subtract the target’s Armor and Cover.' }, [
      'armor',
      'armour',
      'cover',
      'reduce',
    ]),
    row(
      SECTIONS.attacking,
      {
        step: 5,
        rule: 'The attack inflicts damage equal to the remaining total, and applies any effects from the source of the highest result.',
      },
      ['damage', 'stamina', 'effects', 'source'],
    ),
  ],
  footnotes: [
    'Attacks in combat automatically hit. Damage goes to the target’s Stamina.',
    'Cover is subtracted before Armor; damage is never below 0.',
  ],
};

export const attackModifiersTable: ReferenceTable = {
  id: 'hardware-attack-modifiers',
  system: 'hardware',
  title: 'Attack modifiers',
  section: SECTIONS.modifiers,
  columns: [
    { key: 'modifier', label: 'Modifier' },
    { key: 'effect', label: 'Effect' },
  ],
  rows: [
    row(
      SECTIONS.modifiers,
      {
        modifier: 'Edge',
        effect:
          'Gained for every advantage over a target (such as high ground). Each Edge improves the damage die one step, up to d12: a Sniper Rifle (d8) with one Edge does d10, with two d12.',
      },
      ['advantage', 'high ground', 'step up', 'die step'],
    ),
    row(
      SECTIONS.modifiers,
      { modifier: 'Impaired', effect: 'Always does d4 damage and cannot be improved by Edges.' },
      ['d4', 'penalty', 'hindered'],
    ),
    row(
      SECTIONS.modifiers,
      {
        modifier: 'Dual-wielding',
        effect: 'Roll both damage dice and keep the single highest result (written with a plus, e.g. d8+d8).',
      },
      ['two weapons', 'dual wield', 'd8+d8', 'keep highest'],
    ),
    row(
      SECTIONS.modifiers,
      {
        modifier: 'Aim',
        effect:
          'Aim for a turn at a target you can see; on your next turn your attack on that target deals maximum damage. A target that completely leaves your line of sight breaks your Aim.',
      },
      ['aiming', 'maximum damage', 'line of sight', 'sniper'],
    ),
  ],
  footnotes: [],
};

export const dieStepsTable: ReferenceTable = {
  id: 'hardware-die-steps',
  system: 'hardware',
  title: 'Damage die steps',
  section: SECTIONS.modifiers,
  columns: [
    { key: 'die', label: 'Die' },
    { key: 'oneEdge', label: '+1 Edge' },
    { key: 'twoEdges', label: '+2 Edges' },
    { key: 'impaired', label: 'Impaired' },
  ],
  rows: [
    row(SECTIONS.modifiers, { die: 'd4', oneEdge: 'd6', twoEdges: 'd8', impaired: 'd4' }, ['d4', 'edge']),
    row(SECTIONS.modifiers, { die: 'd6', oneEdge: 'd8', twoEdges: 'd10', impaired: 'd4' }, ['d6', 'edge']),
    row(SECTIONS.modifiers, { die: 'd8', oneEdge: 'd10', twoEdges: 'd12', impaired: 'd4' }, [
      'd8',
      'edge',
      'sniper rifle',
    ]),
    row(SECTIONS.modifiers, { die: 'd10', oneEdge: 'd12', twoEdges: 'd12', impaired: 'd4' }, ['d10', 'edge']),
    row(SECTIONS.modifiers, { die: 'd12', oneEdge: 'd12', twoEdges: 'd12', impaired: 'd4' }, [
      'd12',
      'edge',
      'maximum',
    ]),
  ],
  footnotes: [
    'Steps go d4 → d6 → d8 → d10 → d12; Edges beyond d12 are lost. Impaired attacks always roll d4, whatever the Edges.',
  ],
};

export const protectionTable: ReferenceTable = {
  id: 'hardware-protection',
  system: 'hardware',
  title: 'Protection',
  section: SECTIONS.protection,
  columns: [
    { key: 'protection', label: 'Protection' },
    { key: 'against', label: 'Against' },
    { key: 'rule', label: 'Rule' },
  ],
  rows: [
    row(
      SECTIONS.cover,
      {
        protection: 'Cover',
        against: 'Damage',
        rule: 'Subtracted from damage rolls before Armor. Light +1, Heavy +2. Combining cover with armor can reduce damage by more than 3.',
      },
      ['cover', 'light', 'heavy', 'first'],
    ),
    row(
      SECTIONS.armor,
      {
        protection: 'Armor',
        against: 'Damage',
        rule: 'Subtracted from damage rolls before damage to Stamina. Helmets and similar give bonus Armor (e.g. +1) only while held, worn, or installed. No creature can have more than 3 Armor.',
      },
      ['armour', 'helmet', 'max 3', 'cap'],
    ),
    row(
      SECTIONS.buffer,
      {
        protection: 'Buffer',
        against: 'Stress',
        rule: 'Subtracted from stress rolls before stress to Stamina, also for self-inflicted stress. Cyberdecks and similar give bonus Buffer (e.g. +1) only while held, worn, or installed. No creature can have more than 3 Buffer.',
      },
      ['stress', 'cyberdeck', 'max 3', 'self-inflicted'],
    ),
  ],
  footnotes: [],
};

export const coverTable: ReferenceTable = {
  id: 'hardware-cover-tiers',
  system: 'hardware',
  title: 'Cover tiers',
  section: SECTIONS.cover,
  columns: [
    { key: 'tier', label: 'Tier' },
    { key: 'value', label: 'Cover', numeric: true },
    { key: 'examples', label: 'Examples' },
  ],
  rows: [
    row(SECTIONS.cover, { tier: 'Light Cover', value: 1, examples: 'Wooden crates or a short wall.' }, [
      'light',
      'crate',
      'wall',
      '+1',
    ]),
    row(SECTIONS.cover, { tier: 'Heavy Cover', value: 2, examples: 'Concrete pillars or a large vehicle.' }, [
      'heavy',
      'pillar',
      'vehicle',
      '+2',
      'impaired',
    ]),
  ],
  footnotes: [
    'Cover is subtracted from damage rolls before Armor.',
    'Attacks from behind Heavy Cover are Impaired.',
    'Cover can be negated by flanking to get an unobstructed view of your target, or destroyed with destructive weapons.',
  ],
};

export const rangesTable: ReferenceTable = {
  id: 'hardware-ranges',
  system: 'hardware',
  title: 'Ranges',
  section: SECTIONS.ranged,
  columns: [
    { key: 'range', label: 'Range' },
    { key: 'distance', label: 'Distance' },
  ],
  rows: [
    row(SECTIONS.ranged, { range: 'Close', distance: 'Right beside the target.' }, [
      'close',
      'melee',
      'adjacent',
      'beside',
    ]),
    row(SECTIONS.ranged, { range: 'Near', distance: 'Within 30m of the target.' }, ['near', '30m', 'thirty metres']),
    row(SECTIONS.ranged, { range: 'Far', distance: 'Beyond 30m of the target.' }, ['far', 'long range', 'distant']),
  ],
  footnotes: [
    'Ranged weapons can target any enemy within sight; Ammo is normally only tracked after combat.',
    'Attacks against especially distant targets, or when an unimpaired enemy is beside you, are Impaired.',
    'Some effects specify a range at which they apply; these ranges are a rough guide.',
  ],
};

export const impairedTable: ReferenceTable = {
  id: 'hardware-impaired-causes',
  system: 'hardware',
  title: 'What makes an attack Impaired',
  section: SECTIONS.modifiers,
  columns: [
    { key: 'cause', label: 'Cause' },
    { key: 'rule', label: 'Rule' },
  ],
  rows: [
    row(SECTIONS.cover, { cause: 'Behind Heavy Cover', rule: 'Attacks from behind Heavy Cover are Impaired.' }, [
      'heavy cover',
      'shooting from cover',
    ]),
    row(
      SECTIONS.hardened,
      {
        cause: 'Hardened target',
        rule: 'Any attacks affected by armor made against hardened targets are Impaired (piercing ignores Armor and is not).',
      },
      ['hardened', 'tough', 'boss', 'piercing', 'shred'],
    ),
    row(
      SECTIONS.ranged,
      { cause: 'Especially distant target', rule: 'Ranged attacks against especially distant targets are Impaired.' },
      ['far', 'distant', 'long range'],
    ),
    row(
      SECTIONS.ranged,
      {
        cause: 'Unimpaired enemy beside you',
        rule: 'Ranged attacks when an unimpaired enemy is beside you are Impaired.',
      },
      ['engaged', 'adjacent', 'melee', 'shooting in melee'],
    ),
  ],
  footnotes: ['Impaired attacks always do d4 damage and cannot be improved by Edges.'],
};

export const ammoGroupsTable: ReferenceTable = {
  id: 'hardware-ammo-groups',
  system: 'hardware',
  title: 'Ammo groups',
  section: SECTIONS.ammo,
  columns: [{ key: 'group', label: 'Ammo group' }],
  rows: [
    row(SECTIONS.ammo, { group: 'Handgun' }, ['pistol', 'ammo']),
    row(SECTIONS.ammo, { group: 'Rifle' }, ['rifle', 'ammo', 'sniper']),
    row(SECTIONS.ammo, { group: 'Shotgun' }, ['shotgun', 'shells', 'ammo']),
    row(SECTIONS.ammo, { group: 'Explosive' }, ['explosive', 'grenade', 'rocket', 'ammo']),
    row(SECTIONS.ammo, { group: 'Arrow' }, ['arrow', 'bow', 'crossbow', 'ammo']),
  ],
  footnotes: [
    'Every Ammo takes one inventory slot. Ammo is shareable between weapons in the same Ammo Group.',
    'When changing Ammo type in combat, you must discard your current Ammo from your inventory (e.g. standard Rifle Ammo, then Explosive Rifle Ammo: discard the standard Rifle Ammo).',
  ],
};

export const reloadCheckTable: ReferenceTable = {
  id: 'hardware-reload-check',
  system: 'hardware',
  title: 'Reload check (after combat)',
  section: SECTIONS.ammo,
  columns: stepColumns,
  rows: [
    row(
      SECTIONS.ammo,
      { step: 1, rule: 'For any firearm used make an AGL save. If you used a burst attack, roll with Disadvantage.' },
      ['agl save', 'burst', 'disadvantage', 'after combat'],
    ),
    row(
      SECTIONS.ammo,
      { step: 2, rule: 'On a failure, you must reload discarding one Ammo of that weapon type from your inventory.' },
      ['failure', 'discard', 'reload'],
    ),
    row(SECTIONS.ammo, { step: 3, rule: 'On a success, you keep your Ammo.' }, ['success', 'keep ammo']),
  ],
  footnotes: ['If a weapon has the reload tag, you must discard 1 Ammo after every attack.'],
};

export const harmTrackTable: ReferenceTable = {
  id: 'hardware-harm-tracks',
  system: 'hardware',
  title: 'Damage and stress',
  section: SECTIONS.criticalDamage,
  columns: [
    { key: 'harm', label: 'Harm' },
    { key: 'reducedBy', label: 'Reduced by' },
    { key: 'overflowTo', label: 'Past 0 Stamina' },
    { key: 'save', label: 'Then' },
  ],
  rows: [
    row(
      SECTIONS.criticalDamage,
      {
        harm: 'Damage',
        reducedBy: 'Cover, then Armor',
        overflowTo: 'BOD loses the rest',
        save: 'BOD save with the new BOD, or Critical Damage',
      },
      ['damage', 'bod', 'overflow', 'critical damage'],
    ),
    row(
      SECTIONS.criticalStress,
      {
        harm: 'Stress',
        reducedBy: 'Buffer',
        overflowTo: 'CTR loses the rest',
        save: 'CTR save with the new CTR, or Critical Stress',
      },
      ['stress', 'ctr', 'overflow', 'critical stress'],
    ),
  ],
  footnotes: [
    'An attribute reduced to 0 makes no save (see Attribute loss).',
    'If a PC takes damage outside of combat, they instead receive damage to an Attribute, typically BOD.',
  ],
};

export const criticalOutcomesTable: ReferenceTable = {
  id: 'hardware-critical-outcomes',
  system: 'hardware',
  title: 'Critical Damage and Critical Stress',
  section: SECTIONS.criticalDamage,
  columns: [
    { key: 'critical', label: 'Critical' },
    { key: 'who', label: 'Who' },
    { key: 'outcome', label: 'Outcome' },
  ],
  rows: [
    row(
      SECTIONS.criticalDamage,
      {
        critical: 'Critical Damage',
        who: 'PC',
        outcome:
          'Dying, and adds a Wound to their inventory. Dying PCs cannot do anything but crawl weakly; given aid (such as Medkits) they stabilise; left untreated they die within the hour.',
      },
      ['dying', 'wound', 'medkit', 'stabilise'],
    ),
    row(
      SECTIONS.criticalDamage,
      {
        critical: 'Critical Damage',
        who: 'NPC / monster',
        outcome:
          'Considered dead, per the Admin’s discretion. Some enemies have abilities triggered when their target fails a critical damage save.',
      },
      ['npc dead', 'monster', 'admin'],
    ),
    row(
      SECTIONS.criticalStress,
      {
        critical: 'Critical Stress',
        who: 'PC',
        outcome:
          'Overloaded, and adds a Strain to their inventory. Overloaded PCs cannot take actions that inflict stress on themselves until they recover at least 1 Stamina.',
      },
      ['overloaded', 'strain', 'stress'],
    ),
    row(
      SECTIONS.criticalStress,
      {
        critical: 'Critical Stress',
        who: 'NPC / monster',
        outcome:
          'Must make a morale check, per the Admin’s discretion. Some enemies have abilities triggered when their target fails a critical stress save.',
      },
      ['morale', 'npc', 'admin'],
    ),
  ],
  footnotes: [],
};

export const attributeLossTable: ReferenceTable = {
  id: 'hardware-attribute-loss',
  system: 'hardware',
  title: 'Attribute loss',
  section: SECTIONS.attributeLoss,
  columns: [
    { key: 'attribute', label: 'At 0' },
    { key: 'effect', label: 'Effect' },
  ],
  rows: [
    row(SECTIONS.attributeLoss, { attribute: 'BOD', effect: 'The PC dies.' }, ['body', 'death', 'dead']),
    row(
      SECTIONS.attributeLoss,
      {
        attribute: 'AGL',
        effect: 'Paralyzed: unable to act until restored through extended rest or by extraordinary means.',
      },
      ['agility', 'paralysed', 'paralyzed'],
    ),
    row(
      SECTIONS.attributeLoss,
      {
        attribute: 'CTR',
        effect: 'Mental breakdown: unable to act until restored through extended rest or by extraordinary means.',
      },
      ['control', 'breakdown', 'insanity'],
    ),
  ],
  footnotes: [
    'If a PC takes damage outside of combat, they should instead receive damage to an Attribute, typically BOD.',
    'When a character dies, the player creates a new character or takes control of a contractor, who joins the party at once.',
  ],
};

export const otherRulesTable: ReferenceTable = {
  id: 'hardware-other-rules',
  system: 'hardware',
  title: 'Retreat, Hardened and death',
  section: SECTIONS.combat,
  columns: [
    { key: 'rule', label: 'Rule' },
    { key: 'text', label: 'Summary' },
  ],
  rows: [
    row(
      SECTIONS.retreat,
      {
        rule: 'Retreat',
        text: 'Running away from a dire situation always requires a successful AGL save, as well as a safe destination to run to.',
      },
      ['flee', 'run away', 'escape', 'agl save'],
    ),
    row(
      SECTIONS.hardened,
      {
        rule: 'Hardened',
        text: 'Very tough entities may be hardened. Any attacks affected by armor made against them are Impaired; piercing or shred weapons help.',
      },
      ['boss', 'tough', 'impaired', 'piercing', 'shred'],
    ),
    row(
      SECTIONS.death,
      {
        rule: 'Character death',
        text: 'The player creates a new character or takes control of a contractor, who immediately joins the party.',
      },
      ['death', 'new character', 'contractor'],
    ),
  ],
  footnotes: [],
};

export const savesTable: ReferenceTable = {
  id: 'hardware-saves',
  system: 'hardware',
  title: 'Saves (d20)',
  section: SECTIONS.saves,
  columns: [
    { key: 'case', label: 'Roll' },
    { key: 'result', label: 'Result' },
  ],
  rows: [
    row(SECTIONS.saves, { case: 'd20 ≤ attribute', result: 'Success.' }, ['save', 'roll under', 'd20']),
    row(SECTIONS.saves, { case: 'd20 > attribute', result: 'Failure.' }, ['fail', 'd20']),
    row(SECTIONS.saves, { case: 'Natural 1', result: 'Always succeeds.' }, ['one', 'automatic success']),
    row(SECTIONS.saves, { case: 'Natural 20', result: 'Always fails.' }, ['twenty', 'automatic failure']),
    row(SECTIONS.saves, { case: 'Disadvantage', result: 'Roll two d20, keep the worse.' }, [
      'disadvantage',
      'burst',
      'worse',
    ]),
    row(SECTIONS.saves, { case: 'Advantage', result: 'Roll two d20, keep the better.' }, ['advantage', 'better']),
  ],
  footnotes: ['From the published rules (RULES-NOTES §4).'],
};

export const gearTagsTable: ReferenceTable = {
  id: 'hardware-gear-tags',
  system: 'hardware',
  title: 'Gear tags',
  section: SECTIONS.gearTags,
  columns: [
    { key: 'tag', label: 'Tag' },
    { key: 'effect', label: 'Effect' },
  ],
  rows: [
    row(SECTIONS.gearTags, { tag: 'Piercing', effect: 'Ignores Armor (Cover still applies).' }, [
      'piercing',
      'armour piercing',
      'ap',
    ]),
    row(SECTIONS.gearTags, { tag: 'Shred', effect: 'Lowers the target’s Armor by 1 when it deals damage.' }, [
      'shred',
      'armor damage',
    ]),
    row(SECTIONS.gearTags, { tag: 'Blast', effect: 'Rolls damage separately for each target.' }, [
      'blast',
      'explosion',
      'area',
      'grenade',
    ]),
    row(SECTIONS.ammo, { tag: 'Reload', effect: 'Discard 1 Ammo after every attack.' }, ['reload', 'ammo']),
  ],
  footnotes: [
    'Piercing, shred and blast are from the published rules (RULES-NOTES §4); reload is in the seed (Ammo & Reloading).',
  ],
};

export const moraleTable: ReferenceTable = {
  id: 'hardware-morale',
  system: 'hardware',
  title: 'Morale (NPC groups)',
  section: SECTIONS.morale,
  columns: [
    { key: 'trigger', label: 'When' },
    { key: 'check', label: 'Check' },
  ],
  rows: [
    row(
      SECTIONS.morale,
      { trigger: 'First casualty', check: 'The group saves CTR; on a failure it flees or surrenders.' },
      ['morale', 'first casualty', 'ctr save'],
    ),
    row(
      SECTIONS.morale,
      { trigger: 'Half strength', check: 'The group saves CTR; on a failure it flees or surrenders.' },
      ['morale', 'half', 'ctr save'],
    ),
  ],
  footnotes: ['NPCs that fail a Critical Stress save also make a morale check (seed: Critical Stress).'],
};

export const hardwareTables: readonly ReferenceTable[] = [
  roundOrderTable,
  actionsTable,
  attackStepsTable,
  attackModifiersTable,
  dieStepsTable,
  impairedTable,
  protectionTable,
  coverTable,
  rangesTable,
  ammoGroupsTable,
  reloadCheckTable,
  harmTrackTable,
  criticalOutcomesTable,
  attributeLossTable,
  otherRulesTable,
  savesTable,
  gearTagsTable,
  moraleTable,
];
