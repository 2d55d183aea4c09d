import { describe, expect, it } from 'vitest';
import type { RulesCombatant } from '../../../system-kit/tracker-rules';
import { resolveToggles } from '../../../system-kit/toggles';
import { uesrpgToggleDefs } from '../toggles';
import { uesrpg3eTracker as T } from '.';
import { toggles, FIGHTER, rulesErrorOf } from './tracker.test-support';

// What the tracker shows the GM: stat fields, derived values, harm kinds, conditions, actions
// and budgets, asserted word for word (a help text emptied or reworded must fail a test).

const perTurn = resolveToggles(uesrpgToggleDefs, { apRefresh: 'turn' });
const counterCounts = resolveToggles(uesrpgToggleDefs, { counterAttackCountsAsAttack: true });

function combatant(id: string, health = { hp: 23, wounds: [] as string[] }, conditionIds: string[] = []) {
  return { id, name: id, kind: 'npc', side: 'opponents', stats: FIGHTER, health, conditionIds } as RulesCombatant;
}

const characteristic = (id: string, label: string, short: string, help: string, defaultValue = 30, quick = false) => ({
  id,
  label,
  short,
  type: 'number',
  min: 0,
  max: 200,
  defaultValue,
  group: 'attribute',
  help: `${help} Typical people have 20–60.`,
  ...(quick ? { quick: true } : {}),
});

const armour = (id: string, label: string, short: string, lower: string, quick = false) => ({
  id,
  label: `AR ${label}`,
  short,
  type: 'number',
  min: 0,
  max: 100,
  defaultValue: 0,
  group: 'gear',
  help: `Armour Rating of the ${lower}, for reference: damage entered in the tracker is already after AR.`,
  ...(quick ? { quick: true } : {}),
});

describe('stat fields', () => {
  it('lists each field with its label, short name, range, default, group and help', () => {
    expect(T.statFields).toEqual([
      characteristic(
        'strength',
        'Strength',
        'Str',
        'Melee Combat Style tests, Parry and Block; its bonus is part of the Wound Threshold.',
        30,
        true,
      ),
      characteristic(
        'endurance',
        'Endurance',
        'End',
        'Hit Points = ⌈Endurance / 2⌉; its bonus is part of the Wound Threshold and is Stamina.',
        30,
        true,
      ),
      characteristic(
        'agility',
        'Agility',
        'Ag',
        'Melee and ranged Combat Style tests and Evade; its bonus is part of the Initiative Rating.',
        30,
        true,
      ),
      characteristic('intelligence', 'Intelligence', 'Int', 'Its bonus is part of the Initiative Rating.'),
      characteristic('willpower', 'Willpower', 'Wp', 'Its bonus is part of the Wound Threshold.', 30, true),
      characteristic('perception', 'Perception', 'Prc', 'Its bonus is part of the Initiative Rating.'),
      characteristic(
        'luck',
        'Luck',
        'Lck',
        'Luck Bonus: initiative tie-break and the number of lucky (LB) and unlucky (5 − LB) numbers.',
        50,
      ),
      {
        id: 'combatStyle',
        label: 'Combat Style TN',
        short: 'CS',
        type: 'number',
        min: 0,
        max: 200,
        defaultValue: 30,
        group: 'skill',
        help: 'Target number of the main Combat Style (characteristic + 10 × rank): attack, Parry, Block, Counter-attack.',
        quick: true,
      },
      {
        id: 'evade',
        label: 'Evade TN',
        short: 'Ev',
        type: 'number',
        min: 0,
        max: 200,
        defaultValue: 30,
        group: 'skill',
        help: 'Target number of the Agility-based Evade test.',
        quick: true,
      },
      {
        id: 'combatStyle2',
        label: 'Second Combat Style TN',
        short: 'CS2',
        type: 'number',
        min: 0,
        max: 200,
        defaultValue: 0,
        group: 'skill',
        help: 'Target number of a second Combat Style, for the sheet weapons marked as in it; 0 when there is none.',
      },
      {
        id: 'schoolSkill',
        label: 'Magic school skill TN',
        short: 'Mag',
        type: 'number',
        min: 0,
        max: 200,
        defaultValue: 0,
        group: 'skill',
        help: 'Target number of the school skill the attack spells are cast with; 0: none, a spell attack starts at Willpower.',
      },
      {
        id: 'athletics',
        label: 'Athletics TN',
        short: 'Ath',
        type: 'number',
        min: 0,
        max: 200,
        defaultValue: 0,
        group: 'skill',
        help: 'Resisting a grab or escaping a hold uses the best of Combat Style, Athletics and Evade; 0 when not noted.',
      },
      armour('arBody', 'Body', 'AR B', 'body', true),
      armour('arRightLeg', 'Right Leg', 'AR RL', 'right leg'),
      armour('arLeftLeg', 'Left Leg', 'AR LL', 'left leg'),
      armour('arRightArm', 'Right Arm', 'AR RA', 'right arm'),
      armour('arLeftArm', 'Left Arm', 'AR LA', 'left arm'),
      armour('arHead', 'Head', 'AR H', 'head'),
      {
        id: 'lucky',
        label: 'Lucky numbers',
        short: 'Lucky',
        type: 'numbers',
        min: 1,
        max: 100,
        maxItems: 20,
        defaultValue: [],
        group: 'resource',
        help: 'PCs: as many as the Luck Bonus; rolling one is a critical success. Leave empty for NPCs (01–03).',
      },
      {
        id: 'unlucky',
        label: 'Unlucky numbers',
        short: 'Unlucky',
        type: 'numbers',
        min: 1,
        max: 100,
        maxItems: 5,
        defaultValue: [],
        group: 'resource',
        help: 'PCs: 5 − Luck Bonus of them; rolling one is a critical failure. Leave empty for NPCs (98–100).',
      },
    ]);
  });
});

