import { describe, expect, it } from 'vitest';
import type { InitiativeEntry, InitiativeParticipant, RulesCombatant, Stats } from '../../../system-kit/tracker-rules';
import type { ToggleValues } from '../../../system-kit/rule-system';
import { SERIOUS_INJURIES, SURGERY_NOTE } from '../injuries';
import { electricStateTracker as T, injuryConditionId } from './index';
import { thrown, toggles } from './tracker.test-support';

// The tracker's side initiative, rounds, action economy and conditions (seed: Round Structure,
// Action Types, Weapons Table ★): exact orders, sentences and citations.
const ROUND = { section: 'Round Structure', source: 'seed' };

function combatant(id: string, side: string, stats: Stats = {}, conditionIds: string[] = []): RulesCombatant {
  const kind = side === 'party' ? 'pc' : 'npc';
  return { id, name: id, kind, side, stats, health: T.initialHealth(stats, kind), conditionIds };
}

function withHealth(c: RulesCombatant, patch: Record<string, unknown>): RulesCombatant {
  return { ...c, health: { ...(c.health as object), ...patch } as never };
}

const SIDES = [
  { id: 'party', name: 'The party' },
  { id: 'gang', name: 'The gang' },
  { id: 'cops', name: 'The cops' },
];
const ada = combatant('ada', 'party', { wits: 2 });
const bob = combatant('bob', 'party', { wits: 5 });
const thug = combatant('thug', 'gang', { wits: 3 });
const cop = combatant('cop', 'cops', { wits: 4 });

const parts = (...cs: RulesCombatant[]) => T.initiative.participants(cs, SIDES);
const roll = (p: InitiativeParticipant, face: number): InitiativeEntry => T.initiative.score(p, [face], toggles);

describe('initiative participants', () => {
  it('refuses lists that do not fit', () => {
    expect(thrown(() => T.initiative.participants(null as never, SIDES)).message).toBe(
      'Initiative needs the list of combatants and the list of sides.',
    );
    expect(thrown(() => T.initiative.participants([], null as never)).message).toBe(
      'Initiative needs the list of combatants and the list of sides.',
    );
    expect(thrown(() => T.initiative.participants([], [SIDES[0]!, SIDES[0]!])).message).toBe(
      'Two sides share the id "party".',
    );
    expect(thrown(() => T.initiative.participants([combatant('x', 'aliens')], SIDES)).message).toBe(
      'x is on side "aliens", which is not one of the encounter\'s sides.',
    );
  });

  it('a participant needs members of its own side', () => {
    const [party] = parts(ada, bob);
    expect(thrown(() => T.initiative.dice(null as never, toggles)).message).toBe(
      'An initiative participant must have members, got null.',
    );
    expect(thrown(() => T.initiative.dice({ ...party!, members: [] }, toggles)).message).toBe(
      'The party has nobody in the fight: it rolls no initiative.',
    );
    expect(thrown(() => T.initiative.score({ ...party!, members: [ada, thug] }, [3], toggles)).message).toBe(
      'thug is not on The party: sides roll initiative for their own.',
    );
  });
});

