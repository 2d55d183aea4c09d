import { describe, expect, it } from 'vitest';
import type { FieldDef } from '../../../system-kit/workflow';

type ChoiceFieldDef = Extract<FieldDef, { kind: 'choice' }>;
import { firingModeHint, rangedAttack } from './ranged';
import { context, fighter } from './test-support';

// The roll panel's firing-mode choices say the action each mode costs, as the action and
// firing-mode tables do (seed, Actions: full-auto fire is a Complex Action).

const base = context(
  fighter('Ghost', { agility: 4, edge: 2 }),
  fighter('Ganger', { body: 4, reaction: 3, willpower: 3, ballistic: 6, impact: 2 }),
);

describe('ranged attack panel: firing modes', () => {
  it('each option names its letters, bullets and action; the long burst says where the book differs', () => {
    const field = rangedAttack.fields(base).find((f) => f.id === 'firingMode') as ChoiceFieldDef;
    expect(field.options.map((o) => [o.value, o.label, o.hint])).toEqual([
      ['usual', "Weapon's usual mode", 'Its least automatic mode: SS, else SA, else BF, else FA.'],
      ['single-shot', 'Single-shot', 'SS, 1 bullet, a Simple Action'],
      ['semi-auto', 'Semi-auto', 'SA, 1 bullet, a Simple Action'],
      ['burst', 'Burst fire', 'BF, 3 bullets, a Simple Action'],
      [
        'long-burst',
        'Full-auto long burst',
        'FA, 6 bullets, a Complex Action (seed: full-auto fire is Complex; the book makes it Simple)',
      ],
      ['full-burst', 'Full-auto full burst', 'FA, 10 bullets, a Complex Action'],
    ]);
    expect(firingModeHint('full-burst')).toBe('FA, 10 bullets, a Complex Action');
  });

  it('a long burst, like a full burst, cannot follow other shots in the same Action Phase', () => {
    // A skill high enough that the recoil of 8 bullets still leaves dice to roll.
    const setup = { weapon: 'ak-97', firingMode: 'long-burst', bulletsBefore: 2, skill: 12 };
    expect(rangedAttack.problems(setup, base)).toEqual([
      'A full-auto long burst is full-auto fire, a Complex Action that takes the whole Action Phase: no bullets can have been fired before it.',
    ]);
    expect(rangedAttack.problems({ ...setup, bulletsBefore: 0 }, base)).toEqual([]);
    expect(rangedAttack.problems({ ...setup, firingMode: 'burst', bulletsBefore: 2 }, base)).toEqual([]);
  });
});
