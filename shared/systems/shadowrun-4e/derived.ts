import { requireInteger } from '../../errors';
import { MAX_ATTRIBUTE } from './attributes';
import { conditionMonitors } from './health';

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