describe("initiative score: D6 + the side's highest Wits", () => {
  it('explains the total and whose Wits counted', () => {
    const [party] = parts(ada, bob);
    expect(T.initiative.score(party!, [3], toggles)).toEqual({
      participantId: 'party',
      memberIds: ['ada', 'bob'],
      score: 8,
      display: '8',
      faces: [3],
      detail: { roll: 3, highestWits: 5, highestWitsOf: 'bob' },
      steps: [
        { text: 'The party: D6 3 + highest Wits 5 = 8.', rule: ROUND },
        { text: "The highest Wits on The party is bob's 5.", rule: ROUND },
      ],
    });
  });

  it('the first of equal Wits is named; members who cannot act do not count unless nobody can', () => {
    const twin = combatant('twin', 'party', { wits: 2 });
    expect(T.initiative.score(parts(ada, twin)[0]!, [1], toggles).detail.highestWitsOf).toBe('ada');
    const downBob = withHealth(bob, {
      health: 0,
      deathRolls: { state: 'dying', sixes: 0, failedRolls: 0, rollsCounted: 0 },
    });
    expect(T.initiative.score(parts(ada, downBob)[0]!, [1], toggles).detail).toEqual({
      roll: 1,
      highestWits: 2,
      highestWitsOf: 'ada',
    });
    const downAda = withHealth(ada, { health: 0 });
    expect(T.initiative.score(parts(downAda, downBob)[0]!, [1], toggles).detail).toEqual({
      roll: 1,
      highestWits: 5,
      highestWitsOf: 'bob',
    });
  });

  it('one D6, no more', () => {
    const [party] = parts(ada);
    expect(T.initiative.dice(party!, toggles)).toEqual({ count: 1, sides: 6 });
    expect(thrown(() => T.initiative.score(party!, [], toggles)).message).toBe(
      'The party rolls one D6 for initiative, got 0 dice.',
    );
    expect(thrown(() => T.initiative.score(party!, [7], toggles)).message).toBe(
      "The party's initiative roll[0] is 7, which is not a face of a d6 (1–6).",
    );
  });
});