describe('derived values', () => {
  it('each value with its help text', () => {
    expect(T.derive(FIGHTER)).toEqual([
      { id: 'hp', label: 'HP', value: 23, help: 'Hit Points = ⌈Endurance / 2⌉.' },
      {
        id: 'wt',
        label: 'WT',
        value: 11,
        help: 'Wound Threshold = SB + EB + WpB; damage after AR above it is a wound.',
      },
      { id: 'ir', label: 'IR', value: 10, help: 'Initiative Rating = AgB + IB + PrB; initiative is 1d6 + IR.' },
      { id: 'stamina', label: 'Stamina', value: 4, help: 'Stamina = Endurance bonus.' },
      { id: 'ap', label: 'AP', value: 3, help: 'Action Points per round (2 while a body wound lasts).' },
      {
        id: 'luckBonus',
        label: 'Luck Bonus',
        value: 5,
        help: 'Initiative tie-break; a PC has 5 lucky and 0 unlucky numbers.',
      },
    ]);
    expect(T.derive({ luck: 32 })[5]!.help).toBe('Initiative tie-break; a PC has 3 lucky and 2 unlucky numbers.');
  });

  it('a missing stat takes its default; a bad one is named', () => {
    expect(T.derive({ endurance: 31 }).map((d) => d.value)).toEqual([16, 9, 9, 3, 3, 5]);
    expect(rulesErrorOf(() => T.derive({ endurance: 201 })).message).toBe(
      'Endurance must be between 0 and 200, got 201.',
    );
    expect(rulesErrorOf(() => T.derive(null as never))).toEqual({
      code: 'invalid-input',
      message: 'stat block must be an object of stats, got null.',
    });
    expect(rulesErrorOf(() => T.derive([] as never)).message).toBe(
      'stat block must be an object of stats, got a list.',
    );
  });
});

