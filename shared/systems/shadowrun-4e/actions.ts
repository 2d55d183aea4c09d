import type { ExplainStep } from '../../system-kit/rule-system';
import { RulesError, requireInteger } from '../../errors';
import { plural, SECTION, step } from './sections';

export type ActionKind = 'free' | 'simple' | 'complex';

/** The seed's example actions, by kind (Actions). */
export const ACTION_EXAMPLES: readonly { readonly name: string; readonly kind: ActionKind }[] = [
  { name: 'Speak a phrase', kind: 'free' },
  { name: 'Drop an item', kind: 'free' },
  { name: 'Drop prone', kind: 'free' },
  { name: 'Gesture', kind: 'free' },
  { name: "Change a linked device's mode", kind: 'free' },
  { name: 'Call a shot before firing', kind: 'free' },
  { name: 'Fire a weapon once (single-shot, semi-auto or burst)', kind: 'simple' },
  { name: 'Reload a clip', kind: 'simple' },
  { name: 'Take aim', kind: 'simple' },
  { name: 'Stand up', kind: 'simple' },
  { name: 'Sprint', kind: 'simple' },
  { name: 'Use a simple object or skill', kind: 'simple' },
  { name: 'Full-auto fire (long or full burst)', kind: 'complex' },
  { name: 'Melee or unarmed attack', kind: 'complex' },
  { name: 'Go on Full Defense', kind: 'complex' },
  { name: 'Use a complex object', kind: 'complex' },
  { name: 'Reload a non-clip weapon', kind: 'complex' },
  { name: 'Most skill uses', kind: 'complex' },
];

export interface ActionPhaseCheck {
  readonly allowed: boolean;
  readonly free: number;
  readonly simple: number;
  readonly complex: number;
  readonly steps: readonly ExplainStep[];
}

/**
 * Checks one Action Phase: one Complex Action, or two Simple Actions, or one Simple Action with
 * a Free Action in place of the other — plus the one Free Action every character gets per pass.
 * `simpleActionsLost` removes Simple Actions (a critical glitch on Initiative costs one).
 */
export function checkActionPhase(actions: readonly ActionKind[], simpleActionsLost = 0): ActionPhaseCheck {
  requireInteger('Simple Actions lost', simpleActionsLost, 0, 2);
  let free = 0;
  let simple = 0;
  let complex = 0;
  for (const kind of actions) {
    if (kind === 'free') free++;
    else if (kind === 'simple') simple++;
    else if (kind === 'complex') complex++;
    else throw new RulesError('invalid-input', `Unknown action type "${String(kind)}"; use free, simple or complex.`);
  }
  const steps: ExplainStep[] = [];
  const simpleSlots = 2 - simpleActionsLost;
  if (simpleActionsLost > 0)
    steps.push(
      step(
        `${plural(simpleActionsLost, 'Simple Action is', 'Simple Actions are')} lost this phase.`,
        SECTION.combatTurn,
        'default',
      ),
    );
  let allowed: boolean;
  if (complex > 0) {
    allowed = complex === 1 && simple === 0 && free <= 1 && simpleSlots === 2;
    steps.push(
      step(
        allowed
          ? 'One Complex Action plus at most one Free Action: allowed.'
          : simpleSlots < 2 && complex === 1
            ? 'A Complex Action needs the whole Action Phase, and part of it is lost.'
            : 'A Complex Action takes the whole Action Phase: nothing but one Free Action can go with it.',
        SECTION.actions,
      ),
    );
  } else {
    // Each unused Simple slot may hold one swapped-in Free Action (the seed allows one swap).
    const swaps = Math.min(1, Math.max(0, simpleSlots - simple));
    const freeAllowed = 1 + swaps;
    allowed = simple <= simpleSlots && free <= freeAllowed;
    steps.push(
      step(
        allowed
          ? `${plural(simple, 'Simple Action', 'Simple Actions')} and ${plural(free, 'Free Action', 'Free Actions')}: allowed.`
          : simple > simpleSlots
            ? `At most ${plural(simpleSlots, 'Simple Action', 'Simple Actions')} fit in this Action Phase.`
            : `At most ${plural(freeAllowed, 'Free Action', 'Free Actions')} fit with ${plural(simple, 'Simple Action', 'Simple Actions')}.`,
        SECTION.actions,
      ),
    );
  }
  return { allowed, free, simple, complex, steps };
}

export type Metatype = 'human' | 'elf' | 'dwarf' | 'ork' | 'troll';

/** Metres per Combat Turn. The seed gives human 25 m and troll 35 m running; the rest is the book. */
export const MOVEMENT: Readonly<Record<Metatype, { readonly walk: number; readonly run: number }>> = {
  human: { walk: 10, run: 25 },
  elf: { walk: 10, run: 25 },
  dwarf: { walk: 8, run: 20 },
  ork: { walk: 10, run: 25 },
  troll: { walk: 15, run: 35 },
};

/** Running: −2 dice on most tests, but not on charging or defence tests. */
export const RUNNING_MODIFIER = -2;

export interface MovementResult {
  readonly walk: number;
  readonly run: number;
  /** Dice pool modifier while running, for the test in question. */
  readonly modifier: number;
  readonly steps: readonly ExplainStep[];
}

export function movement(
  metatype: Metatype,
  running: boolean,
  test: 'other' | 'charge' | 'defense' = 'other',
): MovementResult {
  const rates = MOVEMENT[metatype];
  if (!rates) throw new RulesError('invalid-input', `Unknown metatype "${String(metatype)}".`);
  const modifier = running && test === 'other' ? RUNNING_MODIFIER : 0;
  const steps = [
    step(
      `A ${metatype} walks ${rates.walk} m and runs ${rates.run} m per Combat Turn.`,
      SECTION.movement,
      metatype === 'human' || metatype === 'troll' ? 'seed' : 'book',
    ),
    step(
      running
        ? test === 'other'
          ? 'Running: −2 dice on this test.'
          : `Running does not penalise ${test === 'charge' ? 'a charge' : 'defence'}.`
        : 'Not running: no movement modifier.',
      SECTION.movement,
    ),
  ];
  return { ...rates, modifier, steps };
}
