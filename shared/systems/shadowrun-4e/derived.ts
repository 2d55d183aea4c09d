import type { AttributeDef } from '../../system-kit/rule-system';
import { requireInteger } from '../../errors';
import { conditionMonitors, MAX_ATTRIBUTE } from './health';

/** SR4 attributes (natural human range 1–6; metatypes and augmentation go higher). */
export const shadowrunAttributes: readonly AttributeDef[] = [
  { id: 'body', label: 'Body', short: 'BOD', min: 1, max: MAX_ATTRIBUTE, defaultValue: 3 },
  { id: 'agility', label: 'Agility', short: 'AGI', min: 1, max: MAX_ATTRIBUTE, defaultValue: 3 },
  { id: 'reaction', label: 'Reaction', short: 'REA', min: 1, max: MAX_ATTRIBUTE, defaultValue: 3 },
  { id: 'strength', label: 'Strength', short: 'STR', min: 1, max: MAX_ATTRIBUTE, defaultValue: 3 },
  { id: 'charisma', label: 'Charisma', short: 'CHA', min: 1, max: MAX_ATTRIBUTE, defaultValue: 3 },
  { id: 'intuition', label: 'Intuition', short: 'INT', min: 1, max: MAX_ATTRIBUTE, defaultValue: 3 },
  { id: 'logic', label: 'Logic', short: 'LOG', min: 1, max: MAX_ATTRIBUTE, defaultValue: 3 },
  { id: 'willpower', label: 'Willpower', short: 'WIL', min: 1, max: MAX_ATTRIBUTE, defaultValue: 3 },
  { id: 'edge', label: 'Edge', short: 'EDG', min: 0, max: 8, defaultValue: 2 },
  { id: 'passes', label: 'Initiative Passes', short: 'IP', min: 1, max: 4, defaultValue: 1 },
  { id: 'ballistic', label: 'Ballistic armour', short: 'B', min: 0, max: 30, defaultValue: 0 },
  { id: 'impact', label: 'Impact armour', short: 'I', min: 0, max: 30, defaultValue: 0 },
];

export interface ShadowrunStats {
  readonly body: number;
  readonly reaction: number;
  readonly intuition: number;
  readonly willpower: number;
}

export interface DerivedStats {
  /** Initiative attribute = Reaction + Intuition (also the Initiative Test dice pool). */
  readonly initiative: number;
  readonly physicalMonitor: number;
  readonly stunMonitor: number;
}

/** Derived stats: Initiative (Reaction + Intuition) and the two condition monitors. */
export function derivedStats(stats: ShadowrunStats): DerivedStats {
  const reaction = requireInteger('Reaction', stats.reaction, 1, MAX_ATTRIBUTE);
  const intuition = requireInteger('Intuition', stats.intuition, 1, MAX_ATTRIBUTE);
  const monitors = conditionMonitors(stats.body, stats.willpower);
  return { initiative: reaction + intuition, physicalMonitor: monitors.physical, stunMonitor: monitors.stun };
}