describe('harm kinds and conditions', () => {
  it('damage after armour and healing, each with the six locations', () => {
    const locations = [
      { id: 'body', label: 'Body' },
      { id: 'right-leg', label: 'Right Leg' },
      { id: 'left-leg', label: 'Left Leg' },
      { id: 'right-arm', label: 'Right Arm' },
      { id: 'left-arm', label: 'Left Arm' },
      { id: 'head', label: 'Head' },
    ];
    expect(T.harmKinds).toEqual([
      { id: 'damage', label: 'Damage after armour', healing: false, locations },
      { id: 'heal', label: 'Healing (a location treats its wound)', healing: true, locations },
    ]);
  });

  it('the conditions the seed and the wound effects name, each described', () => {
    expect(T.conditions).toEqual([
      {
        id: 'surprised',
        label: 'Surprised',
        description: 'Caught unaware: cannot act during the first round (gets no turn in round 1).',
        defaultRounds: 1,
      },
      {
        id: 'stunned',
        label: 'Stunned',
        description: 'Head wound: stunned for 1 round — no actions or reactions on the next turn.',
        defaultRounds: 1,
      },
      {
        id: 'wounded',
        label: 'Wounded',
        description: '−20 to all tests and −2 to initiative while wounded (heal with the location to treat a wound).',
      },
      {
        id: 'crippled-right-leg',
        label: 'Crippled right leg',
        description: 'A wound has crippled the right leg until it is treated.',
      },
      {
        id: 'crippled-left-leg',
        label: 'Crippled left leg',
        description: 'A wound has crippled the left leg until it is treated.',
      },
      {
        id: 'crippled-right-arm',
        label: 'Crippled right arm',
        description: 'A wound has crippled the right arm until it is treated.',
      },
      {
        id: 'crippled-left-arm',
        label: 'Crippled left arm',
        description: 'A wound has crippled the left arm until it is treated.',
      },
      {
        id: 'prone',
        label: 'Prone',
        description:
          'On the ground (a grapple Takedown, or a fall on slippery ground); a grappler ignores prone penalties.',
      },
      {
        id: 'restrained',
        label: 'Restrained',
        description:
          "Grappled: cannot defend against the grappler's attacks; escape with Resist (Special Action). Prone and restrained: an armed attacker may Coup de Grace.",
      },
      {
        id: 'grappling',
        label: 'Grappling',
        description:
          'Holds a restrained target and cannot move; may Takedown, Move (drag both SB m) or Attack the target, 1 AP each.',
      },
      {
        id: 'holding-breath',
        label: 'Holding breath',
        description:
          'Can hold it 2 rounds per Endurance bonus (doubled doing nothing else); after that 1 temporary fatigue level per round.',
      },
      {
        id: 'fatigue',
        label: 'Fatigue',
        description:
          'Temporary fatigue from holding breath too long (levels in the note); removed at 1 level per round once breathing.',
      },
      {
        id: 'swimming',
        label: 'Swimming',
        description:
          'Athletics limits Combat Style; attacks deal half damage; movement halved without Amphibious or Swimmer.',
      },
      {
        id: 'climbing',
        label: 'Climbing',
        description: 'Athletics limits Combat Style; one hand must stay on the surface.',
      },
    ]);
  });

  it('asks for no checks, and names the check it cannot resolve', () => {
    const a = combatant('a');
    expect(
      rulesErrorOf(() => T.resolveCheck(a, 'death', [3], { round: 1, activeCombatantId: 'a', toggles }, [a])),
    ).toEqual({
      code: 'unknown-entry',
      message: 'UESRPG asks for no checks, so there is no check "death" to resolve.',
    });
    expect(
      rulesErrorOf(() => T.checksDue(combatant('b', 'x' as never), { round: 1, activeCombatantId: 'b', toggles }))
        .message,
    ).toBe('b\'s health must be an object, got "x".');
  });
});

