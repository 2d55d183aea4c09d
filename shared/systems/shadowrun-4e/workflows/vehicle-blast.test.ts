import { describe, expect, it } from 'vitest';
import { createSeededSource, rollDice, type RandomSource } from '../../../dice/random';
import type { ResolveContext, RolledStage, SetupValues } from '../../../system-kit/workflow';
import { explosiveAttack as wf } from './explosive';
import { fighter } from './test-support';
import { CAR } from './vehicle-test-support';

/** A blast that catches a car and a person: each resists on its own terms. */

const VEH = 'Vehicles & Chase Combat';
const BLAST = 'Grenades, Rockets & Missiles · seed';
const sam = fighter('Sam', {
  body: 5,
  agility: 6,
  reaction: 5,
  willpower: 3,
  edge: 3,
  passes: 2,
  ballistic: 8,
  impact: 6,
});
const ganger = fighter('Ganger', { body: 3, agility: 3, reaction: 3, willpower: 2, edge: 1, ballistic: 4, impact: 2 });
const ctx: ResolveContext = { attackers: [sam], targets: [CAR, ganger], toggles: {} };
const setup: SetupValues = { ...wf.defaults(ctx), 't1.distance': 2, 't1.direction': '1' };
const cited = (steps: readonly { text: string; rule: { section: string; source: string } }[]) =>
  steps.map((s) => `${s.text} [${s.rule.section} · ${s.rule.source}]`);

function roll(values: SetupValues, faces: Record<string, readonly (readonly number[])[]>) {
  const rolled: RolledStage[] = [];
  const asked: string[] = [];
  for (let next = wf.nextStage(values, ctx, rolled); next; next = wf.nextStage(values, ctx, rolled)) {
    asked.push(next.label);
    const groups = faces[next.id]!;
    rolled.push({
      stageId: next.id,
      groups: groups.map((f, i) => ({ id: `${next.id}-${i}`, sides: 6, faces: f })),
      source: 'physical',
    });
  }
  return { asked, resolution: wf.resolve(values, ctx, rolled) };
}

function rollAll(values: SetupValues, source: RandomSource) {
  const rolled: RolledStage[] = [];
  for (let next = wf.nextStage(values, ctx, rolled); next; next = wf.nextStage(values, ctx, rolled)) {
    const groups = [next, ...(next.extra ?? [])].map((g) => ({
      id: g.id,
      sides: g.sides,
      faces: rollDice(source, g.count, g.sides),
    }));
    rolled.push({ stageId: next.id, groups, source: source.kind });
  }
  return wf.resolve(values, ctx, rolled);
}

