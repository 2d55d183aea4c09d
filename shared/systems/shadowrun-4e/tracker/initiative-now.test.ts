import { describe, expect, it } from 'vitest';
import type { InitiativeEntry, RoundContext, RulesCombatant, Stats } from '../../../system-kit/tracker-rules';
import { RulesError } from '../../../errors';
import { resolveToggles } from '../../../system-kit/toggles';
import { shadowrunToggles } from '../toggles';
import { shadowrun4eTracker as T } from './index';

const TOGGLES = resolveToggles(shadowrunToggles, {});
const DEFAULTS: Stats = Object.fromEntries(T.statFields.map((f) => [f.id, f.defaultValue]));
const current = T.initiative.current!;

/** Body 3 (a Physical monitor of 10), Willpower 3 (Stun 10), Reaction 3 + Intuition 3: six Initiative dice. */
function ganger(id: string, physical = 0, stun = 0, groupId?: string): RulesCombatant {
  return {
    id,
    name: id,
    kind: 'npc',
    side: 'opponents',
    stats: { ...DEFAULTS, body: 3, willpower: 3, reaction: 3, intuition: 3 },
    health: { physical, stun },
    conditionIds: [],
    ...(groupId === undefined ? {} : { groupId }),
  };
}

/** The entry the rules score for these faces, rolled with the combatants as they are. */
function rolled(members: RulesCombatant[], faces: number[], id = members[0]!.id): InitiativeEntry {
  return T.initiative.score({ id, label: id, members }, faces, TOGGLES);
}

// Three hits on six dice: 6 + 3 = 9 unhurt.
const THREE_HITS = [5, 5, 6, 2, 3, 4];

describe('Shadowrun Initiative Score as it stands now', () => {
  it('is the rolled score while the wound modifier is the one at the roll', () => {
    const unhurt = ganger('g1');
    expect(current(unhurt, rolled([unhurt], THREE_HITS), TOGGLES)).toEqual({
      score: 9,
      display: '9',
      explanation: 'Rolled 9',
    });
    // Two boxes: still no wound modifier.
    expect(current(ganger('g1', 2), rolled([unhurt], THREE_HITS), TOGGLES).score).toBe(9);
  });

  it('drops by the wound modifier taken since the roll, and says both numbers', () => {
    const entry = rolled([ganger('g1')], THREE_HITS);
    // Six Physical boxes: −2.
    expect(current(ganger('g1', 6), entry, TOGGLES)).toEqual({
      score: 7,
      display: '7',
      explanation: 'Rolled 9, wound modifier −2',
    });
    // Physical and Stun count separately: 3 + 3 boxes are −1 and −1.
    expect(current(ganger('g1', 3, 3), entry, TOGGLES).explanation).toBe('Rolled 9, wound modifier −2');
  });

  it('counts a wound modifier already in the roll once, and only the change since', () => {
    const wounded = ganger('g1', 3);
    const entry = rolled([wounded], THREE_HITS);
    expect(entry.score).toBe(8);
    expect(current(wounded, entry, TOGGLES)).toEqual({
      score: 8,
      display: '8',
      explanation: 'Rolled 8, wound modifier −1 counted at the roll',
    });
    expect(current(ganger('g1', 6), entry, TOGGLES)).toEqual({
      score: 7,
      display: '7',
      explanation: 'Rolled 8 with wound modifier −1; wound modifier now −2',
    });
    // Healed since the roll: the score goes back up.
    expect(current(ganger('g1', 0), entry, TOGGLES)).toEqual({
      score: 9,
      display: '9',
      explanation: 'Rolled 8 with wound modifier −1; wound modifier now 0',
    });
  });

  it('keeps a glitch on the display next to the new number', () => {
    // Three 1s on six dice: a glitch, one hit.
    const entry = rolled([ganger('g1')], [1, 1, 1, 5, 2, 2]);
    expect(entry.display).toBe('7 · glitch');
    expect(current(ganger('g1', 3), entry, TOGGLES).display).toBe('6 · glitch');
  });

  it('lowers each member of a group by its own wounds only', () => {
    const entry = rolled([ganger('g1', 0, 0, 'gang'), ganger('g2', 0, 0, 'gang')], THREE_HITS, 'gang');
    expect(current(ganger('g1', 0, 0, 'gang'), entry, TOGGLES).score).toBe(9);
    expect(current(ganger('g2', 9, 0, 'gang'), entry, TOGGLES)).toEqual({
      score: 6,
      display: '6',
      explanation: 'Rolled 9, wound modifier −3',
    });
  });

  it('is the score buildRound orders by: the wounded one falls behind a lower roll', () => {
    const g1 = ganger('g1');
    const g2 = ganger('g2');
    // g1 9, g2 8 (two hits).
    const entries = [rolled([g1], THREE_HITS), rolled([g2], [5, 6, 1, 2, 3, 4])];
    const participants = [g1, g2].map((c) => ({ id: c.id, label: c.name, members: [c] }));
    const order = T.initiative.order(entries, participants, TOGGLES);
    const round = (combatants: RulesCombatant[]): string[] => {
      const context: RoundContext = {
        round: 1,
        combatants,
        participants,
        initiative: order,
        entries,
        acted: [],
        toggles: TOGGLES,
      };
      return T.buildRound(context).map((slot) => slot.combatantId);
    };
    expect(round([g1, g2])).toEqual(['g1', 'g2']);
    const hurtG1 = ganger('g1', 6);
    expect(current(hurtG1, entries[0]!, TOGGLES).score).toBe(7);
    expect(current(g2, entries[1]!, TOGGLES).score).toBe(8);
    expect(round([hurtG1, g2])).toEqual(['g2', 'g1']);
  });

  it('refuses an entry that is not an Initiative entry, with a sentence', () => {
    const bad = { participantId: 'g1', memberIds: ['g1'], score: 'nine' } as unknown as InitiativeEntry;
    expect(() => current(ganger('g1'), bad, TOGGLES)).toThrow(RulesError);
    expect(() => current(ganger('g1'), bad, TOGGLES)).toThrow(/Initiative entry g1: score/);
  });
});
