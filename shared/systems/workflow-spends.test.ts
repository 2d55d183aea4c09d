import { describe, expect, it } from 'vitest';
import { createSeededSource } from '../dice/random';
import { bestiaryPresets, rulesLookup } from './all-systems.test-support';
import type { SystemId } from '../system-kit/rule-system';
import type { Participant, Resolution, ResolveContext, ResolveWorkflow, RolledStage, SetupValues } from '../system-kit/workflow';
import { rollStage } from './electric-state/workflows/test-support';
import { resolveWorkflows } from './all-systems.test-support';

/** A participant from a ready-made bestiary entry, at full health. */
function fromPreset(systemId: SystemId, name: string, id: string, conditionIds: string[] = []): Participant {
  const preset = bestiaryPresets(systemId).find((p) => p.name === name)!;
  const health = rulesLookup.tracker(systemId).initialHealth(preset.stats, preset.kind);
  return { combatantId: id, name: preset.name, kind: preset.kind, stats: preset.stats, health, conditionIds };
}

function workflow(systemId: SystemId, id: string): ResolveWorkflow {
  return resolveWorkflows[systemId].find((wf) => wf.id === id)!;
}

/** The field whose id ends so (Electric State prefixes its target fields). */
function fieldId(wf: ResolveWorkflow, context: ResolveContext, suffix: string): string {
  return wf.fields(context).find((f) => f.id.endsWith(suffix))!.id;
}

/** Rolls every stage with a seeded source and resolves. */
function resolveAll(wf: ResolveWorkflow, context: ResolveContext, patch: SetupValues = {}, seed = 7): Resolution {
  const setup = { ...wf.defaults(context), ...patch };
  expect(wf.problems(setup, context)).toEqual([]);
  const source = createSeededSource(seed);
  const rolled: RolledStage[] = [];
  for (let stage = wf.nextStage(setup, context, rolled); stage; stage = wf.nextStage(setup, context, rolled))
    rolled.push(rollStage(stage, source));
  return wf.resolve(setup, context, rolled);
}

const ctx = (attackers: Participant[], targets: Participant[]): ResolveContext => ({ attackers, targets, toggles: {} });
const attacker = (actionId: string, index = 0) => ({ on: { side: 'attackers', index }, actionId });
const reaction = (actionId: string, index = 0) => ({ on: { side: 'targets', index }, actionId });

describe('what a resolved roll spends, per system and kind of attack', () => {
  it('Electric State: the attack is the action; fighting back or dodging is the target’s reaction', () => {
    const wf = workflow('electric-state', 'electric-state.attack');
    const close = ctx([fromPreset('electric-state', 'Drifter', 'a')], [fromPreset('electric-state', 'Scavenger', 't')]);
    const defence = fieldId(wf, close, 'defence');
    expect(resolveAll(wf, close).spends).toEqual([attacker('action')]);
    expect(resolveAll(wf, close, { [defence]: 'fight-back' }).spends).toEqual([
      attacker('action'),
      reaction('fight-back'),
    ]);
  });

  it('Electric State: a taser shot dodged, a thrown blast, and a scattered one that costs nothing more', () => {
    const taser = workflow('electric-state', 'electric-state.taser');
    const pair = ctx([fromPreset('electric-state', 'Drifter', 'a')], [fromPreset('electric-state', 'Scavenger', 't')]);
    const defence = fieldId(taser, pair, 'defence');
    const dodged = taser.defaults(pair)[defence] === 'stand-tall' ? 'dodge' : 'fight-back';
    expect(resolveAll(taser, pair, { [defence]: dodged }).spends).toEqual([attacker('action'), reaction(dodged)]);
    const blast = workflow('electric-state', 'electric-state.blast');
    expect(resolveAll(blast, pair).spends).toEqual([attacker('action')]);
    const scattered = fieldId(blast, pair, 'scattered');
    expect(resolveAll(blast, pair, { [scattered]: true }).spends).toEqual([]);
  });

  it('UESRPG: an attack (1 AP, one of two per round) and the defence made, by its own action; none when it cannot be made', () => {
    const wf = workflow('uesrpg-3e', 'melee-attack');
    const pair = ctx([fromPreset('uesrpg-3e', 'Adventurer', 'a')], [fromPreset('uesrpg-3e', 'Bandit', 't')]);
    const cases = [
      [{ defence: 'evade' }, [attacker('attack'), reaction('evade')]],
      [{ defence: 'parry' }, [attacker('attack'), reaction('parry')]],
      [{ defence: 'counter' }, [attacker('attack'), reaction('counter-attack')]],
      [{ defence: 'none' }, [attacker('attack')]],
      [{ defence: 'evade', defenderNoAp: true }, [attacker('attack')]],
      [{ defence: 'evade', defenderUnaware: true }, [attacker('attack')]],
    ] as const;
    for (const [patch, spends] of cases) expect(resolveAll(wf, pair, patch).spends).toEqual(spends);
  });

  it('Shadowrun: a shot is a Simple Action, full-auto fire and melee Complex; going on Full Defense spends the interrupt once', () => {
    const ranged = workflow('shadowrun-4e', 'sr4-ranged-attack');
    const pair = ctx([fromPreset('shadowrun-4e', 'Street samurai', 'a')], [fromPreset('shadowrun-4e', 'Ganger', 't')]);
    expect(resolveAll(ranged, pair, { weapon: 'ak-97', firingMode: 'semi-auto' }).spends).toEqual([attacker('simple')]);
    expect(resolveAll(ranged, pair, { weapon: 'ak-97', firingMode: 'long-burst' }).spends).toEqual([
      attacker('complex'),
    ]);
    expect(resolveAll(ranged, pair, { weapon: 'ak-97', firingMode: 'semi-auto', fullDefense: true }).spends).toEqual([
      attacker('simple'),
      reaction('full-defense-interrupt'),
    ]);
    const onFullDefense = ctx(pair.attackers as Participant[], [
      fromPreset('shadowrun-4e', 'Ganger', 't', ['full-defense']),
    ]);
    expect(
      resolveAll(ranged, onFullDefense, { weapon: 'ak-97', firingMode: 'semi-auto', fullDefense: true }).spends,
    ).toEqual([attacker('simple')]);
    const melee = workflow('shadowrun-4e', 'sr4-melee-attack');
    expect(resolveAll(melee, pair).spends).toEqual([attacker('complex')]);
  });

  it('Hardware: every attacker on the foe uses its action (the others their turn still to come), a blast too', () => {
    const wf = workflow('hardware', 'hardware-attack');
    const gang = ctx(
      [fromPreset('hardware', 'Runner', 'a'), fromPreset('hardware', 'Street punk', 'b')],
      [fromPreset('hardware', 'Corp enforcer', 't')],
    );
    expect(resolveAll(wf, gang).spends).toEqual([
      { ...attacker('action', 0), assist: true },
      { ...attacker('action', 1), assist: true },
    ]);
    const blast = workflow('hardware', 'hardware-blast');
    const thrown = ctx(
      [fromPreset('hardware', 'Runner', 'a')],
      [fromPreset('hardware', 'Corp enforcer', 't'), fromPreset('hardware', 'Street punk', 'u')],
    );
    expect(resolveAll(blast, thrown).spends).toEqual([{ ...attacker('action'), assist: true }]);
  });
});
