import { RulesError, describe, requireFaces } from '../../../errors';
import type { DiceStage, RolledStage } from '../../../system-kit/workflow';
import { scatter, SCATTER } from '../explosives';
import { plural } from '../sections';
import { distanceFromBlast } from './explosive-geometry';
import type { ExplosivePlan } from './explosive-plan';
import { type Exposure, exposure } from './explosive-exposure';

// The explosive attack's stages: attack, defence, scatter, direction, then one resistance per target.

export const GRENADE_CONDITION = 'grenade-in-flight';

const STAGE = { attack: 'attack', defence: 'defence', scatter: 'scatter', direction: 'direction' } as const;
const resistStageId = (index: number) => `resist:t${index}`;

export interface Landing {
  readonly scatter: number;
  readonly direction: number;
}

// ---------------------------------------------------------------------------------------------
// Stages
// ---------------------------------------------------------------------------------------------

export interface Rolls {
  attack?: readonly number[];
  defence?: readonly number[];
  landing?: Landing & { readonly faces: readonly number[] };
  readonly resist: Map<number, readonly number[]>;
}

export const hitsOf = (faces: readonly number[]) => faces.filter((f) => f >= 5).length;

export function netHits(plan: ExplosivePlan, r: Rolls): number {
  const attack = hitsOf(r.attack ?? []);
  if (plan.aimedAt === null) return attack;
  return Math.max(0, attack - hitsOf(r.defence ?? []));
}

export function landingOf(plan: ExplosivePlan, roll: number, direction: number, net: number): Landing {
  const s = scatter({
    kind: plan.kind,
    roll,
    netHits: net,
    ...(plan.kind === 'missile' ? { sensor: plan.sensor } : {}),
  });
  return { scatter: s.distance, direction };
}

function scatterStage(plan: ExplosivePlan): DiceStage {
  const def = SCATTER[plan.kind];
  return {
    id: STAGE.scatter,
    label: `Scatter: ${def.dice}D6 metres (${def.label.toLowerCase()}) and 1D6 for the direction`,
    roller: plan.attacker.name,
    count: def.dice,
    sides: 6,
    extra: [{ id: STAGE.direction, label: 'Direction on the scatter diagram', count: 1, sides: 6 }],
  };
}

function resistStage(plan: ExplosivePlan, index: number, e: Exposure): DiceStage {
  const t = plan.targets[index]!;
  return {
    id: resistStageId(index),
    label: `${t.fighter.name} resists ${e.dv}${e.damageType}: ${plural(e.resistDice, 'die', 'dice')} (Body ${t.body} + ${t.vehicle ? 'Armor' : 'Impact armour'} ${e.armour} after AP)`,
    roller: t.fighter.name,
    count: e.resistDice,
    sides: 6,
  };
}

function exposures(plan: ExplosivePlan, landing: Landing): Exposure[] {
  return plan.targets.map((t) =>
    exposure(plan, t, distanceFromBlast(t.distance, t.direction, landing.scatter, landing.direction)),
  );
}

export function neededStage(plan: ExplosivePlan, r: Rolls): DiceStage | null {
  if (!r.attack)
    return {
      id: STAGE.attack,
      label: `Attack: ${plural(plan.attackDice, 'die', 'dice')} (${plan.attackLabel})`,
      roller: plan.attacker.name,
      count: plan.attackDice,
      sides: 6,
    };
  if (!r.defence && plan.defenceDice > 0)
    return {
      id: STAGE.defence,
      label: `Defence: ${plural(plan.defenceDice, 'die', 'dice')} (${plan.defenceLabel})`,
      roller: plan.targets[plan.aimedAt ?? 0]!.fighter.name,
      count: plan.defenceDice,
      sides: 6,
    };
  if (!r.landing) return scatterStage(plan);
  const list = exposures(plan, r.landing);
  for (const [i, e] of list.entries()) {
    if (e.dv > 0 && e.resistDice > 0 && !r.resist.has(i)) return resistStage(plan, i, e);
  }
  return null;
}

function groupFaces(stage: DiceStage, rolled: RolledStage): readonly (readonly number[])[] {
  const wanted = [{ count: stage.count, sides: stage.sides }, ...(stage.extra ?? [])];
  const groups: unknown = rolled.groups;
  if (!Array.isArray(groups) || groups.length !== wanted.length)
    throw new RulesError(
      'invalid-input',
      `${stage.label} is ${plural(wanted.length, 'group', 'groups')} of dice, but ${Array.isArray(groups) ? groups.length : describe(groups)} were given.`,
    );
  return wanted.map((w, i) => {
    const group = groups[i] as RolledStage['groups'][number];
    if (group?.sides !== 6)
      throw new RulesError(
        'invalid-face',
        `${stage.label} is rolled on six-sided dice, not d${describe(group?.sides)}.`,
      );
    const faces = requireFaces(stage.label, group.faces, 6, 200);
    if (faces.length !== w.count)
      throw new RulesError(
        'invalid-input',
        `${stage.label} needs ${plural(w.count, 'face', 'faces')} in group ${i + 1}, but ${faces.length} ${faces.length === 1 ? 'was' : 'were'} given.`,
      );
    return faces;
  });
}

export function replay(plan: ExplosivePlan, rolled: readonly RolledStage[]): Rolls {
  if (!Array.isArray(rolled))
    throw new RulesError('invalid-input', `The rolls must be a list, got ${describe(rolled)}.`);
  const r: Rolls = { resist: new Map() };
  for (const given of rolled) {
    const id = typeof given === 'object' && given !== null ? given.stageId : undefined;
    const needed = neededStage(plan, r);
    if (!needed || needed.id !== id)
      throw new RulesError(
        'not-allowed',
        `The roll ${describe(id)} was not asked for: ${needed ? `the next roll is "${needed.label}"` : 'every roll of this blast is in'}.`,
      );
    const [faces, direction] = groupFaces(needed, given);
    if (id === STAGE.attack) r.attack = faces!;
    else if (id === STAGE.defence) r.defence = faces!;
    else if (id === STAGE.scatter) {
      const roll = faces!.reduce((a, b) => a + b, 0);
      r.landing = { ...landingOf(plan, roll, direction![0]!, netHits(plan, r)), faces: faces! };
    } else r.resist.set(Number(String(id).slice('resist:t'.length)), faces!);
  }
  return r;
}
