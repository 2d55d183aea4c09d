import { describe, expect, it } from 'vitest';
import type { EventInput } from '../encounter/events';
import type { EncounterState, ShownRoll } from '../encounter/state';
import type { TrackerRules } from '../system-kit/tracker-rules';
import type { PlayerEncounter, ProjectionOptions } from './contract';
import { fight, OPTIONS, play, setup } from './fights.test-support';
import { mentionsHidden, projectForPlayers } from './projection';

/** What the players never see (hidden combatants, their turns, unshown things) and when they do. */

function project(state: EncounterState, rules: TrackerRules | null, options: Partial<ProjectionOptions> = {}): PlayerEncounter {
  const screen = projectForPlayers(state, rules, { ...OPTIONS, ...options });
  if (screen.kind !== 'encounter') throw new Error(`expected an encounter, got ${screen.kind}`);
  return screen;
}

/** Each row as "name: acting/next/done". */
const rows = (screen: PlayerEncounter) =>
  screen.combatants.map((c) => `${c.name}:${[c.acting && 'acting', c.next && 'next', c.done && 'done'].filter(Boolean).join(',')}`);

const advance: EventInput = { type: 'turn-advanced' };
const reveal = (combatantId: string): EventInput => ({ type: 'combatant-revealed', combatantId });

// UESRPG: Aela (6 + rating 11), then the hidden Lurker (6 + 7), then the Bandit (1 + 8).
const uesrpg = () =>
  fight('uesrpg-3e', [
    { id: 'a', name: 'Aela', preset: 'adventurer', initiativeFace: 6 },
    { id: 'l', name: 'Lurker', preset: 'brawler', hidden: true, initiativeFace: 6 },
    { id: 'b', name: 'Bandit', preset: 'bandit', initiativeFace: 1 },
  ]);

describe('screens with no fight to show', () => {
  it('waiting with no encounter; blank when the screen is down, whatever the state', () => {
    const { state, rules } = uesrpg();
    expect(projectForPlayers(null, null, OPTIONS)).toEqual({ kind: 'waiting' });
    expect(projectForPlayers(null, null, { ...OPTIONS, screenDown: true })).toEqual({ kind: 'blank' });
    expect(projectForPlayers(state, rules, { ...OPTIONS, screenDown: true })).toEqual({ kind: 'blank' });
  });

  it('in setup: the roster without turns, "Setting up", no timer', () => {
    const state = setup('uesrpg-3e', [
      { id: 'a', name: 'Aela', preset: 'adventurer' },
      { id: 'l', name: 'Lurker', preset: 'brawler', hidden: true },
    ]);
    const screen = project(state, null);
    expect([screen.status, screen.progress, screen.timerKey, rows(screen)]).toEqual(['setup', ['Setting up'], null, ['Aela:']]);
  });
});

describe('hidden combatants', () => {
  it('are left out, their turns uncounted; while one acts nobody is acting and only the round is named', () => {
    const { state, rules } = uesrpg();
    let screen = project(state, rules);
    expect([rows(screen), screen.progress, screen.timerKey]).toEqual([['Aela:acting', 'Bandit:next'], ['Round 1', 'Turn 1 of 2'], 'r1p1t1']);

    const lurking = play(state, advance);
    screen = project(lurking, rules);
    // The timer keeps Aela's turn: a new key would tell the players someone unseen acts.
    expect([rows(screen), screen.progress, screen.timerKey]).toEqual([['Aela:done', 'Bandit:next'], ['Round 1'], 'r1p1t1']);
    expect(JSON.stringify(screen)).not.toMatch(/lurker|"l"/i);

    const bandit = play(lurking, advance);
    screen = project(bandit, rules);
    expect([rows(screen), screen.progress, screen.timerKey]).toEqual([['Aela:done', 'Bandit:acting'], ['Round 1', 'Turn 2 of 2'], 'r1p1t2']);

    // Revealed: in its place in the order, its turn taken, and counted from now on.
    screen = project(play(bandit, reveal('l')), rules);
    expect([rows(screen), screen.progress, screen.timerKey]).toEqual([
      ['Aela:done', 'Lurker:done', 'Bandit:acting'],
      ['Round 1', 'Turn 3 of 3'],
      'r1p1t3',
    ]);
  });

  it('one that acts first: no turn yet counted, the first visible one is next', () => {
    const { state, rules } = fight('uesrpg-3e', [
      // 6 + rating 7 against 1 + rating 11.
      { id: 'l', name: 'Lurker', preset: 'brawler', hidden: true, initiativeFace: 6 },
      { id: 'a', name: 'Aela', preset: 'adventurer', initiativeFace: 1 },
    ]);
    const screen = project(state, rules);
    expect([rows(screen), screen.progress, screen.timerKey]).toEqual([['Aela:next'], ['Round 1'], 'r1p0t0']);
    expect(project(state, rules, { timerScope: 'round' }).timerKey).toBe('r1');
  });

  it('removed combatants are left out too', () => {
    const { state, rules } = uesrpg();
    const screen = project(play(state, { type: 'combatant-removed', combatantId: 'b' }), rules);
    expect([rows(screen), screen.progress]).toEqual([['Aela:acting'], ['Round 1', 'Turn 1 of 1']]);
  });
});

