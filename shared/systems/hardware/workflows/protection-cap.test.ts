import { describe, expect, it } from 'vitest';
import type { Stats } from '../../../system-kit/tracker-rules';
import { hardwareTracker } from '../tracker';
import type {
  FieldDef,
  Participant,
  ResolveContext,
  ResolveWorkflow,
  RolledStage,
  SetupValues,
} from '../../../system-kit/workflow';

type NumberFieldDef = Extract<FieldDef, { kind: 'number' }>;
import { exactDamage } from './exact';
import { workflows } from './index';

// Seed, Protection: "A PC, NPC, or other creatures cannot have more than 3 Armor" (and Buffer).
// CONFORMANCE: above 3 counts as 3 — a GM adding up several items gets the cap, with a step saying
// so — instead of refusing the input. The stat editor still keeps a creature's own field at 3.

const attack = workflows.find((w) => w.id === 'hardware-attack')!;
const blast = workflows.find((w) => w.id === 'hardware-blast')!;
const ARMOR_RULE = { section: 'Armor', source: 'seed' };
const BUFFER_RULE = { section: 'Buffer', source: 'seed' };

function who(name: string, kind: 'pc' | 'npc', stats: Stats): Participant {
  return {
    combatantId: name,
    name,
    kind,
    stats,
    health: hardwareTracker.initialHealth(stats, kind),
    conditionIds: [],
  };
}

const ghost = who('Ghost', 'pc', { BOD: 10, AGL: 12, CTR: 11, stamina: 5, armor: 1, weaponDie: 8 });
const enforcer = who('Enforcer', 'npc', { BOD: 12, AGL: 11, CTR: 10, stamina: 6, armor: 1, weaponDie: 8 });
const context: ResolveContext = { attackers: [ghost], targets: [enforcer], toggles: {} };

/** One stage per face list, as the panel sends typed physical dice. */
function rolledWith(wf: ResolveWorkflow, setup: SetupValues, faces: number[]): RolledStage[] {
  const rolled: RolledStage[] = [];
  for (const face of faces) {
    const stage = wf.nextStage(setup, context, rolled)!;
    rolled.push({
      stageId: stage.id,
      source: 'physical',
      groups: [{ id: stage.id, sides: stage.sides, faces: [face] }],
    });
  }
  expect(wf.nextStage(setup, context, rolled)).toBeNull();
  return rolled;
}

describe('the roll panel counts Armor and Buffer above 3 as 3', () => {
  it('an attack against Armor 5 (items added up) is allowed and resolved against 3, with the step', () => {
    const setup = { ...attack.defaults(context), armor: 5 };
    expect(attack.problems(setup, context)).toEqual([]);
    // Ghost's d8 shows 7; no Cover; Armor 5 counts as 3 → 4 damage; Stamina 6 → 2.
    const r = attack.resolve(setup, context, rolledWith(attack, setup, [7]));
    expect(r.steps).toContainEqual({
      text: 'A PC, NPC or other creature cannot have more than 3 Armor: 5 counts as 3.',
      rule: ARMOR_RULE,
    });
    expect(r.effects).toEqual([{ on: { side: 'targets', index: 0 }, harm: { kind: 'damage', amount: 4 } }]);
    expect(r.summary).toBe('Ghost attacked Enforcer: 7 − Armor 3 (5 counts as 3) → 4 damage; Stamina 6 → 2.');
  });

  it('its odds are those of Armor 3', () => {
    const at = (armor: number) => attack.odds({ ...attack.defaults(context), armor }, context);
    expect(at(5)).toEqual(at(3));
    expect(at(3)).not.toEqual(at(2));
  });

  it('a stress attack against Buffer 4 meets Buffer 3, with the step', () => {
    const setup = { ...attack.defaults(context), harm: 'stress', buffer: 4 };
    expect(attack.problems(setup, context)).toEqual([]);
    // The d8 shows 6; Buffer 4 counts as 3 → 3 stress; Stamina 6 → 3.
    const r = attack.resolve(setup, context, rolledWith(attack, setup, [6]));
    expect(r.steps).toContainEqual({
      text: 'A PC, NPC or other creature cannot have more than 3 Buffer: 4 counts as 3.',
      rule: BUFFER_RULE,
    });
    expect(r.effects).toEqual([{ on: { side: 'targets', index: 0 }, harm: { kind: 'stress', amount: 3 } }]);
    expect(r.summary).toBe('Ghost attacked Enforcer: 6 − Buffer 3 (4 counts as 3) → 3 stress; Stamina 6 → 3.');
  });

  it('a blast target with Armor 7 is resolved against 3, with the step under its name', () => {
    const setup = { ...blast.defaults(context), 't0.armor': 7 };
    expect(blast.problems(setup, context)).toEqual([]);
    const r = blast.resolve(setup, context, rolledWith(blast, setup, [8]));
    expect(r.steps).toContainEqual({
      text: 'Enforcer: A PC, NPC or other creature cannot have more than 3 Armor: 7 counts as 3.',
      rule: ARMOR_RULE,
    });
    expect(r.effects).toEqual([{ on: { side: 'targets', index: 0 }, harm: { kind: 'damage', amount: 5 } }]);
  });

  it('the Armor and Buffer fields take a sum of items and say how it counts', () => {
    const fields = attack.fields(context) as readonly NumberFieldDef[];
    const field = (id: string) => fields.find((f) => f.id === id)!;
    expect([field('armor').max, field('armor').help]).toEqual([
      1000,
      'Subtracted after Cover; piercing ignores it. Current value, after any shred. Items added up above 3 count as 3.',
    ]);
    expect([field('buffer').max, field('buffer').help]).toEqual([
      1000,
      'Subtracted from stress only. Items added up above 3 count as 3.',
    ]);
    const blastArmor = (blast.fields(context) as readonly NumberFieldDef[]).find((f) => f.id === 't0.armor')!;
    expect(blastArmor.max).toBe(1000);
  });

  it('the exact odds of an aimed attack (computed without the package) cap Armor too', () => {
    const input = (armor: number) => ({
      attackers: [{ dice: [{ sides: 8 as const, piercing: false, aimed: true }] }],
      cover: 0,
      armor,
      assists: 'every-4-plus' as const,
    });
    // Aimed: maximum damage 8, less Armor 3 → always 5.
    expect(exactDamage(input(6))).toEqual([0, 0, 0, 0, 0, 1]);
    expect(exactDamage(input(3))).toEqual([0, 0, 0, 0, 0, 1]);
  });
});
