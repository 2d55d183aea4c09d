// The attributes and their bounds: light, so the profile (read at start-up) does not load the dice pools.
import type { AttributeDef } from '../../system-kit/rule-system';

/** The highest attribute the rules functions accept. */
export const MAX_ATTRIBUTE = 10;

/**
 * The four attributes. Player characters range 2–5 in the book; the editor allows 1–6 so
 * unusual NPCs fit, and the rules functions accept 0–10.
 */
export const electricStateAttributes: readonly AttributeDef[] = [
  { id: 'strength', label: 'Strength', short: 'STR', min: 1, max: 6, defaultValue: 3 },
  { id: 'agility', label: 'Agility', short: 'AGI', min: 1, max: 6, defaultValue: 3 },
  { id: 'wits', label: 'Wits', short: 'WIT', min: 1, max: 6, defaultValue: 3 },
  { id: 'empathy', label: 'Empathy', short: 'EMP', min: 1, max: 6, defaultValue: 3 },
];

