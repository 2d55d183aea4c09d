import { describe, expect, it } from 'vitest';
import { electricStatePresets } from '../presets';
import type { SheetWeapon } from '../../../system-kit/tracker-rules';
import { electricStateModule } from '../module';
import type { Participant, ResolveContext, ResolveWorkflow } from '../../../system-kit/workflow';
import { attackWorkflow } from './attack';
import { blastWorkflow } from './blast';
import { fullAutoWorkflow } from './full-auto';
import { taserWorkflow } from './taser';
import { ctx, fighter, typed } from './test-support';

/** A ready-made bestiary entry as the encounter would hand it to the roll panel. */
function preset(name: string, weapons?: readonly SheetWeapon[]): Participant {
  const p = electricStatePresets.find((x) => x.name === name)!;
  return { ...fighter(p.name, p.kind, p.stats), weapons: weapons ?? p.weapons };
}

const custom = (id: string, name: string, values: Partial<Record<string, string | number | boolean>>): SheetWeapon => ({
  id,
  name,
  values: {
    bonus: 1,
    neurocaster: false,
    effect: 'damage',
    damage: 2,
    minRange: 'engaged',
    maxRange: 'short',
    firearm: false,
    fullAuto: false,
    ...values,
  },
});

const drifter = preset('Drifter');
const guard = preset('Drone guard');
const soldier = preset('Militia soldier');
const scavenger = preset('Scavenger');
const weaponOptions = (w: ResolveWorkflow, c: ResolveContext) => {
  const f = w.fields(c).find((x) => x.id === 'weapon');
  return f?.kind === 'choice' ? f.options.map((o) => o.value) : null;
};
const registered = (w: ResolveWorkflow) => electricStateModule.workflows.find((x) => x.id === w.id)!;