describe('initiative order', () => {
  it('higher total first, every step explained', () => {
    const ps = parts(ada, bob, thug);
    const [party, gang] = ps as [InitiativeParticipant, InitiativeParticipant];
    expect(T.initiative.order([roll(gang, 6), roll(party, 1)], ps, toggles)).toEqual({
      order: ['gang', 'party'],
      losesTurn: [],
      steps: [
        { text: 'The party: D6 1 + highest Wits 5 = 6.', rule: ROUND },
        { text: "The highest Wits on The party is bob's 5.", rule: ROUND },
        { text: 'The gang: D6 6 + highest Wits 3 = 9.', rule: ROUND },
        { text: "The highest Wits on The gang is thug's 3.", rule: ROUND },
        { text: 'Each side rolls D6 + its highest Wits: The gang 9, The party 6.', rule: ROUND },
        { text: 'The gang has the higher total and acts first.', rule: ROUND },
      ],
    });
  });

  it('re-scores from the faces, so an edited score cannot change the order', () => {
    const ps = parts(ada, thug);
    const [party, gang] = ps as [InitiativeParticipant, InitiativeParticipant];
    const forged = { ...roll(party, 1), score: 99 };
    expect(T.initiative.order([forged, roll(gang, 2)], ps, toggles).order).toEqual(['gang', 'party']);
  });

  it('only the tied sides reroll', () => {
    const ps = parts(ada, thug, cop);
    const [party, gang, cops] = ps as [InitiativeParticipant, InitiativeParticipant, InitiativeParticipant];
    // party 2 + 4 = 6, gang 3 + 3 = 6, cops 4 + 6 = 10.
    const r = T.initiative.order([roll(party, 4), roll(gang, 3), roll(cops, 6)], ps, toggles);
    expect(r.order).toEqual(['cops', 'party', 'gang']);
    expect(r.tieToReroll).toEqual(['party', 'gang']);
    expect(r.steps.at(-1)).toEqual({ text: 'Equal totals: reroll the tie (the roll cannot be pushed).', rule: ROUND });
  });

  it('sides with the same name are told apart by id', () => {
    const twins = [
      { id: 'g1', name: 'Gang' },
      { id: 'g2', name: 'Gang' },
    ];
    const a = combatant('a', 'g1');
    const b = combatant('b', 'g2', { wits: 1 });
    const ps = T.initiative.participants([a, b], twins);
    const r = T.initiative.order(
      ps.map((p) => roll(p, 3)),
      ps,
      toggles,
    );
    expect(r.order).toEqual(['g1', 'g2']);
    expect(r.steps.at(-2)!.text).toBe('Each side rolls D6 + its highest Wits: Gang (g1) 6, Gang (g2) 4.');
  });

  it('the side that started the fight acts first when the GM says so', () => {
    const ps = parts(ada, thug);
    const [party, gang] = ps as [InitiativeParticipant, InitiativeParticipant];
    const starts = (firstSide: string): ToggleValues => ({ ...toggles, firstSide });
    const r = T.initiative.order([roll(party, 6), roll(gang, 1)], ps, starts('gang'));
    expect(r.order).toEqual(['gang', 'party']);
    expect(r.tieToReroll).toBeUndefined();
    expect(r.steps.at(-1)).toEqual({ text: 'The gang started the fight and acts first.', rule: ROUND });
    // A tie between the starter and another side needs no reroll.
    expect(T.initiative.order([roll(party, 2), roll(gang, 1)], ps, starts('party')).tieToReroll).toBeUndefined();
    // "roll", or a side not in the fight, leaves the roll in charge.
    expect(T.initiative.order([roll(party, 6), roll(gang, 1)], ps, starts('roll')).order).toEqual(['party', 'gang']);
    expect(T.initiative.order([roll(party, 6), roll(gang, 1)], ps, starts('cops')).order).toEqual(['party', 'gang']);
    expect(T.initiative.order([roll(party, 6), roll(gang, 1)], ps, {}).order).toEqual(['party', 'gang']);
  });

  it('with a starter, the other sides still reroll their own tie', () => {
    const ps = parts(ada, thug, cop);
    const [party, gang, cops] = ps as [InitiativeParticipant, InitiativeParticipant, InitiativeParticipant];
    const r = T.initiative.order([roll(party, 4), roll(gang, 3), roll(cops, 1)], ps, { ...toggles, firstSide: 'cops' });
    expect(r.order).toEqual(['cops', 'party', 'gang']);
    expect(r.tieToReroll).toEqual(['party', 'gang']);
    const behind = T.initiative.order([roll(party, 4), roll(gang, 4), roll(cops, 3)], ps, {
      ...toggles,
      firstSide: 'party',
    });
    // gang 7 and cops 7 tie behind the starter.
    expect(behind.tieToReroll).toEqual(['gang', 'cops']);
    const clear = T.initiative.order([roll(party, 4), roll(gang, 5), roll(cops, 3)], ps, {
      ...toggles,
      firstSide: 'party',
    });
    expect(clear.tieToReroll).toBeUndefined();
  });

  it('with a starter tied with one other side, nobody rerolls', () => {
    const ps = parts(ada, thug, cop);
    const [party, gang, cops] = ps as [InitiativeParticipant, InitiativeParticipant, InitiativeParticipant];
    // party 2 + 4 = 6 (starter), gang 3 + 3 = 6, cops 4 + 3 = 7: the only tie involves the starter.
    const r = T.initiative.order([roll(party, 4), roll(gang, 3), roll(cops, 3)], ps, {
      ...toggles,
      firstSide: 'party',
    });
    expect(r.order).toEqual(['party', 'cops', 'gang']);
    expect(r.losesTurn).toEqual([]);
    expect(r.tieToReroll).toBeUndefined();
    expect(r.steps.at(-1)).toEqual({ text: 'The party started the fight and acts first.', rule: ROUND });
  });

  it('one side alone, or none', () => {
    const ps = parts(ada);
    expect(T.initiative.order([roll(ps[0]!, 2)], ps, toggles)).toEqual({
      order: ['party'],
      losesTurn: [],
      steps: [
        { text: 'The party: D6 2 + highest Wits 2 = 4.', rule: ROUND },
        { text: "The highest Wits on The party is ada's 2.", rule: ROUND },
        { text: 'The party is the only side in the fight.', rule: ROUND },
      ],
    });
    expect(T.initiative.order([], [], toggles)).toEqual({ order: [], losesTurn: [], steps: [] });
  });

  it('refuses rolls that do not match the sides', () => {
    const ps = parts(ada, thug);
    const [party, gang] = ps as [InitiativeParticipant, InitiativeParticipant];
    expect(thrown(() => T.initiative.order(null as never, ps, toggles)).message).toBe(
      'Initiative needs a list of entries and a list of participants.',
    );
    expect(thrown(() => T.initiative.order([], null as never, toggles)).message).toBe(
      'Initiative needs a list of entries and a list of participants.',
    );
    expect(thrown(() => T.initiative.order([], [party, party], toggles)).message).toBe(
      'A side is listed twice among the participants.',
    );
    const stray = thrown(() => T.initiative.order([{ ...roll(party, 1), participantId: 'aliens' }], ps, toggles));
    expect([stray.code, stray.message]).toEqual([
      'unknown-entry',
      'The initiative roll of "aliens" belongs to no side in the fight.',
    ]);
    expect(thrown(() => T.initiative.order([roll(party, 1), roll(party, 2)], ps, toggles)).message).toBe(
      '"party" has two initiative rolls.',
    );
    expect(thrown(() => T.initiative.order([roll(party, 1)], ps, toggles)).message).toBe(
      'The gang has not rolled initiative yet.',
    );
    expect(roll(gang, 1).score).toBe(4);
  });
});