describe('Shadowrun passes', () => {
  // Sam has 2 Initiative Passes; the hidden Sniper and Ganger 1 pass each.
  const shadowrun = () =>
    fight('shadowrun-4e', [
      { id: 'sam', name: 'Sam', preset: 'street-samurai' },
      { id: 'sn', name: 'Sniper', preset: 'corp-security', hidden: true },
      { id: 'g1', name: 'Ganger 1', preset: 'ganger' },
    ]);

  it('count the visible Action Phases; a turn timer keys on pass and visible phase; the next round waits for initiative', () => {
    const { state, rules } = shadowrun();
    const at = (s: EncounterState) => {
      const screen = project(s, rules);
      return [rows(screen), screen.progress.join(' · '), screen.timerKey];
    };
    expect(at(state)).toEqual([['Sam:acting', 'Ganger 1:next'], 'Combat Turn 1 · Initiative Pass 1 · Action Phase 1 of 3', 'r1p1t1']);
    const ganger = play(state, advance, advance);
    expect(at(ganger)).toEqual([['Sam:next', 'Ganger 1:acting'], 'Combat Turn 1 · Initiative Pass 1 · Action Phase 2 of 3', 'r1p1t2']);
    const samAgain = play(ganger, advance);
    expect(at(samAgain)).toEqual([['Sam:acting', 'Ganger 1:done'], 'Combat Turn 1 · Initiative Pass 2 · Action Phase 3 of 3', 'r1p2t3']);
    expect(project(samAgain, rules, { timerScope: 'round' }).timerKey).toBe('r1');
    const nextRound = play(samAgain, advance);
    expect(at(nextRound)).toEqual([['Sam:', 'Ganger 1:'], 'Combat Turn 2 · initiative due', null]);
  });

  it('ended: no timer, nobody acting', () => {
    const { state, rules } = shadowrun();
    const screen = project(play(state, { type: 'encounter-ended' }), rules);
    expect([rows(screen), screen.progress, screen.timerKey, screen.status]).toEqual([['Sam:', 'Ganger 1:'], ['Ended after Combat Turn 1'], null, 'ended']);
  });
});

describe('conditions', () => {
  it('only those the GM marks visible, with their rounds left', () => {
    const { state, rules } = uesrpg();
    const add = (instanceId: string, label: string, visible?: boolean, rounds?: number): EventInput => ({
      type: 'condition-added',
      combatantId: 'b',
      instanceId,
      condition: { conditionId: 'custom', label, ...(rounds ? { rounds } : {}), note: 'GM: bluffing' },
      ...(visible === undefined ? {} : { visible }),
    });
    const conditions = (s: EncounterState) => project(s, rules).combatants.find((c) => c.key === 'b')!.conditions;
    let s = play(state, add('i1', 'Prone', true), add('i2', 'Poisoned'), add('i3', 'Blinded', true, 2), add('i4', 'Marked', false));
    expect(conditions(s)).toEqual([
      { label: 'Prone', roundsLeft: null },
      { label: 'Blinded', roundsLeft: 2 },
    ]);
    s = play(
      s,
      { type: 'condition-visibility-set', combatantId: 'b', instanceId: 'i1', visible: false },
      { type: 'condition-visibility-set', combatantId: 'b', instanceId: 'i2', visible: true },
    );
    expect(conditions(s)).toEqual([
      { label: 'Poisoned', roundsLeft: null },
      { label: 'Blinded', roundsLeft: 2 },
    ]);
    // A visible condition whose label names a hidden combatant waits for the reveal.
    s = play(s, add('i5', 'Grappled by the lurker', true));
    expect(conditions(s).map((c) => c.label)).toEqual(['Poisoned', 'Blinded']);
    expect(conditions(play(s, reveal('l'))).map((c) => c.label)).toEqual(['Poisoned', 'Blinded', 'Grappled by the lurker']);
  });
});

