import type { ExplainStep } from '../../system-kit/rule-system';
import { requireInteger } from '../../errors';
import { MAX_ATTRIBUTE } from './attributes';
import { SECTION, step } from './sections';

export { electricStateAttributes } from './attributes';

export interface Attributes {
  readonly strength: number;
  readonly agility: number;
  readonly wits: number;
  readonly empathy: number;
}

export interface DerivedStats {
  /** ⌈(Strength + Agility) / 2⌉ */
  readonly maxHealth: number;
  /** ⌈(Wits + Empathy) / 2⌉ */
  readonly maxHope: number;
  /** A single hit of this much (or more) kills outright: 2 × max Health. */
  readonly instantKillThreshold: number;
  readonly steps: ExplainStep[];
}

export function maxHealth(strength: number, agility: number): number {
  requireInteger('strength', strength, 0, MAX_ATTRIBUTE);
  requireInteger('agility', agility, 0, MAX_ATTRIBUTE);
  return Math.ceil((strength + agility) / 2);
}

export function maxHope(wits: number, empathy: number): number {
  requireInteger('wits', wits, 0, MAX_ATTRIBUTE);
  requireInteger('empathy', empathy, 0, MAX_ATTRIBUTE);
  return Math.ceil((wits + empathy) / 2);
}

/** Max Health and max Hope from the attributes [book]. */
export function derivedStats(attributes: Attributes): DerivedStats {
  const health = maxHealth(attributes.strength, attributes.agility);
  const hope = maxHope(attributes.wits, attributes.empathy);
  return {
    maxHealth: health,
    maxHope: hope,
    instantKillThreshold: 2 * health,
    steps: [
      step(
        `Max Health = ⌈(Strength ${attributes.strength} + Agility ${attributes.agility}) / 2⌉ = ${health}.`,
        SECTION.derived,
        'book',
      ),
      step(
        `Max Hope = ⌈(Wits ${attributes.wits} + Empathy ${attributes.empathy}) / 2⌉ = ${hope}.`,
        SECTION.derived,
        'book',
      ),
    ],
  };
}