describe('rounds', () => {
  const context = (combatants: RulesCombatant[], order: string[] | null, tie?: string[]) => ({
    round: 3,
    combatants,
    participants: [],
    initiative: order ? { order, losesTurn: [], steps: [], ...(tie ? { tieToReroll: tie } : {}) } : null,
    entries: [],
    acted: [],
    toggles,
  });
  const ids = (slots: readonly { combatantId: string }[]) => slots.map((s) => s.combatantId);

  it('refuses a round it cannot build, with a sentence', () => {
    expect(thrown(() => T.buildRound(null as never)).message).toBe('A round needs the list of combatants.');
    expect(thrown(() => T.buildRound({ ...context([], null), combatants: 'all' as never })).message).toBe(
      'A round needs the list of combatants.',
    );
    expect(thrown(() => T.buildRound(context([ada, ada], null))).message).toBe('Combatant "ada" is listed twice.');
    const noRoll = thrown(() => T.buildRound(context([ada, thug], null)));
    expect([noRoll.code, noRoll.message]).toEqual([
      'not-allowed',
      'Round 3: the sides have not rolled initiative yet.',
    ]);
    const tied = thrown(() => T.buildRound(context([ada, thug], ['party', 'gang'], ['party', 'gang'])));
    expect([tied.code, tied.message]).toEqual([
      'not-allowed',
      'Initiative is tied (party, gang): reroll the tie before the round starts.',
    ]);
    expect(thrown(() => T.buildRound(context([ada, thug], ['party', 'party']))).message).toBe(
      'A side appears twice in the initiative order.',
    );
  });

  it('a single side needs no roll; an empty tie list is no tie; sides with nobody are skipped', () => {
    expect(ids(T.buildRound(context([ada, bob], null)))).toEqual(['ada', 'bob']);
    expect(ids(T.buildRound(context([ada, thug], ['gang', 'party'], [])))).toEqual(['thug', 'ada']);
    expect(ids(T.buildRound(context([ada, thug], ['cops', 'gang', 'party'])))).toEqual(['thug', 'ada']);
    expect(T.buildRound(context([], null))).toEqual([]);
  });

  it('who keeps a slot: the able, the dying, the tasered — not the dead nor the stabilized', () => {
    const dying = withHealth(ada, {
      health: 0,
      deathRolls: { state: 'dying', sixes: 0, failedRolls: 0, rollsCounted: 0 },
    });
    const rallied = withHealth(bob, {
      health: 1,
      deathRolls: { state: 'dying', sixes: 0, failedRolls: 0, rollsCounted: 0 },
    });
    const stable = withHealth(combatant('sam', 'party'), {
      health: 0,
      deathRolls: { state: 'stabilized', sixes: 3, failedRolls: 0, rollsCounted: 1 },
    });
    const dead = withHealth(thug, { health: 0, dead: true });
    const tasered = { ...cop, conditionIds: ['lost-next-turn'] };
    const taseredDown = { ...stable, id: 'tim', name: 'tim', conditionIds: ['lost-next-turn'] };
    const taseredDead = { ...dead, id: 'tod', name: 'tod', conditionIds: ['lost-next-turn'] };
    expect(
      ids(
        T.buildRound(
          context([dying, rallied, stable, dead, tasered, taseredDown, taseredDead], ['party', 'gang', 'cops']),
        ),
      ),
    ).toEqual(['ada', 'bob', 'cop']);
    expect(T.buildRound(context([tasered], null))).toEqual([{ combatantId: 'cop', pass: 1 }]);
  });
});

