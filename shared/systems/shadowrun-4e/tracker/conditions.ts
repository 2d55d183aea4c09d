import type { ConditionDef, ConditionInit } from '../../../system-kit/tracker-rules';

// ---------------------------------------------------------------------------------------------
// Conditions
// ---------------------------------------------------------------------------------------------

/**
 * `expires` is the timing a GM-applied condition should tick with. ConditionDef has no such
 * field yet, so the tracker does not read it; it is kept here so the data sits with the rule.
 */
type SrConditionDef = ConditionDef & { readonly expires?: ConditionInit['expires'] };

export const CONDITIONS: readonly SrConditionDef[] = [
  {
    id: 'prone',
    label: 'Prone',
    description: 'Dropped prone (a Free Action), knocked down by damage or collapsed; standing up is a Simple Action.',
  },
  {
    id: 'edge-first',
    label: 'Edge: acts first',
    description:
      'Spent a point of Edge to act first in each Initiative Pass this Combat Turn (ahead of higher scores).',
    defaultRounds: 1,
    expires: 'round-end',
  },
  {
    id: 'full-defense',
    label: 'Full Defense',
    description:
      "Adds a defensive skill's dice to every defence test; costs a Complex Action (or the next action, as an interrupt). Lasts to the end of the Combat Turn.",
    defaultRounds: 1,
    expires: 'round-end',
  },
  {
    id: 'running',
    label: 'Running',
    description: '−2 dice on most tests this Combat Turn, but not on charging or defence tests.',
    defaultRounds: 1,
    expires: 'round-end',
  },
  {
    id: 'aiming',
    label: 'Taking aim',
    description: '+1 die on the next shot per Simple Action spent aiming; lost if the character does anything else.',
  },
  {
    id: 'delaying',
    label: 'Delaying action',
    description:
      'Holds the action to act later in this Combat Turn, going before whoever the character interrupts; a held action is lost when the Combat Turn ends.',
    defaultRounds: 1,
    expires: 'round-end',
  },
  {
    id: 'in-melee',
    label: 'In melee',
    description: '−3 dice on ranged attacks while engaged in melee.',
  },
  {
    id: 'pinned',
    label: 'Pinned',
    description: 'Held by a successful grapple: open to follow-up damage or knockdown each turn until breaking free.',
  },
  {
    id: 'surprised',
    label: 'Surprised',
    description:
      'Lost the surprise Initiative Test: cannot act toward or react to those who surprised them (named in the note) until the first Initiative Pass ends.',
    defaultRounds: 1,
    expires: 'pass-end',
  },
  {
    id: 'grenade-in-flight',
    label: 'Grenade in flight',
    description:
      "Threw or launched a grenade: it goes off on the thrower's next Initiative Pass (at once with an airburst link). Ends when the thrower's next Action Phase begins.",
    defaultRounds: 1,
    expires: 'turn-start',
  },
  {
    id: 'paralysed',
    label: 'Paralysed',
    description: 'Cannot act at all (a paralysing power or spell, held helpless): gets no Action Phases until removed.',
  },
];