describe('a fragmentation grenade thrown at a car with a ganger 2 m from it', () => {
  it("takes the car's Body and Armor and the ganger's Reaction and Impact armour from their sheets; the aim is opposed by the car's Vehicle Test", () => {
    expect(wf.fromSheets!(ctx)).toEqual({
      sources: [
        { fieldId: 'target.sedan.body', value: 10, from: "Sedan's sheet: Body 10" },
        { fieldId: 'target.sedan.vehicleArmor', value: 6, from: "Sedan's sheet: Armor 6" },
        { fieldId: 'target.ganger.reaction', value: 3, from: "Ganger's sheet" },
        { fieldId: 'target.ganger.impact', value: 2, from: "Ganger's sheet" },
      ],
    });
    const fields = wf.fields(ctx);
    expect(fields.slice(-6).map((f) => f.label)).toEqual([
      'Sedan: Body',
      'Sedan: Armor',
      'Ganger: Reaction',
      'Ganger: Impact armour',
      "Target driver's Reaction",
      "Target driver's vehicle skill",
    ]);
    const aim = fields.find((f) => f.id === 'aimedAt');
    expect(aim?.kind === 'choice' ? aim.options.map((o) => o.label) : []).toEqual([
      'A spot (Success Test)',
      'Sedan (opposed by its Vehicle Test)',
      'Ganger (opposed by Reaction)',
    ]);
    expect(wf.problems(setup, ctx)).toEqual([]);
  });

  it('a direct hit: the car resists 12P with Body + Armor after AP, the ganger 10P with Body + Impact armour', () => {
    // Agility 6 + Throwing Weapons 3 = 9 dice, 3 hits against the driver's 6 dice, 1 hit: 2 net hits
    // take the 2 m scatter to 0, a direct hit. The car: 12P(f), Armor 6 + AP 5 = 11 < 12, Body 10 + 11 =
    // 21 dice, 2 hits → 10 Physical. The ganger at 2 m: 10P against Impact 2 + 5 = 7: Physical, 10 dice, 1 hit → 9.
    const { asked, resolution } = roll(setup, {
      attack: [[5, 5, 6, 1, 2, 3, 4, 2, 3]],
      defence: [[5, 1, 2, 3, 4, 2]],
      scatter: [[2], [3]],
      'resist:t0': [[5, 5, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]],
      'resist:t1': [[6, 2, 2, 2, 2, 2, 2, 2, 2, 2]],
    });
    expect(asked).toEqual([
      'Attack: 9 dice (Agility 6 + Throwing Weapons 3)',
      "Defence: 6 dice (Sedan's Vehicle Test: driver's Reaction 3 + vehicle skill 3, Handling 0)",
      'Scatter: 1D6 metres (standard thrown grenade) and 1D6 for the direction',
      'Sedan resists 12P: 21 dice (Body 10 + Armor 11 after AP)',
      'Ganger resists 10P: 10 dice (Body 3 + Impact armour 7 after AP)',
    ]);
    const steps = cited(resolution.steps);
    expect(steps.slice(3, 4)).toEqual([
      `Sedan swerves with a Vehicle Test: driver's Reaction 3 + vehicle skill 3 + Handling 0 = 6 dice. [${VEH} · book]`,
    ]);
    expect(steps.slice(10, 18)).toEqual([
      `Sedan stands 0 m from the intended point, where it lands: 0 m from the blast. [${BLAST}]`,
      `Sedan: Fragmentation (grenade): 12P(f) − 1 DV per metre × 0 m = 12. [${BLAST}]`,
      `Sedan: AP +5 applies to its Armor. [${BLAST}]`,
      `Armor 6 with AP +5 = 11; DV 12 exceeds it: Sedan resists the Physical damage. [${VEH} · book]`,
      `Sedan resists with Body 10 + Armor 11 = 21 dice. [${VEH} · book]`,
      'Resistance: 2 dice show 5 or 6 of 21: 2 hits. [Resolving an Attack · book]',
      'Resistance: 4 dice show 1 of 21; a glitch needs half or more (11), so no glitch. [The Combat Turn · book]',
      'Each resistance hit cuts the DV by 1: 12 − 2 = 10 boxes of Physical damage. [Resolving an Attack · seed]',
    ]);
    expect(steps.slice(21, 23)).toEqual([
      `Ganger: Impact armour 2 with AP +5 = 7. [${BLAST}]`,
      'Ganger: DV 10 exceeds armour 7: the damage stays Physical. [Resolving an Attack · book]',
    ]);
    expect(resolution.summary).toBe(
      "Sam's Fragmentation (grenade): 3 vs 1, direct hit → Sedan 10 Physical, Ganger 9 Physical",
    );
    expect(resolution.effects.slice(0, 2)).toEqual([
      { on: { side: 'targets', index: 0 }, harm: { kind: 'physical', amount: 10 } },
      { on: { side: 'targets', index: 1 }, harm: { kind: 'physical', amount: 9 } },
    ]);
  });

  it("2 m off: 10P does not exceed the car's Armor 11, so it is unharmed and rolls nothing; the ganger still resists", () => {
    const { asked, resolution } = roll(setup, {
      attack: [[5, 1, 1, 1, 2, 3, 4, 2, 3]],
      defence: [[5, 1, 2, 3, 4, 2]],
      scatter: [[2], [3]],
      'resist:t1': [[6, 2, 2, 2, 2, 2, 2, 2, 2, 2]],
    });
    expect(asked.slice(3)).toEqual(['Ganger resists 9P: 10 dice (Body 3 + Impact armour 7 after AP)']);
    expect(cited(resolution.steps).slice(13, 14)).toEqual([
      `Armor 6 with AP +5 = 11; DV 10 does not exceed it, so the hit does Sedan no damage (vehicle Armor). [${VEH} · book]`,
    ]);
    expect(resolution.summary).toBe(
      "Sam's Fragmentation (grenade): 1 vs 1, scatter 2 m → Sedan no damage, Ganger 8 Physical",
    );
  });

  it('a flash-bang (Stun) does nothing to the car; the ganger resists it', () => {
    const flash = { ...setup, explosive: 'flash-bang' };
    const { asked, resolution } = roll(flash, {
      attack: [[5, 5, 6, 1, 2, 3, 4, 2, 3]],
      defence: [[5, 1, 2, 3, 4, 2]],
      scatter: [[2], [3]],
      'resist:t1': [[6, 2, 2]],
    });
    expect(asked.slice(3)).toEqual(['Ganger resists 6S: 3 dice (Body 3 + Impact armour 0 after AP)']);
    expect(cited(resolution.steps)).toContain(`Sedan is a vehicle: Stun damage does not affect it. [${VEH} · book]`);
    expect(resolution.summary).toBe("Sam's Flash-Bang: 3 vs 1, direct hit → Sedan no damage, Ganger 5 Stun");
  });

  it('an anti-vehicle missile takes its AP against vehicles to the car’s Armor', () => {
    const avm = { ...setup, explosive: 'anti-vehicle-missile', delivery: 'rocket', skill: 3, launchDistance: 40 };
    expect(wf.problems(avm, ctx)).toEqual([]);
    expect(
      wf.nextStage(avm, ctx, [
        { stageId: 'attack', groups: [{ id: 'a', sides: 6, faces: [5, 5, 6, 1, 2, 3, 4, 2, 3] }], source: 'physical' },
        { stageId: 'defence', groups: [{ id: 'd', sides: 6, faces: [1, 1, 2, 3, 4, 2] }], source: 'physical' },
        {
          stageId: 'scatter',
          groups: [
            { id: 's', sides: 6, faces: [1, 1, 1, 1] },
            { id: 'dir', sides: 6, faces: [3] },
          ],
          source: 'physical',
        },
      ]),
    ).toMatchObject({ label: 'Sedan resists 16P: 10 dice (Body 10 + Armor 0 after AP)' });
  });

  it('the exact odds agree with 20,000 seeded throws, for the car and the ganger', () => {
    const odds = wf.odds(setup, ctx);
    const value = (label: string) => odds.figures.find((f) => f.label === label)!.value;
    const source = createSeededSource('sr4-blast-vehicle-and-person');
    const runs = 20_000;
    const sums = [0, 0];
    const hurt = [0, 0];
    for (let i = 0; i < runs; i++) {
      const result = rollAll(setup, source).result as { targets: { damage: number }[] };
      result.targets.forEach((t, k) => {
        sums[k]! += t.damage;
        if (t.damage > 0) hurt[k]!++;
      });
    }
    expect(Math.abs(hurt[0]! / runs - value('Sedan: chance of damage'))).toBeLessThan(0.015);
    expect(Math.abs(sums[0]! / runs - value('Sedan: expected boxes'))).toBeLessThan(0.1);
    expect(Math.abs(hurt[1]! / runs - value('Ganger: chance of damage'))).toBeLessThan(0.015);
    expect(Math.abs(sums[1]! / runs - value('Ganger: expected boxes'))).toBeLessThan(0.1);
  });
});