describe('action economy', () => {
  const REACTIONS = [
    {
      id: 'fight-back',
      label: 'Fight back',
      costs: {},
      reaction: true,
      forfeitsNextTurn: true,
      help: 'Against a close attack: opposed Strength roll, only the attacker may push. Forfeits your next turn (next round’s if you have acted), but you may fight back any number of close attacks until then.',
    },
    {
      id: 'dodge',
      label: 'Dodge',
      costs: {},
      reaction: true,
      forfeitsNextTurn: true,
      help: 'Against a ranged attack: opposed Agility roll, only the attacker may push; a dodge never deals damage. Forfeits your next turn (next round’s if you have acted), but you may dodge any number of ranged attacks until then.',
    },
  ];
  const MOVE_HELP = 'Between two adjacent zones, or between Short and Engaged in the same zone.';
  const ACTION_HELP = 'Attack, reload, take cover, rally an Incapacitated fighter, interact with an item.';
  const FREE = {
    id: 'free',
    label: 'Free action (draw a weapon, open a door, a few words)',
    costs: {},
    help: 'Only on your own turn, in addition to the move and action.',
  };
  const INCAPACITATED = 'Incapacitated: can crawl (one move) and mumble, but cannot roll attributes or use talents.';
  const CRAWL = {
    resources: [{ id: 'move', label: 'Move', max: 1, refresh: 'turn' }],
    actions: [{ id: 'crawl', label: 'Crawl', costs: { move: 1 }, help: 'One move per turn; can mumble too.' }],
  };

  it('a turn: one move and one action (the move first), or two moves; reactions forfeit the next turn', () => {
    expect(T.economy(ada, toggles)).toEqual({
      resources: [
        { id: 'move', label: 'Move', max: 1, refresh: 'turn' },
        { id: 'action', label: 'Action', max: 1, refresh: 'turn' },
      ],
      actions: [
        {
          id: 'move',
          label: 'Move',
          costs: { move: 1 },
          help: MOVE_HELP,
          notAfter: { resource: 'action', reason: 'The move must come before the action.' },
        },
        { id: 'action', label: 'Action (attack, reload, take cover, rally…)', costs: { action: 1 }, help: ACTION_HELP },
        {
          id: 'second-move',
          label: 'Second move (instead of the action)',
          costs: { action: 1 },
          help: 'Two moves and no action this turn.',
        },
        FREE,
        ...REACTIONS,
      ],
      summary: 'One move and one action (the move first), or two moves.',
      rule: { section: 'Round Structure', source: 'seed' },
    });
  });

  it('a move-or-act injury leaves one of the two', () => {
    expect(T.economy({ ...ada, conditionIds: ['busted-knee'] }, toggles)).toEqual({
      resources: [{ id: 'turn', label: 'Move or action', max: 1, refresh: 'turn' }],
      actions: [
        { id: 'move', label: 'Move', costs: { turn: 1 }, help: MOVE_HELP },
        { id: 'action', label: 'Action (attack, reload, take cover, rally…)', costs: { turn: 1 }, help: ACTION_HELP },
        FREE,
        ...REACTIONS,
      ],
      summary: 'Busted knee: may move OR act, not both.',
      rule: { section: 'Round Structure', source: 'seed' },
    });
    // An injury that does not slow keeps the full turn.
    expect(T.economy({ ...ada, conditionIds: ['concussion'] }, toggles).summary).toBe(
      'One move and one action (the move first), or two moves.',
    );
  });

  it('tasered, Incapacitated, dead', () => {
    expect(T.economy({ ...ada, conditionIds: ['lost-next-turn'] }, toggles)).toEqual({
      resources: [],
      actions: REACTIONS,
      summary: 'Loses this turn (taser): no move and no action.',
      rule: { section: 'Round Structure', source: 'seed' },
    });
    const dyingRolls = { state: 'dying', sixes: 0, failedRolls: 0, rollsCounted: 0 };
    expect(T.economy(withHealth(ada, { health: 0, deathRolls: dyingRolls }), toggles)).toEqual({
      ...CRAWL,
      summary: `${INCAPACITATED} Death roll this turn: 4 dice, no push.`,
      rule: { section: 'Round Structure', source: 'seed' },
    });
    expect(
      T.economy(withHealth(ada, { health: 0, deathRolls: { ...dyingRolls, state: 'stabilized' } }), toggles),
    ).toEqual({
      ...CRAWL,
      summary: `${INCAPACITATED} Stabilized: no more death rolls.`,
      rule: { section: 'Round Structure', source: 'seed' },
    });
    expect(T.economy(withHealth(ada, { dead: true }), toggles)).toEqual({
      resources: [],
      actions: [],
      summary: 'Dead.',
      rule: { section: 'Round Structure', source: 'seed' },
    });
  });

  it('no encounter-wide prompts, but the lists are checked', () => {
    expect(T.encounterPrompts([ada], ['x'])).toEqual([]);
    expect(thrown(() => T.encounterPrompts(null as never, [])).message).toBe(
      'Encounter prompts need the list of combatants and the prompts already shown.',
    );
    expect(thrown(() => T.encounterPrompts([], null as never)).message).toBe(
      'Encounter prompts need the list of combatants and the prompts already shown.',
    );
  });
});

