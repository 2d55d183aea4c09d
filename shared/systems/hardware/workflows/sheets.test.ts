import { describe, expect, it } from 'vitest';
import { hardwarePresets } from '../presets';
import type { SheetWeapon } from '../../../system-kit/tracker-rules';
import { hardwareTracker } from '../tracker';
import { hardwareModule } from '../module';
import type { Participant, ResolveContext, ResolveWorkflow, RolledStage, SetupValues } from '../../../system-kit/workflow';
import { workflows } from './index';

const attack = workflows.find((w) => w.id === 'hardware-attack')!;
const blast = workflows.find((w) => w.id === 'hardware-blast')!;

/** A ready-made bestiary entry as the encounter hands it to the roll panel. */
function preset(
  name: string,
  extra: { weapons?: readonly SheetWeapon[]; health?: object; name?: string } = {},
): Participant {
  const p = hardwarePresets.find((x) => x.name === name)!;
  const id = (extra.name ?? p.name).toLowerCase().replace(/\s+/g, '-');
  return {
    combatantId: id,
    name: extra.name ?? p.name,
    kind: p.kind,
    stats: p.stats,
    health: { ...(hardwareTracker.initialHealth(p.stats, p.kind) as object), ...extra.health },
    conditionIds: [],
    weapons: extra.weapons ?? p.weapons,
  };
}

const weapon = (id: string, name: string, values: Partial<Record<string, string | boolean>>): SheetWeapon => ({
  id,
  name,
  values: {
    die: '6',
    attack: 'ranged',
    piercing: false,
    shred: false,
    blast: false,
    reload: false,
    pair: false,
    ...values,
  },
});

const ctx = (attackers: Participant[], targets: Participant[]): ResolveContext => ({ attackers, targets, toggles: {} });
const runner = preset('Runner');
const punk = preset('Street punk');
const enforcer = preset('Corp enforcer');
const drone = preset('Security drone');

function typed(wf: ResolveWorkflow, setup: SetupValues, context: ResolveContext, faces: number[][]): RolledStage[] {
  const rolled: RolledStage[] = [];
  for (const groups of faces) {
    const stage = wf.nextStage(setup, context, rolled)!;
    rolled.push({
      stageId: stage.id,
      source: 'physical',
      groups: [
        { id: stage.id, sides: stage.sides, faces: groups.slice(0, 1) },
        ...(stage.extra ?? []).map((e, i) => ({ id: e.id, sides: e.sides, faces: groups.slice(i + 1, i + 2) })),
      ],
    });
  }
  expect(wf.nextStage(setup, context, rolled)).toBeNull();
  return rolled;
}

const dieOptions = (wf: ResolveWorkflow, c: ResolveContext, key: string) => {
  const f = wf.fields(c).find((x) => x.id === key);
  return f?.kind === 'choice' ? f.options.map((o) => `${o.value} ${o.label}`) : null;
};