describe('rolls', () => {
  const roll = (rollId: string, over: Partial<ShownRoll> = {}): ShownRoll => ({
    rollId,
    who: 'Aela',
    what: 'Attack',
    summary: `${rollId}: 2 hits`,
    dice: [{ sides: 100, faces: [42] }],
    ...over,
  });
  const show = (r: ShownRoll): EventInput => ({ type: 'roll-shown', roll: r });

  function shown() {
    const { state, rules } = uesrpg();
    const s = play(
      state,
      show(roll('r1', { actorId: 'a', targetIds: ['b'] })),
      show(roll('r2', { who: 'The shadow', actorId: 'l', targetIds: ['a'] })),
      show(roll('r3', { actorId: 'a', targetIds: ['b', 'l'] })),
      show(roll('r4', { who: 'GM', what: 'Ambush', summary: 'The LURKER strikes from the dark' })),
      show(roll('r5', { who: 'Bandit', what: 'Evade', actorId: 'b' })),
      show(roll('r6', { what: 'Perception', dice: [{ sides: 100, faces: [7] }, { sides: 10, faces: [3, 9] }] })),
      show(roll('r7')),
      { type: 'roll-unshown', rollId: 'r7' },
    );
    return { state: s, rules };
  }

  it('the last few shown, newest first, leaving out any that name a hidden combatant (actor, target or text)', () => {
    const { state, rules } = shown();
    expect(project(state, rules).rolls).toEqual([
      { id: 'r6', who: 'Aela', what: 'Perception', summary: 'r6: 2 hits', dice: [{ sides: 100, faces: [7] }, { sides: 10, faces: [3, 9] }] },
      { id: 'r5', who: 'Bandit', what: 'Evade', summary: 'r5: 2 hits', dice: [{ sides: 100, faces: [42] }] },
      { id: 'r1', who: 'Aela', what: 'Attack', summary: 'r1: 2 hits', dice: [{ sides: 100, faces: [42] }] },
    ]);
    expect(project(state, rules, { rollsShown: 1 }).rolls.map((r) => r.id)).toEqual(['r6']);
    expect(project(state, rules, { rollsShown: 0 }).rolls).toEqual([]);
    expect(project(state, rules, { rollsShown: 10 }).rolls.map((r) => r.id)).toEqual(['r6', 'r5', 'r1']);
  });

  it('once the combatant is revealed, its rolls show', () => {
    const { state, rules } = shown();
    expect(project(play(state, reveal('l')), rules, { rollsShown: 10 }).rolls.map((r) => r.id)).toEqual(['r6', 'r5', 'r4', 'r3', 'r2', 'r1']);
  });

  it('are copies: no array of the result is the state’s own', () => {
    const { state, rules } = shown();
    const screen = project(state, rules);
    const source = state.shownRolls!.find((r) => r.rollId === 'r6')!;
    expect(screen.rolls[0]!.dice).not.toBe(source.dice);
    expect(screen.rolls[0]!.dice[0]).not.toBe(source.dice[0]);
    expect(screen.rolls[0]!.dice[0]!.faces).not.toBe(source.dice[0]!.faces);
    expect(structuredClone(screen)).toEqual(screen);
  });
});

describe('a hidden name inside a visible one', () => {
  it('mentionsHidden: a hidden name counts unless that place is inside a visible combatant’s name', () => {
    const hidden = ['ganger'];
    expect(mentionsHidden('street samurai shot ganger 2', hidden, ['ganger 2', 'street samurai'])).toBe(false);
    expect(mentionsHidden('ganger 2 and ganger fled', hidden, ['ganger 2'])).toBe(true);
    expect(mentionsHidden('the ganger strikes', hidden, ['ganger 2'])).toBe(true);
    expect(mentionsHidden('big ganger falls', hidden, ['big ganger'])).toBe(false);
    expect(mentionsHidden('ganger ganger 2', hidden, ['ganger 2'])).toBe(true);
    expect(mentionsHidden('nobody here', hidden, [])).toBe(false);
    expect(mentionsHidden('anything', [], ['ganger'])).toBe(false);
  });

  it('a roll naming "Bandit 2" shows while "Bandit" is hidden; one naming "Bandit" alone waits', () => {
    const { state, rules } = fight('uesrpg-3e', [
      { id: 'a', name: 'Aela', preset: 'adventurer', initiativeFace: 6 },
      { id: 'h', name: 'Bandit', preset: 'bandit', hidden: true, initiativeFace: 3 },
      { id: 'b2', name: 'Bandit 2', preset: 'bandit', initiativeFace: 1 },
    ]);
    const roll = (rollId: string, summary: string): EventInput => ({
      type: 'roll-shown',
      roll: { rollId, who: 'Aela', what: 'Attack', summary, dice: [{ sides: 100, faces: [42] }] },
    });
    const s = play(state, roll('r1', 'Aela hit Bandit 2 for 6'), roll('r2', 'Bandit ambushed Aela'));
    expect(project(s, rules, { rollsShown: 5 }).rolls.map((r) => r.id)).toEqual(['r1']);
  });
});

describe("the encounter's name", () => {
  it('shown as the GM named it; kept off when the GM says so, or while it names a hidden combatant', () => {
    const { state, rules } = uesrpg();
    expect(project(play(state, { type: 'encounter-renamed', name: 'Road to Bruma' }), rules).name).toBe('Road to Bruma');
    expect(project(play(state, { type: 'encounter-renamed', name: 'Road to Bruma' }), rules, { showEncounterName: false }).name).toBe('');
    const named = play(state, { type: 'encounter-renamed', name: 'The lurker’s ambush' });
    expect(project(named, rules).name).toBe('');
    expect(project(play(named, reveal('l')), rules).name).toBe('The lurker’s ambush');
  });
});
