import type { TurnSlot } from '../../../system-kit/tracker-rules';
import { shadowrun4eTracker as T } from './index';
import { describe, expect, it } from 'vitest';
import { TOGGLES, fighter, refusal } from './tracker.test-support';

describe('action economy in full', () => {
  const c = fighter('a');
  const FULL_SUMMARY =
    'One Complex Action, or two Simple Actions (one may be swapped for a Free Action), plus one Free Action per Action Phase.';

  it('lists each action with its costs and help', () => {
    expect(T.economy(c, TOGGLES)).toEqual({
      resources: [
        { id: 'simple', label: 'Simple Actions', max: 2, refresh: 'turn' },
        { id: 'free', label: 'Free Action', max: 1, refresh: 'turn' },
        { id: 'swap', label: 'Simple swapped for Free', max: 1, refresh: 'turn' },
      ],
      actions: [
        {
          id: 'complex',
          label: 'Complex action',
          costs: { simple: 2 },
          help: 'Full-auto fire, melee or unarmed attack, going on Full Defense, most skill uses: the whole Action Phase.',
        },
        {
          id: 'simple',
          label: 'Simple action',
          costs: { simple: 1 },
          help: 'Fire once (single-shot, semi-auto, burst), reload a clip, take aim, stand up, sprint.',
        },
        {
          id: 'free',
          label: 'Free action',
          costs: { free: 1 },
          help: 'Speak a phrase, drop an item, drop prone, gesture, call a shot.',
        },
        {
          id: 'free-for-simple',
          label: 'Free action (in place of a Simple)',
          costs: { simple: 1, swap: 1 },
          help: 'One Simple Action may be swapped for a second Free Action.',
        },
        {
          id: 'full-defense-interrupt',
          label: 'Full Defense (interrupt)',
          costs: {},
          reaction: true,
          forfeitsNextTurn: true,
          help: "Go on Full Defense out of turn; it uses the character's next action (their next Action Phase if this one is spent).",
        },
      ],
      summary: FULL_SUMMARY,
      rule: { section: 'Actions', source: 'seed' },
    });
  });

  it('a critical glitch slot: one Simple slot fewer, said in the summary; other budgets untouched', () => {
    const lost = T.economy(c, TOGGLES, { combatantId: 'a', pass: 1, simpleActionsLost: 1 } as TurnSlot);
    expect(lost.resources).toEqual([
      { id: 'simple', label: 'Simple Actions (1 lost: critical glitch)', max: 1, refresh: 'turn' },
      { id: 'free', label: 'Free Action', max: 1, refresh: 'turn' },
      { id: 'swap', label: 'Simple swapped for Free', max: 1, refresh: 'turn' },
    ]);
    expect(lost.summary).toBe(
      `Critical glitch on Initiative: one Simple Action fewer in this Action Phase, so no Complex Action. ${FULL_SUMMARY}`,
    );
    expect(lost.actions).toEqual(T.economy(c, TOGGLES).actions);
    expect(T.economy(c, TOGGLES, { combatantId: 'a', pass: 1, simpleActionsLost: 0 } as TurnSlot)).toEqual(
      T.economy(c, TOGGLES),
    );
  });

  it('names a bad slot', () => {
    expect(refusal(() => T.economy(c, TOGGLES, 5 as unknown as TurnSlot))).toBe(
      'invalid-input: A turn slot must be an object, got 5.',
    );
    expect(refusal(() => T.economy(c, TOGGLES, null as unknown as TurnSlot))).toBe(
      'invalid-input: A turn slot must be an object, got null.',
    );
    expect(refusal(() => T.economy(c, TOGGLES, { combatantId: 'a', pass: 0 }))).toBe(
      'out-of-range: Initiative Pass must be between 1 and 4, got 0.',
    );
    expect(refusal(() => T.economy(c, TOGGLES, { combatantId: 'a', pass: 1, simpleActionsLost: 2 } as TurnSlot))).toBe(
      'out-of-range: Simple Actions lost must be between 0 and 1, got 2.',
    );
    expect(T.economy(c, TOGGLES, { combatantId: 'a', pass: 4 })).toEqual(T.economy(c, TOGGLES));
  });
});
