import { expect, it } from 'vitest';
import { rollDice, type RandomSource } from '../../../dice/random';
import type { HealthState, RulesCombatant, Stats } from '../../../system-kit/tracker-rules';
import type { ToggleValues } from '../../../system-kit/rule-system';
import { RulesError } from '../../../errors';
import { electricStateTracker, readElectricStateHealth, type ElectricStateHealth } from './rules';
import type {
  DiceStage,
  Effect,
  FollowUp,
  OddsView,
  Participant,
  Resolution,
  ResolveContext,
  ResolveWorkflow,
  RolledStage,
  SetupValues,
} from '../../../system-kit/workflow';

/**
 * Helpers for this folder's tests: participants with tracker health, dice stages rolled from a
 * RandomSource (or typed faces), a driver that runs a workflow from its first stage to its
 * resolution, and the tracker's applyHarm over a resolution's effects. Pure, like the rest of shared/.
 */

export function fighter(
  name: string,
  kind: 'pc' | 'npc',
  stats: Stats,
  extra: { conditionIds?: string[]; health?: HealthState; removed?: boolean } = {},
): Participant {
  return {
    combatantId: name.toLowerCase().replace(/\s+/g, '-'),
    name,
    kind,
    stats,
    health: extra.health ?? electricStateTracker.initialHealth(stats, kind),
    conditionIds: extra.conditionIds ?? [],
    ...(extra.removed ? { removed: true } : {}),
  };
}

export function ctx(attackers: Participant[], targets: Participant[], toggles: ToggleValues = {}): ResolveContext {
  return { attackers, targets, toggles };
}

/** Rolls every group of a stage with the source. */
export function rollStage(stage: DiceStage, source: RandomSource): RolledStage {
  return {
    stageId: stage.id,
    source: source.kind,
    groups: [
      { id: 'main', sides: stage.sides, faces: rollDice(source, stage.count, stage.sides) },
      ...(stage.extra ?? []).map((e) => ({ id: e.id, sides: e.sides, faces: rollDice(source, e.count, e.sides) })),
    ],
  };
}

/** A stage typed from physical dice: faces given group by group. */
export function typed(stage: DiceStage, groups: number[][], source = 'physical'): RolledStage {
  return {
    stageId: stage.id,
    source,
    groups: [
      { id: 'main', sides: stage.sides, faces: groups[0] ?? [] },
      ...(stage.extra ?? []).map((e, i) => ({ id: e.id, sides: e.sides, faces: groups[i + 1] ?? [] })),
    ],
  };
}

export interface Driven {
  readonly resolution: Resolution;
  readonly rolled: RolledStage[];
}

/**
 * Runs a workflow: every asked-for stage is rolled, then `choose` may take a follow-up (its stage
 * is rolled and the loop goes on) until it returns null.
 */
export function drive(
  workflow: ResolveWorkflow,
  setup: SetupValues,
  context: ResolveContext,
  source: RandomSource,
  choose: (resolution: Resolution) => FollowUp | null = () => null,
): Driven {
  const rolled: RolledStage[] = [];
  for (;;) {
    let stage = workflow.nextStage(setup, context, rolled);
    while (stage) {
      rolled.push(rollStage(stage, source));
      stage = workflow.nextStage(setup, context, rolled);
    }
    const resolution = workflow.resolve(setup, context, rolled);
    const followUp = choose(resolution);
    if (!followUp) return { resolution, rolled };
    rolled.push(rollStage(followUp.stage, source));
  }
}

export function asCombatant(p: Participant, side: string): RulesCombatant {
  return {
    id: p.combatantId ?? p.name,
    name: p.name,
    kind: p.kind,
    side,
    stats: p.stats,
    health: p.health ?? electricStateTracker.initialHealth(p.stats, p.kind),
    conditionIds: p.conditionIds ?? [],
  };
}

/** Applies the effects with the tracker adapter, in order; returns everyone's health afterwards. */
export function applyEffects(
  context: ResolveContext,
  effects: readonly Effect[],
  toggles: ToggleValues = context.toggles,
): { attackers: RulesCombatant[]; targets: RulesCombatant[] } {
  const attackers = context.attackers.map((p) => asCombatant(p, 'attackers'));
  const targets = context.targets.map((p) => asCombatant(p, 'targets'));
  for (const e of effects) {
    const list = e.on.side === 'targets' ? targets : attackers;
    const c = list[e.on.index]!;
    if (e.harm) list[e.on.index] = { ...c, health: electricStateTracker.applyHarm(c, e.harm, toggles).health };
  }
  return { attackers, targets };
}

export type Sample = Readonly<Record<string, number>>;

/** Runs `runs` seeded resolutions and measures each. */
export function sample(
  workflow: ResolveWorkflow,
  setup: SetupValues,
  context: ResolveContext,
  source: RandomSource,
  runs: number,
  choose: (resolution: Resolution) => FollowUp | null,
  measure: (driven: Driven) => Sample,
): Sample[] {
  const out: Sample[] = [];
  for (let i = 0; i < runs; i++) out.push(measure(drive(workflow, setup, context, source, choose)));
  return out;
}