describe('Hardware workflows read the sheets', () => {
  it('Attack: each attacker’s sheet weapon first and chosen, the foe’s Armor and Buffer from its sheet', () => {
    const c = ctx([runner, punk], [enforcer]);
    expect(dieOptions(attack, c, 'a0.die')!.slice(0, 3)).toEqual(['sheet:w1 Sheet: Pistol (d6)', '4 d4', '6 d6']);
    expect(dieOptions(attack, c, 'a1.offhand')!.slice(0, 3)).toEqual([
      'none No second weapon',
      'sheet:w1 Sheet: Handgun (d6)',
      '4 d4',
    ]);
    expect(attack.fromSheets!(c).sources).toEqual([
      { fieldId: 'a0.die', value: 'sheet:w1', from: "Runner's sheet: Pistol" },
      { fieldId: 'a1.die', value: 'sheet:w1', from: "Street punk's sheet: Handgun" },
      { fieldId: 'armor', value: 1, from: "Corp enforcer's sheet: Armor 1" },
      { fieldId: 'buffer', value: 0, from: "Corp enforcer's sheet: Buffer 0" },
    ]);
  });

  it('each value taken from a sheet is the form’s default, in both workflows', () => {
    const brawler = preset('Runner', { weapons: [weapon('w1', 'Shock baton', { die: '8', attack: 'melee' })] });
    const bomber = preset('Runner', {
      weapons: [weapon('w1', 'Pistol', {}), weapon('w2', 'Frag grenade', { die: '8', blast: true })],
    });
    const shredded = preset('Security drone', { health: { armorLost: 1 } });
    const cases: [ResolveWorkflow, ResolveContext, number][] = [
      [attack, ctx([runner, punk], [enforcer]), 4],
      [attack, ctx([brawler], [shredded]), 5],
      [blast, ctx([bomber], [punk, shredded]), 4],
    ];
    for (const [w, c, count] of cases) {
      const { sources } = w.fromSheets!(c);
      expect(sources, w.id).toHaveLength(count);
      for (const s of sources) expect(s.value, `${w.id} ${s.fieldId}`).toEqual(w.defaults(c)[s.fieldId]);
    }
    expect(attack.fromSheets!(ctx([brawler], [shredded])).sources).toEqual([
      { fieldId: 'a0.die', value: 'sheet:w1', from: "Runner's sheet: Shock baton" },
      { fieldId: 'a0.attack', value: 'melee', from: "Runner's sheet: Shock baton" },
      { fieldId: 'armor', value: 1, from: "Security drone's sheet: Armor 2, 1 lost to shred" },
      { fieldId: 'buffer', value: 0, from: "Security drone's sheet: Buffer 0" },
      { fieldId: 'hardened', value: true, from: "Security drone's sheet: Hardened" },
    ]);
    expect(attack.defaults(ctx([brawler], [shredded]))['a0.range']).toBe('close');
    expect(blast.fromSheets!(ctx([bomber], [punk])).sources).toEqual([
      { fieldId: 'a0.die', value: 'sheet:w2', from: "Runner's sheet: Frag grenade" },
      { fieldId: 't0.armor', value: 0, from: "Street punk's sheet: Armor 0" },
    ]);
    // A Blast offers only blast weapons; the Attack offers them all but starts with one that is not.
    expect(dieOptions(blast, ctx([bomber], [punk]), 'a0.die')!.slice(0, 2)).toEqual([
      'sheet:w2 Sheet: Frag grenade (d8, blast)',
      '4 d4',
    ]);
    expect(attack.defaults(ctx([bomber], [punk]))['a0.die']).toBe('sheet:w1');
  });

  it('a sheet without weapons (the drone, older encounters) rolls the stat block’s weapon die', () => {
    const c = ctx([drone], [runner]);
    expect(attack.defaults(c)['a0.die']).toBe('8');
    expect(attack.fromSheets!(c).sources.map((s) => s.fieldId)).toEqual(['armor', 'buffer']);
    const old = { ...runner, weapons: undefined };
    expect(blast.defaults(ctx([old], [punk]))['a0.die']).toBe('6');
    expect(blast.fromSheets!(ctx([old], [{ ...punk, combatantId: undefined }])).sources).toEqual([]);
  });

  it('resolves a sheet weapon from its die and tags, the tags set for the roll added', () => {
    const gunner = preset('Runner', {
      weapons: [weapon('w1', 'Rail pistol', { die: '8', piercing: true, reload: true })],
    });
    const c = ctx([gunner], [enforcer]);
    const setup = attack.defaults(c);
    expect(attack.nextStage(setup, c, [])!.label).toBe("Runner's damage die, d8 (piercing)");
    // d8 rolls 5: piercing ignores the enforcer's Armor 1 → 5 damage; the Reload tag discards 1 Ammo.
    const r = attack.resolve(setup, c, typed(attack, setup, c, [[5]]));
    expect(r.effects).toEqual([{ on: { side: 'targets', index: 0 }, harm: { kind: 'damage', amount: 5 } }]);
    expect(r.steps.map((s) => s.text)).toContain('Reload tag: Runner discards 1 Ammo after this attack.');
    const shredding = { ...setup, 'a0.tags': 'shred' };
    expect(attack.nextStage(shredding, c, [])!.label).toBe("Runner's damage die, d8 (piercing, shred)");
  });

  it('a pair on the sheet is dual-wielded: two dice, the higher kept', () => {
    const twin = preset('Runner', { weapons: [weapon('w1', 'Twin pistols', { die: '6', pair: true })] });
    const c = ctx([twin], [punk]);
    const setup = attack.defaults(c);
    expect(attack.nextStage(setup, c, [])).toMatchObject({ sides: 6, extra: [{ id: 'second-weapon', sides: 6 }] });
    // 2 and 5: the 5 is kept; the punk has no Armor → 5 damage.
    const r = attack.resolve(setup, c, typed(attack, setup, c, [[2, 5]]));
    expect(r.effects).toEqual([{ on: { side: 'targets', index: 0 }, harm: { kind: 'damage', amount: 5 } }]);
  });

  it('explains where the numbers came from, and what the GM set instead', () => {
    const W = hardwareModule.workflows.find((w) => w.id === 'hardware-attack')!;
    const c = ctx([runner, punk], [enforcer]);
    const setup = W.defaults(c);
    // Pistol d6 rolls 5, handgun d6 rolls 4: keep 5, +1 assist (4+) = 6; − Armor 1 = 5 damage.
    const r = W.resolve(setup, c, typed(W, setup, c, [[5], [4]]));
    expect(r.steps[0]).toEqual({
      text: "From the sheets: Runner: weapon Sheet: Pistol (d6) (Runner's sheet: Pistol); Street punk: weapon Sheet: Handgun (d6) (Street punk's sheet: Handgun); Corp enforcer: Armor 1 (Corp enforcer's sheet: Armor 1); Corp enforcer: Buffer 0 (Corp enforcer's sheet: Buffer 0).",
      rule: { section: 'Attacking & Damage', source: 'default' },
    });
    expect(r.effects).toEqual([{ on: { side: 'targets', index: 0 }, harm: { kind: 'damage', amount: 5 } }]);
    const changed = { ...setup, 'a1.die': '10', armor: 0 };
    expect(W.resolve(changed, c, typed(W, changed, c, [[5], [4]])).steps[0]!.text).toBe(
      "From the sheets: Runner: weapon Sheet: Pistol (d6) (Runner's sheet: Pistol); Corp enforcer: Buffer 0 (Corp enforcer's sheet: Buffer 0). Set for this roll: Street punk: weapon d10 instead of Sheet: Handgun (d6) (Street punk's sheet: Handgun); Corp enforcer: Armor 0 instead of 1 (Corp enforcer's sheet: Armor 1).",
    );
  });
});
