import type { ExplainStep } from '../../../system-kit/rule-system';
import { SECTION, applyDamage, step, type ElectricStateOptions } from './rules';
import type { Effect } from '../../../system-kit/workflow';
import { damageHarm, type Fighter } from './common';

export interface DamageLanded {
  readonly steps: ExplainStep[];
  readonly effect: Effect | null;
  /** What the effect records: the damage left, or the instant-kill threshold (see below). */
  readonly recorded: number;
  readonly instantKill: boolean;
  readonly healthAfter: number;
}

/**
 * One hit landing on someone: the rules package previews Health and the instant kill, and the
 * effect carries the final damage. Under the "before armour" instant-kill toggle the tracker only
 * sees the final amount, so a kill decided before armour is recorded as a hit of the threshold.
 */
export function landHit(
  who: Fighter,
  health: number,
  damage: number,
  damageBeforeProtection: number,
  opts: ElectricStateOptions,
  label = '',
): DamageLanded {
  const preview = applyDamage(
    {
      health: Math.min(health, who.maxHealth),
      maxHealth: who.maxHealth,
      damage,
      damageBeforeArmor: damageBeforeProtection,
    },
    opts,
  );
  const steps = preview.steps.map((s) => ({ ...s, text: `${label}${who.name}: ${s.text}` }));
  const threshold = 2 * who.maxHealth;
  let recorded = damage;
  if (preview.instantKill && damage < threshold) {
    recorded = threshold;
    steps.push(
      step(
        `${label}Recorded on ${who.name} as a hit of ${threshold} so the tracker marks them killed outright (the hit was ${damageBeforeProtection} before cover and armour).`,
        SECTION.damageHealth,
        'default',
      ),
    );
  }
  return {
    steps,
    effect: recorded > 0 ? { on: { side: who.side, index: who.index }, harm: damageHarm(recorded) } : null,
    recorded,
    instantKill: preview.instantKill,
    healthAfter: preview.health,
  };
}
