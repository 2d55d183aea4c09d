import { describe, expect, it } from 'vitest';
import { RulesError } from '../../errors';
import { ACTION_EXAMPLES } from './actions';
import {
  FIRING_MODE_ACTION_RULE,
  FIRING_MODES,
  firingModeAction,
  firingModeActionStep,
  firingModeEffect,
  type FiringMode,
} from './modifiers';
import { firingModeTable, actionTable } from './tables';

// Seed (002_efc801e1fa6f2480.txt), Actions: "Simple Actions: firing a weapon once
// (single-shot/semi-auto/burst)" and "Complex Actions: full-auto fire". The book (SR4A) lets a
// full-auto long burst go as a Simple Action; the seed speaks here, so both full-auto bursts are Complex.

const MODES: readonly FiringMode[] = ['single-shot', 'semi-auto', 'burst', 'long-burst', 'full-burst'];
const ACTIONS_RULE = { section: 'Actions', source: 'seed' };
const NOTE =
  'Seed (Actions): firing once — single-shot, semi-auto or burst — is a Simple Action; full-auto fire, a long burst included, is a Complex Action. The book (SR4A) makes a long burst a Simple Action.';

describe('the action each firing mode costs', () => {
  it('single-shot, semi-auto and burst are Simple; both full-auto bursts are Complex', () => {
    expect(MODES.map((mode) => [mode, firingModeAction(mode)])).toEqual([
      ['single-shot', 'simple'],
      ['semi-auto', 'simple'],
      ['burst', 'simple'],
      ['long-burst', 'complex'],
      ['full-burst', 'complex'],
    ]);
    expect(Object.keys(FIRING_MODES)).toEqual(MODES);
  });

  it('a Complex mode fits once in an Action Phase', () => {
    expect(MODES.map((mode) => FIRING_MODES[mode].perActionPhase)).toEqual([1, 2, 2, 1, 1]);
  });

  it('refuses a mode it does not know, by name', () => {
    let caught: unknown;
    try {
      firingModeAction('auto' as FiringMode);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(RulesError);
    expect((caught as RulesError).message).toBe('Unknown firing mode "auto".');
  });

  it('says which action each mode costs, citing the seed Actions section', () => {
    expect(FIRING_MODE_ACTION_RULE).toEqual(ACTIONS_RULE);
    expect(MODES.map(firingModeActionStep)).toEqual([
      { text: 'Single-shot: firing a weapon once is a Simple Action.', rule: ACTIONS_RULE },
      { text: 'Semi-auto: firing a weapon once is a Simple Action.', rule: ACTIONS_RULE },
      { text: 'Burst fire: firing a weapon once is a Simple Action.', rule: ACTIONS_RULE },
      {
        text: 'Full-auto long burst: full-auto fire is a Complex Action, the whole Action Phase (the book makes a long burst a Simple Action; the seed decides).',
        rule: ACTIONS_RULE,
      },
      { text: 'Full-auto full burst: full-auto fire is a Complex Action, the whole Action Phase.', rule: ACTIONS_RULE },
    ]);
  });

  it("a burst's explanation names its action after its bullets; a single shot says it in one sentence", () => {
    expect(firingModeEffect('long-burst', 'wide')).toEqual({
      mode: 'long-burst',
      bullets: 6,
      action: 'complex',
      dvModifier: 0,
      defenseModifier: -5,
      steps: [
        {
          text: "Full-auto long burst (wide): 6 bullets cut the defender's pool by 5.",
          rule: { section: 'Ranged Combat', source: 'book' },
        },
        firingModeActionStep('long-burst'),
      ],
    });
    expect(firingModeEffect('burst').steps).toEqual([
      { text: 'Burst fire (narrow): 3 bullets raise the DV by 2.', rule: { section: 'Ranged Combat', source: 'book' } },
      { text: 'Burst fire: firing a weapon once is a Simple Action.', rule: ACTIONS_RULE },
    ]);
    expect(firingModeEffect('semi-auto').steps).toEqual([
      {
        text: 'Semi-auto: 1 bullet, a Simple Action, no burst modifier.',
        rule: { section: 'Ranged Combat', source: 'seed' },
      },
    ]);
  });
});

describe('the reference tables say the same', () => {
  it("the firing-mode table's Action column is firingModeAction, row by row", () => {
    expect(firingModeTable.rows.map((r) => r.cells.action)).toEqual(
      MODES.map((mode) => (firingModeAction(mode) === 'simple' ? 'Simple' : 'Complex')),
    );
  });

  it('the action table lists full-auto fire, either burst, as Complex; the seed examples agree', () => {
    const fullAuto = actionTable.rows.filter((r) => String(r.cells.action).startsWith('Full-auto'));
    expect(fullAuto.map((r) => r.cells)).toEqual([{ action: 'Full-auto fire (long or full burst)', type: 'Complex' }]);
    expect(ACTION_EXAMPLES.filter((a) => a.name.startsWith('Full-auto'))).toEqual([
      { name: 'Full-auto fire (long or full burst)', kind: 'complex' },
    ]);
    expect(actionTable.rows.find((r) => String(r.cells.action).startsWith('Fire a weapon once'))?.cells).toEqual({
      action: 'Fire a weapon once (single-shot/semi-auto/burst)',
      type: 'Simple',
    });
  });

  it('both tables carry the same note on where the seed and the book part', () => {
    expect(firingModeTable.footnotes.at(-1)).toBe(NOTE);
    expect(actionTable.footnotes.at(-1)).toBe(NOTE);
  });
});
