import { createSeededSource, rollDice } from '../../../dice/random';
import type { Stats } from '../../../system-kit/tracker-rules';
import type { UesrpgHealth } from '../tracker';
import type {
  OddsView,
  Participant,
  ResolveContext,
  ResolveWorkflow,
  Resolution,
  RolledStage,
  SetupValues,
} from '../../../system-kit/workflow';

/** The bestiary's Adventurer (PC, Luck Bonus 4): HP 20, WT 4 + 4 + 3 = 11, SB 4. */
export const ADVENTURER: Stats = {
  strength: 40,
  endurance: 40,
  agility: 45,
  intelligence: 35,
  willpower: 35,
  perception: 40,
  luck: 40,
  combatStyle: 55,
  evade: 45,
  arBody: 3,
  arRightLeg: 2,
  arLeftLeg: 2,
  arRightArm: 2,
  arLeftArm: 2,
  arHead: 2,
  lucky: [7, 17, 27, 37],
  unlucky: [96],
};

/** The bestiary's Bandit (NPC, crits 01–03, fumbles 98–100): HP ⌈30 / 2⌉ = 15, WT 3 + 3 + 2 = 8. */
export const BANDIT: Stats = {
  strength: 35,
  endurance: 30,
  agility: 35,
  intelligence: 25,
  willpower: 25,
  perception: 30,
  luck: 40,
  combatStyle: 45,
  evade: 35,
  arBody: 2,
  arRightLeg: 1,
  arLeftLeg: 1,
  arRightArm: 1,
  arLeftArm: 1,
  arHead: 0,
};

export function participant(
  id: string,
  name: string,
  kind: 'pc' | 'npc',
  stats: Stats,
  hp: number,
  extra: Partial<Participant> = {},
): Participant {
  const health: UesrpgHealth = { hp, wounds: [] };
  return { combatantId: id, name, kind, stats, health, conditionIds: [], ...extra };
}

export const hero = participant('a', 'Aela', 'pc', ADVENTURER, 20);
export const bandit = participant('b', 'Bandit', 'npc', BANDIT, 15);

export function ctx(attacker: Participant = hero, target: Participant = bandit): ResolveContext {
  return { attackers: [attacker], targets: [target], toggles: {} };
}

export function setup(workflow: ResolveWorkflow, context: ResolveContext, values: SetupValues = {}): SetupValues {
  return { ...workflow.defaults(context), ...values };
}

export function stage(stageId: string, sides: number, faces: number[], source = 'physical'): RolledStage {
  return { stageId, groups: [{ id: stageId, sides, faces }], source };
}

export function figure(odds: OddsView, start: string): number {
  const found = odds.figures.find((f) => f.label.startsWith(start));
  if (!found) throw new Error(`No odds figure "${start}" in ${odds.figures.map((f) => f.label).join(' | ')}`);
  return found.value;
}

/** Runs `runs` resolutions through nextStage → resolve with seeded faces. */
export function simulateResolutions(
  workflow: ResolveWorkflow,
  values: SetupValues,
  context: ResolveContext,
  runs: number,
  seed: string,
  each: (resolution: Resolution) => void,
): void {
  const source = createSeededSource(seed);
  for (let i = 0; i < runs; i++) {
    const rolled: RolledStage[] = [];
    for (
      let next = workflow.nextStage(values, context, rolled);
      next;
      next = workflow.nextStage(values, context, rolled)
    ) {
      rolled.push(stage(next.id, next.sides, rollDice(source, next.count, next.sides), source.kind));
    }
    each(workflow.resolve(values, context, rolled));
  }
}