describe('Electric State workflows read the sheets', () => {
  it('Attack: the attacker’s sheet weapon first and chosen, the target’s Armor Level from its sheet', () => {
    const c = ctx([drifter], [guard]);
    const field = attackWorkflow.fields(c).find((f) => f.id === 'weapon')!;
    expect(field.kind === 'choice' && field.options.slice(0, 2)).toEqual([
      { value: 'sheet:w1', label: 'Sheet: Derringer (+2, damage 2, Engaged–Short)' },
      { value: 'unarmed', label: 'Unarmed (—, damage 1, Engaged)' },
    ]);
    expect(attackWorkflow.defaults(c)).toMatchObject({ weapon: 'sheet:w1', armorLevel: 2 });
    expect(attackWorkflow.fromSheets!(c).sources).toEqual([
      { fieldId: 'weapon', value: 'sheet:w1', from: "Drifter's sheet: Derringer" },
      { fieldId: 'armorLevel', value: 2, from: "Drone guard's sheet: Armor Level 2" },
    ]);
  });

  it('each value taken from a sheet is the form’s default, in every workflow', () => {
    const tasered = preset('Drifter', [custom('w1', 'Stun gun', { effect: 'taser', damage: 0, bonus: 2 })]);
    const bomber = preset('Drifter', [custom('w1', 'Pipe bomb', { effect: 'blast', damage: 5, maxRange: 'medium' })]);
    const cases: [ResolveWorkflow, ResolveContext, number][] = [
      [attackWorkflow, ctx([drifter], [guard]), 2],
      [attackWorkflow, ctx([scavenger], [soldier]), 2],
      [fullAutoWorkflow, ctx([soldier], [guard, scavenger]), 3],
      [taserWorkflow, ctx([tasered], [guard]), 1],
      [blastWorkflow, ctx([bomber], [guard, soldier, scavenger]), 4],
    ];
    for (const [w, c, count] of cases) {
      const { sources } = w.fromSheets!(c);
      expect(sources, w.id).toHaveLength(count);
      for (const s of sources) expect(s.value, `${w.id} ${s.fieldId}`).toEqual(w.defaults(c)[s.fieldId]);
    }
    expect(blastWorkflow.fromSheets!(ctx([bomber], [guard, soldier])).sources).toEqual([
      { fieldId: 'weapon', value: 'sheet:w1', from: "Drifter's sheet: Pipe bomb" },
      { fieldId: 'armorLevel.0', value: 2, from: "Drone guard's sheet: Armor Level 2" },
      { fieldId: 'armorLevel.1', value: 4, from: "Militia soldier's sheet: Armor Level 4" },
    ]);
  });

  it('offers only the sheet weapons that fit the workflow, and keeps the workflow’s own default otherwise', () => {
    // The scavenger's knife and rocks are no automatic weapons, explosives or tasers.
    expect(weaponOptions(attackWorkflow, ctx([scavenger], [guard]))!.slice(0, 3)).toEqual([
      'sheet:w1',
      'sheet:w2',
      'unarmed',
    ]);
    expect(fullAutoWorkflow.defaults(ctx([scavenger], [guard])).weapon).toBe('submachinegun');
    expect(fullAutoWorkflow.fromSheets!(ctx([scavenger], [guard])).sources.map((s) => s.fieldId)).toEqual([
      'armorLevel.0',
    ]);
    expect(blastWorkflow.defaults(ctx([scavenger], [guard])).weapon).toBe('hand-grenade');
    expect(weaponOptions(fullAutoWorkflow, ctx([soldier], [guard]))).toEqual([
      'sheet:w1',
      'submachinegun',
      'assault-rifle',
      'heavy-machinegun',
    ]);
    // The taser workflow shows a weapon choice only when the sheet has a taser of its own.
    expect(weaponOptions(taserWorkflow, ctx([drifter], [guard]))).toBeNull();
    expect(taserWorkflow.fromSheets!(ctx([drifter], [guard])).sources).toEqual([]);
    const stunner = preset('Drifter', [custom('w1', 'Stun gun', { effect: 'taser', damage: 0, bonus: 2 })]);
    expect(weaponOptions(taserWorkflow, ctx([stunner], [guard]))).toEqual(['sheet:w1', 'taser']);
  });

  it('leaves out a sheet weapon whose ranges are reversed, and reads no armour off an ad-hoc target', () => {
    const odd = preset('Drifter', [custom('w1', 'Odd gun', { minRange: 'long', maxRange: 'short' })]);
    expect(weaponOptions(attackWorkflow, ctx([odd], [guard]))![0]).toBe('unarmed');
    const adHoc: Participant = { name: 'Stranger', kind: 'npc', stats: { armor: 4 } };
    expect(attackWorkflow.fromSheets!(ctx([odd], [adHoc])).sources).toEqual([]);
    expect(attackWorkflow.defaults(ctx([odd], [adHoc])).armorLevel).toBe(4);
  });

  it('resolves a custom sheet weapon from its numbers', () => {
    // Nail gun: +1, damage 3, Short–Medium. At Short range it rolls Agility 4 + 1 gear die.
    const nailer = preset('Drifter', [
      custom('w1', 'Nail gun', { bonus: 1, damage: 3, minRange: 'short', maxRange: 'medium', firearm: true }),
    ]);
    const c = ctx([nailer], [guard]);
    const setup = { ...attackWorkflow.defaults(c), range: 'short', armorLevel: 0 };
    const stage = attackWorkflow.nextStage(setup, c, [])!;
    expect(stage).toMatchObject({
      label: 'Drifter attacks Drone guard: 5 dice (Agility 4 + 1 gear, nail gun)',
      count: 4,
      extra: [{ count: 1 }],
    });
    // Two sixes: base damage 3 + 1 extra six = 4; Armor Level set to 0 for this roll, so no armour dice.
    const rolled = [typed(stage, [[6, 3, 6, 2], [4]])];
    expect(attackWorkflow.nextStage(setup, c, rolled)).toBeNull();
    expect(attackWorkflow.resolve(setup, c, rolled).effects).toEqual([
      { on: { side: 'targets', index: 0 }, harm: { kind: 'damage', amount: 4 } },
    ]);
  });

  it('explains where the numbers came from, and what the GM set instead', () => {
    const c = ctx([drifter], [guard]);
    const W = registered(attackWorkflow);
    // The derringer at Short range: Agility 4 + 2 gear dice; Drone guard (Health 3) stands tall.
    const setup = { ...W.defaults(c), range: 'short' };
    const attack = typed(W.nextStage(setup, c, [])!, [
      [6, 6, 3, 2],
      [5, 1],
    ]);
    // Two sixes: 2 base damage + 1 for the extra six = 3; Armor Level 2 rolls one 6: 2 left.
    const armour = typed(W.nextStage(setup, c, [attack])!, [[6, 2]]);
    const r = W.resolve(setup, c, [attack, armour]);
    expect(r.steps[0]).toEqual({
      text: "From the sheets: Weapon Sheet: Derringer (+2, damage 2, Engaged–Short) (Drifter's sheet: Derringer); Target's Armor Level 2 (Drone guard's sheet: Armor Level 2).",
      rule: { section: 'Weapons Table', source: 'default' },
    });
    expect(r.summary).toBe('Drifter → Drone guard (derringer, Short): hit, 3 damage − 1 blocked = 2.');
    const knife = { ...setup, weapon: 'knife', range: 'engaged', armorLevel: 0 };
    const stab = typed(W.nextStage(knife, c, [])!, [[6, 1, 1], [2]]);
    expect(W.resolve(knife, c, [stab]).steps[0]!.text).toBe(
      "Set for this roll: Weapon Knife (+1, damage 2, Engaged) instead of Sheet: Derringer (+2, damage 2, Engaged–Short) (Drifter's sheet: Derringer); Target's Armor Level 0 instead of 2 (Drone guard's sheet: Armor Level 2).",
    );
  });

  it('Blast: each target’s armour from its own sheet, editable per target', () => {
    const bomber = preset('Drifter', [custom('w1', 'Pipe bomb', { effect: 'blast', damage: 3, maxRange: 'medium' })]);
    const c = ctx([bomber], [guard, soldier]);
    const setup = { ...blastWorkflow.defaults(c), scattered: true, 'armorLevel.1': 1 };
    // Scattered: only the Blast Power 3 dice: two sixes = 2 damage to both.
    const blast = typed(blastWorkflow.nextStage(setup, c, [])!, [[6, 6, 2]]);
    expect(blastWorkflow.nextStage(setup, c, [blast])).toMatchObject({ id: 'armour-0', count: 2 });
    const a0 = typed(blastWorkflow.nextStage(setup, c, [blast])!, [[1, 2]]);
    // The soldier's Armor Level 4 was set to 1 for this roll: one armour die.
    expect(blastWorkflow.nextStage(setup, c, [blast, a0])).toMatchObject({ id: 'armour-1', count: 1 });
  });
});
