import type { Stats } from '../../../system-kit/tracker-rules';
import type {
  Participant,
  Resolution,
  ResolveContext,
  ResolveWorkflow,
  RolledStage,
  SetupValues,
} from '../../../system-kit/workflow';
import { rollDice, type RandomSource } from '../../../dice/random';

/** Helpers for this folder's tests: participants, rolling a whole attack, simulating many. */

export function fighter(name: string, stats: Stats, extra: Partial<Participant> = {}): Participant {
  return { combatantId: name.toLowerCase(), name, kind: 'npc', stats, health: { physical: 0, stun: 0 }, ...extra };
}

export function context(
  attacker: Participant,
  target: Participant,
  toggles: ResolveContext['toggles'] = {},
): ResolveContext {
  return { attackers: [attacker], targets: [target], toggles };
}

export function stage(stageId: string, faces: readonly number[], source = 'physical'): RolledStage {
  return { stageId, groups: [{ id: stageId, sides: 6, faces }], source };
}

/** Rolls every stage the workflow asks for with `source`, then resolves. */
export function rollAll(
  workflow: ResolveWorkflow,
  setup: SetupValues,
  ctx: ResolveContext,
  source: RandomSource,
  rolled: RolledStage[] = [],
): { resolution: Resolution; rolled: RolledStage[] } {
  for (let next = workflow.nextStage(setup, ctx, rolled); next; next = workflow.nextStage(setup, ctx, rolled)) {
    rolled.push(stage(next.id, rollDice(source, next.count, next.sides), source.kind));
  }
  return { resolution: workflow.resolve(setup, ctx, rolled), rolled };
}

export interface Simulation {
  readonly runs: number;
  readonly hit: number;
  readonly attackGlitch: number;
  readonly attackCriticalGlitch: number;
  readonly physical: number;
  readonly knockdown: number;
  readonly disarmed: number;
  readonly meanBoxes: number;
  /** Standard error of meanBoxes. */
  readonly boxesError: number;
  /** Frequency per distribution label, the labels matched as the odds fold their tails ("18+ Physical"). */
  readonly outcomes: ReadonlyMap<string, number>;
}

function labelFor(damage: number, track: string, labels: readonly string[], none: string): string {
  if (damage === 0) return none;
  const exact = `${damage} ${track}`;
  if (labels.includes(exact)) return exact;
  const folded = labels.find((label) => {
    const match = /^(\d+)\+ (\w+)$/.exec(label);
    return match !== null && match[2] === track && Number(match[1]) <= damage;
  });
  return folded ?? exact;
}

/** Resolves `runs` attacks through nextStage → resolve, taking the Edge follow-up when asked. */
export function simulate(
  workflow: ResolveWorkflow,
  setup: SetupValues,
  ctx: ResolveContext,
  source: RandomSource,
  runs: number,
  takeSecondChance = false,
): Simulation {
  const labels = workflow.odds(setup, ctx).distribution?.outcomes.map((o) => o.label) ?? [];
  const none = labels[0] ?? 'No damage';
  const counts = new Map<string, number>();
  let hit = 0;
  let glitch = 0;
  let critical = 0;
  let physical = 0;
  let knockdown = 0;
  let disarmed = 0;
  let sum = 0;
  let sumSquares = 0;
  for (let i = 0; i < runs; i++) {
    const first = rollAll(workflow, setup, ctx, source);
    let resolution = first.resolution;
    const followUp = resolution.followUps[0];
    if (takeSecondChance && followUp) {
      const rolled = [...first.rolled, stage(followUp.id, rollDice(source, followUp.stage.count, 6), source.kind)];
      resolution = rollAll(workflow, setup, ctx, source, rolled).resolution;
    }
    const r = resolution.result as {
      hit: boolean;
      attackGlitch: boolean;
      attackCriticalGlitch: boolean;
      damage: number;
      damageType?: 'P' | 'S';
      knockdown?: boolean;
      disarmed?: boolean;
    };
    if (r.hit) hit++;
    if (r.attackGlitch) glitch++;
    if (r.attackCriticalGlitch) critical++;
    if (r.damage > 0 && r.damageType === 'P') physical++;
    if (r.knockdown) knockdown++;
    if (r.disarmed) disarmed++;
    sum += r.damage;
    sumSquares += r.damage * r.damage;
    const label = labelFor(r.damage, r.damageType === 'S' ? 'Stun' : 'Physical', labels, none);
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  const mean = sum / runs;
  const variance = sumSquares / runs - mean * mean;
  const outcomes = new Map<string, number>();
  for (const [label, count] of counts) outcomes.set(label, count / runs);
  return {
    runs,
    hit: hit / runs,
    attackGlitch: glitch / runs,
    attackCriticalGlitch: critical / runs,
    physical: physical / runs,
    knockdown: knockdown / runs,
    disarmed: disarmed / runs,
    meanBoxes: mean,
    boxesError: Math.sqrt(Math.max(variance, 0) / runs),
    outcomes,
  };
}