export function mean(samples: readonly Sample[], key: string): number {
  let sum = 0;
  for (const s of samples) sum += s[key] ?? 0;
  return sum / samples.length;
}

/** Standard error of the mean of `key`, to size the tolerance of expected values. */
export function standardError(samples: readonly Sample[], key: string): number {
  const m = mean(samples, key);
  let sq = 0;
  for (const s of samples) sq += ((s[key] ?? 0) - m) ** 2;
  return Math.sqrt(sq / (samples.length - 1) / samples.length);
}

/** Share of samples with each whole value of `key`, index = value. */
export function histogram(samples: readonly Sample[], key: string): number[] {
  const out: number[] = [];
  for (const s of samples) {
    const v = s[key] ?? 0;
    while (out.length <= v) out.push(0);
    out[v]! += 1 / samples.length;
  }
  return out;
}

/** Takes the follow-up whose id matches, if offered. */
export function takeFollowUp(test: (id: string) => boolean): (r: Resolution) => FollowUp | null {
  return (r) => r.followUps.find((f) => test(f.id)) ?? null;
}

export function figure(view: OddsView, label: string): number {
  const f = view.figures.find((x) => x.label === label);
  if (!f) throw new Error(`No figure "${label}"; the figures are: ${view.figures.map((x) => x.label).join(' | ')}`);
  return f.value;
}

export function distributionTotal(view: OddsView): number {
  return (view.distribution?.outcomes ?? []).reduce((s, o) => s + o.p, 0);
}

/** The largest gap between the sampled shares of `key` and the odds' distribution. */
export function histogramGap(samples: readonly Sample[], key: string, view: OddsView): number {
  const h = histogram(samples, key);
  const outcomes = view.distribution?.outcomes ?? [];
  let gap = 0;
  for (let i = 0; i < Math.max(h.length, outcomes.length); i++)
    gap = Math.max(gap, Math.abs((h[i] ?? 0) - (outcomes[i]?.p ?? 0)));
  return gap;
}

/** Tolerance for an expected value: 0.015, or four standard errors when the spread makes that too tight. */
export function meanTolerance(samples: readonly Sample[], key: string): number {
  return Math.max(0.015, 4 * standardError(samples, key));
}

export function rulesError(call: () => unknown): RulesError {
  try {
    call();
  } catch (error) {
    if (error instanceof RulesError) return error;
    throw error;
  }
  throw new Error('Expected a RulesError, but nothing was thrown.');
}

/** The participant after `amount` damage, through the tracker. */
export function hurt(p: Participant, amount: number, toggles: ToggleValues = {}): Participant {
  return {
    ...p,
    health: electricStateTracker.applyHarm(asCombatant(p, 'side'), { kind: 'damage', amount }, toggles).health,
  };
}

export function healthOf(c: RulesCombatant): ElectricStateHealth {
  return readElectricStateHealth(c);
}

/** How many seeded resolutions each workflow's exact odds are checked against. */
export const RUNS = 20_000;

/** A simulated rate agrees with the exact one to within `tolerance`. */
export function expectClose(simulated: number, exact: number, tolerance = 0.015): void {
  expect(Math.abs(simulated - exact)).toBeLessThan(tolerance);
}

/** The workflow's defaults for this context, with `values` set over them. */
export function setupOf(workflow: ResolveWorkflow, context: ResolveContext, values: SetupValues): SetupValues {
  return { ...workflow.defaults(context), ...values };
}

/** A setup the workflow must refuse: what it is, its context, values over the defaults, a sentence of the problem. */
export type Refusal = readonly [what: string, context: ResolveContext, values: SetupValues, sentence: string];

/**
 * One test per refusal: the workflow's problems name it, and nextStage and resolve refuse with the
 * first problem (the one the panel shows).
 */
export function itRefusesEach(workflow: ResolveWorkflow, refusals: readonly Refusal[]): void {
  for (const [what, context, values, sentence] of refusals) {
    it(`refuses ${what}`, () => {
      const setup = { ...workflow.defaults(context), ...values };
      const problems = workflow.problems(setup, context);
      expect(problems.some((p) => p.includes(sentence))).toBe(true);
      expect(rulesError(() => workflow.nextStage(setup, context, [])).message).toBe(problems[0]);
      expect(rulesError(() => workflow.resolve(setup, context, [])).message).toBe(problems[0]);
    });
  }
}

/** setupOf for one workflow: its defaults for a context with `values` set over them. */
export function setupsOf(workflow: ResolveWorkflow): (context: ResolveContext, values: SetupValues) => SetupValues {
  return (context, values) => setupOf(workflow, context, values);
}

// The cast the blast, taser and full-auto tests share (the attack tests' Ganger has other stats).
export const ana = fighter('Ana', 'pc', { strength: 3, agility: 4, wits: 3, empathy: 3, armor: 2 });
export const ganger = fighter('Ganger', 'npc', { strength: 4, agility: 3, armor: 4 });
export const boss = fighter('Boss', 'npc', { strength: 5, agility: 4, armor: 2 });
export const soldier = fighter('Soldier', 'npc', { strength: 4, agility: 4 });