describe('conditions', () => {
  it('the taser, cover, ambush, then every serious injury in table order', () => {
    expect(T.conditions.slice(0, 3)).toEqual([
      {
        id: 'lost-next-turn',
        label: 'Loses next turn',
        description:
          'Hit by a taser and no 6 on the Strength roll at −2 dice: loses its next turn (this round’s if it has not acted yet). The turn still comes up, with no move or action, and the condition ends with it.',
        defaultRounds: 1,
      },
      {
        id: 'in-cover',
        label: 'In cover',
        description:
          "Took cover (an action). Against each ranged hit roll dice equal to the cover's Armor Level (put it in the note: shrubbery 2, furniture 3, car door 4, brick wall 6, sandbag 8); each 6 blocks 1 damage, before armour.",
      },
      {
        id: 'unaware',
        label: 'Unaware (ambushed)',
        description: 'Cannot fight back or dodge: must take the hit or stand tall.',
      },
    ]);
    expect(T.conditions.slice(3).map((c) => c.label)).toEqual(SERIOUS_INJURIES.map((i) => i.injury));
    const byId = (id: string) => T.conditions.find((c) => c.id === id);
    expect(byId('teeth-knocked-out')).toEqual({
      id: 'teeth-knocked-out',
      label: 'Teeth knocked out',
      description: 'Serious injury: −1 die on Empathy rolls; heals in 2D6 days.',
    });
    expect(byId('infected-wound')!.description).toBe('Serious injury: Disease of Virulence 6.');
    expect(byId('cracked-skull')!.description).toBe(
      `Serious injury: −2 dice on Wits rolls (requires surgery); heals in 2D6 days. ${SURGERY_NOTE}`,
    );
  });

  it('condition ids are the injury names in lower-case words joined by hyphens', () => {
    expect(SERIOUS_INJURIES.map(injuryConditionId).slice(0, 3)).toEqual([
      'broken-finger',
      'ear-torn-off',
      'broken-toe',
    ]);
    expect(injuryConditionId({ ...SERIOUS_INJURIES[0]!, injury: ' Odd (name)! ' })).toBe('odd-name');
  });
});
