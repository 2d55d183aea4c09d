import { describe, expect, it } from 'vitest';
import { uesrpg3ePresets } from '../presets';
import { uesrpg3eTracker } from '../tracker';
import type { Participant, ResolveContext } from '../../../system-kit/workflow';
import { meleeAttack } from './index';

function fromPreset(name: string, id: string, resourcesLeft?: Record<string, number>): Participant {
  const preset = uesrpg3ePresets.find((p) => p.name === name)!;
  return {
    combatantId: id,
    name: preset.name,
    kind: preset.kind,
    stats: preset.stats,
    health: uesrpg3eTracker.initialHealth(preset.stats, preset.kind),
    conditionIds: [],
    ...(resourcesLeft ? { resourcesLeft } : {}),
  };
}

const ctx = (target: Participant): ResolveContext => ({
  attackers: [fromPreset('Adventurer', 'a')],
  targets: [target],
  toggles: {},
});
const noApField = (context: ResolveContext) => meleeAttack.fields(context).find((f) => f.id === 'defenderNoAp')!;

describe('UESRPG attack: the defence starts from what the tracker shows', () => {
  it('a defender with 0 AP left starts with "no AP left", and the field says so with the rule', () => {
    const spent = ctx(fromPreset('Bandit', 't', { ap: 0, attacks: 2 }));
    expect(meleeAttack.defaults(spent).defenderNoAp).toBe(true);
    expect(noApField(spent).help).toBe(
      'The tracker shows Bandit with 0 AP: no defence is possible (with every AP spent, defence rolls fail automatically).',
    );
    expect(noApField(spent).rule).toEqual({ section: 'Melee combat › Multiple opponents', source: 'seed' });
  });

  it('a defender with AP left, or outside a running encounter, starts able to defend', () => {
    for (const target of [fromPreset('Bandit', 't', { ap: 1, attacks: 0 }), fromPreset('Bandit', 't')]) {
      expect(meleeAttack.defaults(ctx(target)).defenderNoAp).toBe(false);
      expect(noApField(ctx(target)).help).toBe('With every AP spent, defence rolls fail automatically.');
    }
  });
});