describe('action economy', () => {
  const RESOURCES = (refresh: 'round' | 'turn', max = 3) => [
    { id: 'ap', label: 'Action Points', max, refresh },
    { id: 'attacks', label: 'Attacks this round', max: 2, refresh: 'round' },
  ];

  it('an able combatant: every action with its cost and help, and the summary', () => {
    expect(T.economy(combatant('a'), { ...toggles })).toEqual({
      resources: RESOURCES('round'),
      actions: [
        {
          id: 'attack',
          label: 'Attack (1 AP)',
          costs: { ap: 1, attacks: 1 },
          help: 'Melee (Combat Style, Str or Ag), ranged (Combat Style, Ag) or spell (its school skill); at most 2 per round.',
        },
        {
          id: 'action',
          label: 'Other action (1 AP)',
          costs: { ap: 1 },
          help: 'Any other non-free action: move, ready or reload a weapon, a grapple Takedown or Move.',
        },
        { id: 'free', label: 'Free action', costs: {}, help: 'Costs no AP.' },
        {
          id: 'evade',
          label: 'Evade',
          costs: { ap: 1 },
          reaction: true,
          help: 'Ag-based Evade test; a win negates the attack and moves 1 m freely. Works against area attacks.',
        },
        {
          id: 'parry',
          label: 'Parry',
          costs: { ap: 1 },
          reaction: true,
          help: 'Str or Ag Combat Style test, melee only; a win negates the attack.',
        },
        {
          id: 'block',
          label: 'Block',
          costs: { ap: 1 },
          reaction: true,
          help: "Str Combat Style test with a shield; damage above the shield's BR goes to the shield arm, else none.",
        },
        {
          id: 'counter-attack',
          label: 'Counter-attack',
          costs: { ap: 1 },
          reaction: true,
          help: 'Both attack at once; more DoS hits. Not against ranged attacks.',
        },
      ],
      summary:
        '3 AP per round, refilled at the start of each round; every non-free action and reaction costs 1 AP; at most 2 attacks per round. With 0 AP every defence fails.',
      rule: { section: 'Action economy', source: 'seed' },
    });
  });

  it('the counter-attack toggle makes it one of the 2 attacks, and says so', () => {
    expect(T.economy(combatant('a'), counterCounts).actions[6]).toEqual({
      id: 'counter-attack',
      label: 'Counter-attack',
      costs: { ap: 1, attacks: 1 },
      reaction: true,
      help: 'Both attack at once; more DoS hits. Not against ranged attacks. Counts as one of the 2 attacks this round.',
    });
  });

  it('AP refilled at each turn, and 2 AP with a body wound, both in the summary', () => {
    const economy = T.economy(combatant('a', { hp: 10, wounds: ['body'] }), perTurn);
    expect(economy.resources).toEqual(RESOURCES('turn', 2));
    expect(economy.summary).toBe(
      '2 AP per round (body wound), refilled at the start of their own turn; every non-free action and reaction costs 1 AP; at most 2 attacks per round. With 0 AP every defence fails.',
    );
  });

  it('down or stunned: no actions, and a summary saying why', () => {
    // Fresh toggle objects: budgets are kept per toggles object, so these are built by this test.
    expect(T.economy(combatant('d', { hp: 0, wounds: [] }), { ...toggles })).toEqual({
      resources: RESOURCES('round'),
      actions: [],
      summary: 'Down (HP 0 or less): no actions or reactions.',
      rule: { section: 'Action economy', source: 'seed' },
    });
    expect(T.economy(combatant('s', { hp: 1, wounds: ['head'] }, ['stunned']), { ...toggles })).toEqual({
      resources: RESOURCES('round'),
      actions: [],
      summary: 'Stunned (head wound): no actions or reactions for 1 round.',
      rule: { section: 'Action economy', source: 'seed' },
    });
    expect(T.economy(combatant('h', { hp: 1, wounds: [] }), toggles).actions).toHaveLength(7);
  });

  it('refuses a combatant that is not an object, and toggles it does not know', () => {
    expect(rulesErrorOf(() => T.economy(null as never, toggles))).toEqual({
      code: 'invalid-input',
      message: 'A combatant must be an object, got null.',
    });
    expect(rulesErrorOf(() => T.economy(combatant('a'), { apRefresh: 'never' })).message).toBe(
      'Rule toggle "apRefresh" cannot be "never"; it takes "round", "turn".',
    );
  });

  it('asks for no encounter-wide rolls', () => {
    expect(T.encounterPrompts([combatant('a')], [])).toEqual([]);
  });
});
